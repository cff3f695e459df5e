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

Every word comes from the ``five_towers`` catalogue through the :class:`Translator` given
(English without one); the ``data-action`` values stay the game's notation.

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> 'data-action="bid 0"' in draw(state.view(state.to_move))  # the opener may bid 0
True
>>> "data-action" in draw(state.view(1 - state.to_move))  # nothing to click off-turn
False
>>> "Licytacja" in draw(state.view(0), Translator("five_towers", "pl"))
True
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from html import escape

from towerplay.core.svg import (
    TAP,
    Exhibit,
    Layer,
    clickable,
    fit_size,
    in_row,
    key_attr,
    panel,
    showcase,
    stack,
)
from towerplay.core.svg import button as shared_button
from towerplay.core.svg import card as kit_card
from towerplay.core.svg import text as shared_text
from towerplay.games.five_towers.cards import SUITS
from towerplay.games.five_towers.scoring import teardown_penalty
from towerplay.games.five_towers.views import FiveTowersView
from towerplay.i18n import SEGMENT, Translator, seat_label, translator

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
PHASES = ("bid", "take", "teardown", "place")
"""The phases the turn line words (``doing.<phase>``)."""


def draw(view: FiveTowersView, tr: Translator | None = None) -> str:
    """The board of ``view`` (a 5 Towers view of any seat or a spectator) as HTML with
    inline SVG, worded by ``tr``: the table panel, then one panel per seat (the
    viewer's first)."""
    tr = tr or translator("five_towers", "en")  # shared: caches key on it
    legal = set(view.get("legal", ()))
    seat = view.get("seat")
    order = list(range(view["players"]))
    if isinstance(seat, int) and 0 <= seat < len(order):
        order = order[seat:] + order[:seat]
    parts = [table_panel(view, legal, tr)]
    parts += [seat_panel(view, p, legal, tr) for p in order]
    # tests/server/test_boards.py expects this exact opening; the style sheet lays out
    # .ft-board like the shared .board-panels (towerplay.core.svg.panels)
    return f'<div class="ft-board" data-game="five_towers">{"".join(parts)}</div>'


# ----------------------------------------------------------------- pieces and words
def suit_of(card: str) -> str:
    """``"sand7"`` -> ``"sand"``."""
    return card.rstrip("0123456789")


def value_of(card: str) -> int:
    """``"sand7"`` -> ``7``."""
    return int(card[len(suit_of(card)):] or 0)


def card_words(tr: Translator, card: str) -> str:
    """A card in words, never its notation: ``sand 7``, ``piaskowa 7`` in Polish."""
    return tr("board_card", suit=tr.term(suit_of(card)), value=value_of(card))


def tower_words(tr: Translator, suit: str) -> str:
    """A suit's tower by the rulebook's name (``sand tower``, ``homoktorony``)."""
    return tr(f"tower.{suit}")


def by_suit(cards: list[str]) -> dict[str, list[int]]:
    """Card names as values per suit, in the order given: ``{"sand": [7, 3]}``."""
    return {s: [value_of(c) for c in cards if suit_of(c) == s] for s in SUITS}


def grouped(values: Mapping[str, Sequence[int]], tr: Translator) -> str:
    """Values per suit, short: ``sand 7 3; candy 3``."""
    return "; ".join(f"{tr.term(s)} {' '.join(map(str, v))}" for s, v in values.items() if v)



def svg(height: int, body: str, label: str) -> str:
    """One panel: an SVG scaled to its container's width."""
    return panel("ft", height, body, label)


def text(x: float, y: float, content: str, cls: str = "", anchor: str = "start",
         size: float = 13, weight: str = "normal", fill: str = "#222") -> str:
    """An escaped SVG text; a left-aligned one shrinks to end inside its panel (a long
    line in a wordier language)."""
    if anchor == "start":
        size = fit_size(content, size, WIDTH - 6 - x)
    return shared_text(x, y, content, anchor, size, weight, fill, cls)


def face(name: str, tr: Translator) -> Callable[[float, float], str]:
    """A card's face drawn at its top-left corner: its value large, its suit's symbol and
    name small, and a strip at the bottom that stays visible under the cards above it in
    a tower."""
    return lambda x, y: card_face(x, y, name, tr)


@lru_cache(maxsize=4096)
def card_face(x: float, y: float, name: str, tr: Translator) -> str:
    """:func:`face`'s drawing (kept: the same card is drawn at the same place move after
    move, for every seat)."""
    suit = suit_of(name)
    ink = INK.get(suit, "#000")
    value = value_of(name)
    corner = f"{SYMBOL.get(suit, '?')}{value}"
    return (text(x + 4, y + 15, corner, size=12, weight="bold", fill=ink)
            + text(x + CARD_W / 2, y + 37, str(value), anchor="middle", size=22,
                   weight="bold", fill=ink)
            + text(x + CARD_W / 2, y + 49, tr.term(suit), anchor="middle",
                   size=fit_size(tr.term(suit), 9.5, CARD_W - 4), fill=ink)
            + text(x + 4, y + CARD_H - 6, corner, size=11, weight="bold", fill=ink))


def card(row: str, x: float, y: float, name: str, tr: Translator, action: str | None = None,
         label: str | None = None) -> str:
    """A face-up card (the kit's card in its suit's colours) at (``x``, ``y``) in ``row``
    (the display or the hand), keyed by its name: the page keeps its element while it
    stays, slides it along when a card before it leaves, and marks it when it arrives
    (the last move)."""
    return clickable(action, label or card_words(tr, name), card_body(name, tr),
                     key_attr(f"card-{name}") + in_row(row, x, y))


@lru_cache(maxsize=1024)
def card_body(name: str, tr: Translator) -> str:
    """:func:`card`'s drawing at (0, 0) (kept: a card looks alike wherever it stands)."""
    suit = suit_of(name)
    return kit_card(0, 0, CARD_W, CARD_H, FILL.get(suit, "#fff"), INK.get(suit, "#000"),
                    card_face(0, 0, name, tr))


def button(x: float, y: float, w: float, caption: str, action: str | None,
           label: str, enabled: bool = True) -> str:
    """A rounded button; greyed out (and not clickable) when not ``enabled``."""
    return shared_button(x, y, w, caption, action if enabled else None, label, TAP,
                         stroke="#555")


# ----------------------------------------------------------------- the table panel
def table_panel(view: FiveTowersView, legal: set[str], tr: Translator) -> str:
    """Round, turn, piles, display, auction and the builder's hand."""
    parts = [text(10, 20, headline(view, tr), size=15, weight="bold"),
             text(10, 40, turn_line(view, tr), cls="ft-turn", size=12)]
    y = 52
    y, piece = piles(view, y, tr)
    parts.append(piece)
    if not view["is_over"]:
        for section in (display, auction, hand):
            y, piece = section(view, legal, y, tr)
            parts.append(piece)
    return svg(y + 8, "".join(parts), tr("table_label"))


def headline(view: FiveTowersView, tr: Translator) -> str:
    """``5 Towers · round 3 · first pile`` (`` · final round`` in the last one)."""
    pile = tr("second_pile" if view["pile"] == 2 else "first_pile")
    parts = [tr("headline", round=view["round"], pile=pile)]
    if view["final_round"] and not view["is_over"]:
        parts.append(tr("final_round"))
    return SEGMENT.join(parts)


def turn_line(view: FiveTowersView, tr: Translator) -> str:
    """Who is to move and what they do now; at the end, the winners."""
    if view["is_over"]:
        winners = view.get("winners") or []
        names = ", ".join(seat_label(view, w, tr) for w in winners) or tr("nobody")
        return tr("game_over", count=len(winners), names=names)
    phase = view["phase"]
    doing = tr(f"doing.{phase}", count=view["to_take"]) if phase in PHASES else phase
    return tr("turn", who=seat_label(view, view["to_move"], tr), doing=doing)


def piles(view: FiveTowersView, y: int, tr: Translator) -> tuple[int, str]:
    """The draw pile (a back with its count) and the face-up discard pile per suit."""
    known = (view.get("draw_cards") if view["pile"] == 2 else None) or {}
    return piles_drawing(y, view["draw_size"], tuple((s, tuple(v)) for s, v in known.items()),
                         tuple(view.get("discard") or ()), tr)


@lru_cache(maxsize=1024, typed=True)  # (3 and 3.0 are drawn apart)
def piles_drawing(y: int, draw_size: int, known: tuple[tuple[str, tuple[int, ...]], ...],
                  discard: tuple[str, ...], tr: Translator) -> tuple[int, str]:
    """:func:`piles`' drawing, from what it shows (kept: alike in every seat's view);
    ``known``: the values per suit a seat knows are in the draw pile."""
    contents = grouped(dict(known), tr)
    tip = tr("draw_tip", count=draw_size)
    if contents:
        tip += f" ({tr('order_unknown')}): {contents}"
    back = (f"<g><title>{escape(tip)}</title>"
            f'<rect x="10" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="#5a4632" stroke="#2b1f12"/>'
            + text(10 + CARD_W / 2, y + 42, str(draw_size), anchor="middle",
                   size=18, weight="bold", fill="#fff")
            + text(10 + CARD_W / 2, y + CARD_H + 14, tr("draw_pile"), anchor="middle",
                   size=11) + "</g>")
    parts = [back, text(84, y + 12, tr("discard_heading", n=len(discard)), size=12,
                        weight="bold")]
    line_y = y + 28
    for suit in SUITS:
        values = sorted((value_of(c) for c in discard if suit_of(c) == suit), reverse=True)
        shown = " ".join(map(str, values)) if values else "—"
        parts.append(text(84, line_y, f"{SYMBOL[suit]} {tr.term(suit)}: {shown}", size=11,
                          fill=INK[suit]))
        line_y += 14
    return max(y + CARD_H + 22, line_y) + 4, "".join(parts)


def display(view: FiveTowersView, legal: set[str], y: int,
            tr: Translator) -> tuple[int, str]:
    """The display's cards; each one the builder may take is clickable."""
    cards = tuple(view["display"])
    return display_drawing(y, cards, tuple(f"take {name}" in legal for name in cards), tr)


@lru_cache(maxsize=1024)
def display_drawing(y: int, cards: tuple[str, ...], takes: tuple[bool, ...],
                    tr: Translator) -> tuple[int, str]:
    """:func:`display`'s drawing (kept: alike in every seat's view but the builder's);
    ``takes``: whether each card may be taken."""
    parts = [text(10, y + 12, tr("display_heading", n=len(cards)), size=13, weight="bold")]
    for i, (name, take) in enumerate(zip(cards, takes, strict=True)):
        action = f"take {name}"
        words = card_words(tr, name)
        parts.append(card("display", 10 + i * (CARD_W + 8), y + 20, name, tr,
                          action if take else None,
                          tr("take_card" if take else "in_display", card=words)))
    if not cards:
        parts.append(text(10, y + 40, tr("empty_display"), size=12, fill="#777"))
    return y + 20 + CARD_H + 10, "".join(parts)


def bid_text(bid: int | str | None, tr: Translator) -> str:
    """A seat's bid so far: ``—`` (none yet), ``pass`` or ``bid 3``."""
    return "—" if bid is None else tr("passed") if bid == "pass" else tr("bid_made", n=bid)


def bid_notes(view: FiveTowersView, p: int, tr: Translator) -> str:
    """`` (opens, may still bid, …)`` after seat ``p``'s bid, or nothing."""
    notes = []
    if p == view["opener"]:
        notes.append(tr("note.opens"))
    if view["bids"][p] is None and view["phase"] == "bid":
        notes.append(tr("note.may_bid"))
    cap = view["rebid_caps"][p]
    if cap is not None:
        notes.append(tr("note.rebid", cap=cap))
    if p == view.get("high_bidder"):
        notes.append(tr("note.high"))
    return f" ({', '.join(notes)})" if notes else ""


def auction(view: FiveTowersView, legal: set[str], y: int,
            tr: Translator) -> tuple[int, str]:
    """The bids so far in bidding order (who may still bid), then the bid buttons."""
    players, opener = view["players"], view["opener"]
    parts = [text(10, y + 12, tr("auction"), size=13, weight="bold")]
    line_y = y + 30
    for i in range(players):
        p = (opener + i) % players
        said = f"{seat_label(view, p, tr)}: {bid_text(view['bids'][p], tr)}"
        weight = "bold" if p == view.get("high_bidder") else "normal"
        parts.append(text(10, line_y, said + bid_notes(view, p, tr), size=12,
                          weight=weight))
        line_y += 16
    line_y, piece = bid_buttons(view, legal, line_y, tr)
    return line_y + 4, "".join(parts) + piece


def bid_buttons(view: FiveTowersView, legal: set[str], y: int,
                tr: Translator) -> tuple[int, str]:
    """A button per bid 0-5 the seat may make (greyed if it could not build it), then
    ``pass``, left to right from the panel's edge (the bids at or under the high bid
    leave no gap); nothing off-turn."""
    blocked = set(view.get("unbuildable_bids") or ())
    if not blocked and not legal & {"pass", *(f"bid {n}" for n in range(6))}:
        return y, ""
    y += 4
    parts = []
    x = 10
    for n in range(6):
        action = f"bid {n}"
        if action in legal:
            parts.append(button(x, y, TAP, str(n), action, tr("bid_button", n=n)))
        elif n in blocked:
            parts.append(button(x, y, TAP, str(n), None, tr("bid_blocked", n=n),
                                enabled=False))
        else:
            continue
        x += TAP + 4
    if "pass" in legal:
        parts.append(button(x, y, 72, tr("pass_caption"), "pass", tr("pass_label")))
    y += TAP + 8
    if blocked:
        parts.append(text(10, y, tr("blocked_note"), size=11, fill="#666"))
        y += 14
    return y, "".join(parts)


def hand(view: FiveTowersView, legal: set[str], y: int, tr: Translator) -> tuple[int, str]:
    """The auction winner's taken cards (each clickable to place it) and the
    ``no tear-down`` button."""
    builder = view.get("builder")
    if builder is None or view["phase"] not in ("take", "teardown", "place"):
        return y, ""
    cards = tuple(view["hand"])
    return hand_drawing(y, seat_label(view, builder, tr), view["phase"] == "place", cards,
                        tuple(f"place {name}" in legal for name in cards),
                        view["torn_this_round"], "no-teardown" in legal, tr)


@lru_cache(maxsize=1024)
def hand_drawing(y: int, builder: str, placing: bool, cards: tuple[str, ...],
                 places: tuple[bool, ...], torn: str | None, no_teardown: bool,
                 tr: Translator) -> tuple[int, str]:
    """:func:`hand`'s drawing (kept: alike in every seat's view but the builder's, and
    from one card placed to the next); ``builder``: the builder as the board names it;
    ``places``: whether each card may be placed now."""
    heading = "still_to_place" if placing else "took"
    parts = [text(10, y + 12, tr(heading, seat=builder, n=len(cards)), size=13,
                  weight="bold")]
    for i, (name, place) in enumerate(zip(cards, places, strict=True)):
        parts.append(card("hand", 10 + i * (CARD_W + 8), y + 20, name, tr,
                          f"place {name}" if place else None,
                          tr("place_card" if place else "taken_card",
                             card=card_words(tr, name))))
    end = y + 20 + (CARD_H if cards else 0) + 8
    if torn:
        parts.append(text(10, end + 12, tr("torn_this_round", suit=tr.term(torn)), size=12))
        end += 18
    if no_teardown:
        parts.append(button(10, end, 150, tr("no_teardown_caption"), "no-teardown",
                            tr("no_teardown_label")))
        end += TAP + 8
        parts.append(text(10, end, tr("teardown_hint"), size=11, fill="#666"))
        end += 10
    return end, "".join(parts)


# ----------------------------------------------------------------- a seat's towers
def seat_panel(view: FiveTowersView, p: int, legal: set[str], tr: Translator) -> str:
    """Seat ``p``'s five towers (a slot per suit), score and tear-down cost."""
    mine = p == view.get("seat")
    winner = view["is_over"] and p in (view.get("winners") or [])
    label = tr("towers_of", seat=seat_label(view, p, tr))
    if winner:
        label += f" — {tr('winner')}"
    to_move = view["to_move"] == p and not view["is_over"]
    return towers_panel(
        seat_label(view, p, tr),
        tuple((suit, tuple(values)) for suit, values in view["towers"][p].items()),
        view["torn"][p], tuple(view.get("torn_cards", [[]] * view["players"])[p]),
        tower_actions(legal) if mine else (None,) * len(SUITS),
        seat_header(view, p, tr), label,
        "winner" if winner else "to_move" if to_move else "", tr)


FRAME = {"winner": ("#d48a00", 4), "to_move": ("#2d6cdf", 3), "": ("#bbb", 1)}
"""A seat panel's outline (colour, width): the winner's, the seat to move's, another's."""
LOWEST_BASE = 72 + CARD_H
"""Where the towers stand (their bottom cards' lower edge) in a seat's panel while none
is taller than one card; each card more on the tallest moves them all down by a step."""


@lru_cache(maxsize=4096, typed=True)
def towers_panel(who: str, towers: tuple[tuple[str, tuple[int, ...]], ...], torn: int,
                 torn_cards: tuple[str, ...], actions: tuple[str | None, ...], header: str,
                 label: str, frame: str, tr: Translator) -> str:
    """:func:`seat_panel`'s drawing, from what it shows (kept: a seat's panel stays as it
    was from move to move, and alike in every other seat's view); ``actions``: a click on
    each tower's (in :data:`SUITS` order); ``who``: the seat as the board names it."""
    values = dict(towers)
    height = max((len(t) for t in values.values()), default=0)
    lift = max(height - 1, 0) * STEP  # the tallest tower's growth pushes every tower down
    base = LOWEST_BASE + lift
    parts = [text(10, 18, header, size=14, weight="bold"),
             text(10, 33, tr("torn_down", count=torn, cost=teardown_penalty(torn)), size=12)]
    if torn_cards:
        parts.append(text(10, 47, tr("torn_cards", cards=grouped(by_suit(list(torn_cards)), tr)),
                          size=10, fill="#555"))
    # Drawn on the lowest base and moved down as one group: a card's own place never
    # changes while it stands, so the page marks only the cards a move placed as moved
    # (not every card of the seat's towers whenever its tallest one grows).
    parts.append(f'<g class="towers" transform="translate(0 {lift})">'
                 + "".join(tower(10 + i * (CARD_W + 18), LOWEST_BASE, suit,
                                 values.get(suit, ()), action, who, tr, lift)
                           for i, (suit, action) in enumerate(zip(SUITS, actions, strict=True)))
                 + "</g>")
    colour, width = FRAME[frame]
    outline = (f'<rect x="1" y="1" width="378" height="{base + 30}" rx="8" fill="none" '
               f'stroke="{colour}" stroke-width="{width}"/>')
    return svg(base + 32, outline + "".join(parts), label)


def seat_header(view: FiveTowersView, p: int, tr: Translator) -> str:
    """``Seat 1 · score 12 · ◀ to move`` (``★ winner`` at the end)."""
    scores = view.get("scores") if view["is_over"] else None
    score = (scores or view["score"])[p]
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    parts = [seat_label(view, p, tr), tr("score", score=score)]
    if view["is_over"] and p in (view.get("winners") or []):
        parts.append(f"★ {tr('winner')}")
    elif view["to_move"] == p:
        parts.append(f"◀ {tr('mark_to_move')}")
    return SEGMENT.join(parts)


def tower_actions(legal: set[str]) -> tuple[str | None, ...]:
    """What a click on each of the viewer's towers does (in :data:`SUITS` order): tear it
    down, or place the highest taken card of its suit (falling values: the highest goes
    first); ``None``: nothing.

    >>> tower_actions({"place sand3", "place sand7", "teardown tree", "pass"})
    (None, None, 'teardown tree', None, 'place sand7')
    """
    highest: dict[str, str] = {}
    for action in legal:  # (one pass: a bid's legal list is long)
        if action.startswith("place "):
            card = action[len("place "):]
            suit = suit_of(card)
            if suit not in highest or value_of(card) > value_of(highest[suit]):
                highest[suit] = card
    return tuple(f"teardown {suit}" if f"teardown {suit}" in legal
                 else f"place {highest[suit]}" if suit in highest else None
                 for suit in SUITS)


@lru_cache(maxsize=4096)
def tower(x: float, base: float, suit: str, values: tuple[int, ...], action: str | None,
          who: str, tr: Translator, lift: float = 0) -> str:
    """One tower, the kit's stack of cards with its bottom card at the bottom (``base`` is
    its lowest card's bottom edge), each card keyed and titled; an empty slot if the seat
    has none of this suit (kept: most towers stay as they were from one move to the next,
    and every seat sees them alike). Its slot reaches ``lift`` higher than the panel's
    towers start (they are drawn that much lower: :func:`towers_panel`)."""
    label = f"{SYMBOL[suit]} {tr.term(suit)}"
    parts = [f'<rect class="slot" x="{x - 3}" y="{54 - lift}" width="{CARD_W + 6}" '
             f'height="{base - 51 + lift}" rx="6" fill="{FILL[suit]}" fill-opacity="0.25" '
             f'stroke="{INK[suit]}" stroke-dasharray="3 3"/>',
             text(x + CARD_W / 2, base + 16, label, anchor="middle",
                  size=fit_size(label, 11, CARD_W + 12), fill=INK[suit])]
    cards = [f"{suit}{value}" for value in values]
    top, drawn = stack(x, base, CARD_W, CARD_H, STEP,
                       [Layer(FILL[suit], INK[suit], face(name, tr), f"card-{name}",
                              tr("tower_card", card=card_words(tr, name), n=i + 1))
                        for i, name in enumerate(cards)])
    parts.append(drawn)
    if values and values[-1] == 0:
        parts.append(text(x + CARD_W / 2, top - 4, f"▲ {tr('capped')}", anchor="middle",
                          size=10, weight="bold", fill=INK[suit]))
    if not values:
        parts.append(text(x + CARD_W / 2, base - 30, tr("empty_tower"), anchor="middle",
                          size=10, fill="#888"))
    return clickable(action, tower_label(suit, values, action, who, tr), "".join(parts))


def tower_label(suit: str, values: tuple[int, ...], action: str | None, who: str,
                tr: Translator) -> str:
    """What a tower is (``Ala, sand tower: 7-6``: ``who`` is the seat as the board
    names it), or what a click on it does."""
    name = tower_words(tr, suit)
    if action is None:
        cards = "-".join(map(str, values)) or tr("empty_tower")
        return tr("tower_title", seat=who, tower=name, cards=cards)
    if action.startswith("teardown"):
        return tr("tear_down_tower", tower=name)
    return tr("place_on_tower", card=card_words(tr, action.split()[1]), tower=name)


# ----------------------------------------------------------------- the rules page
def components(tr: Translator | None = None) -> str:
    """The components for the rules page, drawn as on the board: a card, a tower (a stack
    of cards of one suit) and the draw pile.

    >>> shown = components(Translator("five_towers", "pl"))
    >>> shown.count('class="piece"'), "piaskowa 7" in shown
    (5, True)
    """
    tr = tr or translator("five_towers", "en")  # shared: caches key on it
    tower_cards = ["tree12", "tree8", "tree3"]

    def a_tower(x: float, y: float) -> str:
        return stack(x, y + CARD_H + 2 * STEP, CARD_W, CARD_H, STEP,
                     [Layer(FILL["tree"], INK["tree"], face(name, tr), title=card_words(tr, name))
                      for name in tower_cards])[1]

    def the_pile(x: float, y: float) -> str:
        return kit_card(x, y, CARD_W, CARD_H, "#5a4632", "#2b1f12",
                        text(x + CARD_W / 2, y + 42, "?", anchor="middle", size=18,
                             weight="bold", fill="#fff"))

    return showcase("ft", [
        Exhibit(CARD_W, CARD_H, lambda x, y: kit_card(x, y, CARD_W, CARD_H, FILL["sand"],
                                                      INK["sand"], card_face(x, y, "sand7", tr)),
                card_words(tr, "sand7")),
        Exhibit(CARD_W, CARD_H + 2 * STEP, a_tower, tower_words(tr, "tree")),
        Exhibit(CARD_W, CARD_H, the_pile, tr("draw_pile"))], tr("components_label"))
