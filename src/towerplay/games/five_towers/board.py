"""The web app's 5 Towers board, drawn from a seat's view alone: SVG panels in one
``<div>`` (the page wraps them side by side on a desktop, stacked on a phone).

The table panel holds the round, the piles (draw count, the face-up discard pile), the
display, the auction (bids so far, who may still bid, the bid buttons) and the builder's
hand; each seat has a panel with its five towers (bottom card at the bottom, a capped
tower — a 0 on top — marked ``▲ capped``), its score and its tear-down cost.

Every clickable piece carries ``data-action`` (the action's notation), ``role=button``,
an ``aria-label`` and a ``<title>``, and ``tabindex=0`` (the page sends it on a click or
Enter). Only legal actions are clickable: a display card (``take``), a bid button
(``bid N``, ``pass``), an own tower (``teardown <suit>``, or ``place`` of the highest
taken card of its suit), a hand card (``place <card>``) and ``no tear-down``. Suits are
never told by colour alone: every card names its suit.

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> 'data-action="bid 0"' in draw(state.view(state.to_move))  # the opener may bid 0
True
>>> "data-action" in draw(state.view(1 - state.to_move))  # nothing to click off-turn
False
"""
from __future__ import annotations

from html import escape
from typing import Any

from towerplay.i18n import Translator
from towerplay.core.svg import button as shared_button
from towerplay.core.svg import clickable, panel
from towerplay.core.svg import seat_name as shared_seat_name
from towerplay.core.svg import text as shared_text
from towerplay.games.five_towers.cards import SUITS
from towerplay.games.five_towers.scoring import teardown_penalty

FILL = {"candy": "#f7c6dc", "scary": "#d9c8f2", "tree": "#c4e8c0", "scrap": "#d6d6d6",
        "sand": "#f5e6a8"}
INK = {"candy": "#8a1650", "scary": "#4b2a80", "tree": "#1d5e1a", "scrap": "#3d3d3d",
       "sand": "#6b5400"}
SYMBOL = {"candy": "●", "scary": "✦", "tree": "♣", "scrap": "■", "sand": "≈"}
"""A shape per suit beside its name, so suits differ without colour too."""
CARD_W, CARD_H = 54, 74
STEP = 22
"""How much of each covered card shows in a tower (its value and suit letter)."""
WIDTH = 380
"""Every panel's viewBox width: the page scales it to the screen (360 px phones too)."""
PHASE_TEXT = {"bid": "bids", "take": "takes {need} more card{s} from the display",
              "teardown": "may tear down a tower's top card",
              "place": "places the taken cards"}


def draw(view: dict[str, Any], tr: Translator | None = None) -> str:
    """The board of ``view`` (a 5 Towers view of any seat or a spectator) as HTML with
    inline SVG: the table panel, then one panel per seat (the viewer's first)."""
    legal = set(view.get("legal", ()))
    seat = view.get("seat")
    order = list(range(view["players"]))
    if isinstance(seat, int) and 0 <= seat < len(order):
        order = order[seat:] + order[:seat]
    parts = [table_panel(view, legal)]
    parts += [seat_panel(view, p, legal) for p in order]
    # tests/server/test_boards.py expects this exact opening; the style sheet lays out
    # .ft-board like the shared .board-panels (towerplay.core.svg.panels)
    return f'<div class="ft-board" data-game="five_towers">{"".join(parts)}</div>'


# ----------------------------------------------------------------- pieces
def suit_of(card: str) -> str:
    """``"sand7"`` -> ``"sand"``."""
    return card.rstrip("0123456789")


def value_of(card: str) -> int:
    """``"sand7"`` -> ``7``."""
    return int(card[len(suit_of(card)):] or 0)


def svg(height: int, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("ft", height, body, label)


def text(x: float, y: float, content: str, cls: str = "", anchor: str = "start",
         size: float = 13, weight: str = "normal", fill: str = "#222") -> str:
    """An escaped SVG text."""
    return shared_text(x, y, content, anchor, size, weight, fill, cls)


def card(x: float, y: float, name: str, action: str | None = None,
         label: str | None = None) -> str:
    """A face-up card: its value large, its suit's symbol and name small."""
    suit = suit_of(name)
    fill, ink = FILL.get(suit, "#fff"), INK.get(suit, "#000")
    value = value_of(name)
    body = (f'<rect class="card" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
            f'rx="6" fill="{fill}" stroke="{ink}" stroke-width="1.5"/>'
            + text(x + 4, y + 15, f"{SYMBOL.get(suit, '?')}{value}", size=12,
                   weight="bold", fill=ink)
            + text(x + CARD_W / 2, y + 37, str(value), anchor="middle", size=22,
                   weight="bold", fill=ink)
            + text(x + CARD_W / 2, y + 49, suit, anchor="middle", size=9.5, fill=ink)
            # the bottom strip stays visible under the cards above it in a tower
            + text(x + 4, y + CARD_H - 6, f"{SYMBOL.get(suit, '?')}{value}", size=11,
                   weight="bold", fill=ink))
    return clickable(action, label or (action or name), body)


def button(x: float, y: float, w: float, caption: str, action: str | None,
           label: str, enabled: bool = True) -> str:
    """A rounded button; greyed out (and not clickable) when not ``enabled``."""
    return shared_button(x, y, w, caption, action if enabled else None, label,
                         stroke="#555")


def seat_name(view: dict[str, Any], p: int | None) -> str:
    """``Seat 2`` or ``Seat 2 (you)``."""
    return shared_seat_name(view, p, "Seat")


# ----------------------------------------------------------------- the table panel
def table_panel(view: dict[str, Any], legal: set[str]) -> str:
    """Round, turn, piles, display, auction and the builder's hand."""
    parts = [text(10, 20, headline(view), size=15, weight="bold"),
             text(10, 40, turn_line(view), cls="ft-turn", size=12)]
    y = 52
    y, piece = piles(view, y)
    parts.append(piece)
    if not view["is_over"]:
        y, piece = display(view, legal, y)
        parts.append(piece)
        y, piece = auction(view, legal, y)
        parts.append(piece)
        y, piece = hand(view, legal, y)
        parts.append(piece)
    return svg(y + 8, "".join(parts), "the table: piles, display, auction")


def headline(view: dict[str, Any]) -> str:
    pile = "second pile" if view["pile"] == 2 else "first pile"
    final = " · final round" if view["final_round"] and not view["is_over"] else ""
    return f"5 Towers · round {view['round']} · {pile}{final}"


def turn_line(view: dict[str, Any]) -> str:
    """Who is to move and what they do now; at the end, the winners."""
    if view["is_over"]:
        winners = view.get("winners") or []
        names = ", ".join(seat_name(view, w) for w in winners) or "nobody"
        return f"Game over · won by {names}"
    to_move = view["to_move"]
    need = view["to_take"]
    doing = PHASE_TEXT.get(view["phase"], view["phase"]).format(
        need=need, s="" if need == 1 else "s")
    return f"To move: {seat_name(view, to_move)} — {doing}"


def piles(view: dict[str, Any], y: int) -> tuple[int, str]:
    """The draw pile (a back with its count) and the face-up discard pile per suit."""
    known = view.get("draw_cards") if view["pile"] == 2 else None
    contents = "; ".join(f"{s} {' '.join(map(str, v))}" for s, v in (known or {}).items())
    tip = f"draw pile: {view['draw_size']} cards" + (
        f" (order unknown): {contents}" if contents else "")
    parts = [f"<title>{escape(tip)}</title>",
             f'<rect x="10" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
             f'fill="#5a4632" stroke="#2b1f12"/>',
             text(10 + CARD_W / 2, y + 42, str(view["draw_size"]), anchor="middle",
                  size=18, weight="bold", fill="#fff"),
             text(10 + CARD_W / 2, y + CARD_H + 14, "draw pile", anchor="middle", size=11)]
    discard = list(view.get("discard") or [])
    x = 84
    parts.append(text(x, y + 12, f"Discard pile, face up ({len(discard)}):", size=12,
                      weight="bold"))
    rows = [(s, sorted((value_of(c) for c in discard if suit_of(c) == s), reverse=True))
            for s in SUITS]
    line_y = y + 28
    for suit, values in rows:
        shown = " ".join(map(str, values)) if values else "—"
        parts.append(text(x, line_y, f"{SYMBOL[suit]} {suit}: {shown}", size=11,
                          fill=INK[suit]))
        line_y += 14
    return max(y + CARD_H + 22, line_y) + 4, "<g>" + "".join(parts[:4]) + "</g>" + \
        "".join(parts[4:])


def display(view: dict[str, Any], legal: set[str], y: int) -> tuple[int, str]:
    """The display's cards; each one the builder may take is clickable."""
    cards = view["display"]
    parts = [text(10, y + 12, f"Display ({len(cards)})", size=13, weight="bold")]
    for i, name in enumerate(cards):
        action = f"take {name}"
        parts.append(card(10 + i * (CARD_W + 8), y + 20, name,
                          action if action in legal else None,
                          f"take {name}" if action in legal else f"{name} in the display"))
    if not cards:
        parts.append(text(10, y + 40, "(empty)", size=12, fill="#777"))
    return y + 20 + CARD_H + 10, "".join(parts)


def bid_text(bid: Any) -> str:
    return "—" if bid is None else ("pass" if bid == "pass" else f"bid {bid}")


def auction(view: dict[str, Any], legal: set[str], y: int) -> tuple[int, str]:
    """The bids so far in bidding order (who may still bid), then the bid buttons."""
    players, opener = view["players"], view["opener"]
    parts = [text(10, y + 12, "Auction", size=13, weight="bold")]
    high = view.get("high_bidder")
    line_y = y + 30
    for i in range(players):
        p = (opener + i) % players
        bid = view["bids"][p]
        notes = []
        if p == opener:
            notes.append("opens")
        if bid is None and view["phase"] == "bid":
            notes.append("may still bid")
        cap = view["rebid_caps"][p]
        if cap is not None:
            notes.append(f"re-bids below {cap}")
        if p == high:
            notes.append("high bid")
        extra = f" ({', '.join(notes)})" if notes else ""
        weight = "bold" if p == high else "normal"
        parts.append(text(10, line_y, f"{seat_name(view, p)}: {bid_text(bid)}{extra}",
                          size=12, weight=weight))
        line_y += 16
    bids = [a for a in ("pass", *(f"bid {n}" for n in range(6))) if a in legal]
    blocked = set(view.get("unbuildable_bids") or ())
    if bids or blocked:
        line_y += 4
        for n in range(6):
            action = f"bid {n}"
            if action in legal:
                parts.append(button(10 + n * 46, line_y, 40, str(n), action, f"bid {n}"))
            elif n in blocked:
                parts.append(button(10 + n * 46, line_y, 40, str(n), None,
                                    f"bid {n}: you could not build {n} of these cards",
                                    enabled=False))
        if "pass" in legal:
            parts.append(button(10 + 6 * 46, line_y, 80, "pass", "pass", "pass"))
        line_y += 46
        if blocked:
            parts.append(text(10, line_y, "Grey bids: you could not build that many "
                              "of these cards.", size=11, fill="#666"))
            line_y += 14
    return line_y + 4, "".join(parts)


def hand(view: dict[str, Any], legal: set[str], y: int) -> tuple[int, str]:
    """The auction winner's taken cards (each clickable to place it) and the
    ``no tear-down`` button."""
    builder = view.get("builder")
    if builder is None or view["phase"] not in ("take", "teardown", "place"):
        return y, ""
    cards = view["hand"]
    doing = "still to place" if view["phase"] == "place" else "took"
    parts = [text(10, y + 12, f"{seat_name(view, builder)} {doing} ({len(cards)}):",
                  size=13, weight="bold")]
    for i, name in enumerate(cards):
        action = f"place {name}"
        parts.append(card(10 + i * (CARD_W + 8), y + 20, name,
                          action if action in legal else None,
                          f"place {name}" if action in legal else f"{name}, taken"))
    end = y + 20 + (CARD_H if cards else 0) + 8
    if view.get("torn_this_round"):
        parts.append(text(10, end + 12, f"Torn down this round: "
                          f"{view['torn_this_round']}", size=12))
        end += 18
    if "no-teardown" in legal:
        parts.append(button(10, end, 150, "no tear-down", "no-teardown",
                            "no tear-down: keep every tower as it is"))
        end += 36
        parts.append(text(10, end, "Or click one of your towers to tear down its top "
                          "card.", size=11, fill="#666"))
        end += 10
    return end, "".join(parts)


# ----------------------------------------------------------------- a seat's towers
def seat_panel(view: dict[str, Any], p: int, legal: set[str]) -> str:
    """Seat ``p``'s five towers (a slot per suit), score and tear-down cost."""
    towers: dict[str, list[int]] = view["towers"][p]
    height = max((len(t) for t in towers.values()), default=0)
    base = 72 + max(height - 1, 0) * STEP + CARD_H
    parts = [text(10, 18, seat_header(view, p), size=14, weight="bold"),
             text(10, 33, seat_costs(view, p), size=12)]
    torn_cards = view.get("torn_cards", [[]] * view["players"])[p]
    if torn_cards:
        parts.append(text(10, 47, "torn: " + " ".join(torn_cards), size=10, fill="#555"))
    mine = p == view.get("seat")
    for i, suit in enumerate(SUITS):
        action = tower_action(suit, legal) if mine else None
        parts.append(tower(10 + i * (CARD_W + 18), base, suit, towers.get(suit, []), action,
                           p))
    winner = view["is_over"] and p in (view.get("winners") or [])
    label = f"{seat_name(view, p)}'s towers" + (" — winner" if winner else "")
    frame = ('<rect x="1" y="1" width="378" height="{h}" rx="8" fill="none" '
             'stroke="{c}" stroke-width="{w}"/>')
    to_move = view["to_move"] == p and not view["is_over"]
    colour, width = ("#d48a00", 4) if winner else (("#2d6cdf", 3) if to_move else ("#bbb", 1))
    outline = frame.format(h=base + 30, c=colour, w=width)
    return svg(base + 32, outline + "".join(parts), label)


def seat_header(view: dict[str, Any], p: int) -> str:
    scores = view.get("scores") if view["is_over"] else None
    score = (scores or view["score"])[p]
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    marks = ""
    if view["is_over"] and p in (view.get("winners") or []):
        marks = " · ★ winner"
    elif view["to_move"] == p:
        marks = " · ◀ to move"
    return f"{seat_name(view, p)} · score {score}{marks}"


def seat_costs(view: dict[str, Any], p: int) -> str:
    torn = view["torn"][p]
    return f"torn down {torn} card{'' if torn == 1 else 's'} (costs {teardown_penalty(torn)})"


def tower_action(suit: str, legal: set[str]) -> str | None:
    """What a click on the viewer's tower of ``suit`` does: tear it down, or place the
    highest taken card of that suit (falling values: the highest goes first)."""
    if f"teardown {suit}" in legal:
        return f"teardown {suit}"
    places = [a[len("place "):] for a in legal if a.startswith("place ")]
    fitting = sorted((c for c in places if suit_of(c) == suit), key=value_of, reverse=True)
    return f"place {fitting[0]}" if fitting else None


def tower(x: float, base: float, suit: str, values: list[int], action: str | None,
          p: int) -> str:
    """One tower, bottom card at the bottom (``base`` is its lowest card's bottom edge);
    an empty slot if the seat has none of this suit."""
    parts = [f'<rect class="slot" x="{x - 3}" y="54" width="{CARD_W + 6}" height="{base - 51}" rx="6" '
             f'fill="{FILL[suit]}" fill-opacity="0.25" stroke="{INK[suit]}" '
             f'stroke-dasharray="3 3"/>',
             text(x + CARD_W / 2, base + 16, f"{SYMBOL[suit]} {suit}", anchor="middle",
                  size=11, fill=INK[suit])]
    for i, value in enumerate(values):
        y = base - CARD_H - i * STEP
        parts.append(card(x, y, f"{suit}{value}"))
    if values and values[-1] == 0:
        top = base - CARD_H - (len(values) - 1) * STEP
        parts.append(text(x + CARD_W / 2, top - 4, "▲ capped", anchor="middle", size=10,
                          weight="bold", fill=INK[suit]))
    if not values:
        parts.append(text(x + CARD_W / 2, base - 30, "empty", anchor="middle", size=10,
                          fill="#888"))
    body = "".join(parts)
    if action is None:
        tops = "-".join(map(str, values)) or "empty"
        return f"<g><title>{escape(f'seat {p} {suit} tower: {tops}')}</title>{body}</g>"
    verb = "tear down the top card of your" if action.startswith("teardown") else \
        f"{action} on your"
    return clickable(action, f"{verb} {suit} tower", body)
