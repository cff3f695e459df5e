"""The replay page's data: ``GET /api/tables/ID/replay?at=K`` gives a finished table's
position after its first ``K`` actions as a spectator sees it, with its board and the
``K``-th action's log line; ``GET /api/tables/ID/moves`` gives every action's log line,
for the page's move list. Unfinished tables are refused (403), as their records are: a
running game's moves belong to its live page. Uploaded record files are replayed by the
same functions (:mod:`.uploads`). A finished game's answers are computed once, off the
event loop, and kept (:mod:`.finished`).

The app includes :data:`router` (``app.include_router(router)``).
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from towerplay.core.events import Event
from towerplay.core.record import Record, whole
from towerplay.i18n import Translator
from towerplay.server.boards import draw
from towerplay.server.finished import memo
from towerplay.server.live import UnknownTable
from towerplay.server.protocol import error, not_found, web
from towerplay.server.words import localized, page_language

router = APIRouter()


REPLAY_AFTER_END = web("replay_after_end")


async def finished_record(request: Request, table_id: str,
                          early: Event = REPLAY_AFTER_END) -> Record | JSONResponse:
    """The finished table's record, or the refusal (404 unknown, 403 ``early``: not over
    yet)."""
    try:
        live = await request.app.state.hub.memory.fetch(table_id)
    except UnknownTable:
        return not_found(table_id, page_language(request))
    state = live.table.state
    if not state.is_over:
        return error(403, "forbidden", early, page_language(request))
    record = Record.from_state(state, seats=list(live.specs))
    if live.names:
        record.names = live.name_list()
    return record


@router.get("/api/tables/{table_id}/replay")
async def replay_position(request: Request, table_id: str, at: str = "0",
                          lang: str | None = None) -> Response:
    """The finished table's spectator view after ``at`` actions (0 … its length)."""
    record = await finished_record(request, table_id)
    if isinstance(record, JSONResponse):
        return record
    return await position_answer(request, ("table", table_id), record, at,
                                 page_language(request, lang))


@router.get("/api/tables/{table_id}/moves")
async def replay_moves(request: Request, table_id: str, lang: str | None = None) -> Response:
    """Every action of the finished table as a spectator's log line."""
    record = await finished_record(request, table_id)
    if isinstance(record, JSONResponse):
        return record
    return await moves_answer(request, ("table", table_id), record,
                              page_language(request, lang))


def json_bytes(data: Any) -> bytes:
    """``data`` as a JSON response's body."""
    return bytes(JSONResponse(data).body)


def cached_json(body: bytes, **headers: str) -> Response:
    return Response(body, media_type="application/json", headers=headers)


async def position_answer(request: Request, game: tuple[Hashable, ...], record: Record,
                          at: str, lang: str) -> Response:
    """The position after ``at`` actions (a whole number from 0 to the record's length),
    or the refusal of any other ``at``. ``game``: the finished game's key in the cache."""
    total = len(record.actions)
    if not (at.isascii() and at.isdigit()) or len(at) > 9 or int(at) > total:
        return error(422, "bad_message", web("at_range", total=total), lang, field="at",
                     total=total)
    body = await memo(request).get((*game, "replay", int(at), lang), lambda: json_bytes(
        position(record, int(at), total, lang)))
    return cached_json(body)


async def moves_answer(request: Request, game: tuple[Hashable, ...], record: Record,
                       lang: str) -> Response:
    """The finished game's move list (computed once, see :func:`moves`)."""
    body = await memo(request).get((*game, "moves", lang),
                                   lambda: json_bytes(moves(record, lang)))
    return cached_json(body)


async def record_answer(request: Request, game: tuple[Hashable, ...], record: Record,
                        filename: str) -> Response:
    """The finished game's record file, to download."""
    body = await memo(request).get((*game, "record"), lambda: json_bytes(record.to_json()))
    return cached_json(body, **{"Content-Disposition": f'attachment; filename="{filename}"'})


def position(record: Record, at: int, total: int, lang: str = "en") -> dict[str, Any]:
    """The replay message for the record's position after ``at`` of ``total`` actions,
    worded in ``lang``."""
    state = record.replay(until=at)
    shown = state.view(None, log=False)  # the move list words the log
    if "scores" in shown:
        shown["scores"] = [whole(s) for s in shown["scores"]]
    if any(record.names):  # the board names the seats as their people chose
        shown["names"] = list(record.names)
    view = localized(shown, lang)
    line = Translator(state.game.name, lang).logged(state, at - 1, None) if at > 0 else None
    return {"type": "replay", "at": at, "total": total, "view": view,
            "board": draw(view, lang),
            "mover": state.movers[at - 1] if at > 0 else None, "line": line,
            "seats": list(record.seats), "names": list(record.names)}


def moves(record: Record, lang: str = "en") -> dict[str, Any]:
    """The move list: after each action ``at`` (1 …), its mover and the spectators' log
    line in ``lang`` (``None``: a move spectators do not see), each line as it read
    just after its move, as :func:`position` gives it (a later line may say less)."""
    state = record.start()
    words = Translator(state.game.name, lang)
    listed = []
    for index, text in enumerate(record.actions):
        state.apply(text)
        listed.append({"at": index + 1, "mover": state.movers[index],
                       "line": words.logged(state, index, None)})
    return {"game": state.game.name, "total": len(listed), "moves": listed,
            "names": list(record.names)}
