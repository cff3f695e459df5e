"""The building rules and the memoised feasibility checks (spec §3.5 and §3.9).

A tower is a tuple of values, bottom to top. Its *top* is its last value, or
``NO_TOWER`` (16) when the player has no tower of that suit: any value may start one,
which is exactly ``value < 16``.

>>> can_place(10, 7), can_place(10, 12), can_place(8, 15), can_place(3, 9), can_place(0, 9)
(True, False, True, True, False)
>>> placeable_all(NO_TOWER, (6, 7))       # 7 first, then 6 on it
True
>>> placeable_all(4, (7,)), placeable_all(10, (8, 12))   # 12 goes on the 8
(False, True)
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from towerplay.games.five_towers.cards import NO_TOWER

# OK[top][value]: may ``value`` go on a tower whose top is ``top``?
OK: tuple[tuple[bool, ...], ...] = tuple(
    tuple(top != 0 and (v < top or top == 8 or v == 9) for v in range(16))
    for top in range(17))


def can_place(top: int, value: int) -> bool:
    """The building rule: strictly lower, anything on an 8, a 9 on anything but a 0."""
    return OK[top][value]


def tower_top(tower: tuple[int, ...]) -> int:
    """The value a new card must fit: the top card, or ``NO_TOWER`` for no tower."""
    return tower[-1] if tower else NO_TOWER


def can_tear_down(tower: tuple[int, ...]) -> bool:
    """Only the top card of a non-empty tower, and never a tower top (0)."""
    return bool(tower) and tower[-1] != 0


def valid_tower(values: tuple[int, ...] | list[int]) -> bool:
    """Whether the values, bottom to top, form a legal tower.

    >>> valid_tower((15, 12, 9, 0)), valid_tower((12, 8, 12)), valid_tower((3, 0, 1))
    (True, True, False)
    """
    top = NO_TOWER
    for v in values:
        if not OK[top][v]:
            return False
        top = v
    return True


@lru_cache(maxsize=1 << 19)
def placeable_all(top: int, values: tuple[int, ...]) -> bool:
    """Whether all ``values`` (sorted, one suit) can be placed on ``top`` in some order
    (the hottest look-up of the engine: a hit costs no Python frame)."""
    previous = -1
    row = OK[top]
    for i, v in enumerate(values):
        if v != previous:
            previous = v
            if row[v] and placeable_all(v, values[:i] + values[i + 1:]):
                return True
    return not values


def by_suit(cards: Sequence[int]) -> list[tuple[int, ...]]:
    """Sorted value tuples per suit."""
    groups: list[list[int]] = [[], [], [], [], []]
    for c in cards:
        groups[c >> 4].append(c & 15)
    return [tuple(sorted(g)) for g in groups]


@lru_cache(maxsize=1 << 17)
def best_subset(top: int, values: tuple[int, ...]) -> int:
    """The most of ``values`` (sorted, one suit) that can be placed on ``top``.

    >>> best_subset(4, (7, 3, 1)), best_subset(NO_TOWER, (12, 12))
    (2, 1)
    >>> best_subset(10, (12, 8, 3))   # the 12 fits only after the 8
    3
    """
    return next((m for m in range(len(values), 0, -1)
                 if any(placeable_all(top, chosen) for chosen in combinations(values, m))), 0)


def max_buildable(towers: list[tuple[int, ...]], groups: list[tuple[int, ...]]) -> int:
    """The highest bid a player with these towers can build from a display whose values
    per suit are ``groups`` (see :func:`by_suit`): each suit independently, plus the best
    single tear-down. Every lower bid is buildable too (drop the last card placed), so
    this decides bid feasibility.

    >>> from towerplay.games.five_towers.cards import parse_card as p
    >>> display = [p(x) for x in ("sand7", "candy3", "candy5", "tree1", "scrap9")]
    >>> max_buildable([(), (), (), (), (6, 4)], by_suit(display))
    4
    >>> max_buildable([(), (), (), (), (6,)], by_suit(display))
    5
    """
    total = gain = 0
    s = -1
    best_of = best_subset
    for values in groups:
        s += 1
        if not values:
            continue
        tower = towers[s]
        best = best_of(tower[-1] if tower else NO_TOWER, values)
        total += best
        if tower and tower[-1] != 0 and best < len(values):
            more = best_subset(tower[-2] if len(tower) > 1 else NO_TOWER, values) - best
            if more > gain:
                gain = more
    return total + gain


def hand_buildable(towers: list[tuple[int, ...]], hand: tuple[int, ...]) -> bool:
    """Whether all cards of ``hand`` (sorted card ids) can be placed, with at most one
    tear-down."""
    failing = -1
    n = len(hand)
    i = 0
    while i < n:
        s = hand[i] >> 4
        j = i + 1
        while j < n and hand[j] >> 4 == s:
            j += 1
        values = values_of(hand[i:j]) if j - i > 1 else (hand[i] & 15,)
        i = j
        tower = towers[s]
        if not placeable_all(tower[-1] if tower else NO_TOWER, values):
            if failing >= 0:
                return False  # one tear-down cannot rescue two suits
            failing = s
            failing_values = values
    if failing < 0:
        return True
    tower = towers[failing]
    if not tower or tower[-1] == 0:
        return False
    return placeable_all(tower[-2] if len(tower) > 1 else NO_TOWER, failing_values)


@lru_cache(maxsize=1 << 16)
def values_of(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The values of a sorted tuple of one suit's card ids (remembered: it runs for every
    hand checked)."""
    return tuple(c & 15 for c in cards)


def buildable_hands(towers: list[tuple[int, ...]], display: list[int],
                    k: int) -> list[tuple[int, ...]]:
    """Every distinct k-card choice from ``display`` (sorted) that can be built (a
    remembered list: do not mutate it).

    >>> from towerplay.games.five_towers.cards import parse_card as p, card_name
    >>> display = sorted(p(x) for x in ("sand7", "candy3", "candy5", "tree1"))
    >>> [[card_name(c) for c in h] for h in buildable_hands([(), (), (), (), (6,)], display, 4)]
    [['candy3', 'candy5', 'tree1', 'sand7']]
    >>> buildable_hands([(), (), (), (), (6, 4)], display, 4)   # the 7 fits neither 4 nor 6
    []
    """
    # the towers' top two cards are all that feasibility reads
    return _buildable_hands(tuple([tower[-2:] for tower in towers]), tuple(display), k)


@lru_cache(maxsize=1 << 17)
def _buildable_hands(tops: tuple[tuple[int, ...], ...], display: tuple[int, ...],
                     k: int) -> list[tuple[int, ...]]:
    """:func:`buildable_hands` by the towers' top two cards, the display and the bid."""
    towers = list(tops)
    return [hand for hand in dict.fromkeys(combinations(display, k))
            if hand_buildable(towers, hand)]
