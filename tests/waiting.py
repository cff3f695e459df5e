"""Tests wait for conditions, never for time.

A test that needs something to happen (a bot to move, a server to answer, a file to be
written) polls for it with :func:`wait_for`, which fails naming what it waited for. The
deadline, :data:`PATIENCE`, is far beyond what an idle machine needs (seconds), so that a
busy machine is only slower, never red; a real hang fails at the deadline, and
pytest-timeout (pyproject.toml) ends a test that hangs anywhere else.

>>> wait_for(lambda: 7, "a number")
7
>>> wait_for(lambda: None, "nothing", timeout=0.01)
Traceback (most recent call last):
AssertionError: waited 0.01 s for nothing
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

PATIENCE = 180.0
"""Seconds to wait for anything (idle: a few at most; a loaded 2-core machine: many)."""
PATIENCE_MS = int(PATIENCE * 1000)
"""The same for Playwright, which counts in milliseconds."""


def wait_for(condition: Callable[[], T], what: str, timeout: float = PATIENCE,
             every: float = 0.05) -> T:
    """Call ``condition`` every ``every`` seconds until it returns something true: that.
    After ``timeout`` seconds fail, naming ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(every)
    return found
