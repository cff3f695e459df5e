"""Checks every game's ``_load_json`` makes of a saved position, written once.

They raise ``ValueError`` naming the field; :meth:`Game.from_json` turns that into a
:class:`~towerplay.core.errors.BadRecord`. The kernel itself checks ``to_move``,
``movers`` and, after the game's ``_load_json``, that an unfinished position offers a
legal action.

>>> check_ints("coins", [3, 0], size=2, low=0, high=99)
>>> check_ints("coins", [3, True], size=2, low=0, high=99)
Traceback (most recent call last):
...
ValueError: 'coins' must be 2 whole numbers in 0..99
>>> check_int("round", 0, low=1, high=5)
Traceback (most recent call last):
...
ValueError: 'round' must be a whole number in 1..5
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def check_ints(name: str, values: Sequence[Any], size: int, low: int, high: int) -> None:
    """``values`` must be ``size`` ints (not bools) in ``low..high``."""
    if len(values) != size or not all(type(v) is int and low <= v <= high for v in values):
        raise ValueError(f"'{name}' must be {size} whole numbers in {low}..{high}")


def check_int(name: str, value: Any, low: int, high: int) -> None:
    """``value`` must be an int (not a bool) in ``low..high``."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"'{name}' must be a whole number in {low}..{high}")


def check_seat(name: str, value: Any, players: int, optional: bool = False) -> None:
    """``value`` must name a seat (or be ``None`` when ``optional``)."""
    if optional and value is None:
        return
    check_int(name, value, 0, players - 1)


def check_size(name: str, values: Sequence[Any], size: int) -> None:
    """``values`` must have exactly ``size`` entries (one per seat, per tower, …)."""
    if len(values) != size:
        raise ValueError(f"'{name}' must have {size} entries (got {len(values)})")
