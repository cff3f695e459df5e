"""The server's edges, second round (issue #45): the client's address behind a trusted proxy
read from the right and a malformed or over-long ``X-Forwarded-For`` refused with 400;
slow headers cut off; a websocket closed after a budget of refused messages; idle
tables leaving memory and coming back; ``/metrics``."""
from __future__ import annotations

import asyncio
import gc
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from towerplay.server import collector, guards
from towerplay.server.app import create_app
from towerplay.server.guards import MAX_FORWARDED_CHARS, timely_http
from towerplay.server.hub import Hub
from towerplay.server.hub import memory as memory_module
from towerplay.server.limits import Limits
from towerplay.server.queues import LocalQueue
from towerplay.server.sockets import REFUSED_CLOSE
from towerplay.server.storage import SQLStorage

from tests.server.conftest import GENEROUS, TIMEOUT, Server

BOTS_ONLY = {"game": "castle", "seats": ["greedy", "greedy"]}
PROXY = ("10.0.0.2", 40000)
"""The peer of the requests: a proxy, trusted where the app trusts 10.0.0.0/8."""


@pytest.fixture
def behind_a_proxy(tmp_path: Path) -> Iterator[TestClient]:
    """An app that trusts its peer as a proxy (the test client is the peer), one table of
    bots alone per address: which address a request counts as shows in what it may make."""
    limits = Limits(**{**GENEROUS.__dict__, "bot_tables": 1})
    app = create_app(f"sqlite:///{tmp_path / 'proxy.sqlite'}", limits=limits,
                     bot_worker=False, trusted_proxies="10.0.0.0/8")
    with TestClient(app, client=PROXY) as client:
        yield client


def make(client: TestClient, forwarded: str) -> int:
    answer = client.post("/api/tables", json=BOTS_ONLY, headers={"X-Forwarded-For": forwarded})
    return answer.status_code


def test_the_client_behind_a_trusted_proxy_is_read_from_the_right(
        behind_a_proxy: TestClient) -> None:
    # the leftmost entries are whatever the client sent: they never pick its address
    assert make(behind_a_proxy, "198.51.100.1, 203.0.113.7") == 201
    assert make(behind_a_proxy, "198.51.100.2, 203.0.113.7") == 429  # the same client
    assert make(behind_a_proxy, "203.0.113.8") == 201
    assert make(behind_a_proxy, "203.0.113.9, 10.0.0.7") == 201  # a proxy of ours too
    assert make(behind_a_proxy, "203.0.113.9") == 429


def test_a_proxy_not_trusted_names_nobody(tmp_path: Path) -> None:
    limits = Limits(**{**GENEROUS.__dict__, "bot_tables": 1})
    app = create_app(f"sqlite:///{tmp_path / 'untrusted.sqlite'}", limits=limits,
                     bot_worker=False, trusted_proxies="192.168.0.0/16")
    with TestClient(app, client=PROXY) as client:  # the peer is not in 192.168.0.0/16
        assert make(client, "203.0.113.1") == 201
        assert make(client, "203.0.113.2") == 429  # the peer's address counts
        assert make(client, "not an address") == 429  # ignored, not refused


@pytest.mark.parametrize("forwarded", ["", "1.2.3.4, junk", "1.2.3.4,,5.6.7.8",
                                       "1.2.3.4;5.6.7.8", "1" * 70,
                                       ", ".join(["203.0.113.5"] * 60)])
def test_a_malformed_or_long_forwarded_for_is_refused_with_400(
        behind_a_proxy: TestClient, forwarded: str) -> None:
    if not forwarded:
        forwarded = "x" * (MAX_FORWARDED_CHARS + 1)
    answer = behind_a_proxy.get("/api/games", headers={"X-Forwarded-For": forwarded,
                                                       "Accept-Language": "pl"})
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert body["code"] == "bad_message" and "X-Forwarded-For" in body["message"]
    assert "serwera" in body["message"]  # worded in the request's language
    with pytest.raises(WebSocketDisconnect) as closed, \
            behind_a_proxy.websocket_connect("/ws/tables/x",
                                             headers={"X-Forwarded-For": forwarded}) as ws:
        assert ws.receive_json()["code"] == "bad_message"
        ws.receive_json()
    assert closed.value.code == guards.BAD_SOCKET


def test_a_websocket_is_closed_after_its_budget_of_refused_messages(tmp_path: Path) -> None:
    limits = Limits(**{**GENEROUS.__dict__, "refused_messages": 5})
    app = create_app(f"sqlite:///{tmp_path / 'budget.sqlite'}", limits=limits,
                     bot_worker=False)
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "castle",
                                                "seats": ["human", "human"]}).json()
        codes: list[str] = []
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
            assert ws.receive_json()["type"] == "view"
            for _ in range(20):
                ws.send_text("{garbled")
            while True:
                codes.append(ws.receive_json()["message"])
        assert closed.value.code == REFUSED_CLOSE
        assert len(codes) == 6 and "too many refused messages" in codes[-1]


def test_slow_headers_are_cut_off(tmp_path: Path) -> None:
    """Sockets that trickle a request's headers are closed once the header deadline has
    passed; the server answers others meanwhile and after."""
    running = Server(f"sqlite:///{tmp_path / 'slow.sqlite'}")
    running.server.config.http = timely_http(0.5)  # type: ignore[assignment]
    with running:
        slow = []
        for _ in range(20):
            sock = socket.create_connection(("127.0.0.1", running.port), timeout=TIMEOUT)
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # never finished
            slow.append(sock)
        assert httpx.get(f"{running.base}/api/games", timeout=TIMEOUT).status_code == 200
        for sock in slow:  # each is closed by the server (recv sees the end)
            assert sock.recv(100) == b""
            sock.close()
        assert httpx.get(f"{running.base}/api/games", timeout=TIMEOUT).status_code == 200


def test_idle_tables_leave_memory_and_come_back(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    storage = SQLStorage(f"sqlite:///{tmp_path / 'idle.sqlite'}")
    hub = Hub(storage, LocalQueue())
    now = [0.0]
    hub.memory.clock = lambda: now[0]
    monkeypatch.setattr(memory_module, "MAX_IDLE_TABLES", 3)

    async def scenario() -> None:
        made = [(await hub.play.create("castle", 2, {}, ["human", "human"], seed=i))[0]
                for i in range(5)]
        watched = hub.clients.join(made[0], None)
        assert sorted(hub.memory.evict()) == sorted(live.id for live in made[1:2])
        assert len(hub.memory) == 4  # at most 3 nobody watches, and the watched one
        now[0] += memory_module.IDLE_SECONDS
        assert sorted(hub.memory.evict()) == sorted(live.id for live in made[2:])
        assert list(hub.memory.tables) == [made[0].id]  # watched: it stays
        state = made[4].table.state
        back = await hub.memory.fetch(made[4].id)  # read in on demand
        assert back is not made[4] and back.table.state.to_json() == state.to_json()
        hub.clients.leave(made[0], watched)

    try:
        asyncio.run(scenario())
    finally:
        hub.close()
        storage.close()


def test_metrics_show_latency_by_route_and_the_live_figures(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'metrics.sqlite'}", bot_worker=False)
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "castle",
                                                "seats": ["human", "human"]}).json()
        client.get(f"/api/tables/{made['table']}")
        text = client.get("/metrics").text
    assert 'towerplay_request_seconds_count{method="GET",route="/api/tables/{table_id}"} 1.0' \
        in text
    assert 'towerplay_request_seconds_count{method="POST",route="/api/tables"} 1.0' in text
    assert "towerplay_tables_in_memory 1.0" in text
    assert made["table"] not in text and made["seats"][0]["token"] not in text


def test_metrics_time_the_garbage_collectors_pauses_by_generation(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'pauses.sqlite'}", bot_worker=False)

    def figures(text: str) -> dict[str, float]:
        return {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines()
                if line.startswith("towerplay_gc_") and 'generation="2"' in line}

    with TestClient(app) as client:
        before = figures(client.get("/metrics").text)
        gc.collect(2)
        gc.collect(2)
        after = figures(client.get("/metrics").text)
    count = 'towerplay_gc_pause_seconds_count{generation="2"}'
    assert after[count] >= before[count] + 2  # (the process may collect on its own too)
    assert after['towerplay_gc_pause_seconds_bucket{generation="2",le="+Inf"}'] == after[count]
    assert after['towerplay_gc_pause_seconds_sum{generation="2"}'] \
        > before['towerplay_gc_pause_seconds_sum{generation="2"}']
    assert 0 < after['towerplay_gc_longest_pause_seconds{generation="2"}'] \
        <= after['towerplay_gc_pause_seconds_sum{generation="2"}']


def test_the_server_collects_garbage_on_a_clock_young_middle_and_all() -> None:
    """A young collection every tick, the middle generation every MIDDLE_EVERY ticks, all
    of them every OLDEST_EVERY: by time, not by the allocation count (collector.py)."""
    slept: list[float] = []
    collected: list[int] = []

    class Enough(Exception):
        pass

    async def sleep(seconds: float) -> None:
        if len(slept) == collector.OLDEST_EVERY:
            raise Enough
        slept.append(seconds)

    with pytest.raises(Enough):
        asyncio.run(collector.collect_on_a_clock(collect=collected.append, sleep=sleep))
    assert slept == [collector.YOUNG_SECONDS] * collector.OLDEST_EVERY
    assert len(collected) == collector.OLDEST_EVERY
    middle = [tick for tick, generation in enumerate(collected, 1) if generation == 1]
    assert middle == list(range(collector.MIDDLE_EVERY, collector.OLDEST_EVERY,
                                collector.MIDDLE_EVERY))
    assert collected[-1] == 2 and collected.count(2) == 1
    assert collected.count(0) == collector.OLDEST_EVERY - len(middle) - 1


def test_a_running_server_collects_on_its_clock_until_it_stops(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'clock.sqlite'}", bot_worker=False)

    def clocks() -> list[asyncio.Task[None]]:
        return [task for task in app.state.hub.tasks
                if task.get_coro().__qualname__ == "collect_on_a_clock"]

    with TestClient(app):
        running = clocks()
        assert len(running) == 1 and not running[0].done()
    assert running[0].done() and not clocks()


def test_metrics_count_the_thinking_slots(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'slots.sqlite'}", workers=2)
    with TestClient(app) as client:
        text = client.get("/metrics").text
    assert 'towerplay_thinking_slots{state="total"} 2.0' in text
    assert 'towerplay_thinking_waiting{kind="people"} 0.0' in text
    assert "towerplay_searches_stopped 0.0" in text
