"""The replay page's game review (issue #21): ``POST /api/tables/ID/review`` asks for a
review of a finished table, a job in the shared queue (:mod:`.jobs`: after bots' moves and
hints, in slots of its own, so play goes on); ``GET /api/tables/ID/review`` answers
``{"state": "none" | "queued" | "running" | "done" | "failed", "review": {...} | null,
"ahead": N}`` (``ahead``: reviews waiting before this one while it is queued).

A review is reproducible (:data:`~.pool.REVIEW_ITERATIONS` per decision, seed 0) and stored
in the database, so every server process and a restart see it. One address may have
:data:`PER_ADDRESS` reviews waiting at once. Reviews stored as files by earlier versions
(``reviews/<table>.json`` beside the SQLite database) are read in once. The app includes
:data:`router`.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from towerplay.i18n import Translator
from towerplay.server.limits import client_address
from towerplay.server.moves import in_thread
from towerplay.server.protocol import error, web
from towerplay.server.replay import finished_record
from towerplay.server.storage import Storage
from towerplay.server.words import page_language

router = APIRouter()
EARLY = web("review_after_end")
"""The refusal of a review before the game's end."""
PER_ADDRESS = 2
"""Reviews one address may have queued or running at once."""


def legacy_file(storage: Storage, table_id: str) -> dict[str, Any] | None:
    """A review an earlier version stored as a file beside the SQLite database."""
    if not storage.url.startswith("sqlite:///"):
        return None
    path = Path(storage.url.removeprefix("sqlite:///")).parent / "reviews" / f"{table_id}.json"
    try:
        loaded: dict[str, Any] = json.loads(path.read_text())
        return loaded
    except (OSError, ValueError):
        return None


@router.post("/api/tables/{table_id}/review")
async def start_review(request: Request, table_id: str) -> Response:
    """Ask for the review of a finished table (202: queued; 200: it is done; 409: it
    runs already; 429: this address has :data:`PER_ADDRESS` waiting)."""
    record = await finished_record(request, table_id, EARLY)
    if isinstance(record, JSONResponse):
        return record
    hub = request.app.state.hub
    if await in_thread(legacy_file, hub.storage, table_id) is not None:
        return JSONResponse({"state": "done"})
    asked = await in_thread(hub.storage.jobs.request_review, table_id,
                            client_address(request), PER_ADDRESS)
    if asked == "queued":
        await hub.queue.defer_review(table_id)
    if asked == "running":
        return error(409, "conflict", web("review_running"), page_language(request))
    if asked == "rate":
        return error(429, "busy", web("review_rate", limit=PER_ADDRESS),
                     page_language(request), limit=PER_ADDRESS)
    return JSONResponse({"state": asked}, status_code=202 if asked == "queued" else 200)


@router.get("/api/tables/{table_id}/review")
async def get_review(request: Request, table_id: str) -> Response:
    """The table's review state, its place in the queue and, once done, the review."""
    record = await finished_record(request, table_id, EARLY)
    if isinstance(record, JSONResponse):
        return record
    storage: Storage = request.app.state.hub.storage
    state, found, ahead = await in_thread(storage.jobs.review, table_id)
    if state == "none" and (old := await in_thread(legacy_file, storage, table_id)):
        state, found = "done", old
    if found is not None:
        found = labelled(found, record.game, page_language(request))
    return JSONResponse({"state": state, "review": found, "ahead": ahead})


def labelled(review: dict[str, Any], game: str, lang: str) -> dict[str, Any]:
    """``review`` with each decision's actions (``played``, ``best``) also worded as the
    table's buttons word them (``played_label``, ``best_label``) in ``lang``."""
    words = Translator(game, lang)
    decisions = [{**d, "played_label": words.action(str(d.get("played"))),
                  "best_label": words.action(str(d.get("best")))}
                 for d in review.get("decisions", []) if isinstance(d, dict)]
    return {**review, "decisions": decisions}
