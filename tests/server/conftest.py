"""Fixtures of the server tests: a real server (uvicorn in a thread) on SQLite and on a
throwaway PostgreSQL cluster, HTTP and websocket clients, table helpers."""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from towerplay.lifeline import Reaper
from towerplay.server.app import create_app
from towerplay.server.limits import WS_MAX_BYTES, Limits

from tests.server.browser import browser, page, web  # noqa: F401  (the browser tests' fixtures)
from tests.system import postgres_bin
from tests.waiting import PATIENCE, wait_for

GENEROUS = Limits(actions_per_second=1000, actions_burst=1000, tables_per_minute=10_000,
                  bot_tables=10_000, chat_burst=10_000)
"""Limits that whole scripted games never reach (the limits have tests of their own)."""
TIMEOUT = PATIENCE
"""Seconds a request or a websocket message may take (a loaded machine's, not an idle one's)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """A uvicorn server in a thread, on a free loopback port."""

    def __init__(self, db_url: str, limits: Limits = GENEROUS) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(db_url, limits=limits, workers=2), host="127.0.0.1",
                                port=self.port, log_level="warning", ws_max_size=WS_MAX_BYTES,
                                ws_per_message_deflate=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        wait_for(lambda: self.server.started or not self.thread.is_alive(),
                 "the test server to start")
        assert self.server.started, "the test server's thread ended"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)


# ----------------------------------------------------------------- PostgreSQL
def as_postgres(command: list[str]) -> list[str]:
    """Run ``command`` as the postgres user when we are root (PostgreSQL refuses root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class Cluster:
    """A throwaway PostgreSQL cluster on 127.0.0.1 that a test may stop and start."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.home = Path(tempfile.mkdtemp(prefix="towerplay-pg-"))
        self.data, self.port = self.home / "data", free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}"
        self.reaper: Reaper | None = None
        if os.geteuid() == 0:
            shutil.chown(self.home, "postgres", "postgres")
        subprocess.run(as_postgres([str(self.bin / "initdb"), "-D", str(self.data), "-U",
                                    "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.home} -c listen_addresses=127.0.0.1 "
                   f"-c fsync=off")
        subprocess.run(as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-o",
                                    options, "-l", str(self.home / "log"), "-w", "start"]),
                       check=True, capture_output=True, timeout=120)
        # pg_ctl leaves the server running on its own: it must die with this test run,
        # also when the run is killed with SIGKILL (its backends follow the postmaster)
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        self.reaper = Reaper([postmaster])

    @property
    def running(self) -> bool:
        """Whether the cluster was started and not stopped since."""
        return self.reaper is not None

    def stop(self) -> None:
        if self.reaper is not None:
            self.reaper.close()
            self.reaper = None
        subprocess.run(as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m",
                                    "immediate", "stop"]), capture_output=True, timeout=60)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)


@contextmanager
def running_cluster() -> Iterator[Cluster]:
    """A started throwaway cluster, removed afterwards."""
    cluster = Cluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on 127.0.0.1 (removed afterwards): its base URL."""
    with running_cluster() as cluster:
        yield cluster.url


def new_database(cluster: str, name: str) -> str:
    """A fresh database in the cluster: its URL."""
    import psycopg

    with psycopg.connect(f"{cluster}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{cluster}/{name}"


# ----------------------------------------------------------------- servers
@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           ) -> Iterator[Server]:
    """A running server on SQLite, then on PostgreSQL (the API suite runs on both)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'api.sqlite'}"
    else:
        url = new_database(request.getfixturevalue("postgres_cluster"), "api")
    with Server(url) as running:
        yield running


@pytest.fixture(scope="session")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A running server on SQLite only (the long whole-game suites)."""
    with Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'games.sqlite'}") as running:
        yield running


@pytest.fixture
def http(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as client:
        yield client


def create(http: httpx.Client, game: str, seats: list[str], **fields: Any) -> dict[str, Any]:
    """A new table (its creation answer); fails the test if refused."""
    answer = http.post("/api/tables", json={"game": game, "seats": seats, **fields})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def token(created: dict[str, Any], seat: int) -> str:
    found: str = created["seats"][seat]["token"]
    return found


def wait_turn(http: httpx.Client, table: str, seat_token: str, timeout: float = TIMEOUT,
              ) -> dict[str, Any]:
    """Poll until the seat is to move or the game is over: the table's answer."""
    def answer() -> dict[str, Any] | None:
        found: dict[str, Any] = http.get(f"/api/tables/{table}",
                                         params={"token": seat_token}).json()
        return found if found["view"]["is_over"] or "legal" in found["view"] else None

    return wait_for(answer, f"table {table}'s seat to be asked to move", timeout)


def wait_over(http: httpx.Client, table: str) -> dict[str, Any]:
    """Poll until the table's game is over (its bots played it out): the table's answer."""
    def over() -> dict[str, Any] | None:
        answer: dict[str, Any] = http.get(f"/api/tables/{table}").json()
        return answer if answer["view"]["is_over"] else None

    return wait_for(over, f"table {table}'s game to end")


async def receive(ws: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The next message on a websocket, parsed."""
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return message


def connect(server: Server, table: str, seat_token: str | None = None,
            lang: str | None = None, **more: str) -> Any:
    """A websocket to the table (``seat_token`` None: a spectator) in ``lang``, with
    ``more`` query parameters (``patch="1"``)."""
    params = {"token": seat_token, "lang": lang, **more}
    query = "&".join(f"{k}={v}" for k, v in params.items() if v is not None)
    query = f"?{query}" if query else ""
    return websockets.connect(f"{server.ws_base}/ws/tables/{table}{query}",
                              max_size=None, open_timeout=TIMEOUT)


# ----------------------------------------------------------------- servers as processes
def wait_answering(base: str, process: subprocess.Popen[Any],
                   timeout: float = PATIENCE) -> None:
    """Poll until a ``towerplay serve`` subprocess answers; fail if it ends or is slow."""
    def answers() -> bool:
        assert process.poll() is None, f"the server at {base} ended"
        try:
            return httpx.get(f"{base}/api/games", timeout=TIMEOUT).status_code == 200
        except httpx.TransportError:
            return False

    wait_for(answers, f"the server at {base} to answer", timeout)


def kill_group(process: subprocess.Popen[Any]) -> None:
    """SIGKILL a process and its thinking workers (its process group)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(30)


def move_until_bots_turn(http: httpx.Client, table: str, seat_token: str,
                         bot: int) -> dict[str, Any]:
    """The person moves (first legal action) until it is seat ``bot``'s turn: the
    answer to the last move."""
    while True:
        answer = wait_turn(http, table, seat_token)
        moved = http.post(f"/api/tables/{table}/actions", json={
            "token": seat_token, "version": answer["version"],
            "action": answer["view"]["legal"][0]})
        assert moved.status_code == 200, moved.text
        if moved.json()["view"]["to_move"] == bot:
            found: dict[str, Any] = moved.json()
            return found
