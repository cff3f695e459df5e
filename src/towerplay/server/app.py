"""The web app: pages (:mod:`.pages`), the JSON API (:mod:`.tables`) and one websocket per
client (:mod:`.sockets`) (docs/web.md, "The protocol"), and what every request shares: the
live tables, the job queue and its workers, the guards. :func:`create_app` builds it;
``towerplay serve`` runs it under uvicorn.

Every refusal has one shape, over HTTP and the websocket alike::

    {"type": "error", "code": "stale|illegal|forbidden|bad_message|over",
     "message": "...", "params": {...}}

(``not_found``, ``busy``, ``bad_record`` and ``conflict`` answer the other endpoints;
``unavailable`` (503) any request the database cannot serve now: nothing changed;
``internal`` is a failure of the server, :mod:`.guards`.) The
``message`` is worded in the client's language where the refusal is made, from its
event (:mod:`.protocol`); the ``code`` never changes.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from towerplay.server import (
    bus,
    collector,
    guards,
    hints,
    metrics,
    moves,
    replay,
    review,
    scoring,
    social,
    uploads,
    words,
)
from towerplay.server.hub import Hub
from towerplay.server.jobs import QuickBots, Runner, SharedTables, open_storage
from towerplay.server.limits import Limits
from towerplay.server.live import unavailable_body
from towerplay.server.pages import add_pages
from towerplay.server.pool import DEFAULT_WORKERS, BotPool
from towerplay.server.protocol import worded
from towerplay.server.queues import is_postgres, make_queue
from towerplay.server.sockets import add_websocket
from towerplay.server.storage import StorageFailed, database_url
from towerplay.server.tables import add_api
from towerplay.server.thinking import Thinking

log = logging.getLogger("towerplay.server")


def create_app(db_url: str | None = None, *, limits: Limits | None = None,
               workers: int | None = None, bot_worker: bool = True,
               allowed_origins: list[str] | None = None,
               trusted_proxies: str = "") -> FastAPI:
    """The app on ``db_url`` (default: :func:`~towerplay.server.storage.database_url`).
    With ``bot_worker`` (the default) it runs a job worker for bots in-process, with
    ``workers`` thinking processes; on PostgreSQL, ``towerplay worker`` processes can do
    that instead. Bots of unfinished tables go on (the worker's sweep finds them).
    ``allowed_origins``: the pages' origins that may post and connect (default: the
    server's own; :mod:`.guards`). ``trusted_proxies``: the proxies whose
    ``X-Forwarded-For`` names the client (:class:`.guards.ForwardedFor`). On starting it
    waits for its database (saying so once) and brings its schema up to date."""
    limits = limits or Limits()
    url = db_url or database_url()
    figures = metrics.Metrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = await open_storage(url, waiting=lambda reason: log.warning(
            "towerplay: the database %s cannot be reached yet (%s); waiting for it",
            where(url), reason))
        processes = workers or DEFAULT_WORKERS
        pool = BotPool(processes) if bot_worker else None
        thinking = Thinking(pool, processes) if pool is not None else None
        queue = make_queue(url)
        await queue.open()
        hub = Hub(storage, queue)
        hub.play.ask_bot = QuickBots(hub).ask
        app.state.hub = hub
        figures.watch(lambda: len(hub.memory), lambda: sum(
            len(live.clients) for live in hub.memory.tables.values()), thinking)
        if thinking is not None:
            tables = SharedTables(hub.memory, hub.clients, alone=not is_postgres(url))
            hub.spawn(Runner(storage, thinking, queue, tables, hub.play.ask_bot)
                      .serve(processes))
        if is_postgres(url):
            hub.memory.missing()  # until it listens: every request reads the database
            hub.spawn(bus.listen(url, hub))
        hub.spawn(hub.memory.evict_forever())
        hub.spawn(collector.collect_on_a_clock())
        if storage.actions.commits_at_once:
            hub.spawn(moves.checkpoint_forever(storage))
        try:
            yield
        finally:
            hub.close()
            await asyncio.gather(*hub.tasks, return_exceptions=True)
            await queue.close()
            if pool is not None:
                pool.close()
            storage.close()

    app = FastAPI(title="towerplay", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.limits = limits
    app.add_exception_handler(StorageFailed, storage_failed)
    add_pages(app)
    add_api(app)
    add_websocket(app)
    app.include_router(words.router)  # the pages' texts in three languages (issue #18)
    guards.install(app, limits, allowed_origins, uploads.BODY_RULES,
                   trusted_proxies)  # issues #25 and #45
    metrics.install(app, figures)  # issue #45: outermost, it times the guards too
    app.include_router(replay.router)  # the replay page's positions (front end)
    app.include_router(review.router)  # the replay page's game review (issue #21)
    app.include_router(scoring.router)  # the scoring pads for table games (issue #18)
    app.include_router(hints.router)  # the table page's hints (issue #18)
    app.include_router(uploads.router)  # replays of uploaded record files (issue #18)
    app.include_router(social.router)  # names and chat at a table (issue #30)
    return app


def where(url: str) -> str:
    """A database URL as it may be shown: the host and database, no password.

    >>> where("postgresql://towerplay:secret@db.example.org:5432/towerplay")
    'db.example.org:5432/towerplay'
    """
    return url if url.startswith("sqlite") else url.split("@")[-1]


async def storage_failed(request: Request, problem: Exception) -> Response:
    """Any request the database cannot serve now: 503 ``unavailable``, nothing changed."""
    log.warning("database unavailable: %s", problem)
    return JSONResponse(worded(unavailable_body(), words.page_language(request)),
                        status_code=503)
