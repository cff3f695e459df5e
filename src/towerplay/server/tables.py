"""The JSON API of the tables (docs/web.md, "The protocol"): the games, creating and listing
tables, a table's view, moves over HTTP and finished records."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response

from towerplay import bots, games, i18n
from towerplay.arena.table import HUMAN, SEAT_KINDS
from towerplay.bots.base import Bot
from towerplay.core.errors import TowerplayError, UnknownBot
from towerplay.core.events import Event, Seq
from towerplay.server import boards, clock, hints, replay, words
from towerplay.server.hub import Hub, UnknownTable
from towerplay.server.hub.play import Play
from towerplay.server.limits import MAX_SEED, MAX_SPEC_CHARS, Limits, client_address, read_json
from towerplay.server.live import LiveTable, unavailable_body
from towerplay.server.protocol import (
    STATUS,
    Refusal,
    error,
    file_options,
    not_found,
    refusal_body,
    web,
    worded,
)
from towerplay.server.storage import CHAT_SETTINGS, StorageFailed


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub




def unavailable(lang: str) -> JSONResponse:
    return JSONResponse(worded(unavailable_body(), lang), status_code=503)


def game_entry(name: str, lang: str = "en") -> dict[str, Any]:
    """A game for the lobby: id, title (as published in ``lang``), player counts,
    options schema (no path options) and the options that name a seat (from 0; people
    choose them from 1), the levels' ratings at 2 players."""
    cls = games.game_class(name)
    schema = cls.options_type.model_json_schema()
    schema["properties"] = {k: v for k, v in schema.get("properties", {}).items()
                            if k not in file_options(name)}
    if "required" in schema:
        schema["required"] = [k for k in schema["required"] if k not in file_options(name)]
    return {"id": name, "title": i18n.game_title(name, lang), "min_players": cls.min_players,
            "max_players": cls.max_players, "options": schema, "notation": cls.notation,
            "seat_options": sorted(cls.options_type.seat_options()),
            "levels": bots.level_ratings(name)}


def check_spec(spec: object, limits: Limits) -> str:
    """A seat spec: ``human`` or a bot the server can afford, by its protocol id (a kind's
    name in any language is taken too); raises :class:`Refusal` naming the kinds."""
    return seat_bot(spec, limits)[0]


def seat_bot(spec: object, limits: Limits) -> tuple[str, Bot | None]:
    """:func:`check_spec`'s spec and its bot (``None``: a person), made from the spec
    once: the table seats this bot."""
    if not isinstance(spec, str) or not spec.strip() or len(spec) > MAX_SPEC_CHARS:
        raise Refusal("bad_message", web("seat_spec", limit=MAX_SPEC_CHARS,
                                         got=repr(str(spec)[:40]), kinds=kinds_list()))
    spec = i18n.seat_kind(spec, SEAT_KINDS)
    if spec == HUMAN:
        return spec, None
    try:
        bot = bots.load(spec)
    except UnknownBot:
        raise Refusal("bad_message", web("unknown_seat", got=repr(spec[:40]),
                                         kinds=kinds_list()), spec=spec[:40]) from None
    seconds = getattr(bot.options, "seconds", None) or 0
    iterations = getattr(bot.options, "iterations", None) or 0
    if seconds > limits.bot_seconds or iterations > limits.bot_iterations:
        raise Refusal("bad_message", web("bot_too_slow", spec=repr(spec),
                                         seconds=f"{limits.bot_seconds:g}",
                                         iterations=limits.bot_iterations), spec=spec)
    return spec, bot


def kinds_list() -> Seq:
    """The seat kinds as a refusal lists them: each by its name and its protocol id."""
    return Seq(tuple(Event.of("core.choice", name=Event.of(f"web.kind.{kind}"), id=repr(kind))
                     for kind in SEAT_KINDS))


FIELDS = ("game", "players", "options", "seats", "seed", "hints", "chat", "clock")
"""The fields of a create request."""


def table_request(data: Any, limits: Limits) -> tuple[str, int, dict[str, Any], list[str],
                                                        int | None, dict[int, Bot]]:
    """(game, players, options, seats, seed, the seats' bots) of a create request,
    checked."""
    if not isinstance(data, dict):
        raise Refusal("bad_message", web("create_shape"))
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise Refusal("bad_message", web("unknown_field", field=repr(unknown[0][:40]),
                                         fields=", ".join(map(repr, FIELDS))),
                      field=unknown[0][:40])
    game, seats = data.get("game"), data.get("seats")
    options = data.get("options") or {}
    if not isinstance(game, str):
        example = repr(next(iter(games.BUILT_IN)))  # (the first built-in game's id)
        raise Refusal("bad_message", web("game_id", example=example))
    if not isinstance(seats, list) or not seats:
        raise Refusal("bad_message", web("seats_list"))
    if not isinstance(options, dict):
        raise Refusal("bad_message", web("options_object"))
    if file_options(game) & set(options):
        name = sorted(file_options(game) & set(options))[0]
        raise Refusal("bad_message", web("option_file", name=repr(name)), field=name)
    players = data.get("players", len(seats))
    seed = data.get("seed")
    for name, value in (("players", players), ("seed", seed)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise Refusal("bad_message", web("whole_number", name=repr(name)), field=name)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise Refusal("bad_message", web("seed_range", limit=MAX_SEED), field="seed",
                      limit=MAX_SEED)
    checked = [seat_bot(spec, limits) for spec in seats]
    seated = {seat: bot for seat, (_spec, bot) in enumerate(checked) if bot is not None}
    return game, players, options, [spec for spec, _bot in checked], seed, seated


def chat_setting(data: dict[str, Any]) -> str:
    """The ``chat`` field of a create request: who may chat (``all``, the default;
    ``seats``; ``off``)."""
    chat = data.get("chat", "all")
    if chat not in CHAT_SETTINGS:
        raise Refusal("bad_message", web("chat_setting",
                                          choices=", ".join(map(repr, CHAT_SETTINGS))),
                      field="chat")
    return str(chat)


def add_api(app: FastAPI) -> None:
    """The JSON API of the protocol (docs/web.md)."""

    @app.get("/api/games")
    async def list_games(request: Request) -> list[dict[str, Any]]:
        lang = words.page_language(request)
        return [game_entry(name, lang) for name in games.names()]

    @app.get("/api/games/pictures")
    async def game_pictures(request: Request) -> dict[str, str]:
        """Each game's components drawn by its board, worded in the page's language (the
        lobby's game tiles); empty for a game whose board draws none."""
        lang = words.page_language(request)
        return {name: boards.components(name, lang) for name in games.names()}

    @app.post("/api/tables")
    async def create_table(request: Request) -> Response:
        limits: Limits = request.app.state.limits
        lang = words.page_language(request)
        try:
            data = await read_json(request, limits.message_bytes)
            game, players, options, seats, seed, seated = table_request(data, limits)
            allow_hints = hints.wanted(data)
            chat = chat_setting(data)
            timed = clock.requested(data, lambda spec: check_spec(spec, limits))
        except Refusal as refusal:
            return JSONResponse(refusal_body(refusal, lang), status_code=422)
        except TowerplayError as problem:
            return error(422, "bad_message", problem.event, lang)
        hub = hub_of(request)
        made = await asyncio.to_thread(hub.storage.limits.tables_since, client_address(request), 60)
        if made >= limits.tables_per_minute:  # counted in the database: every process
            return error(429, "bad_message", web("tables_per_minute",
                                                 limit=limits.tables_per_minute),
                         lang, limit=limits.tables_per_minute)
        if HUMAN not in seats and await asyncio.to_thread(
                hub.storage.limits.bot_tables, client_address(request)) >= limits.bot_tables:
            return error(429, "busy", web("bot_tables", limit=limits.bot_tables), lang,
                         limit=limits.bot_tables)
        try:
            live, tokens = await hub.play.create(game, players, options, seats, seed,
                                                 seated=seated, hints=allow_hints,
                                                 owner=client_address(request), chat=chat,
                                                 timed=timed)
        except TowerplayError as problem:
            return error(422, "bad_message", problem.event, lang)
        except StorageFailed:
            return unavailable(lang)
        return JSONResponse(created(live, tokens), status_code=201)

    @app.get("/api/tables")
    async def list_tables(request: Request, state: str | None = None) -> Response:
        if state not in (None, "finished", "open"):
            return error(422, "bad_message", web("listing_state"), words.page_language(request))
        hub = hub_of(request)
        rows = await asyncio.to_thread(hub.storage.tables.listing,
                                       None if state is None else state == "finished")
        return JSONResponse([listing_entry(row) for row in rows])

    @app.get("/api/tables/{table_id}")
    async def get_table(request: Request, table_id: str, token: str | None = None,
                        version: str | None = None) -> Response:
        """The table as the token's seat sees it (none: a spectator), at least at the
        ``version`` the client knows (the process reads the database if it is behind)."""
        lang = words.page_language(request)
        try:
            live = await hub_of(request).memory.fetch(table_id, known_version(version))
            seat = live.seat_of(token)
        except UnknownTable:
            return not_found(table_id, lang)
        except Refusal as refusal:
            return JSONResponse(refusal_body(refusal, lang), status_code=403)
        except StorageFailed:
            return unavailable(lang)
        body = {**live.summary(), **(await live.snapshot(seat, lang)),
                "events": live.events(seat, None, lang)}
        return JSONResponse(body)

    @app.post("/api/tables/{table_id}/actions")
    async def act(request: Request, table_id: str) -> Response:
        return await http_entry(request, table_id, "act_shape", lambda play, live, seat, data:
                                play.submit(live, seat, data.get("action"), data.get("version")))

    @app.post("/api/tables/{table_id}/undo")
    async def undo(request: Request, table_id: str) -> Response:
        return await http_entry(request, table_id, "undo_shape", lambda play, live, seat, data:
                                play.undo(live, seat, data.get("version")))

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Response:
        found = await replay.finished_record(request, table_id, web("record_after_end"))
        if isinstance(found, JSONResponse):
            return found
        return await replay.record_answer(request, ("table", table_id), found,
                                          f"{found.game}-{table_id}.json")


Entry = Callable[[Play, LiveTable, int | None, dict[str, Any]], Awaitable[None]]
"""A person's table entry over HTTP: a move (``Play.submit``) or an undo (``Play.undo``)."""


async def http_entry(request: Request, table_id: str, shape: str, entry: Entry) -> Response:
    """``POST /api/tables/ID/actions`` or ``/undo``: a move, or taking back the last one,
    by the seat whose token is given (``shape``: the body expected, in the refusal of
    another); the seat's view after it."""
    limits: Limits = request.app.state.limits
    lang = words.page_language(request)
    if not await allowed(request, limits):  # before the token: no fast guessing
        return error(429, "bad_message", web("too_many_actions",
                                             limit=f"{limits.actions_per_second:g}"),
                     lang, limit=limits.actions_per_second)
    try:
        live = await hub_of(request).memory.fetch(table_id)
        data = await read_json(request, limits.message_bytes)
        if not isinstance(data, dict):
            raise Refusal("bad_message", web(shape))
        token = data.get("token")
        if not isinstance(token, str):
            raise Refusal("forbidden", web("token_needed"))
        seat = live.seat_of(token)
        await entry(hub_of(request).play, live, seat, data)
    except UnknownTable:
        return not_found(table_id, lang)
    except Refusal as refusal:
        return JSONResponse(refusal_body(refusal, lang), status_code=STATUS[refusal.code])
    except StorageFailed:
        return unavailable(lang)
    snapshot = await live.snapshot(seat)
    return JSONResponse({"version": snapshot["version"], "view": snapshot["view"],
                         "board": snapshot["board"], "seat": seat})


async def allowed(request: Request, limits: Limits) -> bool:
    """Whether the request's address may make another move over HTTP: at most
    ``actions_burst`` in ``actions_burst / actions_per_second`` seconds, counted in the
    database, so every server process counts the same moves."""
    window = limits.actions_burst / limits.actions_per_second
    try:
        return await asyncio.to_thread(hub_of(request).storage.limits.take,
                                       f"act {client_address(request)}", limits.actions_burst,
                                       window)
    except StorageFailed:  # the move cannot be stored either: it is refused, every
        return True        # client of the table hears why (Play.submit)


def known_version(text: str | None) -> int | None:
    """The version a client says it knows (``?version=N``); anything but a whole number
    of a few digits is no version (the answer is then the table as this process has it).

    >>> known_version("12"), known_version("x"), known_version(None)
    (12, None, None)
    """
    digits = text is not None and text.isascii() and text.isdigit() and len(text) < 10
    return int(text) if digits and text is not None else None


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
