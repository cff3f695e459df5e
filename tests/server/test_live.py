"""The live tables and the bot pool on their own: a dead worker is replaced; a finished
table nobody watches leaves memory and comes back from storage."""
from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from towerplay import games
from towerplay.arena.table import Table
from towerplay.server.jobs import make_queue
from towerplay.server.live import Hub
from towerplay.server.pool import BotPool
from towerplay.server.storage import Storage


def test_a_killed_worker_is_replaced() -> None:
    pool = BotPool(1)
    table = Table(games.load("five_towers").start(players=2, seed=2), ["greedy", "greedy"])

    async def twice() -> None:
        task = table.bot_task()
        assert task is not None
        action, _ = await pool.think(task)
        for process in list(pool.executor._processes.values()):  # noqa: SLF001
            assert process.pid is not None
            os.kill(process.pid, signal.SIGKILL)
        for _ in range(500):  # until the pool has noticed: it is broken now
            if pool.executor._broken:  # noqa: SLF001
                break
            await asyncio.sleep(0.01)
        broken = pool.executor
        again, _ = await pool.think(task)
        assert pool.executor is not broken
        assert again == action  # the same decision from the same bot and generator

    try:
        asyncio.run(twice())
    finally:
        pool.close()


def test_a_finished_table_nobody_watches_leaves_memory(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.sqlite'}"
    storage = Storage(url)
    hub = Hub(storage, make_queue(url))

    async def scenario() -> None:
        live, _ = await hub.create("five_towers", 2, {}, ["human", "human"], seed=3)
        client = hub.join(live, 0)
        while not live.table.is_over:
            state = live.table.state
            await hub.submit(live, state.to_move, str(state.legal_actions()[0]),
                             live.table.version)
        hub.leave(live, client)
        assert live.id not in hub.tables
        back = await hub.fetch(live.id)
        assert back is not live and back.table.is_over
        assert back.table.state.to_json() == live.table.state.to_json()

    try:
        asyncio.run(scenario())
    finally:
        hub.close()
        storage.close()
