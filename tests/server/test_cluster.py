"""Several processes on one PostgreSQL: two ``towerplay serve`` (no bots of their own) and
``towerplay worker`` processes, each a real subprocess. A move made through one server
reaches a seat connected to the other; bots' moves are stored once each, however many
workers race; a worker killed mid-thought is replaced and the table goes on; the database
stopped and started again freezes nothing."""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import websockets

from towerplay.core.record import Record
from towerplay.lifeline import alive

from tests.server.conftest import (
    TIMEOUT,
    Cluster,
    create,
    free_port,
    move_until_bots_turn,
    new_database,
    running_cluster,
    token,
    wait_answering,
    wait_turn,
)
from tests.server.conftest import kill_group as kill
from tests.waiting import wait_for

pytestmark = [pytest.mark.cluster, pytest.mark.slow]


@dataclass
class Program:
    """A ``towerplay`` command line to run, the line its output says once it is ready and,
    for a server, its base URL (awaited until it answers too)."""
    args: list[str]
    ready: str
    base: str = ""


def server() -> Program:
    """A ``towerplay serve`` without bots of its own, on a free port."""
    port = free_port()
    return Program(["serve", "--port", str(port), "--no-bot-worker", "--limits",
                    "actions_per_second=1000,actions_burst=1000"],  # scripted moves
                   "open http", f"http://127.0.0.1:{port}")


def worker(workers: int = 2, ready: str = "towerplay worker") -> Program:
    return Program(["worker", "--workers", str(workers)], ready)


@contextmanager
def spawned(program: Program, url: str) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """``program`` started on database ``url`` in its own process group, its output to a
    file (a full pipe would stall it): the process and that file; killed (the whole group)
    afterwards, its output shown if the test failed."""
    env = {**os.environ, "TOWERPLAY_DATABASE_URL": url}
    with tempfile.NamedTemporaryFile("w+", prefix="towerplay-", suffix=".log") as log:
        child = subprocess.Popen([sys.executable, "-m", "towerplay", *program.args],
                                 stdout=log, stderr=subprocess.STDOUT, env=env,
                                 start_new_session=True)
        try:
            yield child, Path(log.name)
        except BaseException:
            print(f"--- towerplay {' '.join(program.args)}:\n{Path(log.name).read_text()[-3000:]}")
            raise
        finally:
            kill(child)


def wait_ready(program: Program, child: subprocess.Popen[bytes], log: Path) -> None:
    """Until ``child`` said its ready line (and, a server, answers); fails if it ended."""
    def is_ready() -> bool:
        said = log.read_text()
        assert child.poll() is None, said[-2000:]
        return program.ready in said

    wait_for(is_ready, f"towerplay {program.args[0]} to say {program.ready!r}")
    if program.base:
        wait_answering(program.base, child)


@contextmanager
def running(url: str, *programs: Program) -> Iterator[list[subprocess.Popen[bytes]]]:
    """The programs on database ``url``, all started at once (their start-ups overlap)
    and each ready: their processes, all killed afterwards."""
    with ExitStack() as stack:
        children = [stack.enter_context(spawned(program, url)) for program in programs]
        for program, (child, log) in zip(programs, children, strict=True):
            wait_ready(program, child, log)
        yield [child for child, _ in children]


def stored_actions(url: str, table: str) -> list[tuple[int, str]]:
    """(index, text) of a table's stored actions, read from the database itself."""
    import psycopg

    with psycopg.connect(url) as db:
        rows = db.execute('SELECT "index", text FROM actions WHERE table_id = %s '
                          'ORDER BY "index"', (table,)).fetchall()
    return [(int(index), str(text)) for index, text in rows]


def jobs_doing(url: str) -> int:
    """How many queued jobs a worker has taken and not finished (procrastinate's table)."""
    import psycopg

    with psycopg.connect(url) as db:
        row = db.execute("SELECT count(*) FROM procrastinate_jobs WHERE status = 'doing'"
                         ).fetchone()
    return int(row[0]) if row else 0


def play_to_the_end(bases: list[str], table: str, seat_token: str, seed: int,
                    timeout: float = 120) -> None:
    """Play the human seat with random moves, each through the next server in turn."""
    rng = random.Random(seed)
    for turn in range(10_000):
        with httpx.Client(base_url=bases[turn % len(bases)], timeout=TIMEOUT) as http:
            answer = wait_turn(http, table, seat_token, timeout)
            if answer["view"]["is_over"]:
                return
            body = {"token": seat_token, "version": answer["version"],
                    "action": rng.choice(answer["view"]["legal"])}
            moved = http.post(f"/api/tables/{table}/actions", json=body)
            assert moved.status_code in (200, 409), moved.text  # 409: a bot moved first


def assert_whole(url: str, base: str, table: str) -> None:
    """The table's stored actions have no gap and replay to the finished game."""
    rows = stored_actions(url, table)
    assert [index for index, _ in rows] == list(range(len(rows)))
    answer = httpx.get(f"{base}/api/tables/{table}/record", timeout=TIMEOUT)
    record = Record.from_json(answer.json())
    assert record.actions == [text for _, text in rows]
    assert record.replay().is_over


@pytest.fixture(scope="module")
def module_cluster() -> Iterator[Cluster]:
    """One throwaway cluster for the module's tests (each on a database of its own)."""
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture
def cluster(module_cluster: Cluster) -> Iterator[Cluster]:
    """The module's cluster, which the test may stop: running again afterwards."""
    yield module_cluster
    if not module_cluster.running:
        module_cluster.start()


def test_a_move_through_one_server_reaches_a_seat_on_the_other(cluster: Cluster) -> None:
    url = new_database(cluster.url, "fanout")
    one, other = server(), server()
    with running(url, one, other):
        a, b = one.base, other.base
        made = httpx.post(f"{a}/api/tables", timeout=TIMEOUT, json={
            "game": "castle", "seats": ["human", "human"]}).json()
        table = made["table"]
        tokens = [token(made, 0), token(made, 1)]

        async def scenario() -> None:
            ws_b = b.replace("http", "ws") + f"/ws/tables/{table}?token={tokens[1]}"
            async with websockets.connect(ws_b, open_timeout=TIMEOUT) as seat_on_b:
                first = json.loads(await asyncio.wait_for(seat_on_b.recv(), TIMEOUT))
                assert first["version"] == 0
                mover = first["view"]["to_move"]
                with httpx.Client(base_url=a, timeout=TIMEOUT) as http:
                    view = http.get(f"/api/tables/{table}",
                                    params={"token": tokens[mover]}).json()
                    moved = http.post(f"/api/tables/{table}/actions", json={
                        "token": tokens[mover], "version": 0,
                        "action": view["view"]["legal"][0]})
                    assert moved.status_code == 200, moved.text
                heard = json.loads(await asyncio.wait_for(seat_on_b.recv(), TIMEOUT))
                assert heard["type"] == "view" and heard["version"] == 1
                assert heard["events"] and heard["events"][0]["index"] == 0
                if heard["view"]["to_move"] == 1:  # B accepts the next move as current
                    await seat_on_b.send(json.dumps({"type": "act", "version": 1,
                                                     "action": heard["view"]["legal"][0]}))
                    after = json.loads(await asyncio.wait_for(seat_on_b.recv(), TIMEOUT))
                    assert after["type"] == "view" and after["version"] == 2, after

        asyncio.run(scenario())


def test_bots_move_once_each_with_two_workers_and_two_servers(cluster: Cluster) -> None:
    url = new_database(cluster.url, "twice")
    one, other = server(), server()
    with running(url, one, other, worker(), worker()):
        a, b = one.base, other.base
        with httpx.Client(base_url=a, timeout=TIMEOUT) as http:
            made = create(http, "five_towers", ["human", "greedy", "random"])
            bots_only = create(http, "castle", ["greedy", "random"])
        play_to_the_end([a, b], made["table"], token(made, 0), seed=1)
        assert_whole(url, a, made["table"])
        with httpx.Client(base_url=b, timeout=TIMEOUT) as http:
            wait_for(lambda: http.get(f"/api/tables/{bots_only['table']}").json()["view"][
                "is_over"], "the bots-only table to finish", every=0.2)
        assert_whole(url, b, bots_only["table"])


def jobs_of(url: str, table: str) -> int:
    """How many jobs were queued for ``table`` and not yet done (procrastinate's table;
    a done job is deleted)."""
    import psycopg

    with psycopg.connect(url) as db:
        row = db.execute("SELECT count(*) FROM procrastinate_jobs WHERE args->>'table' = %s",
                         (table,)).fetchone()
    return int(row[0]) if row else 0


def test_a_servers_quick_bots_move_there_and_only_searches_wait_for_a_worker(
        cluster: Cluster) -> None:
    """With no worker at all, a greedy bot at a table where a person plays still moves: the
    server plays it, and never queues a job for it (issue #45: the queue's work cost more
    than the move). A search's move, and the moves of a table of bots alone, are queued for
    a worker, as before."""
    url = new_database(cluster.url, "quick")
    serving = server()
    with running(url, serving), httpx.Client(base_url=serving.base, timeout=TIMEOUT) as http:
        quick = create(http, "castle", ["human", "greedy"])
        play_to_the_end([serving.base], quick["table"], token(quick, 0), seed=3)
        assert_whole(url, serving.base, quick["table"])
        assert jobs_of(url, quick["table"]) == 0
        searching = create(http, "castle", ["human", "ismcts:seconds=4"],
                           options={"first_player": 0})  # (no worker: the person first)
        table = searching["table"]
        stored = move_until_bots_turn(http, table, token(searching, 0), bot=1)["version"]
        wait_for(lambda: jobs_of(url, table) == 1, "the search's move to be queued")
        assert len(stored_actions(url, table)) == stored
        alone = create(http, "castle", ["greedy", "greedy"])["table"]
        wait_for(lambda: jobs_of(url, alone) == 1, "the bots-alone table's move to be queued")
        assert stored_actions(url, alone) == []


def test_a_worker_killed_mid_thought_is_replaced(cluster: Cluster) -> None:
    url = new_database(cluster.url, "killed")
    serving = server()
    with running(url, serving, worker()) as (_, first), \
            httpx.Client(base_url=serving.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "ismcts:seconds=4"])
        table, seat_token = made["table"], token(made, 0)
        stored = move_until_bots_turn(http, table, seat_token, bot=1)["version"]
        wait_for(lambda: jobs_doing(url), "the worker to take the bot's move")
        assert len(stored_actions(url, table)) == stored
        kill(first)
        with running(url, worker()):
            answer = wait_turn(http, table, seat_token, timeout=90)
    assert answer["version"] > stored
    assert [i for i, _ in stored_actions(url, table)] == list(range(answer["version"]))


def test_the_database_stopped_and_started_freezes_nothing(cluster: Cluster) -> None:
    url = new_database(cluster.url, "outage")
    serving = server()
    with running(url, serving, worker()):
        with httpx.Client(base_url=serving.base, timeout=TIMEOUT) as http:
            made = create(http, "castle", ["human", "greedy"])
            table, seat_token = made["table"], token(made, 0)
            answer = wait_turn(http, table, seat_token)
            cluster.stop()
            refused = http.post(f"/api/tables/{table}/actions", json={
                "token": seat_token, "version": answer["version"],
                "action": answer["view"]["legal"][0]})
            assert refused.status_code == 503, refused.text
            assert refused.json()["code"] == "unavailable"
            cluster.start()
        play_to_the_end([serving.base], table, seat_token, seed=2)
        assert_whole(url, serving.base, table)


def test_a_worker_started_while_the_database_is_down_serves_once_it_is_back(
        cluster: Cluster) -> None:
    """A worker that cannot reach the database at its start waits for it (saying so) and
    is ready only once the database answered; it then plays the bots' moves."""
    url = new_database(cluster.url, "late")
    serving = server()
    with running(url, serving):
        with httpx.Client(base_url=serving.base, timeout=TIMEOUT) as http:
            made = create(http, "castle", ["human", "greedy"])
        table, seat_token = made["table"], token(made, 0)
        cluster.stop()
        with running(url, worker(1, "database unavailable")) as (child,):
            cluster.start()
            play_to_the_end([serving.base], table, seat_token, seed=3)
            assert child.poll() is None  # still serving
        assert_whole(url, serving.base, table)


def test_a_killed_test_run_leaves_no_database_server() -> None:
    """The throwaway cluster's server dies with the process that started it, SIGKILL
    included (pg_ctl leaves it running on its own otherwise)."""
    script = ("import os, signal\n"
              "from tests.server.conftest import Cluster\n"
              "cluster = Cluster()\n"
              "cluster.start()\n"
              "print((cluster.data / 'postmaster.pid').read_text().split()[0], flush=True)\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert run.returncode == -signal.SIGKILL, run.stderr
    postmaster = int(run.stdout.split()[0])
    wait_for(lambda: not alive(postmaster), "the database server to end with its run")
