"""Python's cyclic garbage collector, tuned for a long-running server: shorter pauses.

With the interpreter's defaults one server at 200 busy tables (benchmarks/bench_server.py)
paused for full collections of 115-230 ms, four in a minute (every tracked object of every
table, cache and connection scanned), and for the younger generations up to 37 ms: the
benchmark's slowest round trips were those pauses. :func:`quiet` freezes what start-up
loaded (modules, catalogues: never garbage, so never scanned again) and collects the young
generation every :data:`YOUNG` allocations rather than 700: in the same benchmark the
longest pause was then 83 ms, one full collection in half a minute. Reference counting
frees almost everything anyway; the collector is only for cycles.

:func:`pauses` times every collection of the process, by generation (``/metrics`` shows
them: :mod:`.metrics`), so that a tail of slow answers can be told apart from the pauses.
"""
from __future__ import annotations

import gc
import time
from bisect import bisect_left
from functools import cache

YOUNG = 5_000
"""Allocations (less deallocations) between two collections of the youngest generation."""
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)
"""The upper bounds, in seconds, of the pauses' histogram (:class:`Pauses`)."""
GENERATIONS = 3


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
