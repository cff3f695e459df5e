"""Dice and cells as small integers, with their text notation.

A die is ``(value - 1) * 4 + material`` (materials ``W R S G`` = 0..3), so sorting codes
sorts a pool by pip value: :func:`value_index` and :func:`material_of` unpack it (the hot
loops write their one-operator bodies, ``die >> 2`` and ``die & 3``, inline). A cell is
``(row - 1) * 2 + (col - 1)`` on the 3×2 grid. The bag's draws are here too.

>>> parse_die("g5"), die_text(parse_die("g5")), die_text(make_die(GLASS, 5))
(19, 'G5', 'G5')
>>> cell_text(parse_cell("r2c1")), parse_cell("r2c1")
('r2c1', 2)
>>> value_index(19), material_of(19), die_code(GLASS, 4)
(4, 3, 19)
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from towerplay.core.errors import IllegalAction
from towerplay.core.events import Event
from towerplay.core.rng import shuffle

MATERIALS = "WRSG"
"""Material letters: wood (orange), recycled (green), stone (black), glass (clear)."""
MATERIAL_NAMES = ("wood", "recycled", "stone", "glass")
WOOD, RECYCLED, STONE, GLASS = range(4)
ROWS, COLS = 3, 2
CELLS = ROWS * COLS
NUM_DICE_CODES = 24
NO_DIE = -1
"""Where a die code is expected but there is none (no die in hand)."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple((r2 - 1) * COLS + (c2 - 1)
          for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
          if 1 <= r2 <= ROWS and 1 <= c2 <= COLS)
    for r in range(1, ROWS + 1) for c in range(1, COLS + 1))
"""The orthogonally adjacent cells of each cell."""


def make_die(material: int, value: int) -> int:
    """The code of a die of ``material`` (0..3) showing ``value`` (1..6)."""
    return (value - 1) * 4 + material


def die_code(material: int, index: int) -> int:
    """The code of a die of ``material`` (0..3) with value index ``index`` (0..5); with
    ``WOOD`` it is the lowest code of that value (where it starts in a sorted pool)."""
    return index << 2 | material


def value_index(die: int) -> int:
    """The value index of a die code: 0..5 for 1..6 pips (it orders dice as pips do)."""
    return die >> 2


def material_of(die: int) -> int:
    """The material of a die code: ``WOOD``, ``RECYCLED``, ``STONE`` or ``GLASS``."""
    return die & 3


def die_text(die: int) -> str:
    """``G5``: material letter and value."""
    return MATERIALS[die & 3] + str((die >> 2) + 1)


DIE_TEXT = tuple(die_text(d) for d in range(NUM_DICE_CODES))


def parse_die(text: str) -> int:
    """The die written as material letter + value (``W3``, ``g5``); IllegalAction if not."""
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in MATERIALS or t[1] not in "123456":
        raise IllegalAction(Event.of("blueprints.bad_die", text=repr(text)))
    return make_die(MATERIALS.index(t[0]), int(t[1]))


def row_and_column(cell: int) -> tuple[int, int]:
    """A cell's row (1-3, top to bottom) and column (1-2), as people count them."""
    row, column = divmod(cell, COLS)
    return row + 1, column + 1


def cell_text(cell: int) -> str:
    """``r<row>c<col>`` (:func:`row_and_column`)."""
    return "r{}c{}".format(*row_and_column(cell))


CELL_TEXT = tuple(cell_text(c) for c in range(CELLS))


def dice_texts(dice: Iterable[int]) -> list[str]:
    """The notation of each die (``['G5', 'W1']``)."""
    return [DIE_TEXT[d] for d in dice]


def dice_from_json(texts: list[str]) -> tuple[int, ...]:
    """The dice written in a saved position; ValueError (a bad record) naming a bad one."""
    try:
        return tuple(parse_die(t) for t in texts)
    except IllegalAction as error:
        raise ValueError(str(error)) from None


def parse_cell(text: str) -> int:
    """The cell written ``r<row>c<col>`` (rows 1-3, columns 1-2); IllegalAction if not."""
    t = text.strip().lower()
    if (len(t) != 4 or t[0] != "r" or t[2] != "c" or t[1] not in "123"
            or t[3] not in "12"):
        raise IllegalAction(Event.of("blueprints.bad_cell", text=repr(text)))
    return (int(t[1]) - 1) * COLS + int(t[3]) - 1


# ----------------------------------------------------------------- the bag
DICE_PER_COLOUR = 8
POOL_SIZE = {2: 8, 3: 9, 4: 7}
"""Dice in the pool at the start of a round, by player count (§4)."""


def draw_material(bag: list[int], rng: random.Random) -> int:
    """Take one die out of the bag (counts per material), each die equally likely."""
    x = rng.randrange(sum(bag))
    for material in range(4):
        x -= bag[material]
        if x < 0:
            bag[material] -= 1
            return material
    raise AssertionError("unreachable")  # pragma: no cover


def shuffled_rolls(materials: list[int], rng: random.Random) -> list[int]:
    """The dice of ``materials`` in a uniformly random order, each rolled (the rolls
    decoded from one big random integer: one call instead of one per die).

    >>> sorted(material_of(d) for d in shuffled_rolls([0, 0, 1, 3], random.Random(1)))
    [0, 0, 1, 3]
    """
    dice = materials[:]
    shuffle(dice, rng)
    rolls = rng.randrange(6 ** len(dice))
    out = []
    for material in dice:
        rolls, index = divmod(rolls, 6)
        out.append(index << 2 | material)  # die_code, inline: determinize calls it often
    return out
