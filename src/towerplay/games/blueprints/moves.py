"""Blueprints actions: a :class:`Move` is a kind and a die or a cell, with its notation.

Every move that can ever be legal is built once (:data:`TAKES`, :data:`PLACES`,
:data:`REMOVE_MOVE`, :data:`DISCARDS`), so legal-action lists share their objects.

>>> str(TAKES[19]), str(PLACES[2]), str(REMOVE_MOVE), str(DISCARDS[9])
('take G5', 'place r2c1', 'remove', 'discard R3')
>>> Kind(PLACE).name, STEP_NAMES[DISCARD]
('PLACE', 'discard')
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from towerplay.games.blueprints.dice import CELL_TEXT, CELLS, DIE_TEXT, NUM_DICE_CODES


class Kind(IntEnum):
    """What a move does; ``step_kind`` holds the kind of move a seat must make next."""

    TAKE = 0     # take a die from the pool (arg: its code)
    PLACE = 1    # put the die taken on one's blueprint (arg: the cell)
    REMOVE = 2   # the die taken fits nowhere and leaves the game (arg: 0)
    DISCARD = 3  # two players: discard a second pool die (arg: its code)


TAKE, PLACE, REMOVE, DISCARD = map(int, Kind)
"""The kinds as plain ints: compared in the hot loop, written as numbers in saved positions
and shown as numbers in a Move's repr."""
STEP_NAMES = ("take", "place", "place", "discard")
"""The name of each step, by kind (``to_move`` holds a die during ``place``)."""
DIE_RANGE, CELL_RANGE = range(NUM_DICE_CODES), range(CELLS)


class Move(NamedTuple):
    """One decision: ``kind`` (a :class:`Kind` as an int) and its die or cell."""

    kind: int  # TAKE, PLACE, REMOVE or DISCARD
    arg: int = 0  # the die code (TAKE, DISCARD), the cell (PLACE), 0 (REMOVE)

    def __str__(self) -> str:
        kind, arg = self
        if kind == PLACE:
            if arg in CELL_RANGE:
                return "place " + CELL_TEXT[arg]
        elif kind == REMOVE:
            return "remove"
        elif arg in DIE_RANGE and (kind == TAKE or kind == DISCARD):
            return ("take " if kind == TAKE else "discard ") + DIE_TEXT[arg]
        return f"Move({kind!r}, {arg!r}) (not an action)"


TAKES = tuple(Move(TAKE, d) for d in range(NUM_DICE_CODES))
PLACES = tuple(Move(PLACE, c) for c in range(CELLS))
REMOVE_MOVE = Move(REMOVE, 0)
DISCARDS = tuple(Move(DISCARD, d) for d in range(NUM_DICE_CODES))


def is_move(action: object) -> bool:
    """Whether ``action`` is a well-formed move (any step's), so it can be named."""
    if not isinstance(action, tuple) or len(action) != 2:
        return False
    kind, arg = action
    if kind in (TAKE, DISCARD):
        return arg in DIE_RANGE
    return arg in CELL_RANGE if kind == PLACE else kind == REMOVE and arg == 0
