"""SVG pieces the games' web boards share: panels, escaped text, clickable groups, buttons.

A board (``games/<name>/board.py``) draws a view as a ``<div class="board-panels">`` of
``<svg class="board-panel">`` panels. The web app's style sheet (``server/static/style.css``)
lays these classes out: side by side on a desktop, stacked on a 360 px phone.
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from textwrap import wrap

__all__ = ["GLYPH", "WIDTH", "button", "clickable", "fit_size", "lines", "num",
           "panel", "panels", "text"]

WIDTH = 380
"""A panel's viewBox width: readable on a 360 px phone, two side by side on a desktop."""

GLYPH = 0.58
"""About the widest a glyph is, in font sizes (text is not measured on the server)."""


@lru_cache(maxsize=8192)
def fit_size(words: str, size: float, width: float) -> float:
    """The font size, at most ``size`` (in half steps), at which ``words`` fit ``width``:
    a wordier language shrinks a long line a little rather than cut it at the panel's
    edge.

    >>> fit_size("sand", 11, 66), fit_size("● cukierkowa", 11, 66)
    (11, 9.0)
    """
    return min(size, math.floor(width / (GLYPH * max(len(words), 1)) * 2) / 2)


def num(value: float) -> str:
    """A coordinate as SVG text, without a useless ``.0``.

    >>> num(3), num(3.0), num(2.5)
    ('3', '3', '2.5')
    """
    return f"{value:g}"


def panels(game: str, prefix: str, parts: list[str]) -> str:
    """The board: ``parts`` (panels), which the page's style sheet wraps.

    >>> panels("toy", "toy", ["<svg/>"])
    '<div class="toy-board board-panels" data-game="toy"><svg/></div>'
    """
    return (f'<div class="{prefix}-board board-panels" data-game="{escape(game)}">'
            f'{"".join(parts)}</div>')


def panel(prefix: str, height: float, body: str, label: str, width: float = WIDTH) -> str:
    """One panel: an ``<svg>`` root with a viewBox, scaled to its container's width.

    >>> panel("toy", 40, "", "a & b")  # doctest: +ELLIPSIS
    '<svg class="toy-panel board-panel" ... viewBox="0 0 380 40" ... aria-label="a &amp; b"></svg>'
    """
    return (f'<svg class="{prefix}-panel board-panel" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {num(width)} {num(height)}" role="group" '
            f'aria-label="{escape(label)}">{body}</svg>')


@lru_cache(maxsize=16384)
def text(x: float, y: float, content: str, anchor: str = "start", size: float = 12,
         weight: str = "normal", fill: str = "#222", cls: str = "") -> str:
    """An escaped SVG text (kept: a board draws the same texts at every move, of every
    seat's view).

    >>> text(1, 2.0, "<b>")  # doctest: +ELLIPSIS
    '<text x="1" y="2" text-anchor="start" ... fill="#222">&lt;b&gt;</text>'
    """
    klass = f' class="{cls}"' if cls else ""
    return (f'<text{klass} x="{num(x)}" y="{num(y)}" text-anchor="{anchor}" '
            f'font-size="{size}" font-weight="{weight}" fill="{fill}">{escape(content)}</text>')


def lines(x: float, y: float, content: str, width: int, size: int = 11,
          fill: str = "#222", step: float = 0) -> tuple[float, str]:
    """``content`` wrapped to ``width`` characters; the y below it and the texts.

    >>> lines(0, 0, "one two", 3)[0]
    28
    """
    step = step or size + 3
    out = []
    for line in wrap(content, width) or [""]:
        out.append(text(x, y + size, line, size=size, fill=fill))
        y += step
    return y, "".join(out)


def clickable(action: str | None, label: str, body: str, extra: str = "") -> str:
    """``body`` as a button sending ``action`` (keyboard-reachable, labelled), or a plain
    titled group if ``action`` is None.

    >>> clickable("take 1", "take it", "")  # doctest: +NORMALIZE_WHITESPACE
    '<g class="act" data-action="take 1" role="button" tabindex="0"
    aria-label="take it"><title>take it</title></g>'
    >>> clickable(None, "a", "")
    '<g><title>a</title></g>'
    """
    if action is None:
        return f"<g{extra}><title>{escape(label)}</title>{body}</g>"
    return (f'<g class="act" data-action="{escape(action)}" role="button" tabindex="0" '
            f'aria-label="{escape(label)}"{extra}><title>{escape(label)}</title>{body}</g>')


def button(x: float, y: float, w: float, caption: str, action: str | None, label: str,
           h: float = 28, size: int = 13, stroke: str = "#234") -> str:
    """A rounded blue button sending ``action``; grey and not clickable if it is None.

    >>> 'data-action="pass"' in button(0, 0, 50, "pass", "pass", "pass your turn")
    True
    """
    fill, ink = ("#2d6cdf", "#fff") if action else ("#e4e4e4", "#888")
    body = (f'<rect class="btn" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
            f'rx="{5 if h < 28 else 6}" fill="{fill}" stroke="{stroke}"/>'
            + text(x + w / 2, y + h / 2 + round(size * 0.35), caption, "middle", size, "bold",
                   ink))
    return clickable(action, label, body)
