"""Every move is stored before anything else happens (server/storage/sql.py): an ordinary
move on the driver's own cursor (the hot path), a clocked or final one through SQLAlchemy,
read back alike; a move stored twice is a conflict and a failing database a refusal, each
changing nothing."""
from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from towerplay.server import moves
from towerplay.server.app import create_app
from towerplay.server.clock import Moved
from towerplay.server.storage import (
    Busy,
    Conflict,
    NewAction,
    SQLStorage,
    StorageFailed,
    StoredTable,
)
from towerplay.server.storage.sql import has_input

from tests.server.conftest import new_database
from tests.waiting import wait_for


def a_table(path: Path | str) -> SQLStorage:
    """A storage holding table ``t`` (castle, two seats): at ``path`` on SQLite, or at the
    PostgreSQL database whose URL it is."""
    storage = SQLStorage(path if isinstance(path, str) else f"sqlite:///{path}")
    storage.tables.create(StoredTable(id="t", game="castle", rules_version="1", options={},
                                      seed=1, players=2, seats=["human", "greedy"],
                                      created=datetime.now(UTC)))
    return storage


def test_ordinary_clocked_and_final_moves_read_back_alike(tmp_path: Path) -> None:
    storage = a_table(tmp_path / "moves.sqlite")
    before = datetime.now(UTC)
    assert storage.actions.add(NewAction("t", 0, "a", 0, None, "bots")) is None  # hot path
    loaded = storage.tables.load("t")
    assert loaded is not None and loaded.version == 1 and loaded.bot_queue == "bots"
    assert storage.actions.add(NewAction("t", 1, "b", 1), Moved(0, 1, 0)) is not None
    assert storage.actions.add(NewAction("t", 2, "c", 0)) is None
    storage.actions.add(NewAction("t", 3, "d", 1, {"winners": [1]}))
    assert storage.actions.since("t", 0) == ["a", "b", "c", "d"]
    loaded = storage.tables.load("t")
    assert loaded is not None and loaded.version == 4 and loaded.result == {"winners": [1]}
    with storage.database.engine.connect() as db:  # every time stored as SQLAlchemy does
        times = db.execute(text("SELECT at FROM actions ORDER BY \"index\"")).scalars().all()
    assert len({len(at) for at in times}) == 1 and min(times) >= before.strftime("%Y-%m-%d")
    storage.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_move_stored_twice_is_a_conflict_and_changes_nothing(
        kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    storage = a_table(tmp_path / "twice.sqlite" if kind == "sqlite" else
                      new_database(request.getfixturevalue("postgres_cluster"), "twice"))
    storage.actions.add(NewAction("t", 0, "a", 0))
    with pytest.raises(Conflict):  # (on PostgreSQL found when the pipeline's commit is answered)
        storage.actions.add(NewAction("t", 0, "other", 1, None, "bots"))
    storage.actions.add(NewAction("t", 1, "b", 1))  # the connection serves on
    loaded = storage.tables.load("t")
    assert loaded is not None and loaded.version == 2 and loaded.bot_queue is None
    assert storage.actions.since("t", 0) == ["a", "b"]
    storage.close()


def test_a_failing_database_refuses_the_move_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = a_table(tmp_path / "failing.sqlite")

    def unreachable() -> Any:
        raise sqlite3.OperationalError("unable to open database file")

    with monkeypatch.context() as patched:
        patched.setattr(storage.database.engine, "raw_connection", unreachable)
        with pytest.raises(StorageFailed):
            storage.actions.add(NewAction("t", 0, "a", 0))
    with storage.database.engine.begin() as db:  # the update fails after the insert
        db.execute(text("CREATE TRIGGER no_moves BEFORE UPDATE ON tables "
                        "BEGIN SELECT RAISE(FAIL, 'disk full'); END"))
    with pytest.raises(StorageFailed):
        storage.actions.add(NewAction("t", 0, "a", 0))
    assert storage.actions.since("t", 0) == []  # the insert was rolled back too
    loaded = storage.tables.load("t")
    assert loaded is not None and loaded.version == 0
    storage.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_workers_news_are_the_moves_since_and_the_seats_now(
        kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = f"sqlite:///{tmp_path / 'news.sqlite'}" if kind == "sqlite" else \
        new_database(request.getfixturevalue("postgres_cluster"), "news")
    storage = SQLStorage(url)
    storage.tables.create(StoredTable(id="t", game="castle", rules_version="1", options={},
                                      seed=1, players=2, seats=["human", "greedy"],
                                      created=datetime.now(UTC), token_hashes={0: "h"}))
    for index, text_ in enumerate(["a", "b", "c"]):
        storage.actions.add(NewAction("t", index, text_, index % 2))
    assert storage.actions.news("t", 1) == (["b", "c"], ["human", "greedy"])
    assert storage.seats.set_away("t", 0, "random", 3, None)  # its person left it to a bot
    assert storage.actions.news("t", 3) == ([], ["random", "greedy"])
    assert storage.actions.news("t", 3) == (storage.actions.since("t", 3),
                                            storage.seats.specs("t"))
    assert storage.actions.news("nothing", 0) == ([], None)
    storage.close()


def test_a_connection_the_database_closed_is_replaced_before_a_move_uses_it(
        postgres_cluster: str) -> None:
    """No ping before each transaction (storage/sql.py, ``replace_if_closed``), yet a
    pooled connection whose backend has gone (a restart, an administrator's
    ``pg_terminate_backend``) never carries a move: the pool replaces it at checkout."""
    import psycopg

    storage = SQLStorage(new_database(postgres_cluster, "closed"))
    storage.tables.create(StoredTable(id="t", game="castle", rules_version="1", options={},
                                      seed=1, players=2, seats=["human", "greedy"],
                                      created=datetime.now(UTC)))
    storage.actions.add(NewAction("t", 0, "a", 0))

    def backend() -> tuple[int, int]:  # the pooled connection's server process and socket
        raw = storage.engine.raw_connection()
        try:
            return raw.driver_connection.info.backend_pid, raw.driver_connection.fileno()
        finally:
            raw.close()

    pid, fd = backend()
    assert backend()[0] == pid  # one connection, reused
    with psycopg.connect(f"{postgres_cluster}/postgres", autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    wait_for(lambda: has_input(fd), "the closed connection to be told")
    storage.actions.add(NewAction("t", 1, "b", 1))  # on a new connection: no failure
    assert storage.actions.since("t", 0) == ["a", "b"]
    assert backend()[0] != pid
    storage.close()


def test_the_look_at_a_socket_takes_any_file_number() -> None:
    """A server with thousands of open sockets gives its database connections file
    numbers above 1,024, which ``select()`` refuses: the look before a checkout
    (``has_input``) takes them, and sees data and a hang-up alike."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    try:
        for tell in ("data", "hang-up"):
            quiet, said = os.pipe()
            high = os.dup2(quiet, 2000)
            try:
                assert not has_input(high)
                if tell == "data":
                    os.write(said, b"bye")
                else:
                    os.close(said)
                assert has_input(high), tell
            finally:
                for fd in (quiet, high, said):
                    with contextlib.suppress(OSError):
                        os.close(fd)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def version_in_file(path: Path, table: str = "t") -> int | None:
    """A table's version in the SQLite database file alone, as if its write-ahead log were
    not there (``immutable``: SQLite then never looks at the log); ``None``: the file has
    no such table yet."""
    with contextlib.closing(sqlite3.connect(f"file:{path}?immutable=1", uri=True)) as db:
        try:
            row = db.execute("SELECT version FROM tables WHERE id = ?", [table]).fetchone()
        except sqlite3.OperationalError:  # (its schema is in the log still)
            return None
    return None if row is None else int(row[0])


def test_a_move_committed_at_once_never_waits_for_another_writer(tmp_path: Path) -> None:
    """A server commits its moves on its event loop where the database commits at once
    (SQLite): such a commit never waits. While another connection holds the database it
    is refused as busy at once, on either path, and nothing is stored."""
    path = tmp_path / "busy.sqlite"
    storage = a_table(path)
    assert storage.actions.commits_at_once
    assert storage.database.at_once is not None
    with storage.database.at_once.connect() as db:  # (a waiting connection: 30,000 ms)
        assert db.exec_driver_sql("PRAGMA busy_timeout").scalar() == 0
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer
    for clock in (None, Moved(0, 0, 1)):  # the driver's path, SQLAlchemy's
        with pytest.raises(Busy):
            storage.actions.add(NewAction("t", 0, "a", 0), clock, wait=False)
    holder.execute("ROLLBACK")
    loaded = storage.tables.load("t")
    assert loaded is not None and loaded.version == 0 and storage.actions.since("t", 0) == []
    storage.actions.add(NewAction("t", 0, "a", 0), wait=False)
    assert storage.actions.since("t", 0) == ["a"]
    holder.close()
    storage.close()


def test_the_server_commits_on_its_loop_and_waits_for_another_writer_in_a_thread(
        tmp_path: Path) -> None:
    path = tmp_path / "loop.sqlite"
    storage = a_table(path)
    threads: list[int] = []
    real = storage.actions.add

    def add(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.get_ident())
        return real(*args, **kwargs)

    storage.actions.add = add  # type: ignore[method-assign]
    holder = sqlite3.connect(path, isolation_level=None)

    async def scenario() -> None:
        loop = threading.get_ident()
        await moves.committed(storage, NewAction("t", 0, "a", 0))
        assert threads == [loop]  # committed on the event loop
        holder.execute("BEGIN IMMEDIATE")  # another writer
        waiting = asyncio.create_task(moves.committed(storage, NewAction("t", 1, "b", 1)))
        while len(threads) < 3:  # the loop goes on meanwhile
            await asyncio.sleep(0.01)
        assert threads[1] == loop and threads[2] != loop  # refused at once, then a thread
        assert not waiting.done()  # which waits for the other writer
        holder.execute("ROLLBACK")
        await waiting

    asyncio.run(scenario())
    assert storage.actions.since("t", 0) == ["a", "b"]
    holder.close()
    storage.close()


def test_moves_committed_at_once_reach_the_database_file_at_the_checkpoint(
        tmp_path: Path) -> None:
    """The commits made on the loop never move the write-ahead log into the database file
    (that syncs the disk: SQLite's default does it in the commit that takes the log past
    1,000 pages); the storage's checkpoint does (a server's, every second, in a thread)."""
    path = tmp_path / "log.sqlite"
    storage = a_table(path)
    storage.checkpoint()
    assert version_in_file(path) == 0
    moves_made = 800
    for index in range(moves_made):
        storage.actions.add(NewAction("t", index, f"m{index}", index % 2), wait=False)
    assert version_in_file(path) == 0  # all of it in the log still
    held, moved = storage.checkpoint()
    assert held > 1000 and moved == held
    assert version_in_file(path) == moves_made
    storage.close()


def test_a_server_on_sqlite_checkpoints_its_moves(tmp_path: Path) -> None:
    path = tmp_path / "served.sqlite"
    with TestClient(create_app(f"sqlite:///{path}", bot_worker=False)) as client:
        made = client.post("/api/tables", json={"game": "castle",
                                               "seats": ["human", "human"]}).json()
        for _ in range(3):
            state = client.get(f"/api/tables/{made['table']}").json()
            seat = state["view"]["to_move"]
            token_ = made["seats"][seat]["token"]
            view = client.get(f"/api/tables/{made['table']}",
                              params={"token": token_}).json()
            answer = client.post(f"/api/tables/{made['table']}/actions",
                                 json={"token": token_, "version": view["version"],
                                       "action": view["view"]["legal"][0]})
            assert answer.status_code == 200, answer.text
        wait_for(lambda: version_in_file(path, made["table"]) == 3,
                 "the moves to reach the database file")

