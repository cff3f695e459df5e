"""Fair thinking: the turns of every bot, hint and review at a worker's thinking processes
(:mod:`.pool`), so that no client's bots make another client's wait.

Every piece of thinking asks for a turn (:meth:`Thinking.turn`), and a free process goes
to the waiting request that comes first by

1. its kind (:class:`Kind`): bots at tables where people play, and hints (someone waits
   on them), before bots of tables of bots alone (nobody does), before reviews;
2. its owner's share: the owner (the client's address) with the fewest turns running
   first, then the one served longest ago, so each owner gets its share whatever the
   number of its tables;
3. its arrival.

A long search takes its turns in slices of :data:`SLICE_SECONDS` (:class:`Slices`): after
each it gives the process back and asks again, going on with its tree when it comes back
(``ISMCTSBot.analyse(..., resume=True)``), so a request that came meanwhile waits a
slice, never a whole search. A search of a table of bots alone stops at the end of a
slice when a request of people waits (its move is the best found so far, and the log
says so): its tree is not kept waiting. A review is reviewed one decision a turn.

A quick bot (random, greedy, learned: :attr:`~towerplay.bots.base.Bot.quick`) takes no
turn: it thinks at once in a thread of this process, since a move of its costs less than
handing the position to a thinking process and back.

Nothing here reads a clock: the order depends only on the requests, so tests drive it
step by step.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import math
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Any, TypeVar

from towerplay.arena.review import Review, Step
from towerplay.arena.table import BotTask
from towerplay.bots.base import Bot
from towerplay.bots.ismcts import DEFAULT_ITERATIONS, ISMCTSBot
from towerplay.core.state import State
from towerplay.server.pool import BotPool

log = logging.getLogger("towerplay.server")

T = TypeVar("T")

SLICE_SECONDS = 0.5
"""The longest a search holds a thinking process before others get their turn."""
SLICE_ITERATIONS = 1000
"""A slice of a search with a budget of iterations (about :data:`SLICE_SECONDS`)."""


class Kind(IntEnum):
    """What a turn is for, the first before the others."""

    PEOPLE = 0
    """A bot at a table where people play (a stand-in, the clock's bot too), a hint."""
    BOTS = 1
    """A bot at a table of bots alone."""
    REVIEW = 2
    """A decision of a finished game's review."""


@dataclass(eq=False)
class Request:
    """A request waiting for a turn."""

    kind: Kind
    owner: str
    arrival: int
    granted: asyncio.Future[None] = field(repr=False,
                                          default_factory=lambda: asyncio.Future())


@dataclass
class Slices:
    """A search's budget in slices: each :meth:`next` is one turn's budget (``seconds``,
    ``iterations``) until :attr:`done`; :meth:`spent` counts what a slice used.

    >>> plan = Slices(seconds=1.2)
    >>> [plan.next(), plan.spent(0.5, 900), plan.next(), plan.spent(0.5, 800), plan.next()]
    [(0.5, None), None, (0.5, None), None, (0.2, None)]
    >>> plan = Slices(iterations=1500)
    >>> plan.next(), plan.spent(0.3, 1000), plan.next(), plan.spent(0.2, 500), plan.done
    ((None, 1000), None, (None, 500), None, True)
    """

    seconds: float | None = None
    iterations: int | None = None
    finished: bool = False

    @classmethod
    def of(cls, bot: Bot) -> Slices | None:
        """The slices of ``bot``'s decision, ``None`` if it cannot be sliced (not a
        search, or an ensemble of trees, whose trees do not go on)."""
        if not isinstance(bot, ISMCTSBot) or bot.options.trees > 1:
            return None
        seconds, iterations = bot.options.seconds, bot.options.iterations
        if seconds is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        return cls(seconds, iterations)

    @property
    def done(self) -> bool:
        return self.finished or (self.seconds is not None and self.seconds <= 0) or (
            self.iterations is not None and self.iterations <= 0)

    @property
    def last(self) -> bool:
        """Whether the next slice is the last one (it spends all that is left)."""
        return (self.seconds is not None and self.seconds <= SLICE_SECONDS) or (
            self.iterations is not None and self.iterations <= SLICE_ITERATIONS)

    def next(self) -> tuple[float | None, int | None]:
        seconds = None if self.seconds is None else min(SLICE_SECONDS, self.seconds)
        iterations = None if self.iterations is None \
            else min(SLICE_ITERATIONS, self.iterations)
        return seconds, iterations

    def spent(self, seconds: float, iterations: int) -> None:
        if iterations == 0:  # nothing to weigh (one choice): the decision is made
            self.finished = True
        if self.seconds is not None:
            self.seconds = round(self.seconds - min(seconds, SLICE_SECONDS), 6)
        if self.iterations is not None:
            self.iterations -= iterations


class Thinking:
    """Turns at ``slots`` thinking processes (:class:`BotPool`'s), fair as the module
    says. :meth:`bot`, :meth:`hint` and :meth:`review` think in turns."""

    def __init__(self, pool: BotPool | None, slots: int) -> None:
        self.pool = pool
        self.slots = slots
        self.free = slots
        self.waiting: list[Request] = []
        self.running: Counter[str] = Counter()
        self.served: dict[str, int] = {}
        self.arrivals = itertools.count()
        self.turns = itertools.count()
        self.stopped = 0
        """How many searches of tables of bots alone stopped early for people."""

    # ----------------------------------------------------------------- turns
    def key(self, request: Request) -> tuple[int, int, int, int]:
        """The order of the waiting requests (the smallest goes first)."""
        return (request.kind, self.running[request.owner],
                self.served.get(request.owner, -1), request.arrival)

    async def turn(self, kind: Kind, owner: str, again: bool = False) -> None:
        """Wait for a turn at a thinking process; :meth:`done` gives it back. ``again``:
        the caller gives back the turn it holds as it asks for the next (a search between
        two slices): the next turn goes to whoever comes first, this request included.
        With no processes at all (a server's quick bots only) it is refused at once."""
        if not self.slots:
            raise RuntimeError("no thinking processes here: only quick bots think")
        request = Request(kind, owner, next(self.arrivals))
        self.waiting.append(request)
        if again:
            self.done(owner)
        else:
            self._grant()
        try:
            await request.granted
        except asyncio.CancelledError:
            if request in self.waiting:
                self.waiting.remove(request)
            elif request.granted.done() and not request.granted.cancelled():
                self.done(owner)  # granted as it was cancelled: give it back
            raise

    def done(self, owner: str) -> None:
        """A turn ends: the process goes to the next request."""
        self.running[owner] -= 1
        if self.running[owner] <= 0:
            del self.running[owner]
        self.free += 1
        self._grant()

    def _grant(self) -> None:
        while self.free > 0 and self.waiting:
            request = min(self.waiting, key=self.key)
            self.waiting.remove(request)
            if request.granted.done():  # cancelled while it waited
                continue
            self.free -= 1
            self.running[request.owner] += 1
            self.served[request.owner] = next(self.turns)
            request.granted.set_result(None)

    def outranked(self, kind: Kind) -> bool:
        """Whether a request of a kind before ``kind`` waits."""
        return any(request.kind < kind for request in self.waiting)

    async def taking(self, kind: Kind, owner: str, work: Callable[..., Awaitable[T]],
                     *args: Any) -> T:
        """``work(*args)`` in a turn of its own."""
        await self.turn(kind, owner)
        try:
            return await work(*args)
        finally:
            self.done(owner)

    def waiting_by_kind(self) -> dict[str, int]:
        """How many requests wait, by kind (for /metrics)."""
        counts = Counter(request.kind.name.lower() for request in self.waiting)
        return {kind.name.lower(): counts[kind.name.lower()] for kind in Kind}

    # ----------------------------------------------------------------- the work
    @property
    def processes(self) -> BotPool:
        if self.pool is None:
            raise RuntimeError("this Thinking has no processes")
        return self.pool

    async def bot(self, task: BotTask[Any], kind: Kind, owner: str, label: str = "") -> Any:
        """The move of ``task``'s bot, thought out in turns (a search in slices); a
        quick bot's at once, on the event loop (:attr:`~.bots.base.Bot.quick`)."""
        if task.bot.quick:
            return task.run()[0]
        plan = Slices.of(task.bot)
        if plan is None:
            return await self.taking(kind, owner, self._whole, task)
        action: Any = None
        slices, held = 0, False
        try:
            while not plan.done:
                seconds, iterations = plan.next()
                again, held = held, False
                await self.turn(kind, owner, again)
                held = True
                action, bot, searched, used = await self.processes.think(
                    task, seconds, iterations, not plan.last)
                plan.spent(used, searched)
                slices += 1
                if bot is not None:
                    task = replace(task, bot=bot)
                if not plan.done and kind is Kind.BOTS and self.outranked(kind):
                    self.stopped += 1
                    log.info("%s: the search stopped after %d slice(s) (%s left unspent): "
                             "people's bots wait", label or "a table of bots", slices,
                             _left(plan))
                    break
        finally:
            if held:
                self.done(owner)
        return action

    async def _whole(self, task: BotTask[Any]) -> Any:
        action, _bot, _searched, _seconds = await self.processes.think(task)
        return action


    async def hint(self, state: State[Any], seat: int, owner: str) -> dict[str, Any]:
        """A hint for ``seat`` (a person waits on it: :attr:`Kind.PEOPLE`)."""
        return await self.taking(Kind.PEOPLE, owner, self.processes.hint, state, seat)

    async def review(self, review: Review, steps: list[Step], owner: str) -> Review:
        """``review`` with each of ``steps`` reviewed, one decision a turn."""
        for step in steps:
            review.add(await self.taking(Kind.REVIEW, owner, self.processes.review_step,
                                         step))
        return review


def _left(plan: Slices) -> str:
    if plan.seconds is not None:
        return f"{plan.seconds:.1f} s"
    return f"{plan.iterations if plan.iterations is not None else math.nan} iterations"
