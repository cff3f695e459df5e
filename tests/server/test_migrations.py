"""An operator's start-up (issue #45): the schema is Alembic's migrations, the same as the
tables the code reads; a database made by the last release before migrations (the dumps
in tests/server/data, made by commit b8c9081's code with one unfinished table) is
upgraded and plays on; any number of ``towerplay serve`` processes started at once on an
empty PostgreSQL all come up; a server started before its database waits for it, saying
so in one line."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from towerplay.server.storage import NewAction, SQLStorage
from towerplay.server.storage.migrate import head, ours
from towerplay.server.storage.schema import metadata

from tests.server.conftest import (
    free_port,
    kill_group,
    new_database,
    running_cluster,
    wait_answering,
)
from tests.system import postgres_bin
from tests.waiting import PATIENCE, wait_for

DATA = Path(__file__).parent / "data"

pytestmark = pytest.mark.slow


def differences(storage: SQLStorage) -> list[object]:
    """What the migrated schema lacks or has beyond the tables the code describes."""
    with storage.engine.connect() as db:
        context = MigrationContext.configure(db, opts={"include_name": ours})
        found: list[object] = compare_metadata(context, metadata)
    return found


def revision(storage: SQLStorage) -> str | None:
    with storage.engine.connect() as db:
        return MigrationContext.configure(db).get_current_revision()


def plays_on(storage: SQLStorage) -> None:
    """The old table loads with its three actions, and takes a fourth."""
    old = storage.tables.load("oldtable")
    assert old is not None and old.version == 3 and len(old.actions) == 3
    assert old.seats == ["human", "greedy"] and old.owner == "127.0.0.1"
    storage.actions.add(NewAction("oldtable", 3, "pass", 1))
    assert storage.actions.since("oldtable", 3) == ["pass"]


def test_the_migrations_make_the_tables_the_code_reads(tmp_path: Path,
                                                       postgres_cluster: str) -> None:
    for url in (f"sqlite:///{tmp_path / 'new.sqlite'}",
                new_database(postgres_cluster, "fresh_schema")):
        storage = SQLStorage(url)
        try:
            assert revision(storage) == head()
            assert differences(storage) == []
        finally:
            storage.close()


def test_a_sqlite_database_of_the_last_release_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    import sqlite3

    with sqlite3.connect(path) as db:
        db.executescript((DATA / "pre_alembic.sqlite.sql").read_text())
    storage = SQLStorage(f"sqlite:///{path}")
    try:
        assert revision(storage) == head() and differences(storage) == []
        plays_on(storage)
    finally:
        storage.close()


def test_a_postgres_database_of_the_last_release_is_upgraded(postgres_cluster: str) -> None:
    url = new_database(postgres_cluster, "old_release")
    psql = postgres_bin()
    port = url.rsplit(":", 1)[1].split("/")[0]
    restored = subprocess.run([str(psql / "psql"), "-q", "-v", "ON_ERROR_STOP=1", "-h",
                               "127.0.0.1", "-p", port, "-U", "postgres", "-d", "old_release",
                               "-f", str(DATA / "pre_alembic.postgres.sql")],
                              capture_output=True, text=True, timeout=PATIENCE)
    assert restored.returncode == 0, restored.stderr
    storage = SQLStorage(url)
    try:
        assert revision(storage) == head() and differences(storage) == []
        plays_on(storage)
    finally:
        storage.close()


@contextmanager
def serving(url: str, ports: list[int], log: Path) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``towerplay serve`` on each of ``ports``, all started at once (their output in
    ``log``), killed afterwards."""
    env = {**os.environ, "TOWERPLAY_DATABASE_URL": url}
    with ExitStack() as stack, open(log, "wb") as out:
        children = []
        for port in ports:
            child = subprocess.Popen([sys.executable, "-m", "towerplay", "serve", "--port",
                                      str(port), "--no-bot-worker"], stdout=out,
                                     stderr=subprocess.STDOUT, env=env,
                                     start_new_session=True)
            stack.callback(kill_group, child)
            children.append(child)
        yield children


def test_servers_started_at_once_on_an_empty_database_all_come_up(postgres_cluster: str,
                                                                  ) -> None:
    """Six servers race to make the schema of an empty database (the migrations under an
    advisory lock, then the job queue's tables): every one comes up."""
    with tempfile.TemporaryDirectory() as home:
        url = new_database(postgres_cluster, "empty")
        ports = [free_port() for _ in range(6)]
        log = Path(home) / "serve.log"
        with serving(url, ports, log) as children:
            try:
                for port, child in zip(ports, children, strict=True):
                    wait_answering(f"http://127.0.0.1:{port}", child)
            except AssertionError:
                raise AssertionError(log.read_text()[-3000:]) from None
        assert "Traceback" not in log.read_text()
        storage = SQLStorage(url, migrate=False)
        try:
            assert revision(storage) == head()
            with storage.engine.connect() as db:
                assert db.execute(text("SELECT to_regclass('procrastinate_jobs')")).scalar()
        finally:
            storage.close()


def test_a_server_waits_for_its_database_saying_so_once() -> None:
    with running_cluster() as cluster, tempfile.TemporaryDirectory() as home:
        url = new_database(cluster.url, "later")
        cluster.stop()
        port, log = free_port(), Path(home) / "serve.log"
        with serving(url, [port], log) as (child,):
            def waiting() -> bool:
                assert child.poll() is None, log.read_text()
                return "waiting for it" in log.read_text()

            wait_for(waiting, "the server to say it waits for its database")
            cluster.start()  # (it tries again every second meanwhile, saying nothing)
            wait_answering(f"http://127.0.0.1:{port}", child)
            created = httpx.post(f"http://127.0.0.1:{port}/api/tables", timeout=PATIENCE,
                                 json={"game": "castle", "seats": ["human", "human"]})
            assert created.status_code == 201, created.text
        told = [line for line in log.read_text().splitlines() if "database" in line]
        assert len([line for line in told if "waiting for it" in line]) == 1, told
        assert "Traceback" not in log.read_text()
        assert "127.0.0.1" in told[-1] and "@" not in told[-1]  # where, no password


def test_the_indexes_of_the_second_step_serve_the_sweep(tmp_path: Path) -> None:
    """The sweep's question is answered from the index of unfinished tables (SQLite's
    plan names it), not by reading every table."""
    storage = SQLStorage(f"sqlite:///{tmp_path / 'plan.sqlite'}")
    try:
        with storage.engine.connect() as db:
            plan = db.execute(text(
                "EXPLAIN QUERY PLAN SELECT id FROM tables WHERE finished IS NULL AND "
                "bot_queue IS NOT NULL AND updated <= :now ORDER BY updated"),
                {"now": datetime.now(UTC)}).all()
        assert any("tables_unfinished_updated" in str(row) for row in plan), plan
    finally:
        storage.close()
