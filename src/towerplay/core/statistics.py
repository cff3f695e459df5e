"""What a game's simulation statistics mean: each column's readable name, a short
definition, whether it counts once per game or once per seat, and its kind — so a report
averages only what can be averaged and counts the rest.

A game's ``stats`` companion lists them in ``STATISTICS`` (and rates over all games in
``RATIOS``); the names and definitions are English here and translated in the ``stats``
catalogue under ``<game>.<id>`` and ``<game>.<id>.help``.

>>> returned = Statistic("ca_returned", "cards put back", "...", scope="seat")
>>> returned.id, returned.columns(3)
('ca_returned_N', ['ca_returned_0', 'ca_returned_1', 'ca_returned_2'])
>>> Statistic("ca_returned", "cards put back", "...").columns(3)
['ca_returned']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Scope = Literal["game", "seat"]
Kind = Literal["integer", "numeric", "boolean", "categorical", "seat"]
"""``integer``: whole numbers (one histogram bin per value); ``numeric``: any number;
``boolean``: yes or no (a rate); ``categorical``: a label (counted, never averaged);
``seat``: a seat number from 0, or -1 for none (counted by seat and by turn order)."""


@dataclass(frozen=True)
class Statistic:
    """One statistic: a column per game, or a column per seat (``key_0``, ``key_1``...)."""

    key: str
    """The column (per game) or the columns' common stem (per seat)."""
    name: str
    """A readable name (English), e.g. *cards put back*."""
    definition: str
    """What it counts, in a short sentence (English)."""
    scope: Scope = "game"
    kind: Kind = "integer"

    @property
    def id(self) -> str:
        """A name unique among the game's statistics: the key, ``key_N`` per seat (a
        per-game total and its per-seat parts may share a key)."""
        return f"{self.key}_N" if self.scope == "seat" else self.key

    def columns(self, players: int) -> list[str]:
        """The row's columns that hold this statistic."""
        if self.scope == "seat":
            return [f"{self.key}_{seat}" for seat in range(players)]
        return [self.key]


@dataclass(frozen=True)
class Ratio:
    """A rate over all games: the sum of one per-game column over the sum of another."""

    id: str
    numerator: str
    denominator: str
    name: str
    definition: str
