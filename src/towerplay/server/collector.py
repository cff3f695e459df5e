"""Python's cyclic garbage collector, tuned for a long-running server: shorter pauses.

With the interpreter's defaults one server at 200 busy tables (benchmarks/bench_server.py)
paused for full collections of 115-230 ms, four in a minute (every tracked object of every
table, cache and connection scanned), and for the younger generations up to 37 ms: the
benchmark's slowest round trips were those pauses. :func:`quiet` freezes what start-up
loaded (modules, catalogues: never garbage, so never scanned again) and collects the young
generation every :data:`YOUNG` allocations rather than 700: in the same benchmark the
longest pause was then 83 ms, one full collection in half a minute. Reference counting
frees almost everything anyway; the collector is only for cycles.

Counting allocations still let the young generation grow: every object freed counts one
down, and a busy server frees as many old objects (the views and boards a move replaces)
as it makes, so tens of thousands of new objects piled up between collections (young
pauses of 10-25 ms, middle-generation ones of 30-65 ms at 200 tables).
:func:`collect_on_a_clock` collects by time instead: the young generation every
:data:`YOUNG_SECONDS`, the middle one every :data:`MIDDLE_EVERY` of those, and everything
every :data:`OLDEST_EVERY` (so that cycles among old objects are still freed however
rarely the allocation count reaches its threshold), each pause a short one.

:func:`pauses` times every collection of the process, by generation (``/metrics`` shows
them: :mod:`.metrics`), so that a tail of slow answers can be told apart from the pauses.
"""
from __future__ import annotations

import asyncio
import gc
import time
from bisect import bisect_left
from collections.abc import Awaitable, Callable
from functools import cache
from itertools import count

YOUNG = 5_000
"""Allocations (less deallocations) between two collections of the youngest generation."""
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)
"""The upper bounds, in seconds, of the pauses' histogram (:class:`Pauses`)."""
GENERATIONS = 3
YOUNG_SECONDS = 0.1
"""How often :func:`collect_on_a_clock` collects the young generation."""
MIDDLE_EVERY = 20
"""Every this many of its collections, the middle generation too (every 2 s)."""
OLDEST_EVERY = 3_000
"""Every this many of its collections, every generation (every 5 minutes)."""


def quiet() -> None:
    """Freeze what is loaded now and collect less often (a server's start; see above).

    >>> import gc
    >>> before = gc.get_threshold()
    >>> quiet(); gc.get_threshold()[0]
    5000
    >>> gc.unfreeze(); gc.set_threshold(*before)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 20, 20)


def generation_at(tick: int) -> int:
    """The oldest generation :func:`collect_on_a_clock` collects at its ``tick``-th
    collection (counted from 1).

    >>> [generation_at(tick) for tick in (1, MIDDLE_EVERY, OLDEST_EVERY)]
    [0, 1, 2]
    """
    return 2 if tick % OLDEST_EVERY == 0 else 1 if tick % MIDDLE_EVERY == 0 else 0


async def collect_on_a_clock(seconds: float = YOUNG_SECONDS,
                             collect: Callable[[int], object] = gc.collect,
                             sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
                             ) -> None:
    """Collect every ``seconds``, the generation :func:`generation_at` says, for ever (a
    server's task on its event loop: the pauses fall between its callbacks)."""
    for tick in count(1):
        await sleep(seconds)
        collect(generation_at(tick))


class Pauses:
    """The collector's pauses by generation: how many, their seconds in all, the longest,
    and how many were at most each of :data:`BUCKETS` (wall clock: what a player waiting
    on the process lives through). Called by the collector (``gc.callbacks``) before and
    after each collection.

    >>> pauses = Pauses()
    >>> pauses("start", {"generation": 1}); pauses("stop", {"generation": 1})
    >>> pauses.count, pauses.within[1][0], pauses.longest[1] < 0.001
    ([0, 1, 0], 1, True)
    """

    def __init__(self) -> None:
        self.count = [0] * GENERATIONS
        self.seconds = [0.0] * GENERATIONS
        self.longest = [0.0] * GENERATIONS
        self.within = [[0] * len(BUCKETS) for _ in range(GENERATIONS)]
        """Per generation, the pauses of at most each bucket's bound (cumulative)."""
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        took = time.perf_counter() - self._started
        generation = info["generation"]
        self.count[generation] += 1
        self.seconds[generation] += took
        self.longest[generation] = max(self.longest[generation], took)
        within = self.within[generation]
        for bucket in range(bisect_left(BUCKETS, took), len(BUCKETS)):
            within[bucket] += 1


@cache
def pauses() -> Pauses:
    """This process's record of the collector's pauses (kept from the first call on).

    >>> before = pauses().count[2]
    >>> _ = gc.collect(2); pauses().count[2] > before
    True
    """
    recorder = Pauses()
    gc.callbacks.append(recorder)
    return recorder
