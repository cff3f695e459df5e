"""The web app: pages, the JSON API and one websocket per client (DESIGN.md, "The
protocol"). :func:`create_app` builds it; ``towerplay serve`` runs it under uvicorn.

Every refusal has one shape, over HTTP and the websocket alike::

    {"type": "error", "code": "stale|illegal|forbidden|bad_message|over",
     "message": "...", "params": {...}}

(``not_found``, ``busy``, ``bad_record`` and ``conflict`` answer the other endpoints;
``unavailable`` (503) any request the database cannot serve now: nothing changed;
``internal`` is a failure of the server, :mod:`.guards`.) The
``message`` is in the client's language (:mod:`.words`); the ``code`` never changes.
"""
from __future__ import annotations

import asyncio
from html import escape
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt

from towerplay import bots, games
from towerplay.games import summaries
from towerplay import i18n
from towerplay.i18n import Translator
from towerplay.arena.table import HUMAN, Refusal
from towerplay.core.errors import TowerplayError
from towerplay.server.limits import (MAX_SEED, MAX_SPEC_CHARS, Limits, TokenBucket, read_json)
from towerplay.server.live import Client, Hub, LiveTable, UnknownTable, unavailable_body
from towerplay.server import bus, guards, hints, jobs, replay, review, scoring, uploads, words
from towerplay.server.pool import DEFAULT_WORKERS, BotPool
from towerplay.server.protocol import (STATUS, file_options, error, error_body, not_found,
                                       refusal_body)
from towerplay.server.storage import Storage, StorageFailed, database_url

log = logging.getLogger("towerplay.server")

STATIC = Path(__file__).parent / "static"
def create_app(db_url: str | None = None, *, limits: Limits | None = None,
               workers: int | None = None, bot_worker: bool = True,
               allowed_origins: list[str] | None = None) -> FastAPI:
    """The app on ``db_url`` (default: :func:`~towerplay.server.storage.database_url`).
    With ``bot_worker`` (the default) it runs a job worker for bots in-process, with
    ``workers`` thinking processes; on PostgreSQL, ``towerplay worker`` processes can do
    that instead. Bots of unfinished tables go on (the worker's sweep finds them).
    ``allowed_origins``: the pages' origins that may post and connect (default: the
    server's own; :mod:`.guards`)."""
    limits = limits or Limits()
    url = db_url or database_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(url)
        jobs.ensure_queue_schema(storage)
        slots = jobs.lane_slots(workers or DEFAULT_WORKERS)
        pool = BotPool(sum(slots.values())) if bot_worker else None
        queue = jobs.make_queue(url)
        await queue.open_async()
        hub = Hub(storage, queue)
        app.state.hub = hub
        if pool is not None:
            hub.spawn(jobs.run_workers(jobs.Runner(storage, pool, queue, moved=hub.moved),
                                       slots))
        if jobs.is_postgres(url):
            hub.spawn(bus.listen(url, hub))
        try:
            yield
        finally:
            hub.close()
            await asyncio.gather(*hub.tasks, return_exceptions=True)
            await queue.close_async()
            if pool is not None:
                pool.close()
            storage.close()

    app = FastAPI(title="towerplay", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.limits = limits
    app.state.buckets = {}
    app.add_exception_handler(StorageFailed, storage_failed)
    add_pages(app)
    add_api(app)
    add_websocket(app)
    app.include_router(words.router)  # the pages' texts in three languages (issue #18)
    guards.install(app, limits, allowed_origins, uploads.BODY_RULES)  # issue #25 item 5
    app.add_middleware(words.WordedErrors)  # error replies in the request's language
    app.include_router(replay.router)  # the replay page's positions (front end)
    app.include_router(review.router)  # the replay page's game review (issue #21)
    app.include_router(scoring.router)  # the scoring pads for table games (issue #18)
    app.include_router(hints.router)  # the table page's hints (issue #18)
    app.include_router(uploads.router)  # replays of uploaded record files (issue #18)
    return app


async def storage_failed(request: Request, problem: Exception) -> Response:
    """Any request the database cannot serve now: 503 ``unavailable``, nothing changed."""
    log.warning("database unavailable: %s", problem)
    return JSONResponse(words.worded(unavailable_body(), words.page_language(request)),
                        status_code=503)


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def address(request: Request | WebSocket) -> str:
    """The client's address, which limits count by: the TCP peer, or the client a
    trusted proxy names (``towerplay serve --forwarded-allow-ips``; docs/deploy.md)."""
    return request.client.host if request.client else "unknown"


# ----------------------------------------------------------------- pages
def add_pages(app: FastAPI) -> None:
    """The lobby, table and replay pages (the front end's files), rules, static files."""
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("lobby.html")

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return page("replay.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules(request: Request, game: str) -> Response:
        return rules_page(game, words.page_language(request))


def page(name: str) -> Response:
    path = STATIC / name
    if not path.is_file():
        return HTMLResponse("<!doctype html><title>towerplay</title><p>This page is not "
                            "built yet.</p>", status_code=503)
    return FileResponse(path, media_type="text/html")


def rules_page(game: str, lang: str = "en") -> Response:
    """The game's rules summary in ``lang`` as HTML (raw HTML in the Markdown is
    escaped); a language the game lacks falls back to English."""
    tr = Translator("web", lang)
    if game not in games.names():
        return HTMLResponse(f"<!doctype html><p>{escape(tr('unknown_game'))}</p>",
                            status_code=404)
    cls = games.game_class(game)
    try:
        text = summaries.rules_text(game, lang)
    except TowerplayError:  # a game without a summary (yet)
        text = f"# {cls.title}\n\n{tr('no_rules')}"
    text += f"\n\n## {tr('notation')}\n\n{cls.notation}\n"
    body = MarkdownIt("commonmark", {"html": False}).render(text)
    title = tr("title_rules", title=MarkdownIt().renderInline(cls.title))
    return HTMLResponse(f"<!doctype html><html lang={lang}><meta charset=utf-8>"
                        f"<meta name=viewport content='width=device-width'>"
                        f"<title>{title}</title>"
                        f"<link rel=stylesheet href='/static/style.css'>"
                        f"<body class=rules><header>{language_links(game, lang)}</header>"
                        f"<main>{body}</main></body></html>")


def language_links(game: str, lang: str) -> str:
    """The rules page's language switch: a link per language, the current one marked."""
    links = [f"<strong>{name}</strong>" if code == lang else
             f'<a href="/rules/{game}?lang={code}" hreflang="{code}">{name}</a>'
             for code, name in i18n.NAMES.items()]
    label = escape(Translator("web", lang)("language"))
    return f'<nav class="lang" aria-label="{label}">{" · ".join(links)}</nav>'


# ----------------------------------------------------------------- API
def game_entry(name: str, lang: str = "en") -> dict[str, Any]:
    """A game for the lobby: id, title (as published in ``lang``), player counts,
    options schema (no path options)."""
    cls = games.game_class(name)
    schema = cls.options_type.model_json_schema()
    schema["properties"] = {k: v for k, v in schema.get("properties", {}).items()
                            if k not in file_options(name)}
    if "required" in schema:
        schema["required"] = [k for k in schema["required"] if k not in file_options(name)]
    title = Translator("web", lang)
    return {"id": name, "title": title.raw(f"title.{name}") if title.has(f"title.{name}")
            else cls.title, "min_players": cls.min_players,
            "max_players": cls.max_players, "options": schema, "notation": cls.notation}


def check_spec(spec: object, limits: Limits) -> str:
    """A seat spec: ``human`` or a bot the server can afford (raises TowerplayError)."""
    if not isinstance(spec, str) or not spec or len(spec) > MAX_SPEC_CHARS:
        raise Refusal("bad_message", f"a seat is 'human' or a bot spec of at most "
                      f"{MAX_SPEC_CHARS} characters (got {str(spec)[:40]!r})")
    if spec == HUMAN:
        return spec
    options = bots.load(spec).options
    seconds = getattr(options, "seconds", None) or 0
    iterations = getattr(options, "iterations", None) or 0
    if seconds > limits.bot_seconds or iterations > limits.bot_iterations:
        raise Refusal("bad_message", f"bot {spec!r} thinks too long here (at most "
                      f"seconds={limits.bot_seconds:g}, iterations={limits.bot_iterations})",
                      spec=spec)
    return spec


def table_request(data: Any, limits: Limits) -> tuple[str, int, dict[str, Any], list[str],
                                                        int | None]:
    """(game, players, options, seats, seed) of a create request, checked."""
    if not isinstance(data, dict):
        raise Refusal("bad_message", "send a JSON object with 'game' and 'seats'")
    unknown = sorted(set(data) - {"game", "players", "options", "seats", "seed", "hints"})
    if unknown:
        raise Refusal("bad_message", f"unknown field {unknown[0]!r} (fields: game, "
                      f"players, options, seats, seed, hints)", field=unknown[0])
    game, seats = data.get("game"), data.get("seats")
    options = data.get("options") or {}
    if not isinstance(game, str):
        raise Refusal("bad_message", "'game' must be a game id, e.g. 'five_towers'")
    if not isinstance(seats, list) or not seats:
        raise Refusal("bad_message", "'seats' must be a list: 'human' or a bot spec each")
    if not isinstance(options, dict):
        raise Refusal("bad_message", "'options' must be an object of option values")
    if file_options(game) & set(options):
        name = sorted(file_options(game) & set(options))[0]
        raise Refusal("bad_message", f"option {name!r} names a file: the server uses "
                      f"its own data", field=name)
    players = data.get("players", len(seats))
    seed = data.get("seed")
    for name, value in (("players", players), ("seed", seed)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise Refusal("bad_message", f"{name!r} must be a whole number", field=name)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise Refusal("bad_message", f"'seed' is a whole number from 0 to {MAX_SEED}",
                      field="seed", limit=MAX_SEED)
    return game, players, options, [check_spec(s, limits) for s in seats], seed


def add_api(app: FastAPI) -> None:
    """The JSON API of DESIGN.md's protocol."""

    @app.get("/api/games")
    async def list_games(request: Request) -> list[dict[str, Any]]:
        lang = words.page_language(request)
        return [game_entry(name, lang) for name in games.names()]

    @app.post("/api/tables")
    async def create_table(request: Request) -> Response:
        limits: Limits = request.app.state.limits
        try:
            data = await read_json(request, limits.message_bytes)
            game, players, options, seats, seed = table_request(data, limits)
            allow_hints = hints.wanted(data)
        except Refusal as refusal:
            return JSONResponse(refusal_body(refusal), status_code=422)
        except TowerplayError as problem:
            return error(422, "bad_message", str(problem))
        hub = hub_of(request)
        made = await asyncio.to_thread(hub.storage.tables_since, address(request), 60)
        if made >= limits.tables_per_minute:  # counted in the database: every process
            return error(429, "bad_message", f"at most {limits.tables_per_minute} new "
                         f"tables a minute from one address", limit=limits.tables_per_minute)
        if HUMAN not in seats and await asyncio.to_thread(
                hub.storage.count_bot_tables, address(request)) >= limits.bot_tables:
            return error(429, "busy", f"at most {limits.bot_tables} unfinished tables of "
                         f"bots only from one address", limit=limits.bot_tables)
        try:
            live, tokens = await hub.create(game, players, options, seats, seed,
                                            hints=allow_hints, owner=address(request))
        except TowerplayError as problem:
            return error(422, "bad_message", str(problem))
        except StorageFailed:
            return unavailable()
        return JSONResponse(created(live, tokens), status_code=201)

    @app.get("/api/tables")
    async def list_tables(request: Request, state: str | None = None) -> Response:
        if state not in (None, "finished", "open"):
            return error(422, "bad_message", "state is 'finished' or 'open'")
        hub = hub_of(request)
        rows = await asyncio.to_thread(hub.storage.listing,
                                       None if state is None else state == "finished")
        return JSONResponse([listing_entry(row) for row in rows])

    @app.get("/api/tables/{table_id}")
    async def get_table(request: Request, table_id: str, token: str | None = None) -> Response:
        lang = words.page_language(request)
        try:
            live = await hub_of(request).fetch(table_id)
            seat = live.seat_of(token)
        except UnknownTable:
            return not_found(table_id)
        except Refusal as refusal:
            return JSONResponse(refusal_body(refusal), status_code=403)
        except StorageFailed:
            return unavailable()
        body = {**live.summary(), **(await live.snapshot(seat, lang)),
                "events": live.events(seat, None, lang)}
        return JSONResponse(body)

    @app.post("/api/tables/{table_id}/actions")
    async def act(request: Request, table_id: str) -> Response:
        return await http_act(request, table_id)

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Response:
        found = await replay.finished_record(request, table_id, "the record (with the seed) is "
                                       "given once the game is over")
        if isinstance(found, JSONResponse):
            return found
        return await replay.record_answer(request, ("table", table_id), found,
                                          f"{found.game}-{table_id}.json")


async def http_act(request: Request, table_id: str) -> Response:
    """``POST /api/tables/ID/actions``: a move by the seat whose token is given."""
    limits: Limits = request.app.state.limits
    if not bucket_of(request, limits).take():  # before the token: no fast guessing
        return error(429, "bad_message", f"too many actions: at most "
                     f"{limits.actions_per_second:g} a second", limit=limits.actions_per_second)
    try:
        live = await hub_of(request).fetch(table_id)
        data = await read_json(request, limits.message_bytes)
        if not isinstance(data, dict):
            raise Refusal("bad_message", "send {\"token\", \"version\", \"action\"}")
        token = data.get("token")
        if not isinstance(token, str):
            raise Refusal("forbidden", "a seat's token is needed to move")
        seat = live.seat_of(token)
        await hub_of(request).submit(live, seat, data.get("action"), data.get("version"))
    except UnknownTable:
        return not_found(table_id)
    except Refusal as refusal:
        return JSONResponse(words.worded(refusal_body(refusal), words.page_language(request),
                                         live.table.state.game.name),
                            status_code=STATUS[refusal.code])
    except StorageFailed:
        return unavailable()
    snapshot = await live.snapshot(seat)
    return JSONResponse({"version": snapshot["version"], "view": snapshot["view"],
                         "board": snapshot["board"], "seat": seat})


def bucket_of(request: Request, limits: Limits) -> TokenBucket:
    """The action rate bucket of the request's address (HTTP moves)."""
    buckets: dict[str, TokenBucket] = request.app.state.buckets
    key = address(request)
    if key not in buckets:
        if len(buckets) > 10_000:
            buckets.clear()
        buckets[key] = TokenBucket(limits.actions_per_second, limits.actions_burst)
    return buckets[key]


def created(live: LiveTable, tokens: dict[int, str]) -> dict[str, Any]:
    """The answer to a new table: a link per human seat, the spectators' link."""
    seats: list[dict[str, Any]] = []
    for seat, spec in enumerate(live.specs):
        if spec == HUMAN:
            seats.append({"seat": seat, "kind": "human", "token": tokens[seat],
                          "url": f"/tables/{live.id}?token={tokens[seat]}"})
        else:
            seats.append({"seat": seat, "kind": "bot", "spec": spec})
    return {"table": live.id, "game": live.table.state.game.name, "seats": seats,
            "spectate": f"/tables/{live.id}", "version": live.table.version}


def listing_entry(row: Any) -> dict[str, Any]:
    """A table in a list: never its seed or tokens (the result once it is over)."""
    return {"table": row.id, "game": row.game, "players": row.players,
            "seats": [spec if spec != HUMAN else "human" for spec in row.seats],
            "created": row.created.isoformat(),
            "finished": row.finished.isoformat() if row.finished else None,
            "result": row.result, "spectate": f"/tables/{row.id}",
            "replay": f"/replay/{row.id}" if row.finished else None}


# ----------------------------------------------------------------- websocket
def add_websocket(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str,
                           token: str | None = None) -> None:
        await websocket.accept()
        hub = hub_of(websocket)
        lang = words.page_language(websocket)
        try:
            live = await hub.fetch(table_id)
            seat = live.seat_of(token)
        except StorageFailed:
            await websocket.send_json(unavailable_body())
            await websocket.close(1013)  # try again later
            return
        except UnknownTable:
            await websocket.send_json(error_body("forbidden", "no table has this id",
                                                 table=table_id[:40]))
            await websocket.close(4404)
            return
        except Refusal as refusal:
            await websocket.send_json(words.worded(refusal_body(refusal), lang))
            await websocket.close(4403)
            return
        client = hub.join(live, seat, lang)
        sender = asyncio.get_running_loop().create_task(
            hub.drain(live, client, websocket.send_text))
        try:
            await receive_loop(websocket, hub, live, client)
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(live, client)
            client.outbox.put_nowait(None)
            with suppress(Exception):
                await sender


async def receive_loop(websocket: WebSocket, hub: Hub, live: LiveTable,
                       client: Client) -> None:
    """Read the client's messages until it leaves; each bad one is answered, never fatal."""
    limits: Limits = websocket.app.state.limits
    bucket = TokenBucket(limits.actions_per_second, limits.actions_burst)
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000))
        text = received.get("text")
        try:
            if not isinstance(text, str):
                raise Refusal("bad_message", "messages are JSON text, not binary frames")
            if len(text.encode("utf-8")) > limits.message_bytes:
                raise Refusal("bad_message", f"a message is at most {limits.message_bytes} "
                              "bytes", limit=limits.message_bytes)
            if not bucket.take():
                raise Refusal("bad_message", f"too many messages: at most "
                              f"{limits.actions_per_second:g} a second",
                              limit=limits.actions_per_second)
            await handle(hub, live, client, parse_message(text))
        except Refusal as refusal:
            client.outbox.put_nowait(words.worded(refusal_body(refusal), client.lang,
                                                  live.table.state.game.name))
        except StorageFailed:
            pass  # every client of the table was told (Hub.submit)


def parse_message(text: str) -> dict[str, Any]:
    """A client message as an object with a ``type`` (raises Refusal ``bad_message``)."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise Refusal("bad_message", "a message must be JSON, e.g. "
                      "{\"type\": \"act\", \"version\": 3, \"action\": \"bid 2\"}") from None
    if not isinstance(message, dict) or message.get("type") not in ("act", "view"):
        raise Refusal("bad_message", "a message is {\"type\": \"act\", \"version\": N, "
                      "\"action\": \"...\"} or {\"type\": \"view\"}")
    return message


async def handle(hub: Hub, live: LiveTable, client: Client, message: dict[str, Any]) -> None:
    """Act on one client message: a move, or a request for the current view."""
    if message["type"] == "view":
        client.outbox.put_nowait({"type": "resend"})
        return
    await hub.submit(live, client.seat, message.get("action"), message.get("version"))


def unavailable() -> JSONResponse:
    return JSONResponse(unavailable_body(), status_code=503)
