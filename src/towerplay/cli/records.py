"""Where the terminal keeps its games, and how a game survives a closed terminal.

Every terminal game is recorded by default, after every action, to
``$TOWERPLAY_HOME/games/`` (else ``$XDG_DATA_HOME/towerplay/games/``, else
``~/.local/share/towerplay/games/``), as ``<game>-<YYYYmmdd-HHMMSS>.json``.
"""
from __future__ import annotations

import os
import shlex
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from towerplay.cli.app import program
from towerplay.core import BadRecord
from towerplay.core.events import Event
from towerplay.core.record import check_writable


def games_dir() -> Path:
    """The directory of recorded games (see the module's docstring)."""
    home = os.environ.get("TOWERPLAY_HOME")
    if home:
        return Path(home).expanduser() / "games"
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "towerplay" / "games"


def new_record_path(game: str, now: float | None = None) -> Path:
    """A fresh record path for a new game of ``game`` (the directory is made if needed)."""
    folder = games_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadRecord(Event.of("cli.no_games_dir", path=str(folder),
                                 problem=str(error.strerror))) from None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    path = folder / f"{game}-{stamp}.json"
    number = 2
    while path.exists():  # two games started in one second
        path = folder / f"{game}-{stamp}-{number}.json"
        number += 1
    return path


def check_new_record(path: Path) -> None:
    """Refuse a record path for a new game that cannot be written or holds a game already."""
    check_writable(path)
    if path.exists():
        raise BadRecord(Event.of("cli.record_exists", path=str(path),
                                 command=f"`{program()} resume {shlex.quote(str(path))}`"))


class Stopped(Exception):
    """The terminal closed or the process was asked to stop (SIGHUP, SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


STOP_SIGNALS = tuple(s for s in (getattr(signal, "SIGHUP", None), signal.SIGTERM)
                     if s is not None)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Turn SIGHUP and SIGTERM into :class:`Stopped` while a game runs, so the game ends
    cleanly (its record is already saved after each action)."""
    def stop(signum: int, _frame: FrameType | None) -> None:
        raise Stopped(signum)

    try:
        previous = {s: signal.signal(s, stop) for s in STOP_SIGNALS}
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
