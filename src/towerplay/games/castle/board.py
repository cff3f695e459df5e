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
Characters are letters (K, Q, W, k, p), never colour alone.

>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=1)
>>> 'data-action="reveal a1"' in draw(state.view(state.to_move))
True
>>> "data-action" in draw(state.view(1 - state.to_move))
False
"""
from __future__ import annotations

from textwrap import wrap
from typing import Any

from towerplay.i18n import Translator
from towerplay.core.svg import button, clickable, panel, panels, seat_name, text
from towerplay.games.castle.cards import COLUMNS, ROWS

WIDTH = 380
CELL_W, CELL_H, GAP = 38, 50, 2
"""A table card; 9 columns of 40 fit the 380-wide panel with their row letters."""
PITCH = 36
"""The distance between two castle cards (a card of 30 and a gap for a Wizard marker)."""
LETTER = {"king": "K", "queen": "Q", "wizard": "W", "knight": "k", "princess": "p"}
FIGURE_INK = {"king": "#8a6d00", "queen": "#8a1650", "wizard": "#1f4fa0",
              "knight": "#1d5e1a", "princess": "#a0306a"}
SEAT_INK = ("#b03030", "#2a7a2a", "#2d5fbf", "#8a6d00")
DECISION_TEXT = {"build": "build: add it to your castle",
                 "return": "return: put it back face down",
                 "remove": "remove: it leaves the game"}


def draw(view: dict[str, Any], tr: Translator | None = None) -> str:
    """The board of ``view`` (a castle view of any seat or a spectator) as HTML with
    inline SVG parts: the table, the revealed card, the castles, the removed cards."""
    legal = set(view.get("legal", ()))
    parts = [table_panel(view, legal), castles_panel(view, legal)]
    return panels("castle", "castle", parts)


# ----------------------------------------------------------------- pieces
def svg(height: int, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("castle", height, body, label)


def figures(view: dict[str, Any], card: int) -> list[str]:
    """The characters the view says ``card`` shows (none in the base game)."""
    return list(view.get("figures", {}).get(str(card), []))


def letters(view: dict[str, Any], card: int) -> str:
    """``"KW"``: the card's characters as letters."""
    return "".join(LETTER.get(f, "?") for f in figures(view, card))


def face(x: float, y: float, w: float, h: float, card: int, view: dict[str, Any],
         fill: str = "#fdf6e3") -> str:
    """A face-up card: its number, and its characters' letters below."""
    parts = [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{fill}" '
             f'stroke="#6b5a3a" stroke-width="1.2"/>',
             text(x + w / 2, y + h / 2 + 4, str(card), "middle", 14, "bold")]
    for i, name in enumerate(figures(view, card)):
        parts.append(text(x + 4 + i * 9, y + h - 4, LETTER.get(name, "?"), size=10,
                          weight="bold", fill=FIGURE_INK.get(name, "#000")))
    return "".join(parts)


def plural(n: int, noun: str) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def card_words(view: dict[str, Any], card: int) -> str:
    """``"card 26 (wizard)"`` for labels."""
    names = figures(view, card)
    return f"card {card}" + (f" ({', '.join(names)})" if names else "")


# ----------------------------------------------------------------- the table
def table_panel(view: dict[str, Any], legal: set[str]) -> str:
    """Headline, turn, the 5 × 9 table, the revealed card and its decision buttons."""
    parts = [text(10, 18, headline(view), size=14, weight="bold"),
             text(10, 36, turn_line(view), size=12)]
    top = 48
    for c in range(COLUMNS):
        parts.append(text(18 + c * (CELL_W + GAP) + CELL_W / 2, top + 10, str(c + 1),
                          "middle", 10, fill="#666"))
    for r, row in enumerate(ROWS):
        y = top + 14 + r * (CELL_H + GAP)
        parts.append(text(8, y + CELL_H / 2 + 4, row, "middle", 11, "bold", "#666"))
        for c in range(COLUMNS):
            pos = f"{row}{c + 1}"
            parts.append(table_cell(view, legal, pos, 18 + c * (CELL_W + GAP), y))
    y = top + 14 + len(ROWS) * (CELL_H + GAP) + 4
    for line in legend(view):
        parts.append(text(10, y + 10, line, size=10, fill="#555"))
        y += 13
    y, piece = revealed(view, legal, y + 5)
    parts.append(piece)
    y, piece = recent(view, y)
    parts.append(piece)
    return svg(y + 6, "".join(parts), "the table of face-down cards")


def headline(view: dict[str, Any]) -> str:
    variant = "characters" if view["variant"] == "characters" else "base game"
    return f"Budowa Zamku · {variant} · memory {view['memory']} · turn {view['turn']}"


def turn_line(view: dict[str, Any]) -> str:
    """Who moves and what they do; at the end, the winners."""
    if view["is_over"]:
        names = ", ".join(seat_name(view, w) for w in view.get("winners") or []) or "nobody"
        return f"Game over · won by {names}"
    doing = "decides on the revealed card" if view["revealed"] else "reveals a card"
    return f"To move: {seat_name(view, view['to_move'])} — {doing}"


def legend(view: dict[str, Any]) -> list[str]:
    """What the table's marks mean (two short lines: a phone is narrow)."""
    seen = ("a number: seen and put back" if view["memory"] == "open"
            else "memory hidden: remember what you saw")
    lines = [f"? face down ({view['face_down']}) · {seen} · dashed: empty"]
    if "figures" in view:
        lines.append("characters: K king, Q queen, W wizard, k knight, p princess")
    return lines


def table_cell(view: dict[str, Any], legal: set[str], pos: str, x: float,
               y: float) -> str:
    """One position: empty, a card back (``?`` or a remembered number) or the card
    just turned up (highlighted)."""
    value = view["table"].get(pos)
    extra = f' data-pos="{pos}"'
    if value is None:
        body = (f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="4" '
                f'fill="none" stroke="#ccc" stroke-dasharray="3 3"/>')
        return clickable(None, f"{pos}: empty", body, extra)
    shown = view["revealed"] and view["revealed"]["pos"] == pos
    if shown:
        body = face(x, y, CELL_W, CELL_H, int(value), view, "#ffe680")
        return clickable(None, f"{pos}: {card_words(view, int(value))}, just revealed",
                         body, extra)
    known = isinstance(value, int)
    body = (f'<rect class="card" x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" '
            f'rx="4" fill="{"#cfe3f5" if known else "#7a5c3a"}" stroke="#3d2b17"/>'
            + text(x + CELL_W / 2, y + CELL_H / 2 + 5, str(value), "middle",
                   13 if known else 16, "bold", "#123" if known else "#f3e6cc")
            + text(x + 3, y + 10, pos, size=8, fill="#123" if known else "#e0cfae"))
    if known:
        body += text(x + CELL_W - 3, y + CELL_H - 4, letters(view, int(value)), "end", 9,
                     "bold", "#1f4fa0")
    action = f"reveal {pos}"
    seen = f", seen before: {card_words(view, int(value))}" if known else ""
    if action in legal:
        return clickable(action, f"reveal the face-down card at {pos}{seen}", body, extra)
    return clickable(None, f"{pos}: face down{seen}", body, extra)


def revealed(view: dict[str, Any], legal: set[str], y: int) -> tuple[int, str]:
    """The card just turned up, large, with the decisions the mover may take."""
    shown = view["revealed"]
    if not shown:
        return y, ""
    card = int(shown["card"])
    parts = [text(10, y + 12, f"Revealed at {shown['pos']}:", size=13, weight="bold"),
             face(10, y + 20, 50, 68, card, view, "#ffe680")]
    x = 72
    for verb in ("build", "return", "remove"):
        if verb in legal:
            parts.append(button(x, y + 20, 90, verb, verb, DECISION_TEXT[verb]))
            x += 98
    if any(a.startswith("wizard ") for a in legal):
        parts.append(text(72, y + 66, "or click a W marker in your castle: the Wizard",
                          size=11, fill="#1f4fa0"))
        parts.append(text(72, y + 80, "inserts the card there", size=11, fill="#1f4fa0"))
    return y + 96, "".join(parts)


def recent(view: dict[str, Any], y: int) -> tuple[int, str]:
    """The last round's reveals (what every player saw then)."""
    rows = view.get("recent") or []
    if not rows:
        return y, ""
    parts = [text(10, y + 12, "Last round:", size=12, weight="bold")]
    for i, r in enumerate(rows):
        card = "?" if not r["card"] else str(r["card"])
        parts.append(text(20, y + 28 + i * 14, f"{seat_name(view, r['seat'])} revealed "
                          f"{r['pos']}: {card} — {r['result']}", size=11))
    return y + 28 + len(rows) * 14, "".join(parts)


# ----------------------------------------------------------------- castles
def castles_panel(view: dict[str, Any], legal: set[str]) -> str:
    """Every castle from its start tile, then the removed cards and the scores."""
    parts: list[str] = [text(10, 18, "Castles", size=14, weight="bold")]
    y = 28
    for p, cards in enumerate(view["castles"]):
        y, piece = castle_row(view, legal, p, cards, y)
        parts.append(piece)
    y, piece = removed(view, y)
    parts.append(piece)
    y, piece = scores(view, y)
    parts.append(piece)
    return svg(y + 6, "".join(parts), "the castles")


def castle_summary(view: dict[str, Any], p: int) -> str:
    """``seat 1 (you) · 4 elements · 5 points · Wizard used · ◀ to move``."""
    line = f"{seat_name(view, p)} · {plural(view['elements'][p], 'element')}"
    if "points" in view:
        line += f" · {plural(view['points'][p], 'point')}"
        if view["wizard_used"][p]:
            line += " · Wizard used"
    if view["is_over"] and p in (view.get("winners") or []):
        line += " · ★ winner"
    elif view["to_move"] == p and not view["is_over"]:
        line += " · ◀ to move"
    return line


def castle_row(view: dict[str, Any], legal: set[str], p: int, cards: list[int],
               y: int) -> tuple[int, str]:
    """Seat ``p``'s castle left to right; the mover's Wizard markers under its gaps."""
    ink = SEAT_INK[p % len(SEAT_INK)]
    parts = [text(10, y + 14, castle_summary(view, p), size=12, weight="bold", fill=ink)]
    per_row = (WIDTH - 20) // PITCH
    markers = p == view.get("seat") and any(a.startswith("wizard ") for a in legal)
    line_h = 72 if markers else 48  # room under the cards for the Wizard's markers
    for i, card in enumerate(cards):
        x = 10 + (i % per_row) * PITCH
        cy = y + 20 + (i // per_row) * line_h
        body = face(x, cy, 30, 42, card, view, "#e9e0cc" if i == 0 else "#fdf6e3")
        what = "start tile" if i == 0 else card_words(view, card)
        parts.append(clickable(None, f"{seat_name(view, p)} castle: {what}", body))
        wizard = f"wizard {card}"
        if wizard in legal and markers:
            parts.append(wizard_marker(x + 30 + (PITCH - 30) / 2, cy + 46, card, cards, i))
    lines = (max(len(cards), 1) - 1) // per_row + 1
    return y + 22 + lines * line_h, "".join(parts)


def wizard_marker(cx: float, y: float, card: int, cards: list[int], i: int) -> str:
    """A ``W`` marker under the gap after ``card``: the Wizard inserts the card there."""
    after = f" and {cards[i + 1]}" if i + 1 < len(cards) else ""
    body = (f'<rect class="btn" x="{cx - 11}" y="{y}" width="22" height="20" rx="4" '
            f'fill="#1f4fa0"/>'
            + text(cx, y + 14, "W", "middle", 12, "bold", "#fff")
            + f'<path d="M{cx - 4} {y} L{cx} {y - 6} L{cx + 4} {y} Z" fill="#1f4fa0"/>')
    return clickable(f"wizard {card}", f"Wizard: insert the card between {card}{after}",
                     body)


def removed(view: dict[str, Any], y: int) -> tuple[int, str]:
    """The cards out of the game: by number under ``memory=open``, else their count."""
    if "removed" in view:
        cards = view["removed"]
        shown = " ".join(map(str, cards)) or "none"
        line = f"Removed ({len(cards)}): {shown}"
    else:
        line = f"Removed: {view.get('removed_count', 0)} cards"
    return y + 18, text(10, y + 12, line, size=12)


def scores(view: dict[str, Any], y: int) -> tuple[int, str]:
    """At the end, each seat's score part by part."""
    if not view["is_over"] or "breakdown" not in view:
        return y, ""
    parts = [text(10, y + 14, "Final scores", size=13, weight="bold")]
    y += 18
    for p, rows in enumerate(view["breakdown"]):
        shown = " + ".join(f"{label} {points}" for label, points in rows if points) or "0"
        line = f"{seat_name(view, p)}: {shown} = {view['scores'][p]}"
        for part in wrap(line, 60, subsequent_indent="    "):  # a phone is narrow
            parts.append(text(10, y + 12, part, size=11))
            y += 15
    return y + 4, "".join(parts)
