"""The board of a view for the web page: the game's own ``board.draw(view)`` (an SVG with
``data-action`` on every clickable piece) when the game package has one, else a generic
board — the view as readable, fully escaped HTML, without buttons (the page adds a button
per legal action).

>>> "<dl" in draw({"game": "no_such_game", "players": 2, "note": "<b>"})
True
>>> "<b>" in draw({"game": "no_such_game", "players": 2, "note": "<b>"})
False
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from html import escape
from typing import Any

from towerplay import games
from towerplay.i18n import translator

log = logging.getLogger("towerplay.server")

HIDDEN_KEYS = frozenset({"legal", "log", "version", "game"})
"""Keys the page shows by itself (buttons, events, the title), not in the generic board."""
MAX_DEPTH = 12
"""Deeper nesting is shown as text: a view is never this deep, but no input may recurse."""


def draw(view: Mapping[str, Any], lang: str = "en") -> str:
    """The board of ``view`` in ``lang``: the game's ``board.draw(view, tr)`` or
    :func:`generic` — also when the game's board fails (logged), so a drawing bug never
    stops a table: the page's action buttons still play it."""
    name = view.get("game")
    module = None
    if isinstance(name, str) and name in games.names():
        module = games.companion(name, "board")
    game_draw = getattr(module, "draw", None)
    if game_draw is not None:
        try:
            return str(game_draw(view, translator(str(name), lang)))
        except Exception:
            log.exception("the %s board cannot draw this view; the generic board instead",
                          name)
    return generic(view)


def components(game: str, lang: str = "en") -> str:
    """Pictures of ``game``'s components in ``lang``, drawn by its board's
    ``components(tr)`` (the kit's pieces, as on the table); nothing for a game without.

    >>> "<svg" in components("castle", "pl"), components("no_such_game")
    (True, '')
    """
    module = games.companion(game, "board") if game in games.names() else None
    pictures = getattr(module, "components", None)
    return "" if pictures is None else str(pictures(translator(game, lang)))


def generic(view: Mapping[str, Any]) -> str:
    """The view as HTML: a definition list of its keys (nested lists and objects as
    tables and lists), every text escaped."""
    title = str(view.get("game", "game"))
    shown = {k: v for k, v in view.items() if k not in HIDDEN_KEYS}
    return (f'<div class="generic-board" data-game="{escape(title)}">'
            f"{value_html(shown, 0)}</div>")


def value_html(value: Any, depth: int) -> str:
    """One value of a view as HTML."""
    if depth > MAX_DEPTH:
        return f"<code>{escape(repr(value)[:200])}</code>"
    if isinstance(value, dict):
        return dict_html(value, depth)
    if isinstance(value, list):
        return list_html(value, depth)
    return scalar_html(value)


def scalar_html(value: Any) -> str:
    """A number, text, true/false or nothing, escaped; whole floats as ints (6, not 6.0)."""
    if value is None:
        return '<span class="none">—</span>'
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return escape(str(value))


def dict_html(value: dict[Any, Any], depth: int) -> str:
    """An object as a definition list (``field_name`` shown as ``field name``)."""
    if not value:
        return '<span class="none">(none)</span>'
    rows = "".join(f"<dt>{escape(str(k).replace('_', ' '))}</dt>"
                   f"<dd>{value_html(v, depth + 1)}</dd>" for k, v in value.items())
    return f"<dl>{rows}</dl>"


def list_html(value: list[Any], depth: int) -> str:
    """A list: of scalars in one line, of objects as a table (one row each, keys as
    columns), of anything else as a numbered list (from 0, as seats are numbered)."""
    if not value:
        return '<span class="none">(none)</span>'
    if all(not isinstance(v, (dict, list)) for v in value):
        return '<span class="items">' + " · ".join(scalar_html(v) for v in value) + "</span>"
    if all(isinstance(v, dict) for v in value):
        return table_html(value, depth)
    items = "".join(f"<li value=\"{i}\">{value_html(v, depth + 1)}</li>"
                    for i, v in enumerate(value))
    return f'<ol start="0">{items}</ol>'


def table_html(rows: list[dict[Any, Any]], depth: int) -> str:
    """Objects as a table: a column per key (in first-seen order), a row per object."""
    columns: list[Any] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    head = "<th>#</th>" + "".join(f"<th>{escape(str(c).replace('_', ' '))}</th>"
                                  for c in columns)
    body = "".join(
        f"<tr><th>{i}</th>" + "".join(
            f"<td>{value_html(row[c], depth + 1) if c in row else ''}</td>"
            for c in columns) + "</tr>"
        for i, row in enumerate(rows))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
