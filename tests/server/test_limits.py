"""The server's limits: tables per address a minute, messages per second a connection."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from towerplay.server.limits import Limits

from tests.server.conftest import TIMEOUT, Server, connect, create, receive

LIMITS = Limits(tables_per_minute=3, actions_per_second=2, actions_burst=4)


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('db')) / 'limits.sqlite'}"
    with Server(url, limits=LIMITS) as running:
        yield running


def test_tables_per_address_a_minute(strict: Server) -> None:
    with httpx.Client(base_url=strict.base, timeout=TIMEOUT) as http:
        for _ in range(LIMITS.tables_per_minute):
            create(http, "five_towers", ["human", "human"])
        refused = http.post("/api/tables", json={"game": "five_towers",
                                                 "seats": ["human", "human"]})
        assert refused.status_code == 429
        assert f"at most {LIMITS.tables_per_minute}" in refused.json()["message"]


def test_messages_per_second_a_connection(strict: Server) -> None:
    with httpx.Client(base_url=strict.base, timeout=TIMEOUT) as http:
        listed = http.get("/api/tables", params={"state": "open"}).json()
        table = listed[0]["table"] if listed else create(http, "five_towers",
                                                         ["human", "human"])["table"]

    async def scenario() -> list[str]:
        async with connect(strict, table) as watcher:
            await receive(watcher)
            for _ in range(LIMITS.actions_burst + 2):
                await watcher.send(json.dumps({"type": "view"}))
            return [str((await receive(watcher)).get("message", ""))
                    for _ in range(LIMITS.actions_burst + 2)]

    answers = asyncio.run(scenario())
    assert sum("too many messages" in a for a in answers) == 2
    assert answers[:LIMITS.actions_burst] == [""] * LIMITS.actions_burst


def test_moves_per_second_an_address_over_http(strict: Server) -> None:
    with httpx.Client(base_url=strict.base, timeout=TIMEOUT) as http:
        listed = http.get("/api/tables", params={"state": "open"}).json()
        table = listed[0]["table"] if listed else create(http, "five_towers",
                                                         ["human", "human"])["table"]
        forged = {"token": "forged", "version": 99, "action": "pass"}
        codes = [http.post(f"/api/tables/{table}/actions", json=forged).status_code
                 for _ in range(LIMITS.actions_burst + 3)]
    assert codes[:LIMITS.actions_burst] == [403] * LIMITS.actions_burst
    assert codes[-1] == 429


def test_every_server_on_one_database_counts_the_same_limits(tmp_path: Path) -> None:
    """Two servers on one database (as several processes behind a load balancer): the
    tables an address makes, and its moves over HTTP, count once across both."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    # a burst counts within burst / rate seconds: 20 s here, so a slow machine's five
    # requests still fall in one window (at 2 a second the first had left it in 2 s)
    limits = Limits(tables_per_minute=3, actions_per_second=0.2, actions_burst=4)
    with Server(url, limits=limits) as one, Server(url, limits=limits) as other, \
            httpx.Client(timeout=TIMEOUT) as http:
        bases = [one.base, other.base]
        made = [http.post(f"{bases[i % 2]}/api/tables", json={
            "game": "five_towers", "seats": ["human", "human"]}).status_code
            for i in range(limits.tables_per_minute + 1)]
        assert made == [201] * limits.tables_per_minute + [429]
        table = http.get(f"{one.base}/api/tables").json()[0]["table"]
        forged = {"token": "forged", "version": 99, "action": "pass"}
        codes = [http.post(f"{bases[i % 2]}/api/tables/{table}/actions",
                           json=forged).status_code for i in range(limits.actions_burst + 1)]
    assert codes == [403] * limits.actions_burst + [429]
