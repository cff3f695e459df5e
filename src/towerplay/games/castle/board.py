"""The web app's Budowa Zamku board, drawn from a seat's view alone: SVG panels in one
``<div>`` (side by side on a desktop, stacked on a phone; each panel's viewBox is 380 wide
and scales to the screen).

Panels: the 5 × 9 table (each face-down card a card back; under ``memory=open`` a card
seen and put back shows its number, under ``memory=hidden`` only ``?`` — exactly what the
view gives), the card just turned up with the decision buttons, every castle from its
start tile (characters marked by letter in the variant), and the removed cards.

Clickable pieces carry ``data-action`` (the notation), ``role=button``, ``tabindex=0``, an
``aria-label`` and a ``<title>``; only the seat to move gets any: a face-down position
(``reveal <pos>``), ``build`` / ``return`` / ``remove`` buttons beside the revealed card,
and ``wizard <n>`` markers placed in the mover's castle between card ``n`` and the next.
Cards are the kit's cards (keyed, so the page marks the last move); characters are icons
(a crown, a tiara, a hat, a sword, a rose) named in each card's tooltip and the legend.

Every word comes from the ``castle`` catalogue in the translator's language (English when
none is given); the ``data-action`` values stay the game's notation.

>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=1)
>>> 'data-action="reveal a1"' in draw(state.view(state.to_move))
True
>>> "data-action" in draw(state.view(1 - state.to_move))
False
>>> "Zamki" in draw(state.view(0), Translator("castle", "pl"))
True
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from textwrap import wrap

from towerplay.core.svg import (
    TAP,
    Exhibit,
    button,
    clickable,
    fit_size,
    icon,
    in_row,
    key_attr,
    lines,
    panel,
    panels,
    showcase,
    text,
)
from towerplay.core.svg import card as kit_card
from towerplay.games.castle.cards import COLUMNS, ROWS
from towerplay.games.castle.views import CastleView
from towerplay.i18n import SEGMENT, Translator, seat_label, translator

WIDTH = 380
CELL_W, CELL_H, GAP = 38, 50, 2
"""A table card; 9 columns of 40 fit the 380-wide panel with their row letters."""
PITCH = 36
"""(A clickable piece is a finger's size, TAP, but the table's cells: 9 columns in 380,
38 x 50.)"""
"""The distance between two castle cards (a card of 30 and a gap for a Wizard marker)."""
ICON = {"king": "crown", "queen": "tiara", "wizard": "hat", "knight": "sword",
        "princess": "rose"}
"""Each character's icon on a card (the kit's); its name is in the card's tooltip."""
FIGURE_INK = {"king": "#a07400", "queen": "#b0306a", "wizard": "#1f4fa0",
              "knight": "#55636f", "princess": "#b8487e"}
"""Each character's icon colour: at least 3:1 against a card's cream (WCAG's for graphics)."""
SEAT_INK = ("#b03030", "#2a7a2a", "#2d5fbf", "#8a6d00")
DECISIONS = ("build", "return", "remove")
HINT_CHARS = 46
"""The Wizard's hint wraps at this many characters (size 11 beside the revealed card)."""
HEADLINE_CHARS, SUMMARY_CHARS, LINE_CHARS, LEGEND_CHARS, SCORE_CHARS = 40, 46, 52, 62, 56
"""How many characters of a headline (size 14, bold), a castle's summary (12, bold), a
line (12), the legend (10) and a score line (11) fit the panel's width: longer texts wrap,
as other languages run longer than English."""


def draw(view: CastleView, tr: Translator | None = None) -> str:
    """The board of ``view`` (a castle view of any seat or a spectator) as HTML with
    inline SVG parts in ``tr``'s language: the table, the revealed card, the castles, the
    removed cards."""
    tr = tr or translator("castle", "en")  # shared: caches key on it
    legal = set(view.get("legal", ()))
    parts = [table_panel(view, legal, tr), castles_panel(view, legal, tr)]
    return panels("castle", "castle", parts)


# ----------------------------------------------------------------- pieces
def fit(content: str, chars: int) -> list[str]:
    """``content`` in lines of at most ``chars`` characters, broken at its `` · ``
    separators where it can, else between words.

    >>> fit("seat 1 · 4 elements · 5 points", 22)
    ['seat 1 · 4 elements', '5 points']
    """
    rows: list[str] = []
    for piece in content.split(SEGMENT):
        if rows and len(rows[-1]) + len(SEGMENT) + len(piece) <= chars:
            rows[-1] += SEGMENT + piece
        else:
            rows += wrap(piece, chars) or [""]
    return rows


def block(x: float, y: int, content: str, chars: int, size: int, weight: str = "normal",
          fill: str = "#222", step: int = 0) -> tuple[int, str]:
    """``content`` fitted to ``chars`` characters a line, the first baseline at ``y``
    (``step`` apart: ``size + 3`` unless given); the last line's baseline and the texts."""
    step = step or size + 3
    rows = fit(content, chars)
    texts = [text(x, y + i * step, row, size=size, weight=weight, fill=fill)
             for i, row in enumerate(rows)]
    return y + (len(rows) - 1) * step, "".join(texts)


def svg(height: int, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("castle", height, body, label)


def figures(view: CastleView, card: int) -> list[str]:
    """The characters the view says ``card`` shows (none in the base game)."""
    return list(view.get("figures", {}).get(str(card), []))


def figure_icons(x: float, y: float, size: float, names: Sequence[str]) -> str:
    """The characters' icons side by side from ``x`` (``size`` each)."""
    return "".join(icon(ICON.get(name, "crest"), x + i * size, y, size,
                        FIGURE_INK.get(name, "#000")) for i, name in enumerate(names))


def battlements(x: float, y: float, w: float) -> str:
    """A wall card's crenellated top edge: what every wall card shows."""
    step = w / 5
    teeth = "".join(f"h{step:g}v{-3 if i % 2 == 0 else 3}" for i in range(5))
    return (f'<path d="M{x:g} {y + 6:g} {teeth}" fill="none" stroke="#9a8a6a" '
            f'stroke-width="1.2"/>')


def face(x: float, y: float, w: float, h: float, card: int, view: CastleView,
         fill: str = "#fdf6e3", key: str = "", title: str = "", extra: str = "") -> str:
    """A face-up card, the kit's: a wall's battlements, its number, and its characters'
    icons below; ``extra``: more attributes of its group (the kit card's)."""
    return card_face(x, y, w, h, card, figures(view, card), fill, key, title, extra)


def card_face(x: float, y: float, w: float, h: float, card: int, names: Sequence[str],
              fill: str = "#fdf6e3", key: str = "", title: str = "", extra: str = "") -> str:
    """:func:`face` of a card showing the characters ``names``."""
    size = min(16.0, (w - 4) / max(len(names), 1))  # as large as the card's width allows
    number_y = y + 20 if names else y + h / 2 + 4  # above the icons, else in the middle
    body = (battlements(x, y, w)
            + text(x + w / 2, number_y, str(card), "middle", 14, "bold")
            + figure_icons(x + (w - size * len(names)) / 2, y + h - size - 2, size, names))
    return kit_card(x, y, w, h, fill, "#6b5a3a", body, key=key, title=title, extra=extra)


def start_tile(x: float, y: float, w: float, h: float, seat: int, title: str) -> str:
    """A seat's start tile: a castle tower in the seat's colour, numbered 1."""
    ink = SEAT_INK[seat % len(SEAT_INK)]
    body = (icon("tower", x + 3, y + 4, w - 6, ink)
            + text(x + w / 2, y + h - 4, "1", "middle", 11, "bold"))
    return kit_card(x, y, w, h, "#e9e0cc", "#6b5a3a", body, title=title)


def card_words(view: CastleView, card: int, tr: Translator) -> str:
    """``"card 26 (wizard)"`` for labels."""
    names = ", ".join(tr.term(f) for f in figures(view, card))
    return tr("card_figures", n=card, figures=names) if names else tr("card", n=card)


# ----------------------------------------------------------------- the table
def table_panel(view: CastleView, legal: set[str], tr: Translator) -> str:
    """Headline, turn, the 5 × 9 table, the revealed card and its decision buttons."""
    y, title = block(10, 18, headline(view, tr), HEADLINE_CHARS, 14, "bold", step=17)
    y, turn = block(10, y + 18, turn_line(view, tr), LINE_CHARS, 12)
    parts = [title, turn]
    top = y + 12
    for c in range(COLUMNS):
        parts.append(text(18 + c * (CELL_W + GAP) + CELL_W / 2, top + 10, str(c + 1),
                          "middle", 10, fill="#666"))
    for r, row in enumerate(ROWS):
        y = top + 14 + r * (CELL_H + GAP)
        parts.append(text(8, y + CELL_H / 2 + 4, row, "middle", 11, "bold", "#666"))
        for c in range(COLUMNS):
            pos = f"{row}{c + 1}"
            parts.append(table_cell(view, legal, pos, 18 + c * (CELL_W + GAP), y, tr))
    y = top + 14 + len(ROWS) * (CELL_H + GAP) + 4
    for line in legend(view, tr):
        last, piece = block(10, y + 10, line, LEGEND_CHARS, 10, fill="#555")
        parts.append(piece)
        y = last + 3
    y, piece = characters_legend(view, y, tr)
    parts.append(piece)
    y, piece = revealed(view, legal, y + 5, tr)
    parts.append(piece)
    y, piece = recent(view, y, tr)
    parts.append(piece)
    return svg(y + 6, "".join(parts), tr("table_label"))


def headline(view: CastleView, tr: Translator) -> str:
    """The game, its variant and memory, and the rulebook's turn."""
    variant = "characters" if view["variant"] == "characters" else "base"
    return tr("headline", variant=tr(f"variant.{variant}"),
              memory=tr(f"memory.{view['memory']}"), turn=view["turn"])


def turn_line(view: CastleView, tr: Translator) -> str:
    """Who moves and what they do; at the end, the winners."""
    if view["is_over"]:
        names = ", ".join(seat_label(view, w, tr) for w in view.get("winners") or [])
        return tr("over_line", names=names or tr("nobody"))
    doing = "doing.decide" if view["revealed"] else "doing.reveal"
    return tr("turn_line", who=seat_label(view, view["to_move"], tr), doing=tr(doing))


def legend(view: CastleView, tr: Translator) -> list[str]:
    """What the table's marks mean (two short lines: a phone is narrow)."""
    return [tr("legend", n=view["face_down"], seen=tr(f"seen.{view['memory']}"))]


def characters_legend(view: CastleView, y: int, tr: Translator) -> tuple[int, str]:
    """The characters' icons with their names (the variant with characters only)."""
    if "figures" not in view:
        return y, ""
    parts = [text(10, y + 12, tr("legend_characters"), size=10, fill="#555")]
    pitch = (WIDTH - 20) / len(ICON)
    for i, name in enumerate(ICON):
        x = 10 + i * pitch
        words = tr.term(name)
        parts.append(f"<g><title>{escape(words)}</title>"
                     + figure_icons(x, y + 16, 12, [name])
                     + text(x + 14, y + 26, words, size=fit_size(words, 10, pitch - 16),
                            fill="#555") + "</g>")
    return y + 32, "".join(parts)


def table_cell(view: CastleView, legal: set[str], pos: str, x: float,
               y: float, tr: Translator) -> str:
    """One position: empty, a card back (``?`` or a remembered number) or the card
    just turned up (highlighted)."""
    value = view["table"].get(pos)
    turned = view["revealed"]
    shown = turned is not None and turned["pos"] == pos
    card = None if value is None or not (shown or isinstance(value, int)) else int(value)
    names = () if card is None else tuple(figures(view, card))
    words = "" if card is None else card_words(view, card, tr)
    return cell_drawing(pos, x, y, value, shown, names, words, f"reveal {pos}" in legal, tr)


@lru_cache(maxsize=4096, typed=True)
def cell_drawing(pos: str, x: float, y: float, value: int | str | None, shown: bool,
                 names: tuple[str, ...], words: str, reveal: bool, tr: Translator) -> str:
    """:func:`table_cell`'s drawing (kept: most cells stay as they were from move to
    move, and alike in every seat's view); ``value``: the card's number as the viewer
    knows it (``?``: unknown; ``None``: no card); ``names``: its characters and
    ``words``: the card in words, where the viewer knows it; ``reveal``: whether the
    viewer may turn it up."""
    extra = f' data-pos="{pos}"'
    if value is None:
        body = (f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="4" '
                f'fill="none" stroke="#ccc" stroke-dasharray="3 3"/>')
        return clickable(None, tr("cell.empty", pos=pos), body, extra)
    extra += key_attr(f"cell-{pos}")
    if shown:
        body = card_face(x, y, CELL_W, CELL_H, int(value), names, "#ffe680")
        return clickable(None, tr("cell.revealed", pos=pos, card=words), body, extra)
    known = isinstance(value, int)
    ink = "#123" if known else "#f3e6cc"
    body = (text(x + CELL_W / 2, y + CELL_H / 2 + 5, str(value), "middle",
                 13 if known else 16, "bold", ink)
            + text(x + 3, y + 10, pos, size=8, fill="#123" if known else "#e0cfae"))
    if known:
        body += figure_icons(x + 2, y + CELL_H - 11, 9, names)
    body = kit_card(x, y, CELL_W, CELL_H, "#cfe3f5" if known else "#7a5c3a", "#3d2b17", body)
    seen = tr("cell.seen", card=words) if known else ""
    if reveal:
        return clickable(f"reveal {pos}", tr("cell.reveal", pos=pos, seen=seen), body, extra)
    return clickable(None, tr("cell.down", pos=pos, seen=seen), body, extra)


def revealed(view: CastleView, legal: set[str], y: int,
             tr: Translator) -> tuple[int, str]:
    """The card just turned up, large, with the decisions the mover may take."""
    shown = view["revealed"]
    if not shown:
        return y, ""
    card = int(shown["card"])
    parts = [text(10, y + 12, tr("revealed_at", pos=shown["pos"]), size=13, weight="bold"),
             face(10, y + 20, 50, 68, card, view, "#ffe680", f"shown-{card}",
                  card_words(view, card, tr))]
    x = 72
    for verb in DECISIONS:
        if verb in legal:
            caption = tr(f"verb.{verb}")
            width = max(90, 8 * len(caption) + 14)  # a longer word (Hungarian) fits
            parts.append(button(x, y + 20, width, caption, verb, tr(f"decision.{verb}"), TAP))
            x += width + 8
    end = y + 96
    if any(a.startswith("wizard ") for a in legal):  # under the buttons
        below, piece = lines(72, y + 20 + TAP + 2, tr("wizard_hint"), HINT_CHARS,
                             fill="#1f4fa0")
        parts.append(piece)
        end = max(int(below) + 4, end)
    return end, "".join(parts)


def recent(view: CastleView, y: int, tr: Translator) -> tuple[int, str]:
    """The last round's reveals (what every player saw then)."""
    rows = view.get("recent") or []
    if not rows:
        return y, ""
    parts = [text(10, y + 12, tr("last_round"), size=12, weight="bold")]
    for i, r in enumerate(rows):
        card = "?" if not r["card"] else str(r["card"])
        line = tr("recent_line", who=seat_label(view, r["seat"], tr), pos=r["pos"],
                  card=card, result=tr.term(str(r["result"])))
        parts.append(text(20, y + 28 + i * 14, line, size=11))
    return y + 28 + len(rows) * 14, "".join(parts)


# ----------------------------------------------------------------- castles
def castles_panel(view: CastleView, legal: set[str], tr: Translator) -> str:
    """Every castle from its start tile, then the removed cards and the scores."""
    parts: list[str] = [text(10, 18, tr("castles"), size=14, weight="bold")]
    y = 28
    for p, cards in enumerate(view["castles"]):
        y, piece = castle_row(view, legal, p, cards, y, tr)
        parts.append(piece)
    y, piece = removed(view, y, tr)
    parts.append(piece)
    y, piece = scores(view, y, tr)
    parts.append(piece)
    return svg(y + 6, "".join(parts), tr("castles_label"))


def castle_summary(view: CastleView, p: int, tr: Translator) -> str:
    """``seat 1 (you) · 4 elements · 5 points · Wizard used · ◀ to move``."""
    parts = [seat_label(view, p, tr), tr("elements", count=view["elements"][p])]
    if "points" in view:
        parts.append(tr("points", count=view["points"][p]))
        if view["wizard_used"][p]:
            parts.append(tr("wizard_used"))
    if view["is_over"] and p in (view.get("winners") or []):
        parts.append(tr("winner"))
    elif view["to_move"] == p and not view["is_over"]:
        parts.append(tr("moving"))
    return " · ".join(parts)


def castle_row(view: CastleView, legal: set[str], p: int, cards: list[int],
               y: int, tr: Translator) -> tuple[int, str]:
    """Seat ``p``'s castle left to right; the mover's Wizard markers under its gaps."""
    ink = SEAT_INK[p % len(SEAT_INK)]
    last, summary = block(10, y + 14, castle_summary(view, p, tr), SUMMARY_CHARS, 12,
                          "bold", ink)
    parts = [summary]
    y = last - 14
    markers = p == view.get("seat") and any(a.startswith("wizard ") for a in legal)
    pitch = TAP + 4 if markers else PITCH  # a marker under each gap, a finger wide
    per_row = (WIDTH - 20) // pitch
    line_h = 48 + TAP + 6 if markers else 48  # room under the cards for the markers
    who = seat_label(view, p, tr)
    for i, card in enumerate(cards):
        x = 10 + (i % per_row) * pitch
        cy = y + 20 + (i // per_row) * line_h
        what = tr("start_tile") if i == 0 else card_words(view, card, tr)
        title = tr("castle_card", who=who, what=what)
        parts.append(start_tile(x, cy, 30, 42, p, title) if i == 0 else
                     face(0, 0, 30, 42, card, view, key=f"castle-{p}-{card}", title=title,
                          extra=in_row(f"castle-{p}", x, cy)))  # the Wizard's gaps move it
        if f"wizard {card}" in legal and markers:
            parts.append(wizard_marker(x + 30 + (pitch - 30) / 2, cy + 48, cards, i, tr))
    rows = (max(len(cards), 1) - 1) // per_row + 1
    return y + 22 + rows * line_h, "".join(parts)


def wizard_marker(cx: float, y: float, cards: list[int], i: int, tr: Translator) -> str:
    """A ``W`` marker under the gap after ``cards[i]``: the Wizard inserts the card there."""
    card = cards[i]
    label = (tr("wizard_between", card=card, next=cards[i + 1]) if i + 1 < len(cards)
             else tr("wizard_after", card=card))
    body = (f'<rect class="btn" x="{cx - TAP / 2}" y="{y}" width="{TAP}" height="{TAP}" '
            f'rx="6" fill="#1f4fa0"/>'
            + icon("hat", cx - 12, y + TAP / 2 - 12, 24, "#fff")
            + f'<path d="M{cx - 4} {y} L{cx} {y - 6} L{cx + 4} {y} Z" fill="#1f4fa0"/>')
    return clickable(f"wizard {card}", label, body)


def removed(view: CastleView, y: int, tr: Translator) -> tuple[int, str]:
    """The cards out of the game: by number under ``memory=open``, else their count."""
    if "removed" in view:
        cards = view["removed"]
        shown = " ".join(map(str, cards)) or tr("none")
        line = tr("removed_list", n=len(cards), cards=shown)
    else:
        line = tr("removed_count", count=view.get("removed_count", 0))
    last, piece = block(10, y + 12, line, LINE_CHARS, 12)
    return last + 6, piece


def score_label(label: str, tr: Translator) -> str:
    """A part of the score sheet (``"wall cards"``) in the board's language."""
    key = "score." + label.lower().replace(" ", "_").replace("-", "_")
    return tr(key) if tr.has(key) else label


def scores(view: CastleView, y: int, tr: Translator) -> tuple[int, str]:
    """At the end, each seat's score part by part."""
    if not view["is_over"] or "breakdown" not in view:
        return y, ""
    parts = [text(10, y + 14, tr("final_scores"), size=13, weight="bold")]
    y += 18
    for p, rows in enumerate(view["breakdown"]):
        shown = " + ".join(f"{score_label(label, tr)} {points}"
                           for label, points in rows if points) or "0"
        line = tr("score_line", who=seat_label(view, p, tr), parts=shown,
                  total=view["scores"][p])
        for part in wrap(line, SCORE_CHARS, subsequent_indent="    "):
            parts.append(text(10, y + 12, part, size=11))
            y += 15
    return y + 4, "".join(parts)


# ----------------------------------------------------------------- the rules page
def components(tr: Translator | None = None) -> str:
    """The components for the rules page, drawn as on the board: a start tile, a wall
    card, cards with characters (the variant's) and a face-down card.

    >>> shown = components(Translator("castle", "hu"))
    >>> shown.count('class="piece"') >= 5, "kezdőlapka" in shown
    (True, True)
    """
    tr = tr or translator("castle", "en")  # shared: caches key on it
    named = [(23, ["king"]), (31, ["wizard"]), (40, ["knight", "princess"])]

    def wall(card: int, names: list[str]) -> Exhibit:
        words = ", ".join(tr.term(n) for n in names)
        caption = tr("card_figures", n=card, figures=words) if names else tr("card", n=card)
        return Exhibit(40, 56, lambda x, y: card_face(x, y, 40, 56, card, names), caption)

    def back(x: float, y: float) -> str:
        return kit_card(x, y, 40, 56, "#7a5c3a", "#3d2b17",
                        text(x + 20, y + 33, "?", "middle", 16, "bold", "#f3e6cc"))

    return showcase("castle", [
        Exhibit(40, 56, lambda x, y: start_tile(x, y, 40, 56, 0, tr("start_tile")),
                tr("start_tile")),
        wall(17, []), *(wall(card, names) for card, names in named),
        Exhibit(40, 56, back, tr("face_down_card"))], tr("components_label"))
