"""Where many games are played: this process, local worker processes, or Ray.

:func:`execute` hands out jobs in batches to a top-level function (it must pickle) and
yields each result as its batch comes back: in completion order, or in job order
(``ordered``, what a streamed file needs) with a bounded window of batches out, so
memory stays bounded whatever the run's length. Workers need nothing but the pickled
jobs, so every backend gives the same results for the same jobs. Ray is the ``ray``
package (a local Ray with the given CPUs, or the cluster at ``address``): no home-made
cluster code.

Worker processes end with their parent, even under ``kill -9`` (:mod:`towerplay.lifeline`),
and ignore Ctrl-C: the parent alone handles it and ends them. A local Ray started here
ends with it too: Ray ties its GCS, raylet and workers to the driver (Linux: kernel
fate-sharing), but its dashboard and runtime-env agents outlive a killed driver, so a
:class:`~towerplay.lifeline.Reaper` kills whatever Ray started if the driver dies.

>>> list(execute([1, 2, 3], _double_all, workers=1))
[2, 4, 6]
>>> list(execute(list(range(8)), _double_all, workers=2, ordered=True))
[0, 2, 4, 6, 8, 10, 12, 14]
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, TypeVar

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Param
from towerplay.lifeline import Reaper, descendants, die_with_parent, end_pool

J = TypeVar("J")
R = TypeVar("R")
BACKENDS = ("processes", "ray")
IN_FLIGHT = 3
"""Batches queued per worker: enough to keep it busy, few enough to stop quickly."""
WINDOW = 2
"""Ordered results: batches out (in flight or waiting for an earlier one) per batch in
flight; a slow batch holds back at most this many batches' results."""
CONNECT_SECONDS = 10.0
"""How long a Ray address gets to answer (connect and join) before the run is refused."""
RAY_STARTS = 3
"""Tries to start a local Ray: on a busy machine its raylet may miss the fixed 30 s in which
Ray waits for it ("The current node timed out during startup")."""


def batches(jobs: Sequence[J], workers: int, most: int = 32) -> Iterator[list[J]]:
    """Jobs cut into batches, made as they are asked for (a lazy sequence of jobs stays
    lazy): small enough to spread over the workers and to show progress, large enough that
    round trips do not dominate short games.

    >>> [len(b) for b in batches(list(range(100)), workers=2, most=8)]
    [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4]
    >>> [len(b) for b in batches(list(range(10)), workers=2)]
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    size = max(1, min(most, len(jobs) // (4 * max(1, workers)) or 1))
    for start in range(0, len(jobs), size):
        yield [jobs[i] for i in range(start, min(start + size, len(jobs)))]


def execute(jobs: Sequence[J], play: Callable[[list[J]], list[R]], workers: int | None = 1,
            backend: str = "processes", address: str | None = None,
            start_method: str | None = None,
            ordered: bool = False) -> Generator[R, None, None]:
    """Play ``jobs`` with ``play`` (a top-level function taking a batch) and yield every
    result. ``workers`` is the number of processes (1 or ``None``: in this process) or Ray
    CPUs (``None``: all the cluster's, or this machine's for a local Ray)."""
    check_backend(backend, workers, address)
    if not jobs:
        return
    if backend == "ray":
        yield from _ray(jobs, play, workers, address, ordered)
    elif workers is None or workers <= 1:
        for batch in batches(jobs, 1, most=1):
            yield from play(batch)
    else:
        yield from _processes(jobs, play, workers, start_method, ordered)


def check_backend(backend: str, workers: int | None, address: str | None) -> None:
    """Refuse an unknown backend, a worker count below 1, or an address without Ray."""
    if backend not in BACKENDS:
        raise InvalidOptions(Event.of("cli.backend_unknown", known=", ".join(BACKENDS),
                                      got=repr(backend)))
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise InvalidOptions(Event.of("cli.workers_positive", got=repr(workers)))
    if address is not None and backend != "ray":
        raise InvalidOptions(Event.of("cli.address_without_ray"))
    if backend == "ray":
        _ray_module()


class Window:
    """Batches handed out and their results, given back in completion or batch order.

    ``submit(number, batch)`` starts one; :meth:`wait` blocks for some and returns the
    results that may be yielded now; :meth:`room` says whether another may start.
    """

    def __init__(self, in_flight: int, ordered: bool) -> None:
        self.in_flight = in_flight
        self.ordered = ordered
        self.running = 0
        self.next = 0
        """Ordered: the first batch whose results were not yielded yet."""
        self.held: dict[int, list[Any]] = {}
        self.submitted = 0

    def room(self) -> bool:
        if self.running >= self.in_flight:
            return False
        return not self.ordered or self.submitted - self.next < WINDOW * self.in_flight

    def finished(self, number: int, results: list[Any]) -> list[Any]:
        """Record a batch's results; return those now in order (all, unordered)."""
        self.running -= 1
        if not self.ordered:
            return results
        self.held[number] = results
        out: list[Any] = []
        while self.next in self.held:
            out.extend(self.held.pop(self.next))
            self.next += 1
        return out


def _processes(jobs: Sequence[J], play: Callable[[list[J]], list[R]], workers: int,
               start_method: str | None, ordered: bool) -> Iterator[R]:
    context = multiprocessing.get_context(start_method)
    pending = enumerate(batches(jobs, workers))
    window = Window(IN_FLIGHT * workers, ordered)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_worker_start, initargs=(os.getpid(),))
    running: dict[Future[list[R]], int] = {}

    def fill() -> None:
        while window.room():
            item = next(pending, None)
            if item is None:
                break
            running[pool.submit(play, item[1])] = item[0]
            window.running += 1
            window.submitted += 1

    try:
        with _ctrl_c_left_to_parent():  # the first submissions start the workers
            fill()
        while True:
            fill()
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield from window.finished(running.pop(future), future.result())
    except BaseException:  # Ctrl-C, a failed batch, a consumer that stopped: end now
        end_pool(pool)
        raise
    pool.shutdown()


@contextmanager
def _ctrl_c_left_to_parent() -> Iterator[None]:
    """Processes started inside begin with Ctrl-C ignored (inherited, and Python keeps an
    ignored SIGINT ignored), so a Ctrl-C never interrupts a worker mid-start with a
    traceback; the parent's own handler is back afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _worker_start(parent: int) -> None:
    """A worker's first act: end with ``parent``; leave Ctrl-C to it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


def _ray(jobs: Sequence[J], play: Callable[[list[J]], list[R]], workers: int | None,
         address: str | None, ordered: bool) -> Iterator[R]:
    ray = _ray_module()
    started = not ray.is_initialized()
    reaper = None
    if started:
        _connect(ray, workers, address)
        if address is None:  # Ray's agents outlive a killed driver: see to them ourselves
            reaper = Reaper(descendants(os.getpid()))
    try:
        cpus = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(play)
        pending = enumerate(batches(jobs, cpus))
        window = Window(IN_FLIGHT * cpus, ordered)
        running: dict[Any, int] = {}
        while True:
            while window.room():
                item = next(pending, None)
                if item is None:
                    break
                running[remote.remote(item[1])] = item[0]
                window.running += 1
                window.submitted += 1
            if not running:
                return
            done, _ = ray.wait(list(running), num_returns=1)
            for ref in done:
                yield from window.finished(running.pop(ref), ray.get(ref))
    finally:
        if started:
            ray.shutdown()
        if reaper is not None:
            reaper.close()


def _connect(ray: Any, workers: int | None, address: str | None) -> None:
    """Start a local Ray (``workers`` CPUs, default all) or join the cluster at ``address``;
    :class:`InvalidOptions` within :data:`CONNECT_SECONDS` if it does not answer there."""
    if address is None:
        _start_local(ray, workers)
        return
    deadline = time.monotonic() + CONNECT_SECONDS
    probe_address(address, seconds=CONNECT_SECONDS / 2)
    # a port that accepts connections but is no Ray head makes ray.init retry for good
    # (printing a warning every few seconds): give it the time left, in a thread, quietly
    ended: list[BaseException | None] = []

    def connect() -> None:
        try:
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
            ended.append(None)
        except Exception as error:  # noqa: BLE001 - reported below, in one line
            ended.append(error)

    saved = os.dup(2)  # Ray's C++ core logs to file descriptor 2: /dev/null meanwhile
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    os.close(null)
    thread = threading.Thread(target=connect, daemon=True, name="ray-connect")
    thread.start()
    thread.join(max(0.5, deadline - time.monotonic()))
    if ended:
        os.dup2(saved, 2)
        os.close(saved)
    else:  # the thread retries and logs until this process ends: keep fd 2 quiet and
        # give Python's own stderr the real one, for our one line
        sys.stderr.flush()
        sys.stderr = os.fdopen(saved, "w", buffering=1, encoding="utf-8")
        raise InvalidOptions(Event.of("cli.ray_silent", address=address,
                                      seconds=f"{CONNECT_SECONDS:g}"))
    if ended[0] is not None:  # (Ray's own words, as it said them)
        raise InvalidOptions(Event.of("cli.ray_not_connected", address=address,
                                      detail=" ".join(str(ended[0]).split())[:120]))


def _start_local(ray: Any, workers: int | None) -> None:
    """Start a local Ray with ``workers`` CPUs (default all), trying again (after ending
    what the failed start left running) when its node was too slow to come up."""
    for attempt in range(1, RAY_STARTS + 1):
        before = set(descendants(os.getpid()))
        try:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR",
                     log_to_driver=False)
            return
        except Exception as error:
            if attempt == RAY_STARTS or "timed out during startup" not in str(error):
                raise
            ray.shutdown()
            for pid in set(descendants(os.getpid())) - before:
                _kill(pid)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:  # ended meanwhile
        pass


def probe_address(address: str, seconds: float = CONNECT_SECONDS / 2) -> None:
    """Refuse a ``host:port`` (or ``ray://host:port``) where nothing accepts a connection
    within ``seconds`` (``ray.init`` itself would retry for minutes). ``auto`` and
    ``local`` are left to Ray.

    >>> probe_address("127.0.0.1:1", seconds=2)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: --address 127.0.0.1:1: no Ray cluster answers there
    (Connection refused)
    """
    target = address.removeprefix("ray://")
    if target in ("auto", "local"):
        return
    host, colon, port = target.rpartition(":")
    if not colon or not port.isdigit() or not host:
        raise InvalidOptions(Event.of("cli.address_form", got=repr(address)))
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as error:
        reason: Param = error.strerror or type(error).__name__.replace("Error", "").lower() \
            or Event.of("cli.no_answer")
        if isinstance(error, ConnectionRefusedError):
            reason = Event.of("cli.refused")
        elif isinstance(error, TimeoutError):
            reason = Event.of("cli.no_answer_in", seconds=f"{seconds:g}")
        raise InvalidOptions(Event.of("cli.address_no_cluster", address=address,
                                      reason=reason)) from None


def _ray_module() -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidOptions(Event.of("cli.needs_ray", command="pip install 'towerplay[sim]'")) \
            from None
    return ray


def _double_all(batch: list[int]) -> list[int]:
    return [2 * x for x in batch]
