"""Worker processes that end with the process that started them, even under ``kill -9``.

A pool's workers wait on a pipe from their parent. When the parent is killed with SIGKILL
nobody closes that pipe (forked siblings hold its other end too), so they would wait for
good. :func:`die_with_parent`, run first in every worker (a pool's ``initializer``),
asks Linux to SIGKILL the worker when its parent dies (``prctl(PR_SET_PDEATHSIG)``) and,
on every platform, starts a daemon thread that polls the parent and ends the worker as
soon as it is gone (the kernel way alone misses a parent that died before the call, and
exists only on Linux).

:func:`end_pool` ends a pool at once, not when its work is done (Ctrl-C in a simulation, a
server stopping): its workers killed and its manager thread gone when it returns.

Processes that are not our workers (a local Ray's agents, which outlive their raylet) get
a :class:`Reaper`: a watcher process that SIGKILLs them if this process dies first.

>>> import os
>>> from concurrent.futures import ProcessPoolExecutor
>>> with ProcessPoolExecutor(1, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
...     pool.submit(alive, os.getpid()).result()
True
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

PR_SET_PDEATHSIG = 1
"""prctl option: the signal this process gets when the thread that forked it ends."""
POLL_SECONDS = 0.25
"""How often the watchdog looks at the parent (a worker outlives its parent at most this)."""
EXIT_STATUS = 128 + 9
"""A worker whose parent died ends as if killed with SIGKILL."""


def die_with_parent(parent: int | None = None, poll: float = POLL_SECONDS) -> None:
    """End this process when ``parent`` (its parent's pid; default: the current parent)
    ends. Call it first in a worker; it returns at once.

    A worker started through an intermediary (multiprocessing's forkserver) has another
    direct parent: both are watched, and the intermediary ends with ``parent`` anyway.
    """
    direct = os.getppid()
    parent = direct if parent is None else parent
    _kernel_deathsig()
    if not (direct == parent or alive(parent)) or os.getppid() != direct:
        os._exit(EXIT_STATUS)  # the parent died before the kernel could be told
    threading.Thread(target=_watch, args=(direct, parent, poll), daemon=True,
                     name="lifeline").start()


def end_pool(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` now, not when its work is done: cancel what is queued, kill the
    workers (a batch or a search may take minutes) and wait until they are gone."""
    kill = getattr(pool, "kill_workers", None)
    if kill is not None:  # pragma: no cover - Python 3.14+
        kill()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())  # 3.11-3.13
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:  # SIGKILL: a forked worker may have inherited a SIGTERM
        process.kill()         # handler that only ends its task, not the worker
    for process in processes:
        process.join(5)
    if manager is not None:  # gone before exit: 3.11's exit hook may else write to its
        manager.join(5)      # closing wake-up pipe ("Bad file descriptor", cpython gh-125451)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not).

    >>> alive(os.getpid())
    True
    """
    if sys.platform == "win32":  # os.kill(pid, 0) would terminate it there
        parent = multiprocessing.parent_process()
        return parent is not None and parent.pid == pid and parent.is_alive()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it exists
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Linux: the process has ended and waits to be reaped (``Z`` in /proc/PID/stat)."""
    stat = _stat(pid)  # None without /proc (macOS...): os.kill's answer stands
    return stat is not None and stat[0] in (b"Z", b"X")


def _kernel_deathsig() -> None:
    """Linux only: SIGKILL this process when its parent ends."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl in this libc: the watchdog remains
        pass


def _watch(direct: int, parent: int, poll: float) -> None:
    """Poll until the direct parent changed (it died: we were re-parented) or ``parent``
    is gone, then end this process at once (no cleanup: its owner is gone)."""
    while os.getppid() == direct and (parent == direct or alive(parent)):
        time.sleep(poll)
    os._exit(EXIT_STATUS)


class Reaper:
    """A watcher process that SIGKILLs ``pids`` if this process ends without calling
    :meth:`close` (killed with SIGKILL included): it waits on a pipe from us, and the
    kernel closes that pipe whatever way we die. Each PID is checked to be the same
    process still (its start time) before it is killed. Linux (it reads /proc)."""

    def __init__(self, pids: Sequence[int]) -> None:
        marks = [f"{pid}:{start}" for pid in pids if (start := _start_time(pid)) is not None]
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from towerplay.lifeline import _reap; _reap()", *marks],
            stdin=subprocess.PIPE, start_new_session=True)  # no Ctrl-C from the terminal

    def close(self) -> None:
        """Stand the watcher down: the processes were ended in good order."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(b"done\n")
            self.process.stdin.close()
        except BrokenPipeError:  # the watcher is gone already
            pass
        self.process.wait()


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, their children and so on (Linux: /proc; empty
    elsewhere).

    >>> child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(9)"])
    >>> child.pid in descendants(os.getpid()) or not sys.platform.startswith("linux")
    True
    >>> child.kill(); child.wait()
    -9
    """
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        stat = _stat(int(entry.name))
        if stat is not None:
            parents.setdefault(int(stat[1]), []).append(int(entry.name))
    found: list[int] = []
    frontier = [pid]
    while frontier:
        children = parents.get(frontier.pop(), [])
        found += children
        frontier += children
    return sorted(found)


def _stat(pid: int) -> list[bytes] | None:
    """The fields of /proc/PID/stat after the command's name (state first)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
    except OSError:
        return None
    return stat[stat.rfind(b")") + 2:].split()


def _start_time(pid: int) -> int | None:
    stat = _stat(pid)
    return int(stat[19]) if stat is not None and len(stat) > 19 else None


def _reap() -> None:
    """The watcher's body: wait for the parent's word (or its death), then kill."""
    told = sys.stdin.buffer.readline()
    if told == b"done\n":
        return
    for mark in sys.argv[1:]:
        pid, start = map(int, mark.split(":"))
        if _start_time(pid) == start:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:  # ended meanwhile
                pass
