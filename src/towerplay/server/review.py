"""The replay page's game review (issue #21): ``POST /api/tables/ID/review`` starts a
review of a finished table in the bot pool's worker processes (never on the event loop, so
play goes on); ``GET /api/tables/ID/review`` answers ``{"state": "none" | "running" |
"done", "review": {...} | null}``.

A review is reproducible (:data:`ITERATIONS` per decision, seed 0). Finished reviews are
kept in memory and stored as one JSON file per table, ``reviews/<table>.json`` next to
the SQLite database (under the default data folder for PostgreSQL), so a restart keeps
them. The app includes :data:`router`.
"""
from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from towerplay.arena.review import DEFAULT_ITERATIONS, review
from towerplay.core.record import Record
from towerplay.server.protocol import error
from towerplay.server.replay import finished_record
from towerplay.server.storage import default_sqlite_path

router = APIRouter()
EARLY = "a table can be reviewed once the game is over"
"""The refusal of a review before the game's end."""
log = logging.getLogger(__name__)

ITERATIONS = DEFAULT_ITERATIONS
"""Search iterations per reviewed decision (with seed 0: the same review every run)."""


def run_review(record_json: dict[str, Any], iterations: int) -> dict[str, Any]:
    """Review every seat's decisions of a finished record (in a worker process)."""
    return review(Record.from_json(record_json), iterations=iterations, seed=0).to_json()


def folder(request: Request) -> Path:
    """Where the reviews are stored: beside the SQLite file, else the default data folder."""
    url: str = request.app.state.hub.storage.url
    base = (Path(url.removeprefix("sqlite:///")).parent if url.startswith("sqlite:///")
            else default_sqlite_path().parent)
    return base / "reviews"


def reviews(request: Request) -> dict[str, asyncio.Task[dict[str, Any]] | dict[str, Any]]:
    """The app's reviews by table: a running task or a finished review."""
    state = request.app.state
    if not hasattr(state, "reviews"):
        state.reviews = {}
    found: dict[str, Any] = state.reviews
    return found


def stored(request: Request, table_id: str) -> dict[str, Any] | None:
    """A review stored by an earlier run, if any (an unreadable file counts as none)."""
    path = folder(request) / f"{table_id}.json"
    try:
        loaded: dict[str, Any] = json.loads(path.read_text())
        return loaded
    except (OSError, ValueError):
        return None


@router.post("/api/tables/{table_id}/review")
async def start_review(request: Request, table_id: str) -> Response:
    """Start the review of a finished table (409 while one runs; a done one is kept)."""
    record = finished_record(request, table_id, EARLY)
    if isinstance(record, JSONResponse):
        return record
    known = reviews(request)
    current = known.get(table_id)
    if isinstance(current, asyncio.Task):
        return error(409, "conflict", "a review of this table is already running")
    if current is not None or stored(request, table_id) is not None:
        return JSONResponse({"state": "done"})
    known[table_id] = asyncio.get_running_loop().create_task(
        work(request, table_id, record.to_json()))
    return JSONResponse({"state": "running"}, status_code=202)


async def work(request: Request, table_id: str, record: dict[str, Any]) -> dict[str, Any]:
    """Run the review in the pool, keep it in memory and store it; a failure is logged
    and forgotten (the button may be pressed again)."""
    pool = request.app.state.hub.pool
    loop = asyncio.get_running_loop()
    try:
        result: dict[str, Any] = await loop.run_in_executor(
            pool.executor, run_review, record, ITERATIONS)
    except Exception:
        log.exception("the review of table %s failed", table_id)
        reviews(request).pop(table_id, None)
        raise
    reviews(request)[table_id] = result
    try:
        path = folder(request) / f"{table_id}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result))
    except OSError:
        log.exception("the review of table %s could not be stored", table_id)
    return result


@router.get("/api/tables/{table_id}/review")
async def get_review(request: Request, table_id: str) -> Response:
    """The table's review state and, once done, the review."""
    record = finished_record(request, table_id, EARLY)
    if isinstance(record, JSONResponse):
        return record
    current = reviews(request).get(table_id)
    if isinstance(current, asyncio.Task):
        return JSONResponse({"state": "running", "review": None})
    found = current if current is not None else stored(request, table_id)
    if found is None:
        return JSONResponse({"state": "none", "review": None})
    reviews(request)[table_id] = found
    return JSONResponse({"state": "done", "review": found})
