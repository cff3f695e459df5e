"""``towerplay serve``: the web app on http://127.0.0.1:8000 by default."""
from __future__ import annotations

import os
from pathlib import Path

import typer

from towerplay.cli.app import app


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
    allowed_origin: list[str] | None = typer.Option(None, metavar="ORIGIN", help="an origin whose pages may post and connect (repeatable; default: the server's own, by the request's Host)"),  # noqa: E501
    forwarded_allow_ips: str = typer.Option("", metavar="IPS", help="comma-separated proxy addresses (or networks, or *) whose X-Forwarded-For names the client (default: none, the peer is the client)"),  # noqa: E501
) -> None:
    """Play in the browser: tables with friends and bots, saved and resumable."""
    import uvicorn

    from towerplay.server.app import create_app
    from towerplay.server.limits import WS_MAX_BYTES
    from towerplay.server.storage import database_url

    url = database_url(db)
    shown = "http://127.0.0.1" if host in ("0.0.0.0", "::") else f"http://{host}"
    where = url if url.startswith("sqlite") else url.split("@")[-1]  # no password shown
    print(f"towerplay: open {shown}:{port}/ in a browser (tables stored in {where})",
          flush=True)
    uvicorn.run(create_app(url, workers=workers, allowed_origins=allowed_origin),
                host=host, port=port, proxy_headers=bool(forwarded_allow_ips),
                forwarded_allow_ips=forwarded_allow_ips or [],  # the peer, unless trusted
                ws_max_size=WS_MAX_BYTES, ws_per_message_deflate=False,
                log_level=os.environ.get("TOWERPLAY_LOG", "warning"))
