"""Storage faults lose nothing and freeze nothing: a move the database cannot store is
refused with 503 ``unavailable`` and applied nowhere, every client of the table hears it
and stays in step; once the database takes writes again the table and its bots go on,
without restarting the server. A full disk is a real one (a small tmpfs) where the machine
lets the test mount one, and a failing write otherwise."""
from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from towerplay.server.storage import StorageFailed
from towerplay.server.storage.sql import SQLActions

from tests.server.conftest import TIMEOUT, Server, create, move_until_bots_turn, token, wait_turn
from tests.waiting import PATIENCE, wait_for


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 16 MB tmpfs (root only: room for the database and its write-ahead log, which
    SQLite checkpoints at 4 MB), else a plain folder whose "disk full" is simulated."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)],
        capture_output=True).returncode == 0
    try:
        yield folder
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the disk holding ``folder`` to the last byte: the filler file."""
    filler = folder / "filler"
    # Unbuffered: a buffered file would retry its leftover bytes on close and raise there.
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for size in (65536, 4096, 1):  # smaller and smaller chunks take the last bytes
            chunk = b"\0" * size
            try:
                while True:
                    os.write(handle, chunk)
            except OSError:
                pass
    finally:
        os.close(handle)
    return filler


def is_tmpfs(folder: Path) -> bool:
    return any(line.split()[1] == str(folder) for line in
               Path("/proc/mounts").read_text().splitlines() if len(line.split()) > 1)


def failing_writes(monkeypatch: pytest.MonkeyPatch, seat: int | None = None,
                   ) -> dict[str, int]:
    """Make every stored action (of ``seat`` only, if given) fail while ``switch["full"]``:
    the disk-full fallback. ``switch["refused"]`` counts the actions refused."""
    switch = {"full": True, "refused": 0}
    real = SQLActions.add

    def add(self: SQLActions, action: Any, *args: Any, **kwargs: Any) -> Any:
        if switch["full"] and seat in (None, action.mover):
            switch["refused"] += 1
            raise StorageFailed("simulated: the disk is full")
        return real(self, action, *args, **kwargs)

    monkeypatch.setattr(SQLActions, "add", add)
    return switch


@pytest.mark.slow
def test_a_full_disk_refuses_moves_and_every_client_stays_in_step(
        small_disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Server(f"sqlite:///{small_disk / 'tables.sqlite'}") as server, \
            httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human", "greedy"])
        table, tokens = made["table"], [token(made, 0), token(made, 1)]
        state = http.get(f"/api/tables/{table}", params={"token": tokens[0]}).json()
        mover = state["view"]["to_move"]
        if mover == 2:  # the bot opens: wait for the first person's turn
            mover = wait_turn(http, table, tokens[0])["view"]["to_move"]
        answer = wait_turn(http, table, tokens[mover])
        if is_tmpfs(small_disk):
            filler = fill(small_disk)
            switch = None
        else:
            switch = failing_writes(monkeypatch)

        async def scenario() -> dict[str, Any]:
            other = f"{server.ws_base}/ws/tables/{table}?token={tokens[1 - mover]}"
            async with websockets.connect(other, open_timeout=TIMEOUT) as watcher:
                seen = json.loads(await asyncio.wait_for(watcher.recv(), TIMEOUT))
                refused = await asyncio.to_thread(http.post, f"/api/tables/{table}/actions",
                                                  json={"token": tokens[mover],
                                                        "version": answer["version"],
                                                        "action": answer["view"]["legal"][0]})
                assert refused.status_code == 503, refused.text
                assert refused.json()["code"] == "unavailable"
                heard = json.loads(await asyncio.wait_for(watcher.recv(), TIMEOUT))
                assert heard["type"] == "error" and heard["code"] == "unavailable"
                assert seen["version"] == answer["version"]
                return heard

        asyncio.run(scenario())
        again = http.get(f"/api/tables/{table}", params={"token": tokens[mover]}).json()
        assert again["version"] == answer["version"]  # nothing applied in memory
        if switch is None:
            filler.unlink()
        else:
            switch["full"] = False
        finish(http, table, tokens)


def finish(http: httpx.Client, table: str, tokens: list[str]) -> None:
    """Play the people's seats (random moves) to the end; the record has every move."""
    rng, deadline = random.Random(5), time.monotonic() + PATIENCE
    while not (now := http.get(f"/api/tables/{table}").json())["view"]["is_over"]:
        assert time.monotonic() < deadline, "the table is stuck"
        seat = now["view"]["to_move"]
        if seat >= len(tokens):  # a bot's turn
            time.sleep(0.05)
            continue
        answer = http.get(f"/api/tables/{table}", params={"token": tokens[seat]}).json()
        if "legal" not in answer["view"]:
            continue
        moved = http.post(f"/api/tables/{table}/actions", json={
            "token": tokens[seat], "version": answer["version"],
            "action": rng.choice(answer["view"]["legal"])})
        assert moved.status_code in (200, 409), moved.text
    record = http.get(f"/api/tables/{table}/record").json()
    assert len(record["actions"]) == now["version"]


def test_a_bot_move_lost_to_storage_is_made_when_storage_returns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    switch = failing_writes(monkeypatch, seat=1)  # the bot's moves are not stored
    with Server(f"sqlite:///{tmp_path / 'tables.sqlite'}") as server, \
            httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "castle", ["human", "greedy"], options={"first_player": 0})
        table, seat_token = made["table"], token(made, 0)
        stuck = move_until_bots_turn(http, table, seat_token, bot=1)["version"]
        wait_for(lambda: switch["refused"], "the bot's move to be refused")
        assert http.get(f"/api/tables/{table}").json()["version"] == stuck
        switch["full"] = False
        assert wait_turn(http, table, seat_token)["version"] > stuck
