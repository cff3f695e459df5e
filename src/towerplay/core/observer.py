"""Observers: what a seat may know, as a fixed-size vector for learning agents.

A game's ``observer.py`` defines ``make_observer(game, players)`` returning an
:class:`Observer` whose :meth:`Observer.encode` writes a *view* (``state.view(seat)``) into
a :class:`Vector`. Because it reads the view and nothing else, two positions a seat cannot
tell apart always give that seat the same vector, and nothing hidden can leak into it.

>>> vector = Vector()
>>> vector.one_hot(2, 4); vector.scalar(0.5); vector.counts([1, 0, 3])
>>> vector.values
[0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 0.0, 3.0]
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from towerplay.core.state import State

S = TypeVar("S", bound=State[Any])


class Vector:
    """A flat list of floats written in named slices (as OpenSpiel's observers do)."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def scalar(self, value: float) -> None:
        """One number."""
        self.values.append(float(value))

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` slots, a 1 at ``index`` (all 0 for ``None`` or an index out of range)."""
        slots = [0.0] * size
        if index is not None and 0 <= index < size:
            slots[index] = 1.0
        self.values.extend(slots)

    def counts(self, numbers: Iterable[float]) -> None:
        """Several numbers, in order."""
        self.values.extend(float(n) for n in numbers)


class Observer(Generic[S]):
    """Writes a seat's view as a float32 vector of constant :attr:`shape`.

    Subclasses implement :meth:`encode`; the shape is measured once on a fresh game.
    """

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.players = players
        sample = game.start(players=players, seed=0)
        self.shape: tuple[int, ...] = (len(self._write(sample.view(0))),)

    def encode(self, view: dict[str, Any], vector: Vector) -> None:
        """Write ``view`` (a seat's or the spectator's) into ``vector``, same length always."""
        raise NotImplementedError

    def _write(self, view: dict[str, Any]) -> list[float]:
        vector = Vector()
        self.encode(view, vector)
        return vector.values

    def observation(self, state: S, seat: int | None) -> npt.NDArray[np.float32]:
        """``seat``'s vector in ``state`` (``None``: the spectator's)."""
        values = self._write(state.view(seat))
        if len(values) != self.shape[0]:
            raise AssertionError(f"{self.game.name} observer wrote {len(values)} values, "
                                 f"not {self.shape[0]}")
        return np.asarray(values, dtype=np.float32)
