"""Helpers to set up 5 Towers positions from the rulebook examples."""
from __future__ import annotations

from itertools import combinations, permutations

from towerplay import games
from towerplay.games.five_towers import rules
from towerplay.games.five_towers.cards import NO_TOWER, SUIT_INDEX, parse_card
from towerplay.games.five_towers.state import FiveTowersState


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def position(players: int, display: list[str], towers: dict[int, dict[str, tuple]] | None = None,
             opener: int = 0, rebid: str = "feasible", seed: int = 1) -> FiveTowersState:
    """A fresh round: ``display`` face up, ``towers`` per seat, ``opener`` to bid first."""
    state = games.load("five_towers", rebid=rebid).start(players=players, seed=seed)
    for seat, suits in (towers or {}).items():
        for suit, values in suits.items():
            state.towers[seat * 5 + SUIT_INDEX[suit]] = tuple(values)
    shown = cards(*display)
    pile = state.draw + state.display
    for c in shown:
        pile.remove(c)
    state.draw = pile
    state.opener = opener
    state.round = 0
    state.draw.extend(reversed(shown))  # the top of the pile is the end of the list
    state._start_round()
    state._legal = None
    return state


def play(state: FiveTowersState, *actions: str) -> None:
    for text in actions:
        state.apply(text)


def legal(state: FiveTowersState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def placeable_in_order(top: int, values: tuple[int, ...]) -> bool:
    """Brute force: some order of ``values`` goes on ``top`` card by card."""
    for order in permutations(values):
        t, ok = top, True
        for v in order:
            if not rules.OK[t][v]:
                ok = False
                break
            t = v
        if ok:
            return True
    return not values


def brute_fits(towers: list[tuple], hand: list[int], teardown_used: bool = False) -> bool:
    """Brute force: ``hand`` can be placed with at most one tear-down (none if used)."""
    options = [None] if teardown_used else [None] + [
        s for s, t in enumerate(towers) if t and t[-1] != 0]
    for option in options:
        tops = [t[-1] if t else NO_TOWER for t in towers]
        if option is not None:
            t = towers[option]
            tops[option] = t[-2] if len(t) > 1 else NO_TOWER
        if all(placeable_in_order(tops[s], tuple(sorted(c & 15 for c in hand if c >> 4 == s)))
               for s in range(5)):
            return True
    return False


def brute_completable(towers: list[tuple], hand: list[int], rest: list[int], more: int) -> bool:
    """Brute force: ``hand`` plus some ``more`` cards of ``rest`` can all be built."""
    return any(brute_fits(towers, hand + list(extra)) for extra in combinations(rest, more))
