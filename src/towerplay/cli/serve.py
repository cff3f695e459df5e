"""``towerplay serve``: the web app on http://127.0.0.1:8000 by default."""
from __future__ import annotations

import errno
import os
import socket
import time
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from towerplay.cli.app import app, fail, language, require
from towerplay.i18n import translator

if TYPE_CHECKING:
    from towerplay.server.limits import Limits

WEB = ("fastapi", "uvicorn", "sqlalchemy", "procrastinate", "psycopg", "alembic",
       "prometheus_client", "orjson")
"""The web extra's packages the server imports (the bot queue, procrastinate, imports
psycopg, on SQLite too)."""


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: the "
                             "whole network)"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: Path | None = typer.Option(None, help="SQLite file (default "
                                    "$TOWERPLAY_HOME/towerplay.sqlite, else "
                                    "~/.local/share/towerplay/towerplay.sqlite); "
                                    "$TOWERPLAY_DATABASE_URL names a PostgreSQL "
                                    "database instead"),
    workers: int | None = typer.Option(None, help="bot worker processes"),
    bot_worker: bool = typer.Option(True, help="run searching bots' moves, hints and "
                                          "reviews in this process too (on PostgreSQL, "
                                          "`towerplay worker` processes can do it instead; "
                                          "quick bots at the tables a server holds always "
                                          "move in that server)"),
    allowed_origin: list[str] | None = typer.Option(None, metavar="ORIGIN", help="an origin whose pages may post and connect (repeatable; default: the server's own, by the request's Host)"),  # noqa: E501
    forwarded_allow_ips: str = typer.Option("", metavar="IPS", help="comma-separated proxy addresses (or networks, or *) whose X-Forwarded-For names the client, read from the right (default: none, the peer is the client)"),  # noqa: E501
    limits: str = typer.Option("", hidden=True, help="for benchmarks and tests: NAME=VALUE,... "
                               "overriding towerplay.server.limits.Limits fields"),
) -> None:
    """Play in the browser: tables with friends and bots, saved and resumable."""
    require("web", "towerplay serve", *WEB)
    import uvicorn

    from towerplay.server import collector
    from towerplay.server.app import create_app, where
    from towerplay.server.guards import networks, timely_http
    from towerplay.server.limits import HEADER_SECONDS, WS_MAX_BYTES
    from towerplay.server.storage import database_url

    raised = parse_limits(limits)
    try:
        networks(forwarded_allow_ips)
    except ValueError as error:
        fail(f"--forwarded-allow-ips: {error} (addresses or networks, commas between, "
             f"or *)")
    check_address(host, port)
    url = database_url(db)
    wait_for_database(url)
    shown = "http://127.0.0.1" if host in ("0.0.0.0", "::") else f"http://{host}"
    print(f"towerplay: open {shown}:{port}/ in a browser (tables stored in {where(url)})",
          flush=True)
    collector.quiet()
    uvicorn.run(create_app(url, workers=workers, bot_worker=bot_worker,
                           allowed_origins=allowed_origin, limits=raised,
                           trusted_proxies=forwarded_allow_ips),
                host=host, port=port, proxy_headers=False,  # guards.ForwardedFor does it
                http=timely_http(HEADER_SECONDS), ws_max_size=WS_MAX_BYTES,
                ws_per_message_deflate=False,
                log_level=os.environ.get("TOWERPLAY_LOG", "warning"))


def check_address(host: str, port: int) -> None:
    """Exit with one line naming the address where the server cannot listen (a port out
    of range, in use, forbidden, a host not found), before it says where to open it."""
    words = translator("web", language())
    if not 0 < port < 65536:
        fail(words("cli.port_range", port=port), words("cli.error"))
    address = f"{host}:{port}"
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
            probe.bind((host, port))
    except OSError as error:
        key = {errno.EADDRINUSE: "cli.address_in_use",
               errno.EACCES: "cli.address_refused"}.get(error.errno or 0, "cli.address_unusable")
        fail(words(key, address=address, reason=error.strerror or error), words("cli.error"))


def wait_for_database(url: str) -> None:
    """Wait until a PostgreSQL database answers, saying so once in one line naming it
    (never its password), before the server says where to open it. Here, before the web
    server's own signal handling, SIGTERM ends the wait at once and Ctrl-C quietly (the
    app would wait too, but deaf to them until it has started)."""
    import psycopg

    from towerplay.server.app import where
    from towerplay.server.queues import is_postgres
    from towerplay.server.storage import DATABASE_URL_ENV

    if not is_postgres(url):
        return
    said = False
    try:
        while True:
            try:
                psycopg.connect(url.replace("+psycopg", "", 1),
                                connect_timeout=CONNECT_SECONDS).close()
                return
            except psycopg.Error:
                if not said:
                    words = translator("web", language())
                    print("towerplay: " + words("cli.database_unreachable", address=where(url),
                                                variable=DATABASE_URL_ENV), flush=True)
                    said = True
                time.sleep(1)
    except KeyboardInterrupt:
        raise SystemExit(130) from None


CONNECT_SECONDS = 10
"""How long one try to reach the PostgreSQL database at start may take."""


def parse_limits(text: str) -> Limits:
    """The default :class:`Limits` with ``NAME=VALUE,...`` overrides: the hidden
    ``--limits`` of ``towerplay serve``, for load benchmarks whose clients share one
    address (benchmarks/bench_server.py); a bad entry is one error line."""
    from towerplay.server.limits import Limits

    defaults = Limits()
    values: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, raw = part.partition("=")
        kind = type(getattr(defaults, name.strip(), None))
        if kind not in (int, float):
            fail(f"--limits expects NAME=VALUE entries with NAME one of "
                 f"{', '.join(f.name for f in fields(Limits))} (got {part!r})")
        try:
            values[name.strip()] = kind(raw)
        except ValueError:
            fail(f"--limits: {name.strip()} must be {'an integer' if kind is int else 'a number'}"
                 f" (got {raw!r})")
    return replace(defaults, **values)


@app.command("worker")
def worker_command(
    database_url: str | None = typer.Option(
        None, "--database-url", help="the PostgreSQL database of the servers (default "
                                     "$TOWERPLAY_DATABASE_URL)"),
    workers: int | None = typer.Option(None, help="bot thinking processes"),
) -> None:
    """Run bots' moves for every `towerplay serve` on one PostgreSQL database (any number
    of workers, on any machine; stop with Ctrl-C or SIGTERM)."""
    import asyncio
    import logging
    import signal

    require("postgres", "towerplay worker", *WEB)
    from towerplay.server import collector
    from towerplay.server.jobs import serve_queue
    from towerplay.server.queues import is_postgres
    from towerplay.server.storage import DATABASE_URL_ENV

    url = database_url or os.environ.get(DATABASE_URL_ENV) or ""
    if not is_postgres(url):
        fail(f"towerplay worker needs a PostgreSQL database (--database-url "
                             f"or ${DATABASE_URL_ENV}, postgresql://...); with SQLite, "
                             f"towerplay serve runs its own worker")

    logging.basicConfig(level=os.environ.get("TOWERPLAY_LOG", "warning").upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    collector.quiet()

    async def main() -> None:
        def ready() -> None:
            print(f"towerplay worker: running bots' moves for {url.split('@')[-1]}",
                  flush=True)

        work = asyncio.ensure_future(serve_queue(url, workers, ready))
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, work.cancel)
        try:
            await work
        except asyncio.CancelledError:
            pass

    asyncio.run(main())
