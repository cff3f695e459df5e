"""The table page's hints (issue #18): the search's win chance of each legal action of
the seat to move, worked out from that seat's knowledge only.

``POST /api/tables/ID/hint`` with ``{"token": ..., "version": N}`` answers
``{"version": N, "seat": S, "iterations": I, "hints": [{"action", "label", "win",
"visits"}, ...]}``, best (highest win chance) first. The search is the ISMCTS bot's, as
``towerplay hint`` runs it: a job in the shared queue (:mod:`.queues`), worked out by any
worker's thinking processes in a turn of its own (:mod:`.thinking`: before bots of tables
of bots alone and reviews) and stored for this
request, which waits for it. It receives a determinization of the table's state for the
seat (:func:`.pool.knowledge`): hidden parts guessed afresh, never the true ones.
``GET /api/tables/ID/hint`` says whether the table gives hints (a table is created with
``"hints": false`` to forbid them).

A hint is refused, with the protocol's error body, without a seat's valid token
(``forbidden``), at a table without hints (``forbidden``), for a finished game
(``over``), for a version that is not the table's (``stale``), when it is not the seat's
turn (``forbidden``), and while another hint of the table is being worked out or over
:data:`HINTS_PER_MINUTE` from one address (``busy``, 429). Both are counted in the database,
so every server process sees them.

The app includes :data:`router`.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from towerplay.i18n import Translator
from towerplay.server.hub import UnknownTable
from towerplay.server.limits import client_address, read_json
from towerplay.server.live import LiveTable, unavailable_body
from towerplay.server.moves import in_thread
from towerplay.server.protocol import Refusal, error, not_found, refusal_body, web, worded
from towerplay.server.storage import Storage, StorageFailed
from towerplay.server.words import page_language

router = APIRouter()
log = logging.getLogger(__name__)

HINTS_PER_MINUTE = 12
"""Hints one address may ask for in any 60 seconds (each costs a worker a second)."""
WAIT_SECONDS = 60.0
"""How long a request waits for its hint (in the queue, then searched) before giving up;
while it waits, another hint of the table is ``busy``."""
POLL_SECONDS = 0.05
"""How often the waiting request looks for its answer."""
STATUS = {"forbidden": 403, "over": 409, "stale": 409, "bad_message": 422, "busy": 429}


def wanted(data: dict[str, Any]) -> bool:
    """The ``hints`` field of a create request: true (the default) or false."""
    allowed = data.get("hints", True)
    if not isinstance(allowed, bool):
        raise Refusal("bad_message", web("hints_field"), field="hints")
    return allowed


def ranked(stats: list[tuple[str, float | None, int]],
           words: Translator) -> list[dict[str, Any]]:
    """The hint list: highest win chance first (more visits break ties), each action
    with its label in the page's language.

    >>> [h["action"] for h in ranked([("build", 0.2, 5), ("return", 0.7, 30)],
    ...                               Translator("castle", "pl"))]
    ['return', 'build']
    """
    ordered = sorted(stats, key=lambda stat: (-(stat[1] or 0.0), -stat[2]))
    return [{"action": action, "label": words.action(action),
             "win": None if win is None else round(win, 4),
             "visits": visits} for action, win, visits in ordered]


@router.get("/api/tables/{table_id}/hint")
async def hints_allowed(request: Request, table_id: str) -> Response:
    """``{"hints": true|false}``: whether the table gives hints."""
    allowed = await in_thread(request.app.state.hub.storage.tables.hints, table_id) \
        if len(table_id) <= 40 else None
    if allowed is None:
        return not_found(table_id, page_language(request))
    return JSONResponse({"hints": allowed})


@router.post("/api/tables/{table_id}/hint")
async def hint(request: Request, table_id: str) -> Response:
    """A hint for the seat whose token is given, at the version it names."""
    hub = request.app.state.hub
    lang = page_language(request)
    try:
        live = await hub.memory.fetch(table_id)
        data = await read_json(request, request.app.state.limits.message_bytes)
        seat, version = check(live, data, await in_thread(hub.storage.tables.hints,
                                                          table_id))
        request_id = secrets.token_urlsafe(12)
        why = await in_thread(hub.storage.jobs.add_hint_request, request_id, table_id,
                              version, seat, client_address(request), WAIT_SECONDS,
                              HINTS_PER_MINUTE)
    except UnknownTable:
        return not_found(table_id, lang)
    except Refusal as refusal:
        return JSONResponse(refusal_body(refusal, lang), status_code=STATUS[refusal.code])
    except StorageFailed:
        return JSONResponse(worded(unavailable_body(), lang), status_code=503)
    if why == "busy":
        return error(429, "busy", web("hint_running"), lang)
    if why == "rate":
        return error(429, "busy", web("hint_rate", limit=HINTS_PER_MINUTE), lang,
                     limit=HINTS_PER_MINUTE)
    await hub.queue.defer_hint(request_id)
    found = await answer(hub.storage, request_id)
    if found is None:
        return error(503, "busy", web("hint_failed"), lang)
    words = Translator(live.table.state.game.name, lang)
    return JSONResponse({"version": version, "seat": seat,
                         "iterations": found["iterations"],
                         "hints": ranked(found["stats"], words)})


async def answer(storage: Storage, request_id: str) -> dict[str, Any] | None:
    """The stored answer of a hint request once a worker gave it (``None``: it failed,
    or none came within :data:`WAIT_SECONDS`)."""
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while asyncio.get_running_loop().time() < deadline:
        row = await in_thread(storage.jobs.hint_request, request_id)
        if row is None or row["failed"]:
            return None
        if row["result"] is not None:
            found: dict[str, Any] = row["result"]
            return found
        await asyncio.sleep(POLL_SECONDS)
    return None


def check(live: LiveTable, data: Any, allowed: bool | None) -> tuple[int, int]:
    """The seat and version of a hint request, once it may have a hint (raises
    :class:`Refusal`)."""
    if not isinstance(data, dict) or not isinstance(data.get("token"), str):
        raise Refusal("forbidden", web("hint_token"))
    seat = live.seat_of(data["token"])
    if not allowed:
        raise Refusal("forbidden", web("hints_off"))
    table = live.table
    if table.is_over:
        raise Refusal("over", web("game_over"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Refusal("bad_message", web("version_number"), field="version")
    if version != table.version:
        raise Refusal("stale", web("stale_version", version=version, current=table.version),
                      version=version, current=table.version)
    if seat is None or table.state.to_move != seat:
        raise Refusal("forbidden", web("hint_turn"))
    return seat, version
