"""The schema brought up to date by Alembic (:mod:`towerplay.server.migrations`), on
SQLite and PostgreSQL alike, whenever a server or a worker opens its database.

On PostgreSQL the migrations run in one transaction under an advisory lock
(:data:`LOCK`): any number of processes starting at once on an empty or an older database
wait for the first, which migrates; the others then find the schema at its head and go
on. A database made before migrations existed (no ``alembic_version``) is completed by the
first step (``0001``) and carried on from there.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.environment import NameFilterParentNames, NameFilterType
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

import towerplay.server.migrations as migrations
from towerplay.server.storage.schema import metadata

LOCK = 0x746F77  # any number, the same in every process
"""The PostgreSQL advisory lock held while one process migrates (and makes the job
queue's tables, :func:`towerplay.server.jobs.ensure_queue_schema`)."""


def config() -> Config:
    """Alembic's configuration: the migrations shipped in the package."""
    found = Config()
    found.set_main_option("script_location", str(Path(migrations.__file__).parent))
    return found


@cache
def head() -> str:
    """The newest migration's revision."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    assert found is not None
    return found


def ours(name: str | None, kind: NameFilterType, parents: NameFilterParentNames) -> bool:
    """Whether a database object is towerplay's to migrate (the job queue's tables are
    procrastinate's, and so is its schema)."""
    return kind != "table" or name in metadata.tables


def locked(connection: Connection) -> None:
    """Hold :data:`LOCK` until ``connection``'s transaction ends (PostgreSQL only)."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})


def current(connection: Connection) -> str | None:
    """The revision the database is at (``None``: none yet)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database's schema to :func:`head` (nothing to do: one cheap query)."""
    newest = head()
    with engine.connect() as connection:
        if current(connection) == newest:
            return
    with engine.begin() as connection:
        locked(connection)
        settings = config()
        settings.attributes["connection"] = connection
        command.upgrade(settings, newest)
