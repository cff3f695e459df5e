"""The people at a table (issue #30): their names and their chat.

A person names their seat (stored with the seat, changeable until the seat's first move);
a spectator names their connection only. A chat line is stored with the table (who may
chat is the table's ``chat`` setting, chosen at creation: ``all``, ``seats`` or ``off``)
and counted against the address's rate in the database, so every process counts the
same lines. Every process hears of a change through :data:`.storage.SOCIAL_CHANNEL`
(:mod:`.bus`) and reads it from the database (:meth:`.hub.seating.Seating.changed`); no name,
chat or people message carries a token or anything of a seat's hidden view.

Names and lines are text: the pages show them with ``textContent`` or escaped, never as
HTML.
"""
from __future__ import annotations

import asyncio
import re
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from towerplay.server import words
from towerplay.server.hub import Hub, UnknownTable
from towerplay.server.limits import Limits, client_address, read_json
from towerplay.server.live import LiveTable, visible_chat
from towerplay.server.protocol import STATUS, Refusal, not_found, refusal_body, web
from towerplay.server.tables import check_spec, hub_of

router = APIRouter()

MAX_NAME_CHARS = 24
"""A name is at most this many characters (after spaces are tidied)."""
MAX_CHAT_CHARS = 300
"""A chat line is at most this many characters."""
SPACES = re.compile(r"\s+")


def tidy(text: object, what: str, limit: int) -> str:
    """``text`` on one line with its runs of spaces made one (raises Refusal
    ``bad_message`` naming the field if it is not 1 to ``limit`` visible characters)."""
    field = "name" if what == "name" else "text"
    if not isinstance(text, str):
        raise Refusal("bad_message", web(f"{what}_text"), field=field)
    tidied = SPACES.sub(" ", unicodedata.normalize("NFC", text)).strip()
    if not tidied or len(tidied) > limit:
        raise Refusal("bad_message", web(f"{what}_length", limit=limit, got=len(tidied)),
                      field=field, limit=limit, got=len(tidied))
    if any(unicodedata.category(char)[0] == "C" for char in tidied):
        raise Refusal("bad_message", web(f"{what}_control"), field=field)
    return tidied


def check_name(name: object) -> str:
    """A person's name, tidied (raises Refusal ``bad_message``)."""
    return tidy(name, "name", MAX_NAME_CHARS)


def check_line(text: object) -> str:
    """A chat line, tidied (raises Refusal ``bad_message``)."""
    return tidy(text, "chat", MAX_CHAT_CHARS)


async def rename(hub: Hub, live: LiveTable, seat: int | None, name: object) -> str:
    """Name the seat (stored; every process hears of it): the name as kept. A
    spectator's name is the caller's to keep. Raises Refusal (``forbidden``: the seat has
    moved already), StorageFailed."""
    tidied = check_name(name)
    if seat is None:
        return tidied
    if live.table.is_over:  # the record (with its names) is final
        raise Refusal("over", web("game_over"), seat=seat)
    if not await asyncio.to_thread(hub.storage.seats.set_name, live.id, seat, tidied):
        raise Refusal("forbidden", web("name_after_move"), seat=seat)
    await hub.seating.changed(live.id)
    return tidied


async def say(hub: Hub, live: LiveTable, seat: int | None, name: str | None, text: object,
              address: str, limits: Limits) -> None:
    """Store a chat line from ``seat`` (``None``: a spectator named ``name``); every
    process hears of it. Raises Refusal (chat off here, over the rate), StorageFailed."""
    line = check_line(text)
    if live.chat == "off":
        raise Refusal("forbidden", web("chat_is_off"))
    if seat is None and live.chat != "all":
        raise Refusal("forbidden", web("chat_seats_only"))
    if not await asyncio.to_thread(hub.storage.limits.take, f"chat {address}",
                                   limits.chat_burst, limits.chat_seconds):
        raise TooFast("bad_message", web("chat_rate", limit=limits.chat_burst,
                                         seconds=f"{limits.chat_seconds:g}"),
                      limit=limits.chat_burst, seconds=limits.chat_seconds)
    seat_name = live.names.get(seat) if seat is not None else name
    await asyncio.to_thread(hub.storage.seats.add_chat, live.id, seat, seat_name, line)
    await hub.seating.changed(live.id)


class TooFast(Refusal):
    """Over the chat rate (429 over HTTP)."""


DEFAULT_STAND_IN = "medium"
"""The bot that plays for a person who leaves without naming one."""


def stand_in(message: dict[str, object], limits: Limits) -> str | None:
    """The ``bot`` of a leave message: a bot spec the server affords, ``null`` to come
    back (missing: :data:`DEFAULT_STAND_IN`); raises Refusal ``bad_message``."""
    bot = message.get("bot", DEFAULT_STAND_IN)
    if bot is None:
        return None
    spec = check_spec(bot, limits)
    if spec == "human":
        raise Refusal("bad_message", web("away_bot"), field="bot")
    return spec


def refused(request: Request, refusal: Refusal) -> JSONResponse:
    """A refusal as an HTTP reply in the request's language."""
    status = 429 if isinstance(refusal, TooFast) else STATUS[refusal.code]
    return JSONResponse(refusal_body(refusal, words.page_language(request)),
                        status_code=status)


async def seated(request: Request, table_id: str,
                 missing: str) -> tuple[LiveTable, dict[str, Any], int | None]:
    """The table, the request's JSON and its token's seat (refused ``forbidden`` with the
    ``web.<missing>`` reason when the body carries no token)."""
    live = await hub_of(request).memory.fetch(table_id)
    data = await read_json(request, request.app.state.limits.message_bytes)
    if not isinstance(data, dict) or not isinstance(data.get("token"), str):
        raise Refusal("forbidden", web(missing))
    return live, data, live.seat_of(data["token"])


SeatWork = Callable[[LiveTable, dict[str, Any], int | None], Awaitable[dict[str, Any]]]
"""What a token-bearing request does for its seat: (table, body, seat) → the answer."""


async def for_seat(request: Request, table_id: str, missing: str, work: SeatWork,
                   status: int = 200) -> Response:
    """Do ``work`` for the seat of the request's token (:func:`seated`): its answer as
    JSON, or the reply to an unknown table or a refusal."""
    try:
        live, data, seat = await seated(request, table_id, missing)
        answer = await work(live, data, seat)
    except UnknownTable:
        return not_found(table_id)
    except Refusal as refusal:
        return refused(request, refusal)
    return JSONResponse(answer, status_code=status)


@router.post("/api/tables/{table_id}/name")
async def name_seat(request: Request, table_id: str) -> Response:
    """``{"token", "name"}``: name the token's seat; ``{"seat", "name"}``."""
    hub = hub_of(request)

    async def work(live: LiveTable, data: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "name": await rename(hub, live, seat, data.get("name"))}
    return await for_seat(request, table_id, "name_token", work)


@router.post("/api/tables/{table_id}/away")
async def hand_over(request: Request, table_id: str) -> Response:
    """``{"token", "bot"}``: the token's person hands their seat to ``bot`` (``null``:
    takes it back)."""
    hub = hub_of(request)

    async def work(live: LiveTable, data: dict[str, Any], seat: int | None) -> dict[str, Any]:
        bot = stand_in(data, request.app.state.limits)
        await hub.seating.hand_over(live, seat, bot)
        return {"seat": seat, "bot": bot}
    return await for_seat(request, table_id, "away_token", work)


@router.post("/api/tables/{table_id}/rematch")
async def play_again(request: Request, table_id: str) -> Response:
    """``{"token"}``: the token's person accepts "play again" at a finished table:
    ``{"table", "seat", "token", "url"}`` of their seat at the rematch (theirs alone)."""
    hub = hub_of(request)

    async def work(live: LiveTable, _data: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return await hub.seating.play_again(live, seat)
    return await for_seat(request, table_id, "rematch_token", work, status=201)


@router.get("/api/tables/{table_id}/chat")
async def read_chat(request: Request, table_id: str, token: str | None = None) -> Response:
    """The table's chat lines that the token's seat (or a spectator, or the replay)
    may read: ``{"chat": setting, "lines": [...]}``."""
    hub, live = hub_of(request), None
    try:
        live = await hub.memory.fetch(table_id)
        seat = live.seat_of(token)
    except UnknownTable:
        return not_found(table_id)
    except Refusal as refusal:
        return refused(request, refusal)
    lines = await asyncio.to_thread(hub.storage.seats.chat_since, table_id, 0)
    return JSONResponse({"chat": live.chat, "lines": visible_chat(live, seat, lines)})


@router.post("/api/tables/{table_id}/chat")
async def post_chat(request: Request, table_id: str) -> Response:
    """``{"token"?, "name"?, "text"}``: a chat line from the token's seat (no token: a
    spectator, named by ``name``)."""
    hub, live = hub_of(request), None
    try:
        live = await hub.memory.fetch(table_id)
        data = await read_json(request, request.app.state.limits.message_bytes)
        if not isinstance(data, dict):
            raise Refusal("bad_message", web("chat_shape"))
        token = data.get("token")
        seat = live.seat_of(token if isinstance(token, str) else None)
        name = None if seat is not None or data.get("name") is None \
            else check_name(data.get("name"))
        await say(hub, live, seat, name, data.get("text"), client_address(request),
                  request.app.state.limits)
    except UnknownTable:
        return not_found(table_id)
    except Refusal as refusal:
        return refused(request, refusal)
    return JSONResponse({"ok": True}, status_code=201)
