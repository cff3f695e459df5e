"""Replays of uploaded record files (issue #18): the JSON a game saves (``towerplay
play``, the table page's "Download the record"), sent from the replay page or the lobby
and replayed from a spectator's view like a finished table.

``POST /api/uploads`` takes the file's bytes as the request body. The record is checked
as ``towerplay replay`` checks a file — UTF-8 text, at most :data:`MAX_UPLOAD_BYTES`, a
valid record of a known game whose actions replay to its stated result — and refused
otherwise with the same one-line reason (``bad_record``; ``busy`` past
:data:`UPLOADS_PER_MINUTE` from one address). A component option naming a file by path
is refused too: on the server that file would be one of its own. A good one answers ``{"upload": ID,
"replay": "/replay/upload/ID", ...}``.

Uploads are kept, not stateless: a replay is worth sharing ("look at move 40"), and a
link needs the record on the server. Each is stored once (its id is a hash of the
record), as the record's compact JSON, at most :data:`MAX_UPLOAD_BYTES` each. Then
``GET /api/uploads/ID/replay?at=K``, ``/moves`` and ``/record`` serve the replay page
as ``/api/tables/ID/...`` do for finished tables.

The app includes :data:`router`.
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from towerplay.core.errors import BadRecord, TowerplayError
from towerplay.core.record import Record
from towerplay.server.finished import memo
from towerplay.server.guards import BodyRule
from towerplay.server.limits import MAX_SEED, client_address
from towerplay.server.moves import in_thread
from towerplay.server.protocol import error, file_options, web
from towerplay.server.replay import moves_answer, position_answer, record_answer
from towerplay.server.words import page_language

router = APIRouter()

MAX_UPLOAD_BYTES = 256_000
"""The largest record file taken (real ones are a few KB; the terminal reads 2 MB)."""
UPLOADS_PER_MINUTE = 10
"""Uploads one address may send in any 60 seconds."""
BODY_RULES = {"/api/uploads": BodyRule(MAX_UPLOAD_BYTES, "bad_record", "upload_too_large")}
"""The upload's body limit (:class:`~towerplay.server.guards.BodyLimit`)."""
UPLOAD_ID = re.compile(r"[A-Za-z0-9_-]{22}")
REPLAY_PAGE = Path(__file__).parent / "static" / "replay.html"


def checked(data: bytes) -> Record:
    """The record in an uploaded file, replayed to its end (raises :class:`BadRecord`
    with the reason ``towerplay replay`` gives).

    >>> checked(b"\\xff\\xfe")
    Traceback (most recent call last):
    ...
    towerplay.core.errors.BadRecord: the record file is not UTF-8 text (a binary file?)
    """
    if len(data) > MAX_UPLOAD_BYTES:
        raise BadRecord(web("upload_too_large", limit=MAX_UPLOAD_BYTES))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadRecord(web("upload_binary")) from None
    record = Record.loads(text)
    if record.seed > MAX_SEED:
        raise BadRecord(web("upload_seed_range", limit=MAX_SEED, got=str(record.seed)[:24]))
    for name, value in sorted(record.options.items()):
        if name in file_options(record.game) and isinstance(value, str):  # data, not a path
            raise BadRecord(web("option_file", name=repr(name)))
    record.replay()  # every action legal, the result the replay's
    return record


def upload_id(record: Record) -> str:
    """A record's id: a hash of its content, so the same record is stored once."""
    text = json.dumps(record.to_json(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


async def read_limited(request: Request) -> bytes:
    """The request body, read no further than one byte past :data:`MAX_UPLOAD_BYTES`."""
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_UPLOAD_BYTES:
            break
    return bytes(data)


@router.post("/api/uploads")
async def upload(request: Request) -> Response:
    """Check and keep an uploaded record file: its id and replay link."""
    address = client_address(request)
    if not await in_thread(request.app.state.hub.storage.limits.take, f"upload {address}",
                           UPLOADS_PER_MINUTE, 60):  # counted in the database: every process
        return error(429, "busy", web("upload_rate", limit=UPLOADS_PER_MINUTE),
                     page_language(request), limit=UPLOADS_PER_MINUTE)
    try:
        record = checked(await read_limited(request))
    except TowerplayError as problem:
        return error(422, "bad_record", problem.event, page_language(request))
    found = upload_id(record)
    await in_thread(request.app.state.hub.storage.uploads.add, found,
                    json.dumps(record.to_json(), separators=(",", ":")))
    return JSONResponse({"upload": found, "replay": f"/replay/upload/{found}",
                         "game": record.game, "total": len(record.actions)},
                        status_code=201)


async def stored(request: Request, upload: str) -> Record | JSONResponse:
    """An uploaded record (read once, then kept: :mod:`.finished`), or the refusal of an
    unknown id (404)."""
    text = (await in_thread(request.app.state.hub.storage.uploads.get, upload)
            if UPLOAD_ID.fullmatch(upload) else None)
    if text is None:
        return error(404, "not_found", web("no_upload"), page_language(request),
                     upload=upload[:40])
    return await memo(request).get(("upload", upload), lambda: Record.loads(text))


@router.get("/replay/upload/{upload}", include_in_schema=False)
async def replay_page(upload: str) -> Response:
    return FileResponse(REPLAY_PAGE, media_type="text/html")


@router.get("/api/uploads/{upload}/replay")
async def upload_position(request: Request, upload: str, at: str = "0",
                          lang: str | None = None) -> Response:
    """The uploaded game's spectator view after ``at`` actions."""
    record = await stored(request, upload)
    if isinstance(record, JSONResponse):
        return record
    return await position_answer(request, ("upload", upload), record, at,
                                 page_language(request, lang))


@router.get("/api/uploads/{upload}/moves")
async def upload_moves(request: Request, upload: str, lang: str | None = None) -> Response:
    """Every action of the uploaded game as a spectator's log line."""
    record = await stored(request, upload)
    if isinstance(record, JSONResponse):
        return record
    return await moves_answer(request, ("upload", upload), record,
                              page_language(request, lang))


@router.get("/api/uploads/{upload}/record")
async def upload_record(request: Request, upload: str) -> Response:
    """The uploaded record file, to download again."""
    record = await stored(request, upload)
    if isinstance(record, JSONResponse):
        return record
    over = await memo(request).get(("upload", upload, "over"),
                                   lambda: record.replay().is_over)
    if not over:  # its seed would show the cards still to come
        return error(403, "forbidden", web("record_after_end"), page_language(request))
    return await record_answer(request, ("upload", upload), record,
                               f"{record.game}-{upload}.json")
