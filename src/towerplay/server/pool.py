"""Bots, hints and reviews think in a process pool, never on the event loop: the fair
turns of :mod:`.thinking` hand them over, a search in slices, a review one decision at a
time.

The search budgets of hints and reviews are iterations, not seconds: the same request
gets the same answer on a busy machine as on an idle one."""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from towerplay.arena.hints import DEFAULT_ITERATIONS as HINT_DEFAULT
from towerplay.arena.hints import analyse
from towerplay.arena.review import DEFAULT_ITERATIONS as REVIEW_DEFAULT
from towerplay.arena.review import Decision, Step, review_decision
from towerplay.arena.table import BotTask
from towerplay.bots.base import Bot
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.core.rng import derive_seed, fresh_seed
from towerplay.core.state import State
from towerplay.lifeline import die_with_parent, end_pool

DEFAULT_WORKERS = max(2, min(4, os.cpu_count() or 2))
"""Worker processes by default (a few: bots are short thinkers here)."""


HINT_ITERATIONS = HINT_DEFAULT
"""Search iterations of a hint (about a second on one core)."""
REVIEW_ITERATIONS = REVIEW_DEFAULT
"""Search iterations per reviewed decision (with seed 0: the same review every run)."""


def think(task: BotTask[Any], seconds: float | None = None, iterations: int | None = None,
          keep: bool = False) -> tuple[Any, Bot | None, int, float]:
    """Run a bot's decision, or a slice of it (in a worker process): the action (the best
    so far), the bot with its search tree if ``keep`` (the next slice goes on with it), the
    iterations searched and the seconds it took. ``seconds``/``iterations``: the slice's
    budget (a search bot's; ``None``: the bot's own budget, the whole decision)."""
    bot = task.bot
    if not isinstance(bot, ISMCTSBot) or (seconds is None and iterations is None):
        action, bot = task.run()
        return action, bot if keep else None, 0, 0.0
    bot.last = found = bot.analyse(task.seen, task.seat, seconds=seconds,
                                   iterations=iterations, resume=True)
    return found.best, bot if keep else None, found.iterations, found.seconds


def knowledge(state: State[Any], seat: int, rng: random.Random) -> State[Any]:
    """What a hint's search is given: a state consistent with all ``seat`` knows, its
    hidden parts guessed with ``rng`` (never the true state, which stays out of the
    thinking process)."""
    return state.determinize(seat, rng)


def hint_search(seen: State[Any], iterations: int, seed: int) -> dict[str, Any]:
    """Rank the legal actions of ``seen``'s seat to move (in a worker process):
    ``{"iterations", "stats": [(action, win, visits), ...]}``."""
    result = analyse(seen, None, iterations, seed)
    searched = result.iterations > 0  # else one choice: no win chance was estimated
    return {"iterations": result.iterations,
            "stats": [(str(s.action), s.win if searched else None, s.visits)
                      for s in result.stats]}


def review_step(step: Step, seed: int, iterations: int) -> Decision:
    """Review one decision of a finished game (in a worker process)."""
    return review_decision(step.state, step.played, step.index, iterations=iterations,
                           seconds=None, seed=derive_seed(seed, "review", step.index))


class BotPool:
    """A pool of worker processes (spawned, not forked: the server runs threads)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or DEFAULT_WORKERS
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        """Spawned workers that end with this process, also under ``kill -9``."""
        return ProcessPoolExecutor(max_workers=self.workers,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=die_with_parent, initargs=(os.getpid(),))

    async def think(self, task: BotTask[Any], seconds: float | None = None,
                    iterations: int | None = None,
                    keep: bool = False) -> tuple[Any, Bot | None, int, float]:
        """:func:`think` in a worker process. A pool broken by a dead worker (killed, out
        of memory) is replaced and asked again."""
        found: tuple[Any, Bot | None, int, float] = await self._run(
            think, task, seconds, iterations, keep)
        return found

    async def hint(self, state: State[Any], seat: int) -> dict[str, Any]:
        """A hint for ``seat`` at ``state``: the search gets a determinization of the
        seat's knowledge, never the true state."""
        seen = knowledge(state, seat, random.Random(fresh_seed()))
        found: dict[str, Any] = await self._run(hint_search, seen, HINT_ITERATIONS,
                                                fresh_seed())
        return found

    async def review_step(self, step: Step) -> Decision:
        """One decision of a review (:data:`REVIEW_ITERATIONS`, seed 0: the same review on
        every run)."""
        found: Decision = await self._run(review_step, step, 0, REVIEW_ITERATIONS)
        return found

    async def _run(self, call: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, call, *args)
        except BrokenProcessPool:
            self._restart()
            return await loop.run_in_executor(self.executor, call, *args)

    def _restart(self) -> None:
        end_pool(self.executor)
        self.executor = self._start()

    def close(self) -> None:
        """Stop at once: a search still running is dropped, not waited for (the database
        still shows that bot due, so the next sweep of a server or worker plays it)."""
        end_pool(self.executor)
