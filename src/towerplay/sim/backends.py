"""Where many games are played: this process, local worker processes, or Ray.

:func:`execute` hands out jobs in batches to a top-level function (it must pickle) and
yields each result as its batch comes back, in completion order. Workers need nothing but
the pickled jobs, so every backend gives the same results for the same jobs. Ray is the
``ray`` package (a local Ray with the given CPUs, or the cluster at ``address``): no
home-made cluster code.

>>> list(execute([1, 2, 3], _double_all, workers=1))
[2, 4, 6]
"""
from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Literal, TypeVar

from towerplay.core.errors import InvalidOptions

J = TypeVar("J")
R = TypeVar("R")
Backend = Literal["processes", "ray"]
BACKENDS = ("processes", "ray")
IN_FLIGHT = 3
"""Batches queued per worker: enough to keep it busy, few enough to stop quickly."""


def batches(jobs: Sequence[J], workers: int, most: int = 32) -> list[list[J]]:
    """Jobs cut into batches: small enough to spread over the workers and to show
    progress, large enough that round trips do not dominate short games.

    >>> [len(b) for b in batches(list(range(100)), workers=2, most=8)]
    [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4]
    >>> [len(b) for b in batches(list(range(10)), workers=2)]
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    size = max(1, min(most, len(jobs) // (4 * max(1, workers)) or 1))
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def execute(jobs: Sequence[J], play: Callable[[list[J]], list[R]], workers: int = 1,
            backend: str = "processes", address: str | None = None,
            start_method: str | None = None) -> Iterator[R]:
    """Play ``jobs`` with ``play`` (a top-level function taking a batch) and yield every
    result. ``workers`` is the number of processes (1: in this process) or Ray CPUs."""
    check_backend(backend, workers, address)
    if not jobs:
        return
    if backend == "ray":
        yield from _ray(jobs, play, workers, address)
    elif workers <= 1:
        for batch in batches(jobs, 1, most=1):
            yield from play(batch)
    else:
        yield from _processes(jobs, play, workers, start_method)


def check_backend(backend: str, workers: int, address: str | None) -> None:
    """Refuse an unknown backend, a worker count below 1, or an address without Ray."""
    if backend not in BACKENDS:
        raise InvalidOptions(f"--backend must be one of {', '.join(BACKENDS)} (got {backend!r})")
    if not isinstance(workers, int) or workers < 1:
        raise InvalidOptions(f"--workers must be at least 1 (got {workers!r})")
    if address is not None and backend != "ray":
        raise InvalidOptions("--address names a Ray cluster: use it with --backend ray")
    if backend == "ray":
        _ray_module()


def _processes(jobs: Sequence[J], play: Callable[[list[J]], list[R]], workers: int,
               start_method: str | None) -> Iterator[R]:
    context = multiprocessing.get_context(start_method)
    pending = iter(batches(jobs, workers))
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        running: set[Future[list[R]]] = set()
        try:
            while True:
                for batch in pending:
                    running.add(pool.submit(play, batch))
                    if len(running) >= IN_FLIGHT * workers:
                        break
                if not running:
                    return
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield from future.result()
        finally:
            for future in running:
                future.cancel()


def _ray(jobs: Sequence[J], play: Callable[[list[J]], list[R]], workers: int,
         address: str | None) -> Iterator[R]:
    ray = _ray_module()
    started = not ray.is_initialized()
    if started:
        if address is not None:
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR",
                     log_to_driver=False)
    try:
        remote = ray.remote(play)
        pending = iter(batches(jobs, workers))
        running: list[Any] = []
        while True:
            for batch in pending:
                running.append(remote.remote(batch))
                if len(running) >= IN_FLIGHT * workers:
                    break
            if not running:
                return
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _ray_module() -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidOptions("--backend ray needs the ray package: pip install 'ray>=2.9'") from None
    return ray


def _double_all(batch: list[int]) -> list[int]:
    return [2 * x for x in batch]
