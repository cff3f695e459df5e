"""The server's database: the :class:`~.interface.Storage` interface, part by part
(:mod:`.interface`), its SQLAlchemy implementation on SQLite or PostgreSQL (:mod:`.sql`),
the tables (:mod:`.schema`) and their migrations (:mod:`.migrate`).

A table's state is its record: game, options, seats, seed and the accepted actions. Every
accepted action is committed before anything is broadcast, so a killed server rebuilds
every unfinished table by replaying. Seat tokens are stored as SHA-256 hashes, never as
themselves. Several server processes may share one PostgreSQL database: the row of a
table carries its ``version`` (the number of stored actions) and the job queue of the bot
due to move (``bot_queue``, ``NULL`` when none is), so any process can tell whether its
copy in memory is behind and which bots wait.
"""
from __future__ import annotations

from towerplay.server.storage.interface import (
    CHANNEL,
    CHAT_SETTINGS,
    SOCIAL_CHANNEL,
    ActionStore,
    Busy,
    ClockStore,
    Conflict,
    JobStore,
    LimitStore,
    NewAction,
    People,
    SeatStore,
    Storage,
    StorageFailed,
    StoredTable,
    TableStore,
    UploadStore,
    token_hash,
)
from towerplay.server.storage.sql import (
    DATABASE_URL_ENV,
    SQLStorage,
    database_url,
    default_sqlite_path,
    make_engine,
)


def open_storage(url: str) -> Storage:
    """The storage of the database at ``url``, its schema brought up to date (raises
    :class:`StorageFailed` if it cannot be reached)."""
    return SQLStorage(url)


__all__ = ["CHANNEL", "CHAT_SETTINGS", "DATABASE_URL_ENV", "SOCIAL_CHANNEL", "ActionStore",
           "Busy", "ClockStore", "Conflict", "JobStore", "LimitStore", "NewAction", "People",
           "SQLStorage", "SeatStore", "Storage", "StorageFailed", "StoredTable",
           "TableStore", "UploadStore", "database_url", "default_sqlite_path",
           "make_engine", "open_storage", "token_hash"]
