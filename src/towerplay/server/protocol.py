"""The protocol's shared pieces (DESIGN.md, "The protocol"): the one shape of every
refusal, over HTTP and the websocket alike, and what a client may never set.

>>> error_body("stale", "version 3 is not the table's version 5", version=5)
{'type': 'error', 'code': 'stale', 'message': "version 3 is not the table's version 5", 'params': {'version': 5}}
"""
from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

from towerplay import games
from towerplay.arena.table import Refusal
from towerplay.core.events import Event

def file_options(game: str) -> frozenset[str]:
    """The game's options that name component files (its own declaration,
    :meth:`~towerplay.core.game.Options.file_options`): never taken from a client, the
    shipped data is used. An unknown game has none."""
    if game not in games.names():
        return frozenset()
    return games.game_class(game).options_type.file_options()
STATUS = {"stale": 409, "illegal": 422, "bad_message": 422, "forbidden": 403, "over": 409}
"""The HTTP status of each refusal of a move."""


def error_body(code: str, message: str, **params: Any) -> dict[str, Any]:
    """A refusal: its code (never translated), its message and its parameters."""
    return {"type": "error", "code": code, "message": message, "params": params}


class ErrorBody(dict[str, Any]):
    """An error body that remembers the game's reason as an event (``event``), so
    :func:`~towerplay.server.words.worded` words it in the reader's language; it is sent
    as the plain dict."""

    event: Event | None = None


def refusal_body(refusal: Refusal) -> dict[str, Any]:
    """A :class:`Refusal` as the protocol's error body (with its event, if any)."""
    body = ErrorBody(error_body(refusal.code, refusal.message, **refusal.params))
    body.event = refusal.event
    return body


def error(status: int, code: str, message: str, **params: Any) -> JSONResponse:
    """An HTTP error reply with the protocol's body."""
    return JSONResponse(error_body(code, message, **params), status_code=status)


def not_found(table_id: str) -> JSONResponse:
    """The reply for a table id no table has."""
    return error(404, "not_found", "no table has this id", table=table_id[:40])
