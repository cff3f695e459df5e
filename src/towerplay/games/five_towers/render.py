"""The terminal picture of a 5 Towers position (rich markup)."""
from __future__ import annotations

from towerplay.games.five_towers import scoring
from towerplay.games.five_towers.cards import CARD_NAMES, SUITS
from towerplay.games.five_towers.state import (BIDDING, OVER, PASSED, PLACING, TAKING,
                                               TEARING, UNACTED, FiveTowersState)

COLOURS = {"candy": "hot_pink", "scary": "medium_purple1", "tree": "green3",
           "scrap": "grey62", "sand": "yellow"}


def card_markup(c: int) -> str:
    """A card as coloured text, e.g. ``[yellow]sand7[/]``."""
    return f"[{COLOURS[SUITS[c >> 4]]}]{CARD_NAMES[c]}[/]"


def towers_block(state: FiveTowersState, seat: int) -> list[str]:
    """One player's towers as five columns, bottom card at the bottom, caps marked ▲."""
    towers = state.seat_towers(seat)
    width = 7
    lines = ["  " + "".join(f"[{COLOURS[s]}]{s:^{width}}[/]" for s in SUITS)]
    height = max(len(t) for t in towers)
    for row in range(height - 1, -1, -1):
        cells = []
        for s, tower in enumerate(towers):
            if row < len(tower):
                v = tower[row]
                text = f"▲{v}" if v == 0 else str(v)
                cells.append(f"[{COLOURS[SUITS[s]]}]{text:^{width}}[/]")
            else:
                cells.append(" " * width)
        lines.append("  " + "".join(cells))
    if not height:
        lines.append("  [dim](no towers yet)[/]")
    return lines


def bids_line(state: FiveTowersState) -> str:
    """This round's bids in bidding order, from the start player."""
    parts = []
    for i in range(state.players):
        seat = (state.opener + i) % state.players
        bid = state.bids[seat]
        text = "—" if bid == UNACTED else ("pass" if bid == PASSED else f"bid {bid}")
        mark = " (opens)" if seat == state.opener else ""
        parts.append(f"seat {seat}{mark}: [bold]{text}[/]")
    return "Bids: " + " · ".join(parts)


def render(state: FiveTowersState, seat: int | None) -> str:
    """Everything public: round, piles, display, bids, the builder's hand, all towers."""
    pile = "second pile" if state.reshuffled else "first pile"
    head = (f"[bold]5 Towers[/] — round {state.round} ({pile}), draw pile {len(state.draw)}, "
            f"discard pile {len(state.discard)}")
    if state.final and state.phase != OVER:
        head += " — [bold red]final round[/]"
    lines = [head]
    if state.phase != OVER:
        display = " ".join(card_markup(c) for c in state.display) or "[dim](empty)[/]"
        lines.append(f"Display ({len(state.display)}): {display}")
        lines.append(bids_line(state))
    if state.phase in (TAKING, TEARING, PLACING):
        hand = " ".join(card_markup(c) for c in state.hand) or "—"
        step = {TAKING: f"takes {state.need} more card(s)", TEARING: "may tear down one card",
                PLACING: "places the taken cards"}[state.phase]
        lines.append(f"Seat {state.builder} won the auction and {step}; hand: {hand}")
    if state.phase == BIDDING and state.caps[state.to_move] < 6:
        lines.append(f"[red]Seat {state.to_move}'s bid could not be built: it bids again "
                     f"(below {state.caps[state.to_move]}) or passes[/]")
    scores = state.scores()
    for p in range(state.players):
        who = " (you)" if p == seat else ""
        turn = " ← to move" if p == state.to_move else ""
        torn = state.torn[p]
        lines.append(f"[bold]Seat {p}{who}[/] — score {scores[p]:g}, torn down {torn} "
                     f"(−{scoring.teardown_penalty(torn)}){turn}")
        lines += towers_block(state, p)
    return "\n".join(lines)
