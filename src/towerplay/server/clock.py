"""A table's clock (issue #30), optional, chosen at creation: so many seconds a move
(``move``) or a game (``game``, what is left carries from move to move). Only a person's
turn is timed. The deadline of the person to move is stored with the table (column
``deadline``), so a restarted server, or any other process, finds it; when it passes,
each worker's clock watch (:meth:`.jobs.Runner.watch_clocks`, woken at the earliest stored
deadline) has the clock's bot make the move, and the log says so (the move's index is kept
in the clock's ``ran_out``).

The clock is its own part: a table's clock is a :class:`Timing` (stored as ``clock``
``{"mode", "seconds", "bot"}``, fixed at creation; ``clock_state`` ``{"seat", "left",
"ran_out"}``, the seat on the clock, each seat's seconds left in a ``game`` clock, the
indices of the moves made for people out of time, the seats whose people have had the
page, ``opened``: a person's clock waits for their first page; and ``deadline``), and it
changes only by the steps of this module (:class:`Moved`, :class:`Resumed`,
:class:`Opened`), which the storage applies in the transaction of the action (or the
return) that causes them, reading the clock as stored there: a clock moves on with its
table, whichever process stores the move.

>>> now = datetime(2026, 1, 1, tzinfo=UTC)
>>> timing = start({"mode": "game", "seconds": 60, "bot": "medium"}, 2, 0, now)
>>> timing.deadline is None      # until seat 0's person has had the page
True
>>> timing = Opened(1)(Opened(0)(timing, now), now)
>>> after = Moved(index=0, mover=0, person=1)(timing, now + timedelta(seconds=15))
>>> after.state["left"], after.state["seat"], after.deadline - now
([45.0, 60.0], 1, datetime.timedelta(seconds=75))
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from towerplay.arena.table import HUMAN
from towerplay.core.errors import TowerplayError
from towerplay.server.protocol import Refusal, web

MODES = ("move", "game")
"""Seconds for each move, or for the whole game."""
MIN_SECONDS = 1
MAX_SECONDS = 7 * 24 * 3600
"""A clock's seconds are a whole number from :data:`MIN_SECONDS` to this (a week)."""
DEFAULT_BOT = "medium"
"""The bot that moves for a person out of time, unless the table names another."""


def aware(moment: datetime | None) -> datetime | None:
    """``moment`` in UTC (SQLite gives back naive datetimes)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def requested(data: dict[str, Any], check_bot: Callable[[object], str]) -> dict[str, Any] | None:
    """The ``clock`` field of a create request, checked: ``None`` (no clock, the default)
    or ``{"mode", "seconds", "bot"}`` (raises :class:`Refusal`, one line)."""
    asked = data.get("clock")
    if asked is None:
        return None
    shape = web("clock_shape", low=MIN_SECONDS, high=MAX_SECONDS, bot=repr(DEFAULT_BOT))
    if not isinstance(asked, dict) or set(asked) - {"mode", "seconds", "bot"}:
        raise Refusal("bad_message", shape, field="clock")
    seconds = asked.get("seconds")
    if asked.get("mode") not in MODES or not isinstance(seconds, int) or \
            isinstance(seconds, bool) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise Refusal("bad_message", shape, field="clock")
    bot = asked.get("bot", DEFAULT_BOT)
    if bot == HUMAN:
        raise Refusal("bad_message", web("clock_human"), field="clock")
    try:
        return {"mode": asked["mode"], "seconds": seconds, "bot": check_bot(bot)}
    except TowerplayError as problem:
        raise Refusal("bad_message", web("clock_no_bot", problem=problem.event),
                      field="clock") from None


@dataclass(frozen=True)
class Timing:
    """A table's clock as stored: its settings (``None``: the table has no clock), its
    state and the deadline of the person on it. The storage keeps it as it is; only
    this module changes it (:class:`Moved`, :class:`Resumed`)."""

    config: dict[str, Any] | None = None
    state: dict[str, Any] | None = None
    deadline: datetime | None = None

    @property
    def timed(self) -> bool:
        return self.config is not None

    @property
    def bot(self) -> str | None:
        """The bot that moves for a person out of time."""
        return None if self.config is None else str(self.config["bot"])

    def ran_out(self) -> frozenset[int]:
        """The log indices of the moves the clock's bot made for people out of time."""
        return frozenset((self.state or {}).get("ran_out", ()))

    def public(self, now: datetime | None = None) -> dict[str, Any] | None:
        """The clock every client may see (:func:`public`)."""
        return public(self.config, self.state, self.deadline, now)


UNTIMED = Timing()
"""The clock of a table without one."""


def start(config: dict[str, Any] | None, players: int, person: int | None,
          now: datetime) -> Timing:
    """A new table's clock (``person``: the person to move first)."""
    if config is None:
        return UNTIMED
    left = [float(config["seconds"])] * players if config["mode"] == "game" else None
    state = {"seat": person, "left": left, "ran_out": [], "opened": []}
    return Timing(config, state, _deadline(config, state, person, now))


def has_page(state: dict[str, Any] | None, seat: int) -> bool:
    """Whether ``seat``'s person has had the table's page (or moved): their clock runs
    only from then (issue #43). A clock stored before this was known runs for all.

    >>> has_page({"opened": [1]}, 0), has_page({"opened": [1]}, 1), has_page({}, 0)
    (False, True, True)
    """
    opened = (state or {}).get("opened")
    return opened is None or seat in opened


def _opened(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """``state`` with ``seat`` among those who had the page."""
    if has_page(state, seat):
        return state
    return {**state, "opened": sorted({*state["opened"], seat})}


ClockStep = Callable[[Timing, datetime], Timing]
"""A change of a clock at a moment, which the storage applies in the transaction that
stores what caused it (an action, a person back at their seat)."""


@dataclass(frozen=True)
class Moved:
    """The clock after move ``index`` by ``mover``: a ``game`` clock keeps what the
    mover had left; ``person`` (the person to move next, if one is) is on the clock from
    then; ``ran_out``: the clock's bot made the move for a person out of time."""

    index: int
    mover: int
    person: int | None
    ran_out: bool = False

    def __call__(self, timing: Timing, now: datetime) -> Timing:
        if timing.config is None:
            return timing
        state = dict(timing.state or {"seat": None, "left": None, "ran_out": []})
        deadline = timing.deadline
        if state.get("left") is not None and deadline is not None \
                and state.get("seat") == self.mover:
            left = list(state["left"])
            left[self.mover] = max(0.0, round((deadline - now).total_seconds(), 3))
            state["left"] = left
        if self.ran_out:
            state["ran_out"] = [*state.get("ran_out", []), self.index]
        else:  # a person who moves has the table (a page, or a client of their own)
            state = _opened(state, self.mover)
        state["seat"] = self.person
        return Timing(timing.config, state, _deadline(timing.config, state, self.person, now))


@dataclass(frozen=True)
class Resumed:
    """The clock once ``person`` takes their seat back, or takes back their last action,
    at their turn: on it from then."""

    person: int

    def __call__(self, timing: Timing, now: datetime) -> Timing:
        if timing.config is None:
            return timing
        # the person came back by their page (or client): they have the table
        state = _opened({**(timing.state or {"left": None, "ran_out": []}),
                         "seat": self.person}, self.person)
        return Timing(timing.config, state, _deadline(timing.config, state, self.person, now))


@dataclass(frozen=True)
class Opened:
    """The clock once ``person`` first opens the table's page: theirs runs from then
    (from now, if they are to move); before it, it waits for them (issue #43)."""

    person: int

    def __call__(self, timing: Timing, now: datetime) -> Timing:
        if timing.config is None or has_page(timing.state, self.person):
            return timing
        state = _opened(dict(timing.state or {}), self.person)
        return Timing(timing.config, state,
                      _deadline(timing.config, state, state.get("seat"), now))


def _deadline(config: dict[str, Any], state: dict[str, Any], person: int | None,
              now: datetime) -> datetime | None:
    if person is None or not has_page(state, person):
        return None  # nobody on the clock, or a person who has not had the page yet
    seconds = state["left"][person] if state.get("left") is not None else config["seconds"]
    return now + timedelta(seconds=seconds)


def public(config: dict[str, Any] | None, state: dict[str, Any] | None,
           deadline: datetime | None, now: datetime | None = None) -> dict[str, Any] | None:
    """The clock as every client may see it (no token, nothing hidden): the settings, the
    seat on the clock, its deadline and the seconds to it now, each seat's seconds left
    (``game``), and the log indices of moves made for people out of time."""
    if config is None:
        return None
    state = state or {}
    now = now or datetime.now(UTC)
    return {"mode": config["mode"], "seconds": config["seconds"], "bot": config["bot"],
            "seat": state.get("seat") if deadline is not None else None,
            "deadline": deadline.isoformat() if deadline is not None else None,
            "remaining": None if deadline is None
            else max(0.0, round((deadline - now).total_seconds(), 3)),
            "left": state.get("left"), "ran_out": list(state.get("ran_out", []))}
