"""Observers: what a seat may know, as a fixed-size vector for learning agents.

A game's ``observer.py`` defines ``make_observer(game, players)`` returning an
:class:`Observer` whose :meth:`Observer.encode` writes a *view* (``state.view(seat)``, built
without its log: no observer reads it) into a :class:`Vector`. Because it reads the view and
nothing else, two positions a seat cannot tell apart always give that seat the same vector,
and nothing hidden can leak into it. Where building the view costs more than the encoding, a
game's observer reads the state's public fields directly instead
(:meth:`Observer.encode_state`), under the same test.

An observer may also keep each seat's vector of a state it saw and bring it up to date at
the next call from what changed (:meth:`Observer.keep` and :meth:`Observer.refresh`): a
learning loop observes one game step after step, and most of a vector stays as it was.

The vector is written in named sections (:meth:`Vector.name`), so the observer can say
which slice holds what (:meth:`Observer.layout`):

>>> vector = Vector(named=True)
>>> vector.name("seat"); vector.one_hot(2, 4); vector.name("total"); vector.scalar(0.5)
>>> vector.name("counts"); vector.counts([1, 0, 3])
>>> vector.values
[0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 0.0, 3.0]
>>> vector.layout()
[('seat', slice(0, 4, None)), ('total', slice(4, 5, None)), ('counts', slice(5, 8, None))]
"""
from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast, overload

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.state import State
from towerplay.core.views import View

S = TypeVar("S", bound=State[Any])

Layout = list[tuple[str, slice]]
"""An observation's named slices, in order, covering the whole vector."""


class Cells(Protocol):
    """A float32 vector as a memoryview (``memoryview(buffer)``): a number stored through
    it costs half what numpy's indexing does. (Typeshed types a memoryview's items as
    ints; this says what a float32 one takes.)"""

    def __getitem__(self, index: int) -> float: ...

    @overload
    def __setitem__(self, index: int, value: float) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: npt.NDArray[np.float32]) -> None: ...


Kept = tuple["weakref.ref[State[Any]]", npt.NDArray[np.float32], Cells, Any]
"""A kept vector: the state it shows (a weak reference: a finished game is not held, and
the garbage collector does not walk kept states), the vector, the vector as a memoryview,
and what :meth:`Observer.keep` returned for :meth:`Observer.refresh`."""

_SCRATCH = 1 << 16
"""Room for the first, measuring write (no observer comes near it)."""
SHORT_RECOUNT = 24
"""Up to how many indices in all :func:`recount` counts a changed pile off and on (beyond,
clearing the slice and counting afresh costs less)."""
LONG_TALLY = 24
"""From how many indices on :meth:`Vector.tally` counts with numpy rather than a loop."""
KEPT = 1 << 9
"""How many (state, seat) vectors an observer keeps up to date: every row's of a 64-game
batch at up to 8 seats (older ones are forgotten, and written afresh when asked again)."""


class Vector:
    """Floats written in order into a zeroed float32 buffer, in named sections (as
    OpenSpiel's observers do). Writing into a preallocated array, a one-hot costs one store."""

    __slots__ = ("buffer", "cells", "sections", "size")

    def __init__(self, buffer: npt.NDArray[np.float32] | None = None, *,
                 named: bool = False) -> None:
        self.buffer = np.zeros(_SCRATCH, np.float32) if buffer is None else buffer
        self.cells = cast(Cells, memoryview(cast(Any, self.buffer)))
        """The buffer as a memoryview: single numbers are stored through it."""
        self.size = 0
        self.sections: list[tuple[str, int]] | None = [] if named else None

    @classmethod
    def at(cls, buffer: npt.NDArray[np.float32], offset: int) -> Vector:
        """A vector writing into ``buffer`` (zero there) from ``offset`` on: to rewrite
        some sections of a kept vector (:meth:`Observer.refresh`)."""
        vector = cls(buffer)
        vector.size = offset
        return vector

    @property
    def values(self) -> list[float]:
        """What was written so far, as a list."""
        return [float(v) for v in self.buffer[:self.size]]

    def name(self, label: str, index: int | None = None) -> None:
        """Start the section ``label`` (``label[index]`` for one of several alike); a no-op
        unless the vector records its layout, so observers call it at every write."""
        if self.sections is not None:
            self.sections.append((label if index is None else f"{label}[{index}]", self.size))

    def scalar(self, value: float) -> None:
        """One number."""
        if value:  # (the buffer is zero already: a store costs more than the test)
            self.cells[self.size] = value
        self.size += 1

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` slots, a 1 at ``index`` (all 0 for ``None`` or an index out of range)."""
        if index is not None and 0 <= index < size:
            self.cells[self.size + index] = 1.0
        self.size += size

    def counts(self, numbers: Iterable[float]) -> None:
        """Several numbers, in order."""
        values = numbers if isinstance(numbers, list) else list(numbers)
        start, end = self.size, self.size + len(values)
        if end - start > 16:
            self.buffer[start:end] = values
        else:  # a few stores (of the numbers that are not zero) beat a list's conversion
            cells = self.cells
            for index, value in enumerate(values, start):
                if value:
                    cells[index] = value
        self.size = end

    def copy(self, values: npt.NDArray[np.float32],
             names: Iterable[tuple[str, int]] = ()) -> None:
        """``values`` at once (a block the observer keeps, e.g. in a :class:`Memo`);
        ``names``: the sections starting inside it, as ``(label, offset)`` pairs."""
        start = self.size
        if self.sections is not None:
            self.sections.extend((label, start + offset) for label, offset in names)
        self.size = end = start + len(values)
        self.cells[start:end] = values  # (float32 into float32: a memoryview copies faster)

    def tally(self, indices: Iterable[int], size: int) -> None:
        """``size`` slots counting how often each index occurs (out of range: ignored);
        a multi-hot when each occurs once."""
        buffer, base = self.buffer, self.size
        if isinstance(indices, (list, tuple)) and len(indices) > LONG_TALLY:
            found = np.asarray(indices, np.intp)  # (a few numpy calls beat a long loop)
            found = found[(found >= 0) & (found < size)]
            buffer[base:base + size] = np.bincount(found, minlength=size)
        else:  # (counted on through the memoryview: the buffer is zero there)
            cells = self.cells
            for index in indices:
                if 0 <= index < size:
                    cells[base + index] += 1.0
        self.size += size

    def block(self, size: int) -> npt.NDArray[np.float32]:
        """The next ``size`` slots (zero) as an array view, for numpy writes at once."""
        start = self.size
        self.size += size
        return self.buffer[start:self.size]

    def layout(self) -> Layout:
        """The named sections written so far, as slices (a vector made with ``named``)."""
        marks = list(self.sections or [])
        if not marks or marks[0][1] != 0:
            marks.insert(0, ("unnamed", 0))
        ends = [start for _, start in marks[1:]] + [self.size]
        return [(label, slice(start, end)) for (label, start), end in zip(marks, ends, strict=True)
                if end > start]


def recount(buffer: npt.NDArray[np.float32], cells: Cells, base: int, size: int,
            old: Sequence[int], new: Sequence[int]) -> None:
    """Bring the :meth:`Vector.tally` of ``old`` at ``buffer[base:base + size]`` to that of
    ``new`` (``cells``: ``buffer`` as a memoryview): indices added after ``old`` (a pile
    laid on) are counted on, one index taken out is counted off, short piles' other changes
    are counted off and on, anything else is counted afresh."""
    if len(new) > len(old) and new[:len(old)] == old:
        for index in new[len(old):]:
            if 0 <= index < size:
                cells[base + index] += 1.0
        return
    if len(new) == len(old) - 1:  # (the index taken out, if that is all: found in C)
        gone = sum(old) - sum(new)
        if gone in old:
            at = old.index(gone)
            if old[at + 1:] == new[at:] and old[:at] == new[:at]:
                if 0 <= gone < size:
                    cells[base + gone] -= 1.0
                return
    if len(old) + len(new) <= SHORT_RECOUNT:  # (a few dice taken and drawn, in order)
        for index in old:
            if 0 <= index < size:
                cells[base + index] -= 1.0  # (exact: small whole numbers, and 1 - 1 is +0)
        for index in new:
            if 0 <= index < size:
                cells[base + index] += 1.0
        return
    buffer[base:base + size] = 0.0
    Vector.at(buffer, base).tally(new, size)


def moved_cells(old: tuple[int, ...], new: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The stores that move one-hots from the cells ``old`` to ``new`` (-1: none): each
    that moved has its old cell turned off and its new one on. Observers keep them in a
    :class:`Memo` by ``(old, new)``: a head's one-hots move at every step, among few
    combinations.

    >>> moved_cells((3, -1, 7), (4, 5, 7))
    ((3, 0.0), (4, 1.0), (5, 1.0))
    """
    stores: list[tuple[int, float]] = []
    for was, now in zip(old, new, strict=True):
        if was != now:
            if was >= 0:
                stores.append((was, 0.0))
            if now >= 0:
                stores.append((now, 1.0))
    return tuple(stores)


class Observer(Generic[S]):
    """Writes a seat's view as a float32 vector of constant :attr:`shape`.

    Subclasses implement :meth:`encode` (from the view), or override :meth:`encode_state`
    to read the state's fields directly where that is much cheaper: only fields the seat
    may know (the contract tests compare the vectors of states a seat cannot tell apart).
    The shape and layout are measured once on a fresh game.
    """

    keeps: bool = False
    """Whether the observer brings kept vectors up to date (it overrides :meth:`refresh`)."""
    seat_blind: bool = False
    """Set by an observer whose vector starts with the ``seat`` one-hot and is otherwise the
    same for every seat and the spectator (everything it encodes is public): one kept
    vector, the spectator's, then serves every seat (a turn's changes are written once)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.keeps = cls.refresh is not Observer.refresh

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.players = players
        self._kept = Memo[tuple[int, int | None], Kept](KEPT)
        self._at_hand: dict[int | None, Kept] = {}
        """Each seat key's kept vector last brought up to date: a learning loop asks for
        the same state's again at every step (the state is checked through the vector's
        weak reference: no finished game is held)."""
        sample = game.start(players=players, seed=0)
        vector = Vector(named=True)
        self.encode_state(sample, 0, vector)
        self.shape: tuple[int, ...] = (vector.size,)
        self._layout = vector.layout()
        self.offsets = {label: part.start for label, part in self._layout}
        """Where each named feature starts (for :meth:`refresh`'s writes)."""
        if self.seat_blind and self._layout[0] != ("seat", slice(0, players)):
            raise AssertionError(f"{game.name} observer: seat_blind needs the seat first")

    def encode(self, view: View, vector: Vector) -> None:
        """Write ``view`` (a seat's or the spectator's) into ``vector``, same length always."""
        raise NotImplementedError

    def encode_state(self, state: S, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        """Write what ``seat`` knows of ``state`` (with ``recall``: what a seat that forgets
        nothing knows). Default: :meth:`encode` of :meth:`view` or :meth:`recall_view`."""
        self.encode(self.recall_view(state, seat) if recall else self.view(state, seat),
                    vector)

    def view(self, state: S, seat: int | None) -> View:
        """What :meth:`encode` reads: the seat's view without the log."""
        return state.view(seat, log=False)

    def recall_view(self, state: S, seat: int | None) -> View:
        """What a seat that forgets nothing knows, as a view :meth:`encode` reads: the view
        itself, unless the game lets players forget what they saw (castle's hidden memory
        overrides this). OpenSpiel's information state is written from it."""
        return self.view(state, seat)

    def layout(self) -> Layout:
        """The observation's features: ``(name, slice)`` pairs in order, covering it all."""
        return list(self._layout)

    def sections(self, state: S, seat: int | None) -> Layout:
        """The layout as written for ``state`` (it must equal :meth:`layout`: tests check)."""
        vector = Vector(named=True)
        self.encode_state(state, seat, vector)
        return vector.layout()

    def observation(self, state: S, seat: int | None,
                    out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """``seat``'s vector in ``state`` (``None``: the spectator's), written into ``out``
        when given (a row of a batch: it is zeroed first)."""
        if self.keeps and out is None:  # (the common case inlined: it runs at every step)
            blind = self.seat_blind
            key = None if blind else seat
            kept = self._at_hand.get(key)
            if kept is None or kept[0]() is not state:
                kept = self._kept.get((id(state), key))
                if kept is None or kept[0]() is not state:  # (a new state with a dead one's id)
                    return self._write(state, seat, out, recall=False)
                self._at_hand[key] = kept
            self.refresh(state, key, kept[1], kept[2], kept[3])
            vector = kept[1].copy()
            if blind and seat is not None and 0 <= seat < self.players:
                vector[seat] = 1.0  # (the seat one-hot, as encode_state writes it)
            return vector
        return self._write(state, seat, out, recall=False)

    def recalled(self, state: S, seat: int | None,
                 out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """Like :meth:`observation`, for a seat that forgets nothing (same layout)."""
        return self._write(state, seat, out, recall=True)

    def keep(self, state: S, seat: int | None, vector: Vector) -> Any:
        """Write ``seat``'s vector of ``state`` afresh, as :meth:`encode_state` does, and
        return what :meth:`refresh` needs to bring it up to date later (e.g. the fields it
        was written from). Only observers that override :meth:`refresh` are asked."""
        self.encode_state(state, seat, vector)
        return None

    def refresh(self, state: S, seat: int | None, buffer: npt.NDArray[np.float32],
                cells: Cells, kept: Any) -> None:
        """Bring ``buffer``, ``seat``'s vector of this very ``state`` object as :meth:`keep`
        wrote it (``kept``: what it returned, updated in place since), up to date: it must
        end equal to a fresh write whatever happened to the state meanwhile. It compares
        the fields, or follows the actions applied since (``state.history``: the public
        API changes a state only through :meth:`State.apply`, which appends to it) where
        it can tell that the history is the one it saw, and writes afresh where it cannot.
        ``cells`` is ``buffer`` as a memoryview: storing one number through it costs half
        what numpy's indexing does. An observer overrides it where that is much cheaper
        than writing afresh."""
        raise NotImplementedError

    def _write(self, state: S, seat: int | None, out: npt.NDArray[np.float32] | None,
               recall: bool) -> npt.NDArray[np.float32]:
        if self.keeps and not recall:
            blind = self.seat_blind
            buffer = self._kept_vector(state, None if blind else seat)
            if out is None:
                out = buffer.copy()
            else:
                out[:] = buffer
            if blind and seat is not None and 0 <= seat < self.players:
                out[seat] = 1.0
            return out
        if out is None:
            out = np.zeros(self.shape, np.float32)
        else:
            out.fill(0.0)
        vector = Vector(out)
        self.encode_state(state, seat, vector, recall)
        if vector.size != self.shape[0]:
            raise AssertionError(f"{self.game.name} observer wrote {vector.size} values, "
                                 f"not {self.shape[0]}")
        return out

    def _kept_vector(self, state: S, seat: int | None) -> npt.NDArray[np.float32]:
        """``seat``'s kept vector of ``state``, brought up to date, or written and kept."""
        key = (id(state), seat)
        kept = self._kept.get(key)
        if kept is not None and kept[0]() is state:  # (else a new state with a dead one's id)
            self.refresh(state, seat, kept[1], kept[2], kept[3])
            return kept[1]
        buffer = np.zeros(self.shape, np.float32)
        vector = Vector(buffer)
        extra = self.keep(state, seat, vector)
        if vector.size != self.shape[0]:
            raise AssertionError(f"{self.game.name} observer wrote {vector.size} values, "
                                 f"not {self.shape[0]}")
        cells = cast(Cells, memoryview(cast(Any, buffer)))
        self._kept.put(key, (weakref.ref(state), buffer, cells, extra))
        return buffer
