"""Where a die may go on a blueprint (§5): on a usable (not hatched) cell that is empty or
topped by a die of equal or lower value.

These run in every playout's hot loop, so they write a die's value index, ``die >> 2``
(:func:`~towerplay.games.blueprints.dice.value_index`), inline.

>>> from towerplay.games.blueprints.scoring import parse_building
>>> from towerplay.games.blueprints.dice import parse_die
>>> building = parse_building(". , W3 / G5 , . / . , .")
>>> place_cells(building, (0, 1, 3, 1, 0, 0), parse_die("R4"))
[1, 3]
>>> min_top(building, (0, 1, 3, 0, 0, 0))  # the W3 on top: value index 2
2
"""
from __future__ import annotations

from functools import lru_cache

from towerplay.games.blueprints.cards import Layout
from towerplay.games.blueprints.dice import CELLS
from towerplay.games.blueprints.scoring import Building


@lru_cache(maxsize=256)
def usable_cells(layout: Layout) -> tuple[int, ...]:
    """The cells of ``layout`` that are not hatched (remembered: decks are small).

    >>> usable_cells((0, 1, 3, 1, 1, 0))
    (1, 2, 3, 4)
    """
    return tuple(c for c in range(CELLS) if layout[c])


def min_top(building: Building, layout: Layout) -> int:
    """The lowest value index (0-5) a die needs to be placeable: 0 if a usable cell is
    empty, else the lowest value index on top of a usable cell (a 6 always fits)."""
    best = 6
    for cell in usable_cells(layout):
        stack = building[cell]
        if not stack:
            return 0
        top = stack[-1] >> 2
        if top < best:
            best = top
    return best


def place_cells(building: Building, layout: Layout, die: int) -> list[int]:
    """The cells where ``die`` may go: usable and empty, or topped by an equal/lower value."""
    value = die >> 2
    return [cell for cell in usable_cells(layout)
            if not building[cell] or building[cell][-1] >> 2 <= value]


def stacked(building: Building, cell: int, die: int) -> Building:
    """The building with ``die`` put on top of ``cell``."""
    return building[:cell] + (building[cell] + (die,),) + building[cell + 1:]
