"""Pure scoring of a building (rules §6, §8), shared by the engine and ``towerplay score``.

A building is a tuple of six stacks (cells row by row), each a tuple of die codes from
bottom to top. The building notation is row by row, `` / `` between rows, ``,`` between
cells, each cell ``.`` or its dice bottom to top joined by ``+``.

>>> b = parse_building(". , W3 / G5+R5+S6 , W4 / R1 , .")
>>> building_text(b)
'. , W3 / G5+R5+S6 , W4 / R1 , .'
>>> breakdown(b, parse_blueprint("X1 31 1X"))
{'bonus': 6, 'wood': 6, 'recycled': 5, 'stone': 5, 'glass': 5, 'total': 27}
"""
from __future__ import annotations

from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.core.events import Event, Param, Term
from towerplay.games.blueprints.cards import DIE_COUNT, Layout, parse_blueprint
from towerplay.games.blueprints.dice import (
    CELL_TEXT,
    CELLS,
    DIE_TEXT,
    GLASS,
    MATERIAL_NAMES,
    NEIGHBOURS,
    RECYCLED,
    STONE,
    WOOD,
    parse_die,
)

__all__ = ["Building", "BONUS", "PRIZES", "breakdown", "building_text", "check_building",
           "parse_blueprint", "parse_building", "facts", "prize_magnitudes"]

Building = tuple[tuple[int, ...], ...]
EMPTY: Building = ((),) * CELLS
NO_LAYOUT: Layout = (0,) * CELLS
"""A layout no building matches (for the parts of :func:`facts` that ignore the card)."""
BONUS = 6
RECYCLED_POINTS = (0, 2, 5, 10, 15, 20, 30)
STONE_POINTS = (2, 3, 5, 8, 8, 8)
PRIZES = ("skyscraper", "integrity", "geometer", "materials")
"""The four Prizes (§8): 5+ floors; 4+ equal values; all values 1-6; 5+ of one colour."""
PRIZE_TITLES = {"skyscraper": "Skyscraper", "integrity": "Structural Integrity",
                "geometer": "Geometer's", "materials": "Material Usage"}


def matches_blueprint(building: Building, layout: Layout) -> bool:
    """Every usable cell holds exactly its printed number of dice (colours do not matter)."""
    return all(len(stack) == h for stack, h in zip(building, layout, strict=True))


def wood_points(building: Building, wood_only: bool = False) -> int:
    """2 per face-adjacent die (same level beside it, directly above or below) per wood die."""
    total = 0
    for cell, stack in enumerate(building):
        for level, die in enumerate(stack):
            if die & 3 != WOOD:
                continue
            near = []
            if level:
                near.append(stack[level - 1])
            if level + 1 < len(stack):
                near.append(stack[level + 1])
            near += [building[n][level] for n in NEIGHBOURS[cell] if len(building[n]) > level]
            total += 2 * (sum(1 for d in near if d & 3 == WOOD) if wood_only else len(near))
    return total


def breakdown(building: Building, layout: Layout, wood_only: bool = False) -> dict[str, int]:
    """The round score of a building, by part: bonus, wood, recycled, stone, glass, total."""
    recycled = stone = glass = 0
    for stack in building:
        for level, die in enumerate(stack):
            material = die & 3
            if material == RECYCLED:
                recycled += 1
            elif material == STONE:
                stone += STONE_POINTS[level]
            elif material == GLASS:
                glass += (die >> 2) + 1
    parts = {"bonus": BONUS if matches_blueprint(building, layout) else 0,
             "wood": wood_points(building, wood_only),
             "recycled": RECYCLED_POINTS[min(recycled, 6)], "stone": stone, "glass": glass}
    parts["total"] = sum(parts.values())
    return parts


def facts(building: Building, layout: Layout,
          wood_only: bool = False) -> tuple[int, list[int], tuple[int, int, int, int]]:
    """What round scoring needs, in one pass: the total, the dice per colour, and the
    :func:`prize_magnitudes` in :data:`PRIZES` order (the engine's fast path).

    >>> facts(parse_building(". , W3 / G5+R5+S6 , W4 / R1 , ."), parse_blueprint("X1 31 1X"))
    (27, [2, 2, 1, 1], (0, 0, 0, 0))
    """
    colours = [0, 0, 0, 0]
    values = [0] * 6
    points = tallest = 0
    bonus = True
    for cell, stack in enumerate(building):
        height = len(stack)
        if height != layout[cell]:
            bonus = False
        if height > tallest:
            tallest = height
        for level, die in enumerate(stack):
            material = die & 3
            colours[material] += 1
            values[die >> 2] += 1
            if material == STONE:
                points += STONE_POINTS[level]
            elif material == GLASS:
                points += (die >> 2) + 1
    if colours[WOOD]:
        points += wood_points(building, wood_only)
    points += RECYCLED_POINTS[colours[RECYCLED]] + (BONUS if bonus else 0)
    same, most = max(values), max(colours)
    return points, colours, (tallest if tallest >= 5 else 0, same if same >= 4 else 0,
                             6 if all(values) else 0, most if most >= 5 else 0)


def prize_magnitudes(building: Building) -> dict[str, int]:
    """For each Prize, 0 if the building does not qualify, else how strongly it does
    (tallest stack, most equal values, 6, most dice of one colour): :func:`facts`' part.

    >>> prize_magnitudes(parse_building("G1 , G2 / G3 , G4 / G5 , G6"))
    {'skyscraper': 0, 'integrity': 0, 'geometer': 6, 'materials': 6}
    """
    return dict(zip(PRIZES, facts(building, NO_LAYOUT)[2], strict=True))


# ------------------------------------------------------------------ notation
def building_text(building: Building) -> str:
    """The building notation (see the module docstring)."""
    cells = ["+".join(DIE_TEXT[d] for d in stack) or "." for stack in building]
    return " / ".join(f"{cells[r * 2]} , {cells[r * 2 + 1]}" for r in range(CELLS // 2))


def parse_building(text: str) -> Building:
    """Parse the building notation; InvalidOptions naming what is wrong."""
    rows = text.split("/") if isinstance(text, str) else []
    if len(rows) != 3:
        raise refused("rows", got=repr(text))
    stacks: list[tuple[int, ...]] = []
    for r, row in enumerate(rows, 1):
        cells = row.split(",")
        if len(cells) != 2:
            raise refused("row", row=r, got=repr(row.strip()))
        for c, cell in enumerate(cells, 1):
            cell = cell.strip()
            if cell in (".", ""):
                stacks.append(())
                continue
            try:
                stacks.append(tuple(parse_die(part) for part in cell.split("+")))
            except IllegalAction as error:
                raise refused("cell", cell=f"r{r}c{c}", problem=error.event) from None
    return tuple(stacks)


def check_building(building: Building, layout: Layout) -> None:
    """Refuse (InvalidOptions, with the reason) a building that cannot arise in play."""
    dice = [d for stack in building for d in stack]
    if len(dice) > DIE_COUNT:
        raise refused("dice", most=DIE_COUNT, got=len(dice))
    for cell, stack in enumerate(building):
        if stack and not layout[cell]:
            raise refused("hatched", cell=CELL_TEXT[cell])
        for level in range(1, len(stack)):
            if stack[level] >> 2 < stack[level - 1] >> 2:
                raise refused("order", cell=CELL_TEXT[cell], upper=DIE_TEXT[stack[level]],
                              lower=DIE_TEXT[stack[level - 1]])
    for material in range(4):
        if sum(1 for d in dice if d & 3 == material) > 8:
            raise refused("material", material=Term(MATERIAL_NAMES[material]))


def refused(key: str, /, **params: Param) -> InvalidOptions:
    """A refusal of a building, ``blueprints.building_<key>`` (worded by the catalogues
    in the reader's language)."""
    return InvalidOptions(Event.of(f"blueprints.building_{key}", **params))
