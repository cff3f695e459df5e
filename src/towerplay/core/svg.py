"""SVG pieces the games' web boards share: panels, escaped text, clickable groups, buttons.

A board (``games/<name>/board.py``) draws a view as a ``<div class="board-panels">`` of
``<svg class="board-panel">`` panels. The web app's style sheet (``server/static/style.css``)
lays these classes out: side by side on a desktop, stacked on a 360 px phone.

The component kit draws the games' pieces the same way in every game: a :func:`card`, a
:func:`die` (pips, its material's colour and a pattern, so colour is never the only cue),
a :func:`token`, a :func:`figure` (a golem, a pawn), a :func:`stack` of cards (a tower), a
:func:`cell`, an :func:`icon` and each seat's colour (:func:`seat_colour`). A piece with a
``key`` carries it as ``data-key``: the page patches a board in place by these keys, so a
piece that moves or changes keeps its element and CSS transitions run, and what changed is
marked as the last move; a piece whose place shifts while it stays (in a display that
closes up when one leaves) is placed with :func:`in_row`, so that sliding is no move.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from html import escape, unescape
from textwrap import wrap
from typing import NamedTuple

__all__ = ["GLYPH", "ICONS", "PATTERNS", "SEAT_COLOURS", "TAP", "WIDTH", "Exhibit", "Layer",
           "button", "card", "cell", "clickable", "die", "figure", "fit_size", "icon", "key_attr",
           "in_row", "lines", "num", "panel", "panels", "seat_colour", "showcase", "stack", "text",
           "token"]

WIDTH = 380
"""A panel's viewBox width: readable on a 360 px phone, two side by side on a desktop."""

TAP = 45
"""The least side of a clickable piece, in viewBox units: 44 CSS px on a 390 px phone,
where a 380-wide panel shows at about 0.99 (a finger's size; never under it)."""

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


TEXT_DEFAULTS = 'text-anchor="start" font-weight="normal"'
"""What a panel's texts inherit unless they say otherwise (:func:`text` leaves these out;
set on the panel so that no page style around a board changes them)."""


def panel(prefix: str, height: float, body: str, label: str, width: float = WIDTH) -> str:
    """One panel: an ``<svg>`` root with a viewBox, scaled to its container's width.

    >>> panel("toy", 40, "", "a & b")  # doctest: +ELLIPSIS
    '<svg class="toy-panel board-panel" ... viewBox="0 0 380 40" ... text-anchor="start" ...></svg>'
    """
    return (f'<svg class="{prefix}-panel board-panel" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {num(width)} {num(height)}" role="group" '
            f'aria-label="{escape(label)}" {TEXT_DEFAULTS}>{body}</svg>')


@lru_cache(maxsize=16384)
def text(x: float, y: float, content: str, anchor: str = "start", size: float = 12,
         weight: str = "normal", fill: str = "#222", cls: str = "") -> str:
    """An escaped SVG text (kept: a board draws the same texts at every move, of every
    seat's view). The anchor and weight that a :func:`panel` sets for all its texts are
    left out: a tenth of a board's bytes, which every move's patch, message and page
    would carry.

    >>> text(1, 2.0, "<b>")
    '<text x="1" y="2" font-size="12" fill="#222">&lt;b&gt;</text>'
    >>> text(1, 2, "b", "middle", 14, "bold")
    '<text x="1" y="2" text-anchor="middle" font-size="14" font-weight="bold" fill="#222">b</text>'
    """
    klass = f' class="{cls}"' if cls else ""
    anchored = "" if anchor == "start" else f' text-anchor="{anchor}"'
    weighted = "" if weight == "normal" else f' font-weight="{weight}"'
    return (f'<text{klass} x="{num(x)}" y="{num(y)}"{anchored} font-size="{size}"'
            f'{weighted} fill="{fill}">{escape(content)}</text>')


@lru_cache(maxsize=4096, typed=True)
def lines(x: float, y: float, content: str, width: int, size: int = 11,
          fill: str = "#222", step: float = 0) -> tuple[float, str]:
    """``content`` wrapped to ``width`` characters; the y below it and the texts (kept:
    boards wrap the same card texts at the same places move after move, and wrapping is
    slow).

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
    """``body`` as a button sending ``action`` (keyboard-reachable, named by
    :func:`spoken_name`, its tooltip ``label``), or a plain titled group if ``action`` is
    None.

    >>> clickable("take 1", "take it", "")  # doctest: +NORMALIZE_WHITESPACE
    '<g class="act" data-action="take 1" role="button" tabindex="0"
    aria-label="take it"><title>take it</title></g>'
    >>> clickable(None, "a", "")
    '<g><title>a</title></g>'
    """
    # a space after each text: what is drawn reads as separate words, not run together
    # (clickable or not, so a piece that only stops being clickable keeps its body)
    body = DRAWN_END.sub("</text> ", body)
    if action is None:
        return f"<g{extra}><title>{escape(label)}</title>{body}</g>"
    return (f'<g class="act" data-action="{escape(action)}" role="button" tabindex="0" '
            f'aria-label="{escape(spoken_name(label, body))}"{extra}>'
            f"<title>{escape(label)}</title>{body}</g>")


DRAWN = re.compile(r"<text\b[^>]*>(.*?)</text>", re.DOTALL)
DRAWN_END = re.compile(r"</text>(?! )")
TAG = re.compile(r"<[^>]+>")
PARENTHETICAL = re.compile(r"\([^()]*\)")


def spoken_name(label: str, body: str) -> str:
    """A clickable piece's accessible name: its ``label``, followed by the words drawn on
    it (its SVG texts) unless the label already says them in that order. A person who
    speaks what they see, or reads the piece, names it (WCAG 2.5.3, label in name).

    >>> spoken_name("pass your turn", text(0, 0, "pass"))
    'pass your turn'
    >>> spoken_name("spasuj", text(0, 0, "pas"))
    'spasuj — pas'
    >>> spoken_name("take: sand 3", text(0, 0, "≈3") + text(0, 9, "sand"))
    'take: sand 3 — ≈3 sand'
    """
    drawn = " ".join(unescape(TAG.sub("", found)).strip() for found in DRAWN.findall(body))
    drawn = " ".join(drawn.split())
    if not words(drawn) or in_order(words(drawn), words(label)):
        return label
    return f"{label} — {drawn}"


def words(said: str) -> list[str]:
    """The words of ``said`` as a speech checker compares them: letters and digits only,
    accents and parentheses left out, in lower case.

    >>> words("Weź: sand (3)!")
    ['wez', 'sand']
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", said)
                    if not unicodedata.combining(c))
    while (shorter := PARENTHETICAL.sub(" ", plain)) != plain:
        plain = shorter
    return re.findall(r"[^\W_]+", plain.lower())


def in_order(needle: list[str], haystack: list[str]) -> bool:
    """Whether ``needle`` is a run of consecutive words of ``haystack``.

    >>> in_order(["sand", "3"], ["take", "sand", "3"]), in_order(["3", "sand"], ["sand", "3"])
    (True, False)
    """
    return any(haystack[i:i + len(needle)] == needle
               for i in range(len(haystack) - len(needle) + 1))


def button(x: float, y: float, w: float, caption: str, action: str | None, label: str,
           h: float = 28, size: float = 13, stroke: str = "#234", glyph: str = "") -> str:
    """A rounded blue button sending ``action``; grey and not clickable if it is None;
    ``glyph``: an :func:`icon` before its caption.

    >>> 'data-action="pass"' in button(0, 0, 50, "pass", "pass", "pass your turn")
    True
    >>> "<path" in button(0, 0, 90, "2 steps", "turn b1:3 2", "turn it", 45, glyph="turn")
    True
    """
    fill, ink = ("#2d6cdf", "#fff") if action else ("#e4e4e4", "#888")
    side = min(h - 14, 20) if glyph else 0
    body = (f'<rect class="btn" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
            f'rx="{5 if h < 28 else 6}" fill="{fill}" stroke="{stroke}"/>'
            + (icon(glyph, x + 6, y + (h - side) / 2, side, ink) if glyph else "")
            + text(x + (w + side + (6 if glyph else 0)) / 2, y + h / 2 + round(size * 0.35),
                   caption, "middle", size, "bold", ink))
    return clickable(action, label, body)


# ----------------------------------------------------------------- the component kit
SEAT_COLOURS = ("#2f7fd0", "#2e9e4f", "#d2452f", "#8a5cc2", "#d08a1f", "#4a4a4a")
"""The seats' colours, in seat order (blue, green, red, purple, orange, grey)."""

PATTERNS = ("", "grain", "speckle", "shine", "dashed")
"""The marks a die may carry besides its colour: wood grain, stone speckle, a glass shine,
a dashed rim (recycled); ``""``: none."""

ICONS = ("coin", "star", "golem", "turn", "arrow", "bolt", "flag", "crest", "build", "crown",
         "tiara", "hat", "sword", "rose", "tower")
"""The icons :func:`icon` draws."""

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
"""Where a die's pips sit on its face (fractions of its side), by value."""


def seat_colour(seat: int) -> str:
    """Seat ``seat``'s colour (counted from 0; the colours repeat after six).

    >>> seat_colour(0), seat_colour(7)
    ('#2f7fd0', '#2e9e4f')
    """
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def key_attr(key: str) -> str:
    """`` data-key="…"`` for a piece with a stable key, else nothing.

    >>> key_attr("die-3"), key_attr("")
    (' data-key="die-3"', '')
    """
    return f' data-key="{escape(key)}"' if key else ""


def in_row(row: str, x: float, y: float) -> str:
    """The attributes that set a keyed piece, drawn at (0, 0), at (``x``, ``y``) in
    ``row``: pieces whose places shift while they stay (a display or a pool that closes up
    when one leaves, a market whose cards slide down when those above grow). A piece that
    only slides within its row is moved there by the page, not marked as the last move
    (static/morph.js); one that comes from another row is.

    >>> in_row("display", 72, 20.5)
    ' data-row="display" transform="translate(72 20.5)"'
    """
    return f' data-row="{escape(row)}" transform="translate({num(x)} {num(y)})"'


@lru_cache(maxsize=4096)
def die(x: float, y: float, size: float, value: int, fill: str, ink: str, edge: str,
        pattern: str = "", key: str = "") -> str:
    """A die seen from above: its face in ``fill``, ``value`` pips in ``ink`` and the
    ``pattern`` marks (see :data:`PATTERNS`); a value that is no die face shows as a digit.

    >>> d = die(0, 0, 30, 3, "#f0a24a", "#4a2600", "#7a4100", "grain", "pool-1")
    >>> d.count("<circle"), 'data-key="pool-1"' in d, 'class="die"' in d
    (3, True, True)
    """
    face = (f'<rect class="card die-face" x="{num(x)}" y="{num(y)}" width="{num(size)}" '
            f'height="{num(size)}" rx="{num(size / 6)}" fill="{fill}" stroke="{edge}" '
            f'stroke-width="1.5"/>')
    marks = pattern_marks(x, y, size, pattern, ink)
    if value in PIPS:
        r = size / 11
        pips = "".join(f'<circle cx="{num(round(x + fx * size, 1))}" '
                       f'cy="{num(round(y + fy * size, 1))}" r="{num(round(r, 2))}" '
                       f'fill="{ink}"/>' for fx, fy in PIPS[value])
    else:
        pips = text(x + size / 2, y + size * 0.68, str(value), "middle", size * 0.5, "bold",
                    ink)
    return f'<g class="die"{key_attr(key)}>{face}{marks}{pips}</g>'


def pattern_marks(x: float, y: float, size: float, pattern: str, ink: str) -> str:
    """A die's pattern: a few strokes that tell materials apart without colour.

    >>> pattern_marks(0, 0, 30, "", "#000")
    ''
    >>> pattern_marks(0, 0, 30, "speckle", "#000").count("<circle")
    4
    """
    if pattern == "grain":
        return "".join(f'<path d="M{num(x + 3)} {num(round(y + size * f, 1))} '
                       f'q{num(size / 4)} -2 {num(size / 2 - 3)} 0 t{num(size / 2 - 3)} 0" '
                       f'fill="none" stroke="{ink}" stroke-opacity="0.35"/>'
                       for f in (0.12, 0.92))
    if pattern == "speckle":
        dots = ((0.5, 0.1), (0.1, 0.5), (0.9, 0.5), (0.5, 0.9))
        return "".join(f'<circle cx="{num(round(x + fx * size, 1))}" '
                       f'cy="{num(round(y + fy * size, 1))}" r="1" fill="{ink}" '
                       f'fill-opacity="0.5"/>' for fx, fy in dots)
    if pattern == "shine":
        return (f'<path d="M{num(x + size * 0.62)} {num(y + 3)} l{num(size * 0.3)} '
                f'{num(size * 0.3)}" stroke="{ink}" stroke-width="2" stroke-opacity="0.45"/>')
    if pattern == "dashed":
        return (f'<rect x="{num(x + 2.5)}" y="{num(y + 2.5)}" width="{num(size - 5)}" '
                f'height="{num(size - 5)}" rx="{num(size / 8)}" fill="none" stroke="{ink}" '
                f'stroke-opacity="0.5" stroke-dasharray="3 2"/>')
    return ""


def card(x: float, y: float, w: float, h: float, fill: str, edge: str, body: str = "",
         dashed: bool = False, key: str = "", title: str = "", extra: str = "") -> str:
    """A card: a rounded frame in ``fill`` with ``body`` (texts, icons) over it; ``dashed``:
    an empty place where a card may go; ``title``: its tooltip (what it is, in words);
    ``extra``: more attributes of its group (:func:`in_row`'s).

    >>> card(0, 0, 40, 60, "#fff", "#000", key="c1")  # doctest: +ELLIPSIS
    '<g class="piece" data-key="c1"><rect class="card" ... rx="6" fill="#fff" .../></g>'
    >>> card(0, 0, 40, 60, "#fff", "#000", title="sand 7")  # doctest: +ELLIPSIS
    '<g class="piece"><title>sand 7</title><rect ...'
    """
    dash = ' stroke-dasharray="3 3"' if dashed else ""
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (f'<g class="piece"{key_attr(key)}{extra}>{tip}<rect class="card" x="{num(x)}" '
            f'y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(min(6, h / 4))}" '
            f'fill="{fill}" stroke="{edge}"{dash}/>{body}</g>')


@lru_cache(maxsize=1024)
def token(cx: float, cy: float, r: float, fill: str, caption: str = "", ink: str = "#fff",
          edge: str = "#111") -> str:
    """A round token with a short ``caption`` (a number) in its middle.

    >>> token(10, 10, 8, "#2f7fd0", "5")  # doctest: +ELLIPSIS
    '<circle cx="10" cy="10" r="8" fill="#2f7fd0" stroke="#111"/><text ...>5</text>'
    """
    disc = (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}" '
            f'stroke="{edge}"/>')
    if not caption:
        return disc
    return disc + text(cx, cy + r * 0.4, caption, "middle", round(r * 1.15, 1), "bold", ink)


@lru_cache(maxsize=1024)
def figure(x: float, y: float, h: float, fill: str, caption: str = "",
           ink: str = "#fff") -> str:
    """A standing figure (a golem, a pawn) ``h`` high with its feet at ``y``, in its
    owner's colour, a short ``caption`` (a number) on its chest.

    >>> golem = figure(0, 30, 30, "#d2452f", "4")
    >>> golem.count("<path"), ">4</text>" in golem
    (1, True)
    """
    w = h * 0.7
    head = h * 0.16
    body = (f'<circle cx="{num(round(x + w / 2, 1))}" cy="{num(round(y - h + head, 1))}" '
            f'r="{num(round(head, 1))}" fill="{fill}" stroke="#111"/>'
            f'<path d="M{num(x)} {num(y)} l{num(round(w * 0.12, 1))} {num(round(-h * 0.62, 1))} '
            f'q{num(round(w * 0.38, 1))} {num(round(-h * 0.1, 1))} '
            f'{num(round(w * 0.76, 1))} 0 l{num(round(w * 0.12, 1))} '
            f'{num(round(h * 0.62, 1))} z" fill="{fill}" stroke="#111"/>')
    if caption:
        body += text(x + w / 2, y - h * 0.22, caption, "middle", round(h * 0.36, 1), "bold",
                     ink)
    return body


class Layer(NamedTuple):
    """One card of a :func:`stack`: its colours, its face drawn at the card's top-left
    corner (``face(x, y)``), its key and its tooltip."""

    fill: str
    edge: str
    face: Callable[[float, float], str] | None = None
    key: str = ""
    title: str = ""


def stack(x: float, bottom: float, w: float, h: float, step: float, layers: list[Layer],
          key: str = "") -> tuple[float, str]:
    """A stack of cards (a tower) standing on ``bottom``, each ``h`` high, each above the
    one before by ``step`` (the lower cards show a strip): its top's y and the drawing.

    >>> top, drawn = stack(0, 100, 40, 30, 10, [Layer("#fff", "#000"),
    ...                                         Layer("#eee", "#000", key="top")])
    >>> top, drawn.count('class="card"'), 'data-key="top"' in drawn
    (60, 2, True)
    """
    parts = []
    top = bottom
    for i, layer in enumerate(layers):
        top = bottom - h - i * step
        body = layer.face(x, top) if layer.face else ""
        parts.append(card(x, top, w, h, layer.fill, layer.edge, body, key=layer.key,
                          title=layer.title))
    return top, f'<g class="stack"{key_attr(key)}>{"".join(parts)}</g>'


def cell(x: float, y: float, w: float, h: float, fill: str = "#f7f4ec",
         edge: str = "#8c8270", hatched: bool = False, key: str = "") -> str:
    """A cell of a grid (a building site); ``hatched`` when nothing may go there.

    >>> "<line" in cell(0, 0, 20, 20, hatched=True), "<line" in cell(0, 0, 20, 20)
    (True, False)
    """
    frame = (f'<rect class="card cell" x="{num(x)}" y="{num(y)}" width="{num(w)}" '
             f'height="{num(h)}" rx="4" fill="{fill}" stroke="{edge}"{key_attr(key)}/>')
    return frame + (hatch(x, y, w, h) if hatched else "")


@lru_cache(maxsize=256)
def hatch(x: float, y: float, w: float, h: float, gap: float = 9) -> str:
    """Diagonal hatching over a rectangle, clipped by hand.

    >>> hatch(0, 0, 9, 9).count("<line")
    2
    """
    out = []
    t = -h
    while t < w:
        x0, y0, x1, y1 = x + t, y + h, x + t + h, y
        if x0 < x:
            y0, x0 = y0 - (x - x0), x
        if x1 > x + w:
            y1, x1 = y1 + (x1 - x - w), x + w
        out.append(f'<line x1="{num(x0)}" y1="{num(y0)}" x2="{num(x1)}" y2="{num(y1)}" '
                   f'stroke="#999" stroke-width="1"/>')
        t += gap
    return "".join(out)


@lru_cache(maxsize=1024)
def icon(name: str, x: float, y: float, size: float = 12, fill: str = "#222") -> str:
    """Icon ``name`` (one of :data:`ICONS`) in a ``size`` square at ``x``, ``y``: a coin, a
    star (prestige), a golem, a turn, an arrow (a move), a bolt (an activation), a flag
    (the game's end), a crest, a build hammer, a crown, a tiara, a wizard's hat, a sword,
    a rose and a castle tower (drawn in ``fill``, the figures' own colours).

    >>> icon("coin", 0, 0).startswith("<circle"), icon("nothing", 0, 0)
    (True, '')
    """
    s, cx, cy = size, x + size / 2, y + size / 2
    shapes = {
        "coin": f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(s * 0.45)}" fill="#e8b923" '
                f'stroke="#8a6a00"/><circle cx="{num(cx)}" cy="{num(cy)}" '
                f'r="{num(s * 0.25)}" fill="none" stroke="#8a6a00"/>',
        "star": f'<path d="{star_path(cx, cy, s * 0.5)}" fill="#6a3fb0" stroke="#2c1858"/>',
        "golem": figure(x + s * 0.15, y + s, s, fill),
        "turn": f'<path d="M{num(x + s * 0.8)} {num(cy)} a{num(s * 0.3)} {num(s * 0.3)} 0 1 1 '
                f'{num(-s * 0.12)} {num(-s * 0.22)}" fill="none" stroke="{fill}" '
                f'stroke-width="2"/><path d="M{num(x + s * 0.55)} {num(y + s * 0.1)} '
                f'l{num(s * 0.2)} {num(s * 0.18)} l{num(s * 0.05)} {num(-s * 0.25)} z" '
                f'fill="{fill}"/>',
        "arrow": f'<path d="M{num(x + 1)} {num(cy)} h{num(s * 0.65)} m{num(-s * 0.25)} '
                 f'{num(-s * 0.25)} l{num(s * 0.25)} {num(s * 0.25)} l{num(-s * 0.25)} '
                 f'{num(s * 0.25)}" fill="none" stroke="{fill}" stroke-width="2"/>',
        "bolt": f'<path d="M{num(x + s * 0.6)} {num(y)} L{num(x + s * 0.2)} {num(y + s * 0.6)} '
                f'H{num(cx)} L{num(x + s * 0.4)} {num(y + s)} L{num(x + s * 0.85)} '
                f'{num(y + s * 0.4)} H{num(cx)} z" fill="#f0b400" stroke="#6b4e00"/>',
        "flag": f'<path d="M{num(x + s * 0.2)} {num(y + s)} V{num(y)} l{num(s * 0.6)} '
                f'{num(s * 0.2)} l{num(-s * 0.6)} {num(s * 0.2)}" fill="{fill}" '
                f'stroke="{fill}" stroke-width="1.5"/>',
        "crest": f'<path d="M{num(x + s * 0.15)} {num(y)} h{num(s * 0.7)} v{num(s * 0.45)} '
                 f'q0 {num(s * 0.35)} {num(-s * 0.35)} {num(s * 0.55)} q{num(-s * 0.35)} '
                 f'{num(-s * 0.2)} {num(-s * 0.35)} {num(-s * 0.55)} z" fill="{fill}"/>',
        "build": f'<path d="M{num(x + s * 0.1)} {num(y + s * 0.3)} h{num(s * 0.8)} '
                 f'v{num(s * 0.25)} h{num(-s * 0.8)} z M{num(x + s * 0.42)} '
                 f'{num(y + s * 0.55)} h{num(s * 0.16)} v{num(s * 0.45)} '
                 f'h{num(-s * 0.16)} z" fill="{fill}"/>',
        **figure_icons(x, y, s, fill),
    }
    return shapes.get(name, "")


def figure_icons(x: float, y: float, s: float, fill: str) -> dict[str, str]:
    """The people's and buildings' icons of :func:`icon` (a crown … a tower).

    >>> sorted(figure_icons(0, 0, 10, "#000"))
    ['crown', 'hat', 'rose', 'sword', 'tiara', 'tower']
    """
    def at(fx: float, fy: float) -> str:
        return f"{num(round(x + fx * s, 1))} {num(round(y + fy * s, 1))}"

    solid = f'fill="{fill}" stroke="#111" stroke-width="0.6"'
    return {
        "crown": f'<path d="M{at(0.1, 0.8)} L{at(0.1, 0.3)} L{at(0.3, 0.55)} L{at(0.5, 0.2)} '
                 f'L{at(0.7, 0.55)} L{at(0.9, 0.3)} L{at(0.9, 0.8)} z" {solid}/>',
        "tiara": f'<path d="M{at(0.1, 0.75)} Q{at(0.5, 0.1)} {at(0.9, 0.75)} '
                 f'Q{at(0.5, 0.5)} {at(0.1, 0.75)} z" {solid}/><circle cx="{num(x + s / 2)}" '
                 f'cy="{num(round(y + 0.38 * s, 1))}" r="{num(round(s * 0.09, 1))}" '
                 f'fill="#fff" stroke="#111" stroke-width="0.5"/>',
        "hat": f'<path d="M{at(0.05, 0.85)} L{at(0.95, 0.85)} L{at(0.65, 0.7)} '
               f'L{at(0.45, 0.05)} L{at(0.35, 0.7)} z" {solid}/>',
        "sword": f'<path d="M{at(0.46, 0.05)} L{at(0.54, 0.05)} L{at(0.54, 0.65)} '
                 f'L{at(0.75, 0.65)} L{at(0.75, 0.73)} L{at(0.54, 0.73)} L{at(0.54, 0.95)} '
                 f'L{at(0.46, 0.95)} L{at(0.46, 0.73)} L{at(0.25, 0.73)} L{at(0.25, 0.65)} '
                 f'L{at(0.46, 0.65)} z" {solid}/>',
        "rose": "".join(f'<circle cx="{num(round(x + fx * s, 1))}" '
                        f'cy="{num(round(y + fy * s, 1))}" r="{num(round(s * 0.2, 1))}" '
                        f'{solid}/>' for fx, fy in ((0.5, 0.3), (0.3, 0.5), (0.7, 0.5),
                                                   (0.5, 0.68)))
                + f'<circle cx="{num(x + s / 2)}" cy="{num(round(y + 0.5 * s, 1))}" '
                  f'r="{num(round(s * 0.12, 1))}" fill="#ffd24a"/>',
        "tower": f'<path d="M{at(0.2, 0.95)} L{at(0.2, 0.3)} L{at(0.2, 0.15)} L{at(0.33, 0.15)} '
                 f'L{at(0.33, 0.25)} L{at(0.45, 0.25)} L{at(0.45, 0.15)} L{at(0.57, 0.15)} '
                 f'L{at(0.57, 0.25)} L{at(0.69, 0.25)} L{at(0.69, 0.15)} L{at(0.8, 0.15)} '
                 f'L{at(0.8, 0.95)} z" {solid}/><rect x="{num(round(x + 0.42 * s, 1))}" '
                 f'y="{num(round(y + 0.6 * s, 1))}" width="{num(round(0.16 * s, 1))}" '
                 f'height="{num(round(0.35 * s, 1))}" fill="#3d2b17"/>',
    }


def star_path(cx: float, cy: float, r: float) -> str:
    """A five-pointed star's path around ``cx``, ``cy``.

    >>> star_path(0, 0, 1).startswith("M0 -1 L")
    True
    """
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi * i / 5 - math.pi / 2
        points.append(f"{num(round(cx + radius * math.cos(angle), 1))} "
                      f"{num(round(cy + radius * math.sin(angle), 1))}")
    return "M" + " L".join(points) + " z"


class Exhibit(NamedTuple):
    """One piece of a :func:`showcase`: its size, its drawing at its top-left corner
    (``draw(x, y)``) and its caption in words."""

    w: float
    h: float
    draw: Callable[[float, float], str]
    caption: str


CAPTION = 12
"""A showcase caption's font size: about 12 CSS px on a 390 px phone, 14 on a desktop."""


def showcase(prefix: str, exhibits: list[Exhibit], label: str) -> str:
    """A panel of a game's components side by side (wrapping), each captioned below and
    titled: the pictures of a rules page, drawn by the same kit as the boards.

    >>> shown = showcase("toy", [Exhibit(30, 30, lambda x, y: token(x + 15, y + 15, 15,
    ...                                                              "#e8b923"), "a coin")],
    ...                  "the components")
    >>> shown.count("<title>a coin</title>"), ">a coin</text>" in shown
    (1, True)
    >>> shown = showcase("toy", [Exhibit(30, 30, lambda x, y: "", "a rather long caption")],
    ...                  "the components")
    >>> shown.count("</text>")  # in two lines
    2
    """
    parts, x, y, row = [], 10.0, 10.0, 0.0
    for exhibit in exhibits:
        room = max(exhibit.w, 84)
        if x + room > WIDTH - 10 and x > 10:
            x, y, row = 10, y + row + 52, 0
        middle = x + room / 2
        rows = wrap(exhibit.caption, int(room / (GLYPH * CAPTION)), break_long_words=False)
        captions = "".join(text(middle, y + exhibit.h + 15 + i * (CAPTION + 2), line,
                                "middle", fit_size(line, CAPTION, room), fill="#333")
                           for i, line in enumerate(rows[:3]))
        parts.append(f"<g><title>{escape(exhibit.caption)}</title>"
                     + exhibit.draw(middle - exhibit.w / 2, y) + captions + "</g>")
        x, row = x + room + 8, max(row, exhibit.h)
    return panel(prefix, y + row + 54, "".join(parts), label)
