"""The terminal picture of a 5 Towers position (rich markup), drawn from a seat's view.

Symbols: each tower is a column, bottom card at the bottom; ``▲0`` is a tower top (a 0:
the tower is capped and scores double); the discard pile is face up; after the reshuffle
the second draw pile's cards are known (not their order) and listed per suit; torn-down
cards are named after each seat's count.
"""
from __future__ import annotations

from typing import Any

from towerplay.games.five_towers import scoring
from towerplay.games.five_towers.cards import SUITS

COLOURS = {"candy": "hot_pink", "scary": "medium_purple1", "tree": "green3",
           "scrap": "grey62", "sand": "yellow"}
STEPS = {"take": "takes {need} more card(s)", "teardown": "may tear down one card",
         "place": "places the taken cards"}


def card_markup(name: str) -> str:
    """A card as coloured text, e.g. ``[yellow]sand7[/]`` (the name says the suit too)."""
    suit = name.rstrip("0123456789")
    return f"[{COLOURS.get(suit, 'default')}]{name}[/]"


def cards_line(names: list[str]) -> str:
    """Cards as coloured text in one line (``(empty)`` if none)."""
    return " ".join(card_markup(name) for name in names) or "[dim](empty)[/]"


def towers_block(towers: dict[str, list[int]]) -> list[str]:
    """One player's towers as five columns, bottom card at the bottom, caps marked ▲."""
    width = 7
    lines = ["  " + "".join(f"[{COLOURS[s]}]{s:^{width}}[/]" for s in SUITS)]
    height = max((len(t) for t in towers.values()), default=0)
    for row in range(height - 1, -1, -1):
        cells = []
        for suit in SUITS:
            tower = towers.get(suit, [])
            if row < len(tower):
                text = f"▲{tower[row]}" if tower[row] == 0 else str(tower[row])
                cells.append(f"[{COLOURS[suit]}]{text:^{width}}[/]")
            else:
                cells.append(" " * width)
        lines.append("  " + "".join(cells))
    if not height:
        lines.append("  [dim](no towers yet)[/]")
    return lines


def bids_line(view: dict[str, Any]) -> str:
    """This round's bids in bidding order, from the start player."""
    players, opener = view["players"], view["opener"]
    parts = []
    for i in range(players):
        seat = (opener + i) % players
        bid = view["bids"][seat]
        text = "—" if bid is None else ("pass" if bid == "pass" else f"bid {bid}")
        mark = " (opens)" if seat == opener else ""
        parts.append(f"seat {seat}{mark}: [bold]{text}[/]")
    return "Bids: " + " · ".join(parts)


def draw(view: dict[str, Any]) -> str:
    """What the view shows: round, piles, display, bids, the builder's hand, all towers."""
    over = view["is_over"]
    pile = "second pile" if view["pile"] == 2 else "first pile"
    head = (f"[bold]5 Towers[/] — round {view['round']} ({pile}), draw pile "
            f"{view['draw_size']}, discard pile {len(view['discard'])}")
    if view["final_round"] and not over:
        head += " — [bold red]final round[/]"
    lines = [head, f"Discard pile (face up): {cards_line(view['discard'])}"]
    if view["pile"] == 2 and not over:
        lines.append(f"Draw pile holds (order unknown): {suits_line(view['draw_cards'])}")
    if not over:
        lines.append(f"Display ({len(view['display'])}): {cards_line(view['display'])}")
        lines.append(bids_line(view))
    phase = view["phase"]
    if phase in STEPS:
        step = STEPS[phase].format(need=view["to_take"])
        lines.append(f"Seat {view['builder']} won the auction and {step}; hand: "
                     f"{cards_line(view['hand'])}")
    to_move = view["to_move"]
    caps = view["rebid_caps"]
    if phase == "bid" and to_move is not None and caps[to_move] is not None:
        lines.append(f"[red]Seat {to_move}'s bid could not be built: it bids again "
                     f"(below {caps[to_move]}) or passes[/]")
    if view.get("unbuildable_bids"):
        lines.append(unbuildable_line(view["unbuildable_bids"]))
    for p in range(view["players"]):
        who = " (you)" if p == view["seat"] else ""
        turn = " ← to move" if p == to_move else ""
        torn = view["torn"][p]
        names = f": {cards_line(view['torn_cards'][p])}" if torn else ""
        lines.append(f"[bold]Seat {p}{who}[/] — score {view['score'][p]:g}, torn down {torn} "
                     f"(−{scoring.teardown_penalty(torn)}){names}{turn}")
        lines += towers_block(view["towers"][p])
    if over and "breakdown" in view:
        lines += final_scores(view["breakdown"], view["scores"], view["winners"])
    return "\n".join(lines)


def suits_line(cards: dict[str, list[int]]) -> str:
    """A multiset of cards per suit, e.g. ``sand 3 7 7 · tree 1``."""
    parts = [f"[{COLOURS[suit]}]{suit} {' '.join(map(str, values))}[/]"
             for suit, values in cards.items()]
    return " · ".join(parts) or "[dim](empty)[/]"


def unbuildable_line(bids: list[int]) -> str:
    """Why the highest bids are missing from the legal list (``rebid=feasible``)."""
    shown = f"bid {bids[0]} is" if len(bids) == 1 else f"bids {bids[0]}-{bids[-1]} are"
    return f"[yellow]{shown} not offered: you could not build {bids[0]} of these cards[/]"


def final_scores(breakdown: list[list[list[Any]]], scores: list[int],
                 winners: list[int]) -> list[str]:
    """The end screen's score sheet: each seat's rows as the rulebook adds them up."""
    lines = ["", "[bold]Final score[/] (ties share the win):"]
    for seat, parts in enumerate(breakdown):
        won = " — [bold green]wins[/]" if seat in winners else ""
        lines.append(f"  seat {seat}: [bold]{scores[seat]:g}[/]{won}")
        width = max((len(label) for label, _ in parts), default=0)
        lines += [f"    {label.ljust(width)} {points:>3}" for label, points in parts]
    return lines


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
