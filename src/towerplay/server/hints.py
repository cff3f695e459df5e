"""The table page's hints (issue #18): the search's win chance of each legal action of
the seat to move, worked out from that seat's knowledge only.

``POST /api/tables/ID/hint`` with ``{"token": ..., "version": N}`` answers
``{"version": N, "seat": S, "iterations": I, "hints": [{"action", "label", "win",
"visits"}, ...]}``, best (highest win chance) first. The search is the ISMCTS bot's, as
``towerplay hint`` runs it, in the bot pool's worker processes (never on the event loop).
It receives a determinization of the table's state for the seat (:func:`knowledge`):
hidden parts guessed afresh, never the true ones. ``GET /api/tables/ID/hint`` says
whether the table gives hints (a table is created with ``"hints": false`` to forbid them).

A hint is refused, with the protocol's error body, without a seat's valid token
(``forbidden``), at a table without hints (``forbidden``), for a finished game
(``over``), for a version that is not the table's (``stale``), when it is not the seat's
turn (``forbidden``), and while another hint of the table is being worked out or over
:data:`HINTS_PER_MINUTE` from one address (``busy``, 429).

The app includes :data:`router`.
"""
from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from towerplay.arena.table import Refusal
from towerplay.arena.hints import DEFAULT_ITERATIONS, analyse
from towerplay.core.rng import fresh_seed
from towerplay.core.state import State
from towerplay.i18n import Translator
from towerplay.server.limits import Window, read_json
from towerplay.server.live import LiveTable, UnknownTable
from towerplay.server.protocol import error
from towerplay.server.words import page_language

router = APIRouter()
log = logging.getLogger(__name__)

SECONDS: float | None = None
"""The search's thinking time per hint..."""
ITERATIONS: int | None = DEFAULT_ITERATIONS
"""...or its iterations (the default: a budget that does not depend on the server's load;
tests set these for speed)."""
HINTS_PER_MINUTE = 12
"""Hints one address may ask for in any 60 seconds (each costs a worker seconds)."""
STATUS = {"forbidden": 403, "over": 409, "stale": 409, "bad_message": 422, "busy": 429}


def wanted(data: dict[str, Any]) -> bool:
    """The ``hints`` field of a create request: true (the default) or false."""
    allowed = data.get("hints", True)
    if not isinstance(allowed, bool):
        raise Refusal("bad_message", "'hints' must be true or false", field="hints")
    return allowed


def knowledge(state: State[Any], seat: int, rng: random.Random) -> State[Any]:
    """What the search is given: a state consistent with all ``seat`` knows, its hidden
    parts guessed with ``rng`` (never the true state, which stays in this process)."""
    return state.determinize(seat, rng)


def search(seen: State[Any], seconds: float | None, iterations: int | None,
           seed: int) -> dict[str, Any]:
    """Rank the legal actions of ``seen``'s seat to move (in a worker process)."""
    result = analyse(seen, seconds, iterations, seed)
    searched = result.iterations > 0  # else one choice: no win chance was estimated
    return {"iterations": result.iterations,
            "stats": [(str(s.action), s.win if searched else None, s.visits)
                      for s in result.stats]}


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


def running(request: Request) -> tuple[set[str], Window]:
    """The tables whose hint is being worked out now (one at a time per table) and the
    hints asked for per address, both kept with the app."""
    state = request.app.state
    if not hasattr(state, "hinting"):
        state.hinting = (set(), Window(HINTS_PER_MINUTE))
    found: tuple[set[str], Window] = state.hinting
    return found


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.get("/api/tables/{table_id}/hint")
async def hints_allowed(request: Request, table_id: str) -> Response:
    """``{"hints": true|false}``: whether the table gives hints."""
    allowed = request.app.state.hub.storage.hints(table_id) if len(table_id) <= 40 else None
    if allowed is None:
        return error(404, "not_found", "no table has this id", table=table_id[:40])
    return JSONResponse({"hints": allowed})


@router.post("/api/tables/{table_id}/hint")
async def hint(request: Request, table_id: str) -> Response:
    """A hint for the seat whose token is given, at the version it names."""
    hub = request.app.state.hub
    busy, window = running(request)
    if not window.take(client_address(request)):
        return error(429, "busy", f"too many hints: at most {HINTS_PER_MINUTE} a minute",
                     limit=HINTS_PER_MINUTE)
    try:
        live = hub.get(table_id)
        data = await read_json(request, request.app.state.limits.message_bytes)
        seat, version = check(live, data, hub.storage.hints(table_id))
    except UnknownTable:
        return error(404, "not_found", "no table has this id", table=table_id[:40])
    except Refusal as refusal:
        return error(STATUS[refusal.code], refusal.code, refusal.message, **refusal.params)
    if table_id in busy:
        return error(429, "busy", "a hint for this table is being worked out; wait for it")
    state = live.table.state
    seen = knowledge(state, seat, random.Random(fresh_seed()))
    busy.add(table_id)
    try:
        found = await asyncio.get_running_loop().run_in_executor(
            hub.pool.executor, search, seen, SECONDS, ITERATIONS, fresh_seed())
    except Exception:
        log.exception("the hint at table %s failed", table_id)
        return error(503, "busy", "the hint could not be worked out; try again")
    finally:
        busy.discard(table_id)
    words = Translator(state.game.name, page_language(request))
    return JSONResponse({"version": version, "seat": seat,
                         "iterations": found["iterations"],
                         "hints": ranked(found["stats"], words)})


def check(live: LiveTable, data: Any, allowed: bool | None) -> tuple[int, int]:
    """The seat and version of a hint request, once it may have a hint (raises
    :class:`Refusal`)."""
    if not isinstance(data, dict) or not isinstance(data.get("token"), str):
        raise Refusal("forbidden", "a seat's token is needed for a hint")
    seat = live.seat_of(data["token"])
    if not allowed:
        raise Refusal("forbidden", "hints are off at this table")
    table = live.table
    if table.is_over:
        raise Refusal("over", "the game is over")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Refusal("bad_message", "'version' must be the number of the view "
                      "answered", field="version")
    if version != table.version:
        raise Refusal("stale", f"version {version} is not the table's version "
                      f"{table.version}", version=version, current=table.version)
    if seat is None or table.state.to_move != seat:
        raise Refusal("forbidden", "it is not your turn: hints are for the seat to move")
    return seat, version
