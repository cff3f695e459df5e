"""What made a results file: the versions a published figure rests on, so a rerun can tell
whether it ran the same code.

>>> found = versions("numpy")
>>> sorted(found)[:3], found["python"] == platform.python_version()
(['commit', 'numpy', 'python'], True)
"""
from __future__ import annotations

import platform
import shlex
import subprocess
import sys
from functools import cache
from importlib import metadata
from pathlib import Path

import towerplay

SOURCE = Path(towerplay.__file__).resolve().parents[2]
"""The checkout towerplay runs from (where ``git describe`` names the commit)."""


def versions(*packages: str) -> dict[str, str]:
    """towerplay's version and commit (``git describe --always --dirty`` of the checkout
    it runs from, ``unknown`` outside one), Python's and each of ``packages``' installed
    version (``absent`` where it is not installed)."""
    found = {"towerplay": towerplay.__version__, "commit": _commit(),
             "python": platform.python_version()}
    for package in packages:
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = "absent"
    return found


def command_line(argv: list[str] | None = None) -> str:
    """The command this process runs, as a shell would take it (default ``sys.argv``).

    >>> command_line(["benchmarks/bench.py", "--out", "a b.jsonl"])
    "benchmarks/bench.py --out 'a b.jsonl'"
    """
    return shlex.join(sys.argv if argv is None else argv)


@cache
def _commit() -> str:
    try:
        done = subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=12"],
                              cwd=SOURCE, capture_output=True, text=True, timeout=30,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "unknown"
