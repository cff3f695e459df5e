"""What a 5 Towers seat's towers are worth, and the best way to build a hand (spec §3.9):
the plans the greedy bot follows and the search hooks judge positions by.

A tower set is valued as points now plus a growth potential that shrinks as the game
runs out (the *horizon*: 1 early, 0 at the end): a high or 8 top keeps a tower open for
many cards, a low top does not, and a tower top (0) doubles a tower for good. A plan is a
hand, an optional tear-down and, per suit, the placement order that gives the most value.

>>> from towerplay.games.five_towers.cards import parse_card as p
>>> tower_value((12, 9), 0.0), tower_value((12, 9, 0), 0.0)   # game over: points only
(2.0, 6.0)
>>> towers = [(), (), (), (), (8, 4)]   # a sand tower: 8, then 4
>>> best_plan(towers, 0, [(p("sand7"),)], 1.0)[2]   # the 7 fits only once the 4 is torn down
4
>>> best_plan(towers, 0, [(p("sand7"),), (p("sand3"),)], 1.0)[1:]   # the 3 fits as it stands
((67,), None)
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from towerplay.games.five_towers import rules
from towerplay.games.five_towers.cards import NO_TOWER

if TYPE_CHECKING:
    from towerplay.games.five_towers.state import FiveTowersState

NEG = float("-inf")
"""The value of a plan that cannot be built."""
TEAR_AVERSION = 1.5
"""Extra cost per torn-down card beyond the penalty: keeps tear-downs rare."""
W_OPEN = 1.2
"""Value of one unit of a tower's room to grow (see :func:`openness`) early in the game."""
W_CAP = 0.55
"""Value per card of an open tower's chance to be capped (doubled) later."""
HORIZON_ROUNDS = 9.0
"""Rounds left at which prospects start to shrink."""
Towers = Sequence[tuple[int, ...]]
"""One seat's five towers, suit order, bottom to top."""


# ------------------------------------------------------------------ position value


def rounds_left(state: FiveTowersState) -> float:
    """A rough estimate of the rounds still to come after this one."""
    left = len(state.draw) / 5
    if not state.reshuffled:  # about half of each display is discarded and comes back
        left += (len(state.discard) + 2.5 * left + 2.5) / 5
    return left


def openness(top: int) -> float:
    """Roughly how many future cards a tower with this top can still take: a missing
    tower or an 8 takes anything, a high top many, a low top few, a tower top none."""
    if top == NO_TOWER:
        return 7.5
    if top == 8:
        return 7.0
    if top == 0:
        return 0.0
    return 0.5 * top + (0.5 if top < 9 else 0.0)


def tower_value(tower: tuple[int, ...], horizon: float) -> float:
    """Points now plus the tower's prospects within ``horizon`` (0 = game over, 1 = early).

    An open tower may still grow and may still be capped (doubled) later; a suit without
    a tower keeps the most room of all, so starting one with a low card costs value.
    """
    length = len(tower)
    if not length:
        return horizon * W_OPEN * openness(NO_TOWER)
    top = tower[-1]
    if top == 0:
        return 2.0 * length
    return length + horizon * (W_OPEN * openness(top) + W_CAP * length)


def player_value(towers: Towers, torn: int, horizon: float) -> float:
    """The value of a whole tower set: towers, the tallest-tower bonus, the penalty."""
    return _set_value(sum(tower_value(t, horizon) for t in towers),
                      max(len(t) for t in towers), torn)


def _set_value(towers_value: float, tallest: int, torn: int) -> float:
    """:func:`player_value` from the sum of its towers' values and its tallest height."""
    return towers_value + tallest - torn * (torn + 1) / 2 - TEAR_AVERSION * torn


def horizon_of(state: FiveTowersState) -> float:
    """How much the future still counts: 1 early, falling to 0 as the game runs out."""
    return min(1.0, rounds_left(state) / HORIZON_ROUNDS)


# ------------------------------------------------------------------ placement orders
@lru_cache(maxsize=1 << 18)
def orders(top: int, values: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """For each reachable final top, one placement order of ``values`` (sorted) on ``top``.

    >>> orders(16, (3, 7))   # 7 then 3; 3 then 7 is illegal
    {3: (7, 3)}
    >>> sorted(orders(10, (8, 12)).items())   # 12 can only follow the 8
    [(12, (8, 12))]
    """
    if not values:
        return {top: ()}
    result: dict[int, tuple[int, ...]] = {}
    previous = -1
    for i, v in enumerate(values):
        if v == previous or not rules.OK[top][v]:
            continue
        previous = v
        for final, order in orders(v, values[:i] + values[i + 1:]).items():
            result.setdefault(final, (v, *order))
    return result


def best_build(towers: Towers, torn: int, hand: Sequence[int], teardown: int | None,
               horizon: float) -> tuple[float, list[tuple[int, ...]]]:
    """The value after tearing down ``teardown`` (a suit or None) and placing ``hand`` in
    the best orders, and those orders (card ids, per suit); (-inf, []) if impossible."""
    towers = list(towers)
    if teardown is not None:
        towers[teardown] = towers[teardown][:-1]
        torn += 1
    plan = []
    for s, values in enumerate(rules.by_suit(hand)):
        if not values:
            continue
        found = _best_order(towers[s], values, horizon)
        if found is None:
            return NEG, []
        towers[s] += found[1]
        plan.append(tuple(s * 16 + v for v in found[1]))
    return player_value(towers, torn, horizon), plan


def _best_order(tower: tuple[int, ...], values: tuple[int, ...],
                horizon: float) -> tuple[float, tuple[int, ...]] | None:
    """The placement order of ``values`` (one suit, sorted) on ``tower`` that gives the
    best :func:`tower_value`, and that value; None if they cannot all be placed."""
    best: tuple[float, tuple[int, ...]] | None = None
    for order in orders(tower[-1] if tower else NO_TOWER, values).values():
        value = tower_value(tower + order, horizon)
        if best is None or value > best[0]:
            best = (value, order)
    return best


def teardown_options(towers: Towers) -> list[int | None]:
    """No tear-down (``None``) or the suit of any tower whose top is not a tower top."""
    return [None] + [s for s, t in enumerate(towers) if t and t[-1] != 0]


def best_plan(towers: Towers, torn: int, hands: list[tuple[int, ...]],
              horizon: float) -> tuple[float, tuple[int, ...], int | None]:
    """The best (value, hand, teardown) over the candidate full hands: the
    :func:`best_build` value of each hand with each tear-down, worked out suit by suit
    (a suit's best order does not depend on the others), so the hands share the work.

    >>> from towerplay.games.five_towers.cards import parse_card as p
    >>> towers = [(), (9,), (), (), (6, 4)]
    >>> hands = [(p("candy3"), p("tree1")), (p("candy5"), p("sand7"))]
    >>> value, hand, teardown = best_plan(towers, 0, hands, 1.0)
    >>> value == max(best_build(towers, 0, h, t, 1.0)[0] for h in hands
    ...              for t in teardown_options(towers))
    True
    """
    best: tuple[float, tuple[int, ...], int | None] = (NEG, (), None)
    options = teardown_options(towers)
    suits: dict[tuple[int, tuple[int, ...], bool], tuple[float, int] | None] = {}
    for hand in hands:
        groups = rules.by_suit(hand)
        for teardown in options:
            total, tallest = 0.0, 0
            for s in range(5):
                key = (s, groups[s], s == teardown)
                if key in suits:
                    entry = suits[key]
                else:
                    entry = suits[key] = _best_tower(towers[s], groups[s], s == teardown,
                                                     horizon)
                if entry is None:
                    break
                total += entry[0]
                if entry[1] > tallest:
                    tallest = entry[1]
            else:  # player_value of the built towers
                value = _set_value(total, tallest, torn if teardown is None else torn + 1)
                if value > best[0]:
                    best = (value, hand, teardown)
    return best


def _best_tower(tower: tuple[int, ...], values: tuple[int, ...], torn_down: bool,
                horizon: float) -> tuple[float, int] | None:
    """The best :func:`tower_value` of ``tower`` (less its top if ``torn_down``) with
    ``values`` placed on it, and its height; None if they cannot all be placed."""
    if torn_down:
        tower = tower[:-1]
    if not values:
        return tower_value(tower, horizon), len(tower)
    found = _best_order(tower, values, horizon)
    return None if found is None else (found[0], len(tower) + len(values))


# ------------------------------------------------------------------ bids
def bid_gains(state: FiveTowersState, seat: int, horizon: float) -> list[float]:
    """For k = 0…max buildable: how much winning k cards would raise ``seat``'s value."""
    towers = state.seat_towers(seat)
    torn = state.torn[seat]
    now = player_value(towers, torn, horizon)
    gains = [0.0]
    for k in range(1, state.max_bid(seat) + 1):
        hands = list(dict.fromkeys(combinations(state.display, k)))
        gains.append(best_plan(towers, torn, hands, horizon)[0] - now)
    return gains
