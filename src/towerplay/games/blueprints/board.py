"""The web app's Blueprints board, drawn from a seat's view alone: SVG panels in one
``<div>`` (side by side on a desktop, stacked on a phone; each panel's viewBox is 380 wide
and scales to the screen).

Panels: the table (round, In-Demand materials, the bag, the dice pool, the die in hand,
the discards), the viewer's blueprint and building (each of the 3 × 2 cells a side view
of its stack, bottom die at the bottom, the blueprint's target height as a dashed line,
unusable cells hatched), every seat's taken dice and cards (and, once the game is over,
its building), and the round results (every building revealed, its scoring, the Awards
and Prizes handed out). Every word comes from the ``blueprints`` catalogue in the
language of the translator it is given (English without one).

Every die is drawn by the kernel's kit (:func:`towerplay.core.svg.die`): its value in
pips, its material's colour and its pattern (wood grain, recycled's dashed rim, stone
speckle, a glass shine), so colour is never the only cue, and its tooltip names both;
In-Demand materials carry ``★1`` / ``★2``. Cells are named in words (row and column),
never by their notation, and a blueprint is drawn, never named by its code. Clickable
pieces carry ``data-action`` (the notation), ``role=button``, ``tabindex=0``, an
``aria-label`` and a ``<title>``, and only the seat to move gets any: a pool die
(``take <die>`` or ``discard <die>``), a cell of its building (``place r<row>c<col>``)
and the ``remove`` button.

>>> from towerplay import games
>>> state = games.load("blueprints").start(players=2, seed=1)
>>> board = draw(state.view(state.to_move))
>>> 'data-action="take ' in board, "data-action" in draw(state.view(1 - state.to_move))
(True, False)
"""
from __future__ import annotations

from functools import lru_cache
from textwrap import wrap

from towerplay.core.svg import (
    TAP,
    Exhibit,
    button,
    clickable,
    in_row,
    key_attr,
    lines,
    panel,
    panels,
    showcase,
    text,
)
from towerplay.core.svg import cell as cell_frame
from towerplay.core.svg import die as kit_die
from towerplay.games.blueprints.dice import COLS, MATERIAL_NAMES, MATERIALS, ROWS
from towerplay.games.blueprints.events import score_labels
from towerplay.games.blueprints.views import BlueprintsView, RoundRecord
from towerplay.i18n import Translator, seat_label, translator

WIDTH = 380
NAMES = dict(zip(MATERIALS, MATERIAL_NAMES, strict=True))
FILL = {"W": "#f0a24a", "R": "#86c986", "S": "#3c3c3c", "G": "#e6f7fb"}
INK = {"W": "#4a2600", "R": "#123f12", "S": "#ffffff", "G": "#0b5a6b"}
EDGE = {"W": "#7a4100", "R": "#1f5e1f", "S": "#000000", "G": "#2aa0b8"}
PATTERN = {"W": "grain", "R": "dashed", "S": "speckle", "G": "shine"}
DIE = TAP
"""A pool die's side: a finger's size on a phone."""
SCORE_PARTS = ("bonus", "wood", "recycled", "stone", "glass")
EM = {"normal": 0.5, "bold": 0.58}
"""A character's mean width in ems (the pages' sans-serif font), to wrap a line before
the panel's edge cuts it: Polish and Hungarian texts run longer than English ones."""


def draw(view: BlueprintsView, tr: Translator | None = None) -> str:
    """The board of ``view`` (a Blueprints view of any seat or a spectator) as HTML with
    inline SVG parts: the table, the viewer's building, the seats, the results; in the
    language of ``tr`` (English when None)."""
    tr = tr or translator("blueprints", "en")  # shared: caches key on it
    legal = set(view.get("legal", ()))
    seat = view.get("seat")
    parts = [table_panel(view, legal, tr)]
    if isinstance(seat, int) and view["seats"][seat]["blueprint"] is not None:
        parts.append(own_panel(view, legal, seat, tr))
    parts.append(seats_panel(view, tr))
    if view["results"]:
        parts.append(results_panel(view, tr))
    return panels("blueprints", "bp", parts)


# ----------------------------------------------------------------- pieces
def svg(height: float, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("bp", height, body, label)



def material(letter: str, tr: Translator) -> str:
    """``"W"`` -> ``"wood"`` (a letter that names no material: nothing)."""
    return tr.term(NAMES[letter]) if letter in NAMES else ""


def die_words(die: str, tr: Translator) -> str:
    """``"W3"`` -> ``"wood 3"``."""
    return f"{material(die[:1], tr) or die[:1]} {die[1:]}"


def dice_words(dice: list[str], tr: Translator) -> str:
    """``["W3", "G5"]`` -> ``"wood 3, glass 5"``."""
    return ", ".join(die_words(d, tr) for d in dice) or tr("no_dice")


def cell_name(row: int, col: int, tr: Translator) -> str:
    """A cell in words (``row 2, column 1``), counted from 1."""
    return tr("cell_name", row=row, col=col)


def demand_mark(view: BlueprintsView, material: str) -> str:
    """``★1`` / ``★2`` for the first / second In-Demand material, else nothing."""
    demand = list(view.get("demand") or [])
    return f"★{demand.index(material) + 1}" if material in demand else ""


def fit(x: float, y: float, content: str, size: int, weight: str = "normal",
        fill: str = "#222") -> tuple[float, str]:
    """``content`` on baseline ``y`` as one text when it fits the panel's width, else in
    lines below each other: the baseline of its last line, and the texts."""
    rows = wrap(content, int((WIDTH - x - 6) / (size * EM[weight]))) or [""]
    step = size + 3
    return y + (len(rows) - 1) * step, "".join(
        text(x, y + i * step, row, size=size, weight=weight, fill=fill)
        for i, row in enumerate(rows))


def die(x: float, y: float, name: str, view: BlueprintsView, size: float = DIE) -> str:
    """A die seen from above: pips, its material's colour and pattern, its In-Demand
    mark."""
    m = name[:1]
    value = int(name[1:]) if name[1:].isdigit() else 0
    body = kit_die(x, y, size, value, FILL.get(m, "#fff"), INK.get(m, "#000"),
                   EDGE.get(m, "#000"), PATTERN.get(m, ""))
    mark = demand_mark(view, m)
    if mark:
        body += text(x + size - 2, y + 9, mark, "end", 8, "bold", INK.get(m, "#000"))
    return body


def block(x: float, y: float, w: float, h: float, name: str, tr: Translator) -> str:
    """A die seen from the side, in a stack: its letter and value across it."""
    m = name[:1]
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="2" '
            f'fill="{FILL.get(m, "#fff")}" stroke="{EDGE.get(m, "#000")}"/>'
            + text(x + w / 2, y + h - 3, die_words(name, tr), "middle",
                   max(int(h) - 5, 7), "bold", INK.get(m, "#000")))


# ----------------------------------------------------------------- the table
def table_panel(view: BlueprintsView, legal: set[str], tr: Translator) -> str:
    """Headline, In-Demand materials and bag, the pool, the die in hand, the discards."""
    first, second = (list(view["demand"]) + ["?", "?"])[:2]
    bag = ", ".join(tr("board_bag_item", material=material(m, tr) or m, n=n)
                    for m, n in view["bag"].items())
    parts = [text(10, 18, tr("headline", round=min(view["round"], 3)), size=14,
                  weight="bold"),
             text(10, 36, turn_line(view, tr), size=12),
             text(10, 54, tr("demand", first=material(first, tr) or "?",
                             second=material(second, tr) or "?"),
                  size=12, weight="bold")]
    y, piece = fit(10, 70, tr("board_bag", bag=bag), 11, fill="#555")
    parts.append(piece)
    y += 10
    y, piece = pool(view, legal, y, tr)
    parts.append(piece)
    if view["hand"] and not view["is_over"]:
        parts.append(text(10, y + 22, tr("holds", who=seat_label(view, view["to_move"], tr)),
                          size=12, weight="bold"))
        parts.append(clickable(None, tr("held_die", die=die_words(view["hand"], tr)),
                               die(150, y + 2, view["hand"], view), key_attr("hand")))
        y += DIE + 8
    if view["discards"]:
        y, piece = fit(10, y + 14, tr("discarded", dice=dice_words(view["discards"], tr)), 11)
        parts.append(piece)
        y += 6
    return svg(y + 6, "".join(parts), tr("table_label"))


def turn_line(view: BlueprintsView, tr: Translator) -> str:
    """Who moves and what they do; at the end, the winners."""
    if view["is_over"]:
        names = ", ".join(seat_label(view, w, tr) for w in view.get("winners") or [])
        return tr("game_over", names=names or tr("nobody"))
    step = f"step_{view['step']}"
    doing = tr(step) if tr.has(step) else view["step"]
    return tr("to_move", who=seat_label(view, view["to_move"], tr), doing=doing)


def pool(view: BlueprintsView, legal: set[str], y: float,
         tr: Translator) -> tuple[float, str]:
    """The pool's dice in rows of seven; each one the mover may take or discard clicks."""
    dice = view["pool"]
    parts = [text(10, y + 14, tr("pool", count=len(dice)), size=13, weight="bold")]
    per_row = 7
    for i, name in enumerate(dice):
        x = 10 + (i % per_row) * (DIE + 6)
        dy = y + 22 + (i // per_row) * (DIE + 6)
        action = next((a for a in (f"take {name}", f"discard {name}") if a in legal), None)
        words = die_words(name, tr)
        label = (tr(f"{action.split()[0]}_die", die=words) if action
                 else tr("in_pool", die=words))
        key = f"pool-{name}-{dice[:i].count(name)}"  # stable while the die stays
        parts.append(clickable(action, label, die(0, 0, name, view),
                               key_attr(key) + in_row("pool", x, dy)))
    if not dice:
        parts.append(text(10, y + 40, tr("empty_pool"), size=12, fill="#777"))
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


def building(x: float, y: float, blueprint: str, built: str, seat: int, legal: set[str],
             tr: Translator, cell_w: float = 170, die_h: float = 18) -> tuple[float, str]:
    """A 3 × 2 grid of cells, each a side view of its stack with the target height as a
    dashed line; a cell the mover may place on is clickable."""
    placeable = tuple(f"place r{cell // COLS + 1}c{cell % COLS + 1}" in legal
                      for cell in range(ROWS * COLS))
    return building_drawing(x, y, blueprint, built, seat, placeable, tr, cell_w, die_h)


@lru_cache(maxsize=1024, typed=True)
def building_drawing(x: float, y: float, blueprint: str, built: str, seat: int,
                     placeable: tuple[bool, ...], tr: Translator, cell_w: float,
                     die_h: float) -> tuple[float, str]:
    """:func:`building`'s drawing and the y below it (kept: a building grows a die at a
    time, and a scored round's buildings stay as they are); ``placeable``: whether the
    mover may place on each cell, row by row."""
    heights, stacks = parse_heights(blueprint), parse_building(built)
    parts: list[str] = []
    for r in range(ROWS):
        cells = range(r * COLS, (r + 1) * COLS)
        tallest = max(max(heights[c], len(stacks[c])) for c in cells)
        row_h = max(14 + max(tallest, 1) * die_h + 6, TAP + 4)
        for c in range(COLS):
            cell = r * COLS + c
            name = f"r{r + 1}c{c + 1}"
            body = cell_drawing(x + c * (cell_w + 6), y, cell_w, row_h, heights[cell],
                                stacks[cell], die_h, tr)
            action = f"place {name}" if placeable[cell] else None
            label = cell_label(cell_name(r + 1, c + 1, tr), heights[cell], stacks[cell],
                               action, tr)
            parts.append(clickable(action, label, body,
                                   f' data-seat="{seat}" data-cell="{name}"'))
        y += row_h + 6
    return y, "".join(parts)


def cell_label(name: str, height: int, stack: list[str], action: str | None,
               tr: Translator) -> str:
    """``place on row 2, column 1 (target 3; bottom to top: wood 3, recycled 5)`` or the
    same without the verb."""
    target = tr("hatched") if height == 0 else tr("target", n=height)
    now = ", ".join(die_words(d, tr) for d in stack) or tr("empty")
    return tr("cell_place" if action else "cell", cell=name, target=target, dice=now)


def cell_drawing(x: float, y: float, w: float, h: float, height: int, stack: list[str],
                 die_h: float, tr: Translator) -> str:
    """One cell: frame, hatching if unusable, the stack from the bottom, the target."""
    parts = [cell_frame(x, y, w, h, hatched=height == 0)]
    if height:
        parts.append(text(x + w - 4, y + 11, tr("target", n=height), "end", 9, "bold",
                          "#555"))
    bottom = y + h - 3
    for i, name_ in enumerate(stack):
        parts.append(block(x + 8, bottom - (i + 1) * die_h, w - 16, die_h - 1, name_, tr))
    if height:
        line_y = bottom - height * die_h
        parts.append(f'<line x1="{x + 3:g}" y1="{line_y:g}" x2="{x + w - 3:g}" '
                     f'y2="{line_y:g}" stroke="#c03030" stroke-width="1.5" '
                     f'stroke-dasharray="4 3"/>')
    return "".join(parts)


def own_panel(view: BlueprintsView, legal: set[str], seat: int, tr: Translator) -> str:
    """The viewer's blueprint and building, the ``remove`` button, removed dice."""
    info = view["seats"][seat]
    blueprint, built = info["blueprint"], info["building"]
    assert blueprint is not None and built is not None  # (drawn where shown: see draw)
    y, note = fit(10, 34, tr("own_note"), 10, fill="#555")
    parts = [text(10, 18, tr("board_own_heading"), size=14, weight="bold"), note]
    y, piece = building(10, y + 8, blueprint, built, seat, legal, tr)
    parts.append(piece)
    if "remove" in legal:
        parts.append(button(10, y, 200, tr("remove_caption"), "remove", tr("remove_label"),
                            TAP))
        y += TAP + 6
    if info["removed"]:
        y, piece = fit(10, y + 14, tr("removed", dice=dice_words(info["removed"], tr)), 11)
        parts.append(piece)
        y += 6
    return svg(y + 6, "".join(parts), tr("own_label"))


# ----------------------------------------------------------------- seats and results
def cards_text(cards: list[str] | None, tr: Translator) -> str:
    """The Award and Prize cards a seat holds, by name (``hidden`` if not shown)."""
    if cards is None:
        return tr("cards_hidden")
    return ", ".join(tr.term(c) for c in cards) or tr("no_cards")


def number(value: float | None) -> str:
    """``6`` for 6 and 6.0; ``?`` for an unknown value."""
    if value is None:
        return "?"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def seats_panel(view: BlueprintsView, tr: Translator) -> str:
    """Each seat: VP and cards, its taken dice (the buildings show in the results once
    a round is scored)."""
    parts = [text(10, 18, tr("players_heading"), size=14, weight="bold")]
    y = 26.0
    for p, info in enumerate(view["seats"]):
        marks = f" · {tr('mark_to_move')}" if view["to_move"] == p and not view[
            "is_over"] else ""
        if view["is_over"] and p in (view.get("winners") or []):
            marks = f" · {tr('mark_winner')}"
        line = tr("seat_line", who=seat_label(view, p, tr), vp=number(info["vp"]),
                  taken=len(info["taken"]))
        parts.append(text(10, y + 14, line + marks, size=12, weight="bold"))
        y, piece = fit(10, y + 28, tr("cards_line", cards=cards_text(info["cards"], tr)), 10,
                       fill="#555")
        parts.append(piece)
        y += 6
        for i, name in enumerate(info["taken"]):
            parts.append(clickable(None, tr("took", who=seat_label(view, p, tr),
                                            die=die_words(name, tr)),
                                   die(10 + i * 34, y, name, view, 30),
                                   key_attr(f"taken-{p}-{i}")))
        y += 36
    return svg(y + 6, "".join(parts), tr("seats_label"))


def results_panel(view: BlueprintsView, tr: Translator) -> str:
    """The latest round scored: every building, its scoring, Awards and Prizes; the
    earlier rounds in a line each; at the end, the final score sheet."""
    results = view["results"]
    last = results[-1]
    parts = [text(10, 18, tr("round_scored", n=last["round"]), size=14, weight="bold")]
    y = 26.0
    for p, seat in enumerate(last["seats"]):
        score = seat["score"]
        y, piece = fit(10, y + 14, tr("board_building_points", count=score["total"],
                                      who=seat_label(view, p, tr)), 12, "bold")
        parts.append(piece)
        sums = " + ".join(f"{tr.term(k)} {score[k]}" for k in SCORE_PARTS)
        y, piece = wrapped(10, y + 4, sums + winnings(last, p, tr)
                           + removed_text(seat.get("removed"), tr))
        parts.append(piece)
        y, piece = building(10, y + 2, seat["blueprint"], seat["building"], p, set(), tr,
                            170, 12)
        parts.append(f'<g data-round="{last["round"]}">{piece}</g>')
    for old in results[:-1]:
        line = "; ".join(f"{seat_label(view, p, tr)} {s['score']['total']}{winnings(old, p, tr)}"
                         for p, s in enumerate(old["seats"]))
        y, piece = wrapped(10, y + 2, tr("round_line", n=old["round"], scores=line))
        parts.append(piece)
    if view["is_over"] and "breakdown" in view:
        y, piece = final_sheet(view, y + 6, tr)
        parts.append(piece)
    return svg(y + 6, "".join(parts), tr("results_label"))


def wrapped(x: float, y: float, content: str, width: int = 68) -> tuple[float, str]:
    """Small grey text wrapped to ``width`` characters (a phone's panel is narrow)."""
    return lines(x, y, content, width, size=10, fill="#444", step=13)


def removed_text(dice: list[str] | None, tr: Translator) -> str:
    """`` · removed wood 3, glass 5`` (dice that fitted nowhere), or nothing."""
    return f" · {tr('removed_dice', dice=dice_words(dice, tr))}" if dice else ""


def winnings(result: RoundRecord, p: int, tr: Translator) -> str:
    """`` · Gold Award, Skyscraper`` for what seat ``p`` won in ``result`` (if shown)."""
    award = result["awards"].get(str(p))
    prizes = [k for k, w in result["prizes"].items() if w == p]
    won = [tr.term(card) for card in ([award] if award else []) + prizes]
    return f" · {', '.join(won)}" if won else ""


def final_sheet(view: BlueprintsView, y: float, tr: Translator) -> tuple[float, str]:
    """Each seat's VP, card by card (the rounds' labels worded by ``tr``)."""
    parts = [text(10, y + 14, tr("final_heading"), size=13, weight="bold")]
    y += 20
    labels = tr.labels(score_labels(view))
    for p, rows in enumerate(view["breakdown"]):
        parts.append(text(10, y + 14, tr("final_seat", who=seat_label(view, p, tr),
                                         vp=number(view["scores"][p])),
                          size=12, weight="bold"))
        y += 16
        for label, (_, points) in zip(labels[p], rows, strict=True):
            parts.append(text(20, y + 12, f"{label}: {number(points)}", size=10))
            y += 13
    return y, "".join(parts)


# ----------------------------------------------------------------- the rules page
def components(tr: Translator | None = None) -> str:
    """The components for the rules page, drawn as on the board: a die of each material,
    in its colour with its pattern.

    >>> components(Translator("blueprints", "pl")).count('class="die"')
    4
    """
    tr = tr or translator("blueprints", "en")  # shared: caches key on it

    def a_die(name: str) -> Exhibit:
        m, value = name[:1], int(name[1:])
        return Exhibit(DIE, DIE, lambda x, y: kit_die(x, y, DIE, value, FILL[m], INK[m],
                                                       EDGE[m], PATTERN[m]),
                       die_words(name, tr))

    return showcase("bp", [a_die(name) for name in ("W1", "R3", "S5", "G6")],
                    tr("components_label"))
