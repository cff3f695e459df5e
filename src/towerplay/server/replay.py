"""The replay page's data: ``GET /api/tables/ID/replay?at=K`` gives a finished table's
position after its first ``K`` actions as a spectator sees it, with its board and the
``K``-th action's log line. Unfinished tables are refused (403), as their records are: a
running game's moves belong to its live page.

The app includes :data:`router` (``app.include_router(router)``).
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from towerplay.core.record import Record, whole
from towerplay.i18n import Translator
from towerplay.server.words import page_language
from towerplay.server.boards import draw

router = APIRouter()


def error(status: int, code: str, message: str, **params: Any) -> JSONResponse:
    """The protocol's error body."""
    return JSONResponse({"type": "error", "code": code, "message": message,
                         "params": params}, status_code=status)


@router.get("/api/tables/{table_id}/replay")
async def replay_position(request: Request, table_id: str, at: str = "0",
                          lang: str | None = None) -> Response:
    """The finished table's spectator view after ``at`` actions (0 … its length)."""
    from towerplay.server.live import UnknownTable

    try:
        live = request.app.state.hub.get(table_id)
    except UnknownTable:
        return error(404, "not_found", "no table has this id", table=table_id[:40])
    state = live.table.state
    if not state.is_over:
        return error(403, "forbidden", "a table can be replayed once the game is over")
    total = len(state.history)
    if not at.isdigit() or int(at) > total:
        return error(422, "bad_message", f"'at' is a whole number from 0 to {total}",
                     field="at", total=total)
    return JSONResponse(position(Record.from_state(state, seats=list(live.specs)),
                                 int(at), total, page_language(request, lang)))


def position(record: Record, at: int, total: int, lang: str = "en") -> dict[str, Any]:
    """The replay message for the record's position after ``at`` of ``total`` actions,
    worded in ``lang``."""
    state = record.replay(until=at)
    view = state.view(None)
    if "scores" in view:
        view["scores"] = [whole(s) for s in view["scores"]]
    line = state.log_line(at - 1, None) if at > 0 else None
    if line is not None:
        line = Translator(state.game.name, lang).line(line)
    return {"type": "replay", "at": at, "total": total, "view": view,
            "board": draw(view, lang),
            "mover": state.movers[at - 1] if at > 0 else None, "line": line,
            "seats": list(record.seats)}
