"""Reads that never go back (issue #45): a client that says the version it knows is never
answered with an older one by any process, and a process that may have missed moves
(its notifications lost) reads the database before it answers.

Two servers on one SQLite file stand for two processes whose notifications are late: on
SQLite nothing tells one of the other's moves, so whatever the second answers beyond
what it held comes from reading the database, never from timing."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from towerplay.server.hub import Hub
from towerplay.server.queues import LocalQueue
from towerplay.server.storage import SQLStorage

from tests.server.conftest import TIMEOUT, Server, create, token


def run_then_close(scenario: Callable[[], Coroutine[Any, Any, None]], storage: SQLStorage,
                   *hubs: Hub) -> None:
    """Run ``scenario``, then close the hubs and their storage whatever happened."""
    try:
        asyncio.run(scenario())
    finally:
        for hub in hubs:
            hub.close()
        storage.close()


def test_a_client_that_knows_a_version_never_gets_an_older_one(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    with Server(url) as a, Server(url) as b, \
            httpx.Client(base_url=a.base, timeout=TIMEOUT) as on_a, \
            httpx.Client(base_url=b.base, timeout=TIMEOUT) as on_b:
        made = create(on_a, "castle", ["human", "human"], options={"first_player": 0})
        table, seat = made["table"], token(made, 0)
        assert on_b.get(f"/api/tables/{table}").json()["version"] == 0  # b holds it now
        legal = on_a.get(f"/api/tables/{table}", params={"token": seat}).json()["view"]["legal"]
        moved = on_a.post(f"/api/tables/{table}/actions",
                          json={"token": seat, "version": 0, "action": legal[0]})
        assert moved.status_code == 200 and moved.json()["version"] == 1
        # b heard nothing: as it is, it is behind...
        assert on_b.get(f"/api/tables/{table}").json()["version"] == 0
        # ...but a client that knows version 1 gets version 1 (or later), by HTTP...
        told = on_b.get(f"/api/tables/{table}", params={"token": seat, "version": 1}).json()
        assert told["version"] == 1 and told["view"]["turn"] == 1

        async def by_websocket() -> int:  # ...and by a websocket opened on b
            moved = on_a.post(f"/api/tables/{table}/actions", json={
                "token": seat, "version": 1, "action": told["view"]["legal"][0]})
            assert moved.status_code == 200, moved.text
            address = f"{b.ws_base}/ws/tables/{table}?token={seat}&version=2"
            async with websockets.connect(address, open_timeout=TIMEOUT) as ws:
                first = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
            version: int = first["version"]
            return version

        assert asyncio.run(by_websocket()) == 2


def test_a_process_that_may_have_missed_moves_reads_the_database(tmp_path: Path) -> None:
    """Its notifications lost (PostgreSQL restarted), a process answers every request from
    the database until it listens again and has caught up."""
    url = f"sqlite:///{tmp_path / 'missed.sqlite'}"
    storage = SQLStorage(url)
    here, there = Hub(storage, LocalQueue()), Hub(storage, LocalQueue())

    async def scenario() -> None:
        live, _ = await here.play.create("castle", 2, {"first_player": 0},
                                         ["human", "human"], seed=5)
        mine = await there.memory.fetch(live.id)
        state = live.table.state
        await here.play.submit(live, state.to_move, str(state.legal_actions()[0]), 0)
        assert (await there.memory.fetch(live.id)).table.version == 0  # not told
        there.memory.missing()  # the connection that tells it dropped
        assert (await there.memory.fetch(live.id)).table.version == 1
        state = live.table.state
        await here.play.submit(live, state.to_move, str(state.legal_actions()[0]), 1)
        assert (await there.memory.fetch(live.id)).table.version == 2  # still reading
        await there.resync()  # listening again, caught up: memory is current
        assert there.memory.current and mine.table.version == 2

    run_then_close(scenario, storage, here, there)


def test_a_process_without_its_notifications_reads_the_database(tmp_path: Path) -> None:
    """Until its listening connection is up (here: never, PostgreSQL cannot be reached),
    a process counts itself behind."""
    from towerplay.server import bus

    storage = SQLStorage(f"sqlite:///{tmp_path / 'deaf.sqlite'}")
    hub = Hub(storage, LocalQueue())

    async def scenario() -> None:
        listening = asyncio.ensure_future(bus.listen("postgresql://nobody@127.0.0.1:9/x", hub))
        for _ in range(1000):
            if not hub.memory.current:
                break
            await asyncio.sleep(0.01)
        listening.cancel()
        assert not hub.memory.current

    try:
        asyncio.run(scenario())
    finally:
        storage.close()


def test_an_announced_move_is_taken_from_its_notification(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A notification carries the move itself (``"TABLE VERSION ENTRY"``): the process
    that hears it takes it without asking the database; one that is further behind, or
    hears a note without its entry, reads every move since from the database."""
    storage = SQLStorage(f"sqlite:///{tmp_path / 'notes.sqlite'}")
    here, there = Hub(storage, LocalQueue()), Hub(storage, LocalQueue())
    reads: list[int] = []
    since = storage.actions.since

    def counted(table_id: str, start: int) -> list[str]:
        reads.append(start)
        return since(table_id, start)

    async def scenario() -> None:
        live, _ = await here.play.create("castle", 2, {"first_player": 0},
                                         ["human", "human"], seed=5)
        mine = await there.memory.fetch(live.id)
        monkeypatch.setattr(storage.actions, "since", counted)
        entries = []
        for version in range(3):
            state = live.table.state
            entries.append(str(state.legal_actions()[0]))
            await here.play.submit(live, state.to_move, entries[-1], version)
        await there.play.moved(live.id, 1, entries[0])  # the next move: taken as told
        assert mine.table.version == 1 and reads == []
        await there.play.moved(live.id, 3, entries[2])  # two behind: read from version 1
        assert mine.table.version == 3 and reads == [1]
        assert mine.table.state.history == live.table.state.history
        state = live.table.state
        await here.play.submit(live, state.to_move, str(state.legal_actions()[0]), 3)
        await there.play.moved(live.id, 4)  # a note without its entry: read
        assert mine.table.version == 4 and reads == [1, 3]

    run_then_close(scenario, storage, here, there)
