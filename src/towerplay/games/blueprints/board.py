"""The web app's Blueprints board, drawn from a seat's view alone: SVG panels in one
``<div>`` (side by side on a desktop, stacked on a phone; each panel's viewBox is 380 wide
and scales to the screen).

Panels: the table (round, In-Demand materials, the bag, the dice pool, the die in hand,
the discards), the viewer's blueprint and building (each of the 3 × 2 cells a side view
of its stack, bottom die at the bottom, the blueprint's target height as a dashed line,
unusable cells hatched), every seat's taken dice and cards (and, once the game is over,
its building), and the round results (every building revealed, its scoring, the Awards
and Prizes handed out).

Every die names its material letter and value (``W3``), so colour is never the only cue;
In-Demand materials carry ``★1`` / ``★2``. Clickable pieces carry ``data-action`` (the
notation), ``role=button``, ``tabindex=0``, an ``aria-label`` and a ``<title>``, and only
the seat to move gets any: a pool die (``take <die>`` or ``discard <die>``), a cell of
its building (``place r<row>c<col>``) and the ``remove`` button.

>>> from towerplay import games
>>> state = games.load("blueprints").start(players=2, seed=1)
>>> board = draw(state.view(state.to_move))
>>> 'data-action="take ' in board, "data-action" in draw(state.view(1 - state.to_move))
(True, False)
"""
from __future__ import annotations

from typing import Any

from towerplay.i18n import Translator
from towerplay.core.svg import clickable, lines, panel, panels, seat_name, text
from towerplay.games.blueprints.dice import COLS, MATERIAL_NAMES, MATERIALS, ROWS
from towerplay.games.blueprints.scoring import PRIZE_TITLES

WIDTH = 380
NAMES = dict(zip(MATERIALS, MATERIAL_NAMES))
FILL = {"W": "#f0a24a", "R": "#86c986", "S": "#3c3c3c", "G": "#e6f7fb"}
INK = {"W": "#4a2600", "R": "#123f12", "S": "#ffffff", "G": "#0b5a6b"}
EDGE = {"W": "#7a4100", "R": "#1f5e1f", "S": "#000000", "G": "#2aa0b8"}
DIE = 34
"""A pool die's side."""
SCORE_PARTS = ("bonus", "wood", "recycled", "stone", "glass")


def draw(view: dict[str, Any], tr: Translator | None = None) -> str:
    """The board of ``view`` (a Blueprints view of any seat or a spectator) as HTML with
    inline SVG parts: the table, the viewer's building, the seats, the results."""
    legal = set(view.get("legal", ()))
    seat = view.get("seat")
    parts = [table_panel(view, legal)]
    if isinstance(seat, int) and view["seats"][seat]["blueprint"] is not None:
        parts.append(own_panel(view, legal, seat))
    parts.append(seats_panel(view))
    if view["results"]:
        parts.append(results_panel(view))
    return panels("blueprints", "bp", parts)


# ----------------------------------------------------------------- pieces
def svg(height: float, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("bp", height, body, label)


def die_words(die: str) -> str:
    """``"W3"`` -> ``"wood 3"``."""
    return f"{NAMES.get(die[:1], die[:1])} {die[1:]}"


def demand_mark(view: dict[str, Any], material: str) -> str:
    """``★1`` / ``★2`` for the first / second In-Demand material, else nothing."""
    demand = list(view.get("demand") or [])
    return f"★{demand.index(material) + 1}" if material in demand else ""


def die(x: float, y: float, name: str, view: dict[str, Any], size: float = DIE) -> str:
    """A die seen from above: material letter and value, its In-Demand mark."""
    m = name[:1]
    body = (f'<rect class="card" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" '
            f'rx="5" '
            f'fill="{FILL.get(m, "#fff")}" stroke="{EDGE.get(m, "#000")}" stroke-width="1.5"/>'
            + text(x + size / 2, y + size / 2 + 5, name, "middle", 13, "bold",
                   INK.get(m, "#000")))
    mark = demand_mark(view, m)
    if mark:
        body += text(x + size - 2, y + 9, mark, "end", 8, "bold", INK.get(m, "#000"))
    return body


def block(x: float, y: float, w: float, h: float, name: str) -> str:
    """A die seen from the side, in a stack: its letter and value across it."""
    m = name[:1]
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="2" '
            f'fill="{FILL.get(m, "#fff")}" stroke="{EDGE.get(m, "#000")}"/>'
            + text(x + w / 2, y + h - 3, f"{name} {NAMES.get(m, '')}", "middle",
                   max(int(h) - 5, 7), "bold", INK.get(m, "#000")))


def hatch(x: float, y: float, w: float, h: float) -> str:
    """Diagonal hatching over a rectangle (an unusable cell), clipped by hand."""
    lines = []
    t = -h
    while t < w:
        x0, y0, x1, y1 = x + t, y + h, x + t + h, y
        if x0 < x:
            y0, x0 = y0 - (x - x0), x
        if x1 > x + w:
            y1, x1 = y1 + (x1 - x - w), x + w
        lines.append(f'<line x1="{x0:g}" y1="{y0:g}" x2="{x1:g}" y2="{y1:g}" '
                     f'stroke="#999" stroke-width="1"/>')
        t += 9
    return "".join(lines)


# ----------------------------------------------------------------- the table
def table_panel(view: dict[str, Any], legal: set[str]) -> str:
    """Headline, In-Demand materials and bag, the pool, the die in hand, the discards."""
    first, second = (list(view["demand"]) + ["?", "?"])[:2]
    bag = "  ".join(f"{m} {n}" for m, n in view["bag"].items())
    parts = [text(10, 18, headline(view), size=14, weight="bold"),
             text(10, 36, turn_line(view), size=12),
             text(10, 54, f"In-Demand: ★1 {first} {NAMES.get(first, '')} · ★2 {second} "
                          f"{NAMES.get(second, '')}", size=12, weight="bold"),
             text(10, 70, f"Bag: {bag} (W wood, R recycled, S stone, G glass)", size=11,
                  fill="#555")]
    y = 80.0
    y, piece = pool(view, legal, y)
    parts.append(piece)
    if view["hand"] and not view["is_over"]:
        parts.append(text(10, y + 22, f"{seat_name(view, view['to_move'])} holds:", size=12,
                          weight="bold"))
        parts.append(clickable(None, f"held die: {die_words(view['hand'])}",
                               die(150, y + 2, view["hand"], view)))
        y += 42
    if view["discards"]:
        shown = " ".join(view["discards"])
        parts.append(text(10, y + 14, f"Discarded: {shown}", size=11))
        y += 20
    return svg(y + 6, "".join(parts), "the table: In-Demand materials, the dice pool")


def headline(view: dict[str, Any]) -> str:
    return f"Blueprints · round {min(view['round'], 3)} of 3"


def turn_line(view: dict[str, Any]) -> str:
    """Who moves and what they do; at the end, the winners."""
    if view["is_over"]:
        names = ", ".join(seat_name(view, w) for w in view.get("winners") or []) or "nobody"
        return f"Game over · won by {names}"
    doing = {"take": "takes a die from the pool", "place": "places the held die",
             "discard": "discards a die from the pool"}.get(view["step"], view["step"])
    return f"To move: {seat_name(view, view['to_move'])} — {doing}"


def pool(view: dict[str, Any], legal: set[str], y: float) -> tuple[float, str]:
    """The pool's dice in rows of nine; each one the mover may take or discard clicks."""
    dice = view["pool"]
    parts = [text(10, y + 14, f"Pool ({len(dice)}):", size=13, weight="bold")]
    per_row = 9
    for i, name in enumerate(dice):
        x = 10 + (i % per_row) * (DIE + 6)
        dy = y + 22 + (i // per_row) * (DIE + 6)
        action = next((a for a in (f"take {name}", f"discard {name}") if a in legal), None)
        label = (f"{action.split()[0]} {die_words(name)}" if action
                 else f"{die_words(name)} in the pool")
        parts.append(clickable(action, label, die(x, dy, name, view)))
    if not dice:
        parts.append(text(10, y + 40, "(empty)", size=12, fill="#777"))
    rows = max((len(dice) - 1) // per_row + 1, 1)
    return y + 22 + rows * (DIE + 6), "".join(parts)


# ----------------------------------------------------------------- buildings
def parse_building(building: str) -> list[list[str]]:
    """``". , W3 / G5+R5 , ..."`` -> the six stacks (cells row by row), bottom first."""
    cells = [c.strip() for row in building.split("/") for c in row.split(",")]
    return [[] if c in (".", "") else c.split("+") for c in cells]


def parse_heights(blueprint: str) -> list[int]:
    """``"X1 31 1X"`` -> ``[0, 1, 3, 1, 1, 0]`` (0: hatched, unusable)."""
    chars = "".join(blueprint.split())
    return [0 if ch == "X" else int(ch) for ch in chars]


def building(x: float, y: float, view: dict[str, Any], blueprint: str, built: str,
             seat: int, legal: set[str], cell_w: float = 170,
             die_h: float = 18) -> tuple[float, str]:
    """A 3 × 2 grid of cells, each a side view of its stack with the target height as a
    dashed line; a cell the mover may place on is clickable."""
    heights, stacks = parse_heights(blueprint), parse_building(built)
    parts: list[str] = []
    for r in range(ROWS):
        cells = range(r * COLS, (r + 1) * COLS)
        tallest = max(max(heights[c], len(stacks[c])) for c in cells)
        row_h = 14 + max(tallest, 1) * die_h + 6
        for c in range(COLS):
            cell = r * COLS + c
            name = f"r{r + 1}c{c + 1}"
            body = cell_drawing(x + c * (cell_w + 6), y, cell_w, row_h, heights[cell],
                                stacks[cell], name, die_h)
            action = f"place {name}" if f"place {name}" in legal else None
            label = cell_label(name, heights[cell], stacks[cell], action)
            parts.append(clickable(action, label, body,
                                   f' data-seat="{seat}" data-cell="{name}"'))
        y += row_h + 6
    return y, "".join(parts)


def cell_label(name: str, height: int, stack: list[str], action: str | None) -> str:
    """``place on r2c1 (target 3, now W3, R5)`` or the same without the verb."""
    target = "hatched, not to build on" if height == 0 else f"target {height}"
    now = ", ".join(die_words(d) for d in stack) or "empty"
    return f"{'place on ' if action else ''}{name} ({target}; bottom to top: {now})"


def cell_drawing(x: float, y: float, w: float, h: float, height: int, stack: list[str],
                 name: str, die_h: float) -> str:
    """One cell: frame, hatching if unusable, the stack from the bottom, the target."""
    parts = [f'<rect class="card" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" '
             f'fill="#f7f4ec" stroke="#8c8270"/>']
    if height == 0:
        parts.append(hatch(x, y, w, h))
    parts.append(text(x + 4, y + 11, name, size=9, fill="#555"))
    parts.append(text(x + w - 4, y + 11, "X" if height == 0 else f"target {height}",
                      "end", 9, "bold", "#555"))
    bottom = y + h - 3
    for i, name_ in enumerate(stack):
        parts.append(block(x + 8, bottom - (i + 1) * die_h, w - 16, die_h - 1, name_))
    if height:
        line_y = bottom - height * die_h
        parts.append(f'<line x1="{x + 3:g}" y1="{line_y:g}" x2="{x + w - 3:g}" '
                     f'y2="{line_y:g}" stroke="#c03030" stroke-width="1.5" '
                     f'stroke-dasharray="4 3"/>')
    return "".join(parts)


def own_panel(view: dict[str, Any], legal: set[str], seat: int) -> str:
    """The viewer's blueprint and building, the ``remove`` button, removed dice."""
    info = view["seats"][seat]
    parts = [text(10, 18, f"Your blueprint {info['blueprint']} and building", size=14,
                  weight="bold"),
             text(10, 34, "side view of each stack, bottom die at the bottom; dashed: the "
                          "target height", size=10, fill="#555")]
    y, piece = building(10, 42, view, info["blueprint"], info["building"], seat, legal)
    parts.append(piece)
    if "remove" in legal:
        body = (f'<rect class="btn" x="10" y="{y:g}" width="200" height="28" rx="6" '
                f'fill="#2d6cdf"/>'
                + text(110, y + 19, "remove the held die", "middle", 13, "bold", "#fff"))
        parts.append(clickable("remove", "remove: the held die fits nowhere", body))
        y += 34
    if info["removed"]:
        parts.append(text(10, y + 14, f"Removed: {' '.join(info['removed'])}", size=11))
        y += 20
    return svg(y + 6, "".join(parts), "your blueprint and building")


# ----------------------------------------------------------------- seats and results
def cards_text(cards: list[str] | None) -> str:
    """The Award and Prize cards a seat holds, by name (``hidden`` if not shown)."""
    if cards is None:
        return "cards hidden"
    return ", ".join(PRIZE_TITLES.get(c, f"{c.capitalize()} Award") for c in cards) or "none"


def number(value: Any) -> str:
    """``6`` for 6 and 6.0; ``?`` for an unknown value."""
    if value is None:
        return "?"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def seats_panel(view: dict[str, Any]) -> str:
    """Each seat: VP and cards, its taken dice (the buildings show in the results once
    a round is scored)."""
    parts = [text(10, 18, "Players", size=14, weight="bold")]
    y = 26.0
    for p, info in enumerate(view["seats"]):
        marks = " · ◀ to move" if view["to_move"] == p and not view["is_over"] else ""
        if view["is_over"] and p in (view.get("winners") or []):
            marks = " · ★ winner"
        parts.append(text(10, y + 14, f"{seat_name(view, p)} · {number(info['vp'])} VP · "
                          f"{len(info['taken'])}/6 dice{marks}", size=12, weight="bold"))
        parts.append(text(10, y + 28, f"cards: {cards_text(info['cards'])}", size=10,
                          fill="#555"))
        y += 34
        for i, name in enumerate(info["taken"]):
            parts.append(clickable(None, f"{seat_name(view, p)} took {die_words(name)}",
                                   die(10 + i * 34, y, name, view, 30)))
        y += 36
    return svg(y + 6, "".join(parts), "the players' dice and cards")


def results_panel(view: dict[str, Any]) -> str:
    """The latest round scored: every building, its scoring, Awards and Prizes; the
    earlier rounds in a line each; at the end, the final score sheet."""
    results = view["results"]
    last = results[-1]
    parts = [text(10, 18, f"Round {last['round']} scored", size=14, weight="bold")]
    y = 26.0
    for p, seat in enumerate(last["seats"]):
        score = seat["score"]
        parts.append(text(10, y + 14, f"{seat_name(view, p)}: {score['total']} points on "
                          f"{seat['card']} ({seat['blueprint']})", size=12, weight="bold"))
        y, piece = wrapped(10, y + 18, " + ".join(f"{k} {score[k]}" for k in SCORE_PARTS)
                           + winnings(last, p) + removed_text(seat.get("removed")))
        parts.append(piece)
        y, piece = building(10, y + 2, view, seat["blueprint"], seat["building"], p,
                            set(), 170, 12)
        parts.append(f'<g data-round="{last["round"]}">{piece}</g>')
    for old in results[:-1]:
        line = "; ".join(f"seat {p} {s['score']['total']}{winnings(old, p)}"
                         for p, s in enumerate(old["seats"]))
        y, piece = wrapped(10, y + 2, f"Round {old['round']}: {line}")
        parts.append(piece)
    if view["is_over"] and "breakdown" in view:
        y, piece = final_sheet(view, y + 6)
        parts.append(piece)
    return svg(y + 6, "".join(parts), "the round results")


def wrapped(x: float, y: float, content: str, width: int = 68) -> tuple[float, str]:
    """Small grey text wrapped to ``width`` characters (a phone's panel is narrow)."""
    return lines(x, y, content, width, size=10, fill="#444", step=13)


def removed_text(dice: list[str] | None) -> str:
    """`` · removed W3 G5`` (dice that fitted nowhere), or nothing."""
    return f" · removed {' '.join(dice)}" if dice else ""


def winnings(result: dict[str, Any], p: int) -> str:
    """`` · Gold Award, Skyscraper`` for what seat ``p`` won in ``result`` (if shown)."""
    award = result["awards"].get(str(p))
    prizes = [PRIZE_TITLES.get(k, k) for k, w in result["prizes"].items() if w == p]
    won = ([f"{award.capitalize()} Award"] if award else []) + prizes
    return f" · {', '.join(won)}" if won else ""


def final_sheet(view: dict[str, Any], y: float) -> tuple[float, str]:
    """Each seat's VP, card by card."""
    parts = [text(10, y + 14, "Final score (VP)", size=13, weight="bold")]
    y += 20
    for p, rows in enumerate(view["breakdown"]):
        parts.append(text(10, y + 14, f"{seat_name(view, p)}: {number(view['scores'][p])} VP",
                          size=12, weight="bold"))
        y += 16
        for label, points in rows:
            parts.append(text(20, y + 12, f"{label}: {number(points)}", size=10))
            y += 13
    return y, "".join(parts)
