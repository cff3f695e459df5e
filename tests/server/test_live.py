"""The live tables and the bot pool on their own: a dead worker is replaced; a finished
table nobody watches leaves memory and comes back from storage; a move's few boards are
drawn on the event loop, a big batch (many seats and languages) in a thread."""
from __future__ import annotations

import asyncio
import gc
import os
import random
import signal
import threading
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from towerplay import games
from towerplay.arena.table import Table
from towerplay.server import live as live_module
from towerplay.server import moves
from towerplay.server.hub import Hub
from towerplay.server.live import Client, LiveTable
from towerplay.server.pool import BotPool
from towerplay.server.queues import make_queue
from towerplay.server.storage import NewAction, SQLStorage, StoredTable


def test_a_killed_worker_is_replaced() -> None:
    pool = BotPool(1)
    table = Table(games.load("five_towers").start(players=2, seed=2), ["greedy", "greedy"])

    async def twice() -> None:
        task = table.bot_task()
        assert task is not None
        action, _bot, _searched, _seconds = await pool.think(task)
        for process in list(pool.executor._processes.values()):  # noqa: SLF001
            assert process.pid is not None
            os.kill(process.pid, signal.SIGKILL)
        for _ in range(500):  # until the pool has noticed: it is broken now
            if pool.executor._broken:  # noqa: SLF001
                break
            await asyncio.sleep(0.01)
        broken = pool.executor
        again, _bot, _searched, _seconds = await pool.think(task)
        assert pool.executor is not broken
        assert again == action  # the same decision from the same bot and generator

    try:
        asyncio.run(twice())
    finally:
        pool.close()


def test_a_finished_table_nobody_watches_leaves_memory(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.sqlite'}"
    storage = SQLStorage(url)
    hub = Hub(storage, make_queue(url))

    async def scenario() -> None:
        live, _ = await hub.play.create("five_towers", 2, {}, ["human", "human"], seed=3)
        client = hub.clients.join(live, 0)
        while not live.table.is_over:
            state = live.table.state
            await hub.play.submit(live, state.to_move, str(state.legal_actions()[0]),
                                  live.table.version)
        hub.clients.leave(live, client)
        hub.memory.release(live)
        assert live.id not in hub.memory.tables
        back = await hub.memory.fetch(live.id)
        assert back is not live and back.table.is_over
        assert back.table.state.to_json() == live.table.state.to_json()

    try:
        asyncio.run(scenario())
    finally:
        hub.close()
        storage.close()


def test_a_move_announced_while_a_table_is_read_in_is_not_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process stores a move and announces it while this one reads the table in
    (the announcement finds no table in memory): the table read in still gets it."""
    url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    storage = SQLStorage(url)
    hub = Hub(storage, make_queue(url))
    real_rebuild = moves.rebuild

    async def scenario() -> None:
        live, _ = await hub.play.create("castle", 2, {"first_player": 0},
                                        ["human", "human"], seed=3)
        action = str(live.table.state.legal_actions()[0])
        del hub.memory.tables[live.id]  # as in a process that has not read this table yet
        announced = []

        def rebuild_meanwhile(stored: StoredTable) -> Table[Any]:
            table = real_rebuild(stored)  # read at version 0; now another process moves
            storage.actions.add(NewAction(live.id, 0, action, 0))
            announced.append(asyncio.run_coroutine_threadsafe(hub.play.moved(live.id, 1),
                                                              loop))
            return table

        loop = asyncio.get_running_loop()
        monkeypatch.setattr(moves, "rebuild", rebuild_meanwhile)
        again = await hub.memory.fetch(live.id)
        await asyncio.wrap_future(announced[0])
        assert again.table.version == 1

    try:
        asyncio.run(scenario())
    finally:
        hub.close()
        storage.close()


def test_a_moves_few_boards_are_drawn_on_the_loop_and_many_in_a_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn_in: list[bool] = []

    def render_all(*args: Any) -> Any:
        drawn_in.append(threading.current_thread() is threading.main_thread())
        return real(*args)

    real = live_module.render_all
    monkeypatch.setattr(live_module, "render_all", render_all)
    live = LiveTable("t", Table(games.load("castle").start(players=3, seed=2), ["human"] * 3),
                     {}, datetime.now(UTC))
    live.clients.add(Client(seat=0))
    asyncio.run(live.snapshot(1))  # two views: seat 1's and the connected seat 0's
    live.clients.update(Client(seat=seat, lang="pl") for seat in range(3))
    shown = asyncio.run(live.snapshot(2))  # four more: Polish three, seat 2 in English
    assert drawn_in == [True, False]
    assert shown["seat"] == 2 and shown["board"].startswith("<")


def collector_tracked(*roots: object) -> list[object]:
    """The objects the garbage collector tracks that ``roots`` hold (the event loop, types,
    modules and functions not followed)."""
    seen: set[int] = set()
    found, stack = [], list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or not gc.is_tracked(obj) or isinstance(
                obj, (asyncio.AbstractEventLoop, type, types.ModuleType, types.FunctionType)):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


def test_a_table_keeps_its_view_messages_as_text_not_objects_the_collector_walks() -> None:
    # A table keeps two versions of every connected seat's message; kept as the view's
    # objects (hundreds of lists and dicts a table) they were most of what each collection
    # of the youngest generation walked at 200 busy tables.
    live = LiveTable("t", Table(games.load("five_towers").start(players=3, seed=2),
                                ["human"] * 3), {}, datetime.now(UTC))
    clients = [Client(seat=seat, patches=True) for seat in range(3)]
    live.clients.update(clients)
    rng = random.Random(1)

    async def play() -> dict[str, Any]:
        for _ in range(12):
            for client in clients:
                await live.message(client)
            table = live.table
            table.adopt(table.tried(rng.choice(table.state.legal_actions())))
        for client in clients:
            await live.message(client)
        return await live.snapshot(live.table.state.to_move)

    shown = asyncio.run(play())
    gc.collect()
    kept = collector_tracked(live.cache, live.earlier)
    assert len(live.cache) == len(live.earlier) == 3
    assert not [obj for obj in kept if isinstance(obj, list | dict) and "legal" in obj]
    assert len(kept) <= 8 * 6, [type(obj).__name__ for obj in kept]  # (it was 184)
    # what a snapshot reads back from the text is the message: the view, its board
    seat = live.table.state.to_move
    assert shown["version"] == live.table.version and shown["seat"] == seat
    assert shown["view"]["legal"] == [str(a) for a in live.table.state.legal_actions()]
    assert shown["board"] == live_module.draw_board(shown["view"])
