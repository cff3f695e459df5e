"""Kill -9 and restart: ``towerplay serve`` in a subprocess on a temporary SQLite file is
killed while a bot thinks; started again, the table goes on from its last stored action,
bots included, to the end."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from towerplay.core.record import Record
from towerplay.lifeline import alive, descendants

from tests.server.conftest import TIMEOUT, create, free_port, token, wait_answering, wait_turn
from tests.server.conftest import kill_group as kill
from tests.waiting import wait_for

BOT = "ismcts:seconds=0.3"
"""A bot that thinks long enough for the kill to land mid-thought."""


@contextmanager
def serving(db: Path, port: int) -> Iterator[subprocess.Popen[str]]:
    """``towerplay serve`` in its own process group, ready to answer."""
    env = {k: v for k, v in os.environ.items() if k != "TOWERPLAY_DATABASE_URL"}
    process = subprocess.Popen(
        [sys.executable, "-m", "towerplay", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        start_new_session=True)
    try:
        assert process.stdout is not None
        assert f"open http://127.0.0.1:{port}/" in process.stdout.readline()
        wait_answering(f"http://127.0.0.1:{port}", process)
        yield process
    finally:
        kill(process)


def move(http: httpx.Client, table: str, body: dict[str, object]) -> httpx.Response:
    """Make a move, waiting out the server's rate limit (HTTP 429) as a client should."""
    while (moved := http.post(f"/api/tables/{table}/actions", json=body)).status_code == 429:
        time.sleep(0.2)
    assert moved.status_code == 200, moved.text
    return moved


@pytest.mark.slow
def test_a_killed_server_goes_on_with_every_table(tmp_path: Path) -> None:
    db, port = tmp_path / "tables.sqlite", free_port()
    base, rng, sent = f"http://127.0.0.1:{port}", random.Random(3), {}
    with serving(db, port) as first, httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", BOT])
        table, seat_token = made["table"], token(made, 0)
        while True:
            answer = wait_turn(http, table, seat_token)
            action = rng.choice(answer["view"]["legal"])
            moved = move(http, table, {"token": seat_token, "version": answer["version"],
                                       "action": action})
            sent[answer["version"]] = action
            if len(sent) >= 3 and moved.json()["view"]["to_move"] == 1:
                break  # the bot is thinking now
        stored = moved.json()["version"]
        kill(first)
    with serving(db, port), httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        back = http.get(f"/api/tables/{table}", params={"token": seat_token}).json()
        assert back["version"] == stored and back["view"]["to_move"] == 1
        assert wait_turn(http, table, seat_token)["version"] > stored  # the bot went on
        while not (answer := wait_turn(http, table, seat_token, 120))["view"]["is_over"]:
            move(http, table, {"token": seat_token, "version": answer["version"],
                               "action": rng.choice(answer["view"]["legal"])})
        record = Record.from_json(http.get(f"/api/tables/{table}/record").json())
    assert record.replay().is_over
    assert all(record.actions[index] == action for index, action in sent.items())


def test_a_killed_server_leaves_no_worker(tmp_path: Path) -> None:
    port = free_port()
    with serving(tmp_path / "tables.sqlite", port) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=TIMEOUT) as http:
        # searches think in the worker processes (quick bots in a thread of the server)
        create(http, "five_towers", ["ismcts:iterations=20"] * 3)  # workers start
        workers = wait_for(lambda: found if len(found := descendants(server.pid)) >= 2
                           else None, "two thinking processes to start")
        os.kill(server.pid, signal.SIGKILL)  # the server alone, not its group
        server.wait(30)
        wait_for(lambda: not any(alive(pid) for pid in workers),
                 f"the workers {workers} to end with the server")
