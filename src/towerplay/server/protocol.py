"""The protocol's shared pieces (docs/web.md, "The protocol"): the one shape of every
refusal, over HTTP and the websocket alike (:class:`Refusal`, its codes), and what a
client may never set.

>>> body = error_body("stale", web("stale_version", version=3, current=5), "pl", version=5)
>>> body  # doctest: +NORMALIZE_WHITESPACE
{'type': 'error', 'code': 'stale', 'message': 'wersja 3 nie jest aktualną wersją stołu (5)',
 'params': {'version': 5}}
"""
from __future__ import annotations

from typing import Any, Literal

import orjson
from fastapi.responses import JSONResponse

from towerplay import games
from towerplay.arena.table import (
    GameOver,
    IllegalMove,
    MoveRefused,
    NotAMove,
    NotYourTurn,
    StaleMove,
    UndoRefused,
)
from towerplay.core.errors import TowerplayError
from towerplay.core.events import Event, Param
from towerplay.i18n import word

RefusalCode = Literal["stale", "illegal", "forbidden", "over", "bad_message"]


class Refusal(TowerplayError):
    """A request or move the server refuses, changing nothing: ``code`` says which kind
    (the protocol's error codes), ``event`` why (worded in each reader's language),
    ``params`` the values the error body carries."""

    def __init__(self, code: RefusalCode, reason: Event, **params: Any) -> None:
        super().__init__(reason)
        self.code: RefusalCode = code
        self.params = params

    @classmethod
    def of(cls, refused: MoveRefused) -> Refusal:
        """The table's refusal of a move, with its protocol code.

        >>> from towerplay.arena.table import GameOver
        >>> Refusal.of(GameOver(Event.of("core.table.over"))).code
        'over'
        """
        return cls(CODES[type(refused)], refused.event, **refused.params)


CODES: dict[type[MoveRefused], RefusalCode] = {
    NotAMove: "bad_message", GameOver: "over", StaleMove: "stale", NotYourTurn: "forbidden",
    IllegalMove: "illegal", UndoRefused: "illegal"}
"""The protocol's code of each kind of refusal the table gives."""


def file_options(game: str) -> frozenset[str]:
    """The game's options that name component files (its own declaration,
    :meth:`~towerplay.core.game.Options.file_options`): never taken from a client, the
    shipped data is used. An unknown game has none."""
    if game not in games.names():
        return frozenset()
    return games.game_class(game).options_type.file_options()


STATUS = {"stale": 409, "illegal": 422, "bad_message": 422, "forbidden": 403, "over": 409}
"""The HTTP status of each refusal of a move."""


def encoded(value: Any) -> str:
    """``value`` as compact JSON text (orjson: a view message with its board is encoded
    for every seat at every move).

    >>> encoded({"a": [1, 2.5, None], 3: "ż"})
    '{"a":[1,2.5,null],"3":"ż"}'
    """
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def web(key: str, /, **params: Param) -> Event:
    """The server's own reason ``key`` (the ``web`` catalogue's ``web.<key>``)."""
    return Event.of(f"web.{key}", **params)


class ErrorBody(dict[str, Any]):
    """An error body that remembers its reason as an event (``event``), so a body told to
    many clients is worded in each one's language (:func:`worded`); it is sent as the
    plain dict."""

    event: Event | None = None


def error_body(code: str, reason: Event | str, lang: str = "en", /,
               **params: Any) -> dict[str, Any]:
    """A refusal: its code (never translated), its reason worded in ``lang`` by the
    catalogues (a text, e.g. a game's own, as it is) and its parameters."""
    message = word(reason, lang) if isinstance(reason, Event) else reason
    body = ErrorBody({"type": "error", "code": code, "message": message, "params": params})
    body.event = reason if isinstance(reason, Event) else None
    return body


def worded(body: dict[str, Any], lang: str) -> dict[str, Any]:
    """``body`` with its message in ``lang`` (by its event; a body without one as it is)."""
    event = getattr(body, "event", None)
    if event is None:
        return body
    return error_body(str(body["code"]), event, lang, **body.get("params", {}))


def refusal_body(refusal: Refusal, lang: str = "en") -> dict[str, Any]:
    """A :class:`Refusal` as the protocol's error body, worded in ``lang``."""
    return error_body(refusal.code, refusal.event, lang, **refusal.params)


def error(status: int, code: str, reason: Event, lang: str = "en", /,
          **params: Any) -> JSONResponse:
    """An HTTP error reply with the protocol's body, worded in ``lang``."""
    return JSONResponse(error_body(code, reason, lang, **params), status_code=status)


def not_found(table_id: str, lang: str = "en") -> JSONResponse:
    """The reply for a table id no table has."""
    return error(404, "not_found", web("no_table"), lang, table=table_id[:40])
