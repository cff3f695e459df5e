"""Python's cyclic garbage collector, tuned for a long-running server: shorter pauses.

With the interpreter's defaults one server at 200 busy tables (benchmarks/bench_server.py)
paused for full collections of 115-230 ms, four in a minute (every tracked object of every
table, cache and connection scanned), and for the younger generations up to 37 ms: the
benchmark's slowest round trips were those pauses. :func:`quiet` freezes what start-up
loaded (modules, catalogues: never garbage, so never scanned again) and collects the young
generation every :data:`YOUNG` allocations rather than 700: in the same benchmark the
longest pause was then 83 ms, one full collection in half a minute. Reference counting
frees almost everything anyway; the collector is only for cycles.
"""
from __future__ import annotations

import gc

YOUNG = 5_000
"""Allocations (less deallocations) between two collections of the youngest generation."""


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
