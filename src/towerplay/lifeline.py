"""Worker processes that end with the process that started them, even under ``kill -9``.

A pool's workers wait on a pipe from their parent. When the parent is killed with SIGKILL
nobody closes that pipe (forked siblings hold its other end too), so they would wait for
good. :func:`die_with_parent`, run first in every worker (a pool's ``initializer``),
asks Linux to SIGKILL the worker when its parent dies (``prctl(PR_SET_PDEATHSIG)``) and,
on every platform, starts a daemon thread that polls the parent and ends the worker as
soon as it is gone (the kernel way alone misses a parent that died before the call, and
exists only on Linux).

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
import sys
import threading
import time

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
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
    except OSError:
        return False  # no /proc (macOS...): os.kill's answer stands
    return stat[stat.rfind(b")") + 2:][:1] in (b"Z", b"X")


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
