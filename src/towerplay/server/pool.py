"""Bots think in a process pool, never on the event loop: one slow bot never delays
another table's moves (only, with every worker busy, another bot's thinking)."""
from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from towerplay.arena.table import BotTask
from towerplay.bots.base import Bot

DEFAULT_WORKERS = max(2, min(4, os.cpu_count() or 2))
"""Worker processes by default (a few: bots are short thinkers here)."""


def think(task: BotTask[Any]) -> tuple[Any, Bot]:
    """Run one bot decision (in a worker process)."""
    return task.run()


class BotPool:
    """A pool of worker processes (spawned, not forked: the server runs threads)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or DEFAULT_WORKERS
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.workers,
                                   mp_context=multiprocessing.get_context("spawn"))

    async def think(self, task: BotTask[Any]) -> tuple[Any, Bot]:
        """The bot's action and the bot after thinking (its generator moved on). A pool
        broken by a dead worker (killed, out of memory) is replaced and asked again."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, think, task)
        except BrokenProcessPool:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._start()
            return await loop.run_in_executor(self.executor, think, task)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
