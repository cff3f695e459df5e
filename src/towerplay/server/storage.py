"""Storage of tables through SQLAlchemy 2: SQLite (WAL) by default, PostgreSQL by URL.

A table's state is its record: game, options, seats, seed and the accepted actions. Every
accepted action is committed before anything is broadcast, so a killed server rebuilds
every unfinished table by replaying (:meth:`Storage.unfinished`). Seat tokens are stored
as SHA-256 hashes, never as themselves.

Several server processes may share one PostgreSQL database: the row of a table carries its
``version`` (the number of stored actions) and the job queue of the bot due to move
(``bot_queue``, ``NULL`` when none is), so any process can tell whether its copy in memory
is behind and which bots wait. On
PostgreSQL each stored action also notifies channel :data:`CHANNEL` (in the same
transaction, so only committed actions are announced).

Uploaded record files (the replay page's, issue #18) are kept as their text in
``uploads``, named by a hash of it. A database made before a column existed gets it on
opening (:func:`add_missing_columns`): old files keep working.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import wraps
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (JSON, BigInteger, Boolean, Column, DateTime, Engine, ForeignKey, Index,
                        Integer, MetaData, String, Table, Text, create_engine, event,
                        func, inspect, select, text, true, update)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from towerplay.server import clock

T = TypeVar("T")

DATABASE_URL_ENV = "TOWERPLAY_DATABASE_URL"
"""The environment variable naming a database URL (PostgreSQL: ``postgresql://...``)."""

CHANNEL = "towerplay_tables"
"""The PostgreSQL notification channel of stored actions: payload ``"<table id> <version>"``."""
SOCIAL_CHANNEL = "towerplay_social"
"""The channel of a table's people changing (a name, a chat line): payload ``"<table id>"``."""
CHAT_SETTINGS = ("all", "seats", "off")
"""Who may chat at a table: seats and spectators, the seats alone, nobody."""

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rules_version", String(20), nullable=False, default="1"),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True), nullable=True),
    Column("result", JSON, nullable=True),
    Column("hints", Boolean, nullable=False, default=True, server_default=true()),
    Column("version", Integer, nullable=False, default=0, server_default="0"),
    Column("bot_queue", String(20), nullable=True),
    Column("owner", String(64), nullable=True),
    Column("updated", DateTime(timezone=True), nullable=True),
    Column("chat", String(10), nullable=True),  # CHAT_SETTINGS; NULL (older tables): all
    Column("rematch", String(40), nullable=True),  # the table of "play again"
    Column("clock", JSON, nullable=True),  # {"mode", "seconds", "bot"}; NULL: no clock
    Column("clock_state", JSON, nullable=True),  # {"left": [...], "ran_out": [indices]}
    Column("deadline", DateTime(timezone=True), nullable=True),  # of the person to move
)

seat_tokens = Table(
    "seat_tokens", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("name", String(80), nullable=True),  # the person's name (issue #30)
    Column("away", String(100), nullable=True),  # the bot playing for the person who left
)

chat_lines = Table(
    "chat_lines", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("index", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),  # NULL: a spectator
    Column("name", String(80), nullable=True),
    Column("text", String(1200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("index", Integer, primary_key=True),  # (table_id, index) is unique
    Column("text", String(200), nullable=False),
    Column("mover", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)


uploads = Table(
    "uploads", metadata,
    Column("id", String(40), primary_key=True),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

hint_requests = Table(
    "hint_requests", metadata,
    Column("id", String(40), primary_key=True),
    Column("table_id", String(40), ForeignKey("tables.id"), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("address", String(64), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("result", JSON, nullable=True),
    Column("failed", Boolean, nullable=False, default=False),
)

reviews = Table(
    "reviews", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("state", String(10), nullable=False),  # queued, running, done, failed
    Column("review", JSON, nullable=True),
    Column("address", String(64), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

rate_events = Table(
    "rate_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(120), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("rate_events_key_at", "key", "at"),
)

ADDED_COLUMNS = {"tables": {"hints": "BOOLEAN NOT NULL DEFAULT TRUE",
                            "version": "INTEGER NOT NULL DEFAULT 0",
                            "bot_queue": "VARCHAR(20)",
                            "owner": "VARCHAR(64)",
                            "updated": "TIMESTAMP WITH TIME ZONE",
                            "chat": "VARCHAR(10)",
                            "rematch": "VARCHAR(40)",
                            "clock": "JSON", "clock_state": "JSON",
                            "deadline": "TIMESTAMP WITH TIME ZONE"},
                 "seat_tokens": {"name": "VARCHAR(80)", "away": "VARCHAR(100)"}}
"""Columns added after the first release, with their SQL type (SQLite and PostgreSQL)."""
BACKFILL = {
    ("tables", "version"): "UPDATE tables SET version = (SELECT COUNT(*) FROM actions "
                           "WHERE actions.table_id = tables.id)",
    # whether a bot waits is found out by the bot's job, which clears the flag if not
    ("tables", "bot_queue"): "UPDATE tables SET bot_queue = 'bots' WHERE finished IS NULL",
}
"""What a column added to an older database starts as (SQL run once, when it is added)."""


def token_hash(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_sqlite_path() -> Path:
    """``$TOWERPLAY_HOME/towerplay.sqlite``, else under ``$XDG_DATA_HOME/towerplay/``,
    else ``~/.local/share/towerplay/towerplay.sqlite``."""
    home = os.environ.get("TOWERPLAY_HOME")
    if home:
        return Path(home).expanduser() / "towerplay.sqlite"
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "towerplay" / "towerplay.sqlite"


def database_url(db_path: str | Path | None = None) -> str:
    """The URL to use: a file given as ``db_path``, else ``$TOWERPLAY_DATABASE_URL``, else
    the default SQLite file (its directory is made)."""
    if db_path is None:
        url = os.environ.get(DATABASE_URL_ENV)
        if url:
            return url
        db_path = default_sqlite_path()
    path = Path(db_path).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite in WAL mode (readers never block the writer)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a kill
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def add_missing_columns(engine: Engine) -> None:
    """Add each of :data:`ADDED_COLUMNS` that an older database lacks."""
    known = inspect(engine)
    with engine.begin() as db:
        for table, columns in ADDED_COLUMNS.items():
            present = {column["name"] for column in known.get_columns(table)}
            for name, sql in columns.items():
                if name not in present:
                    db.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {sql}"))
                    if (table, name) in BACKFILL:
                        db.execute(text(BACKFILL[table, name]))


class StorageFailed(RuntimeError):
    """The database could not do what was asked (down, disk full, ...): nothing changed."""


class Conflict(StorageFailed):
    """Another process stored this table's action first (the caller's copy is behind)."""


def guarded(cls: type[T]) -> type[T]:
    """Make every public method of ``cls`` raise :class:`StorageFailed` (keeping its own
    :class:`StorageFailed`s) where the database or the disk fails."""
    for name, method in list(vars(cls).items()):
        if callable(method) and not name.startswith("_"):
            setattr(cls, name, _guard(method))
    return cls


def _guard(method: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(method)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except StorageFailed:
            raise
        except (SQLAlchemyError, OSError) as error:
            raise StorageFailed(f"the database failed ({type(error).__name__})") from error
    return run


@dataclass
class StoredTable:
    """One table as stored: what replaying it needs, and its seats' token hashes."""

    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    players: int
    seats: list[str]
    created: datetime
    finished: datetime | None = None
    result: dict[str, Any] | None = None
    hints: bool = True
    version: int = 0
    bot_queue: str | None = None
    owner: str | None = None
    chat: str = "all"
    rematch: str | None = None
    clock: dict[str, Any] | None = None
    """The table's clock (:mod:`.clock`), ``None``: none."""
    clock_state: dict[str, Any] | None = None
    deadline: datetime | None = None
    token_hashes: dict[int, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    away: dict[int, str] = field(default_factory=dict)
    """The bot playing for each person who left their seat (issue #30)."""

    def specs(self) -> list[str]:
        """Each seat's player now: its spec, or the bot playing for a person who left."""
        return [self.away.get(seat, spec) for seat, spec in enumerate(self.seats)]
    actions: list[str] = field(default_factory=list)


@dataclass
class People:
    """A table's people as stored: names, the bots standing in for people who left,
    the seats' token hashes, and the table of "play again" (issue #30)."""

    names: dict[int, str]
    away: dict[int, str]
    token_hashes: dict[int, str]
    rematch: str | None


@guarded
class Storage:
    """The tables, seat tokens and actions in one database. Every method raises
    :class:`StorageFailed` when the database cannot do it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        metadata.create_all(self.engine)
        add_missing_columns(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create(self, table: StoredTable) -> None:
        """Store a new table with its seats' token hashes (one transaction;
        :class:`StorageFailed` if it cannot be)."""
        try:
            with self.engine.begin() as db:
                db.execute(tables.insert().values(
                    id=table.id, game=table.game, rules_version=table.rules_version,
                    options=table.options, seed=table.seed, players=table.players,
                    seats=table.seats, created=table.created, hints=table.hints,
                    version=table.version, bot_queue=table.bot_queue, owner=table.owner,
                    updated=table.created, chat=table.chat, clock=table.clock,
                    clock_state=table.clock_state, deadline=table.deadline))
                if table.token_hashes:
                    db.execute(seat_tokens.insert(), [
                        {"table_id": table.id, "seat": seat, "token_hash": digest,
                         "name": table.names.get(seat)}
                        for seat, digest in table.token_hashes.items()])
        except (SQLAlchemyError, OSError) as error:
            raise StorageFailed(f"table {table.id} could not be stored") from error

    def clear_bot_queue(self, table_id: str, version: int) -> None:
        """No bot is to move at ``version`` (unless the table moved on meanwhile)."""
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id,
                                            tables.c.version == version)
                       .values(bot_queue=None))

    def add_action(self, table_id: str, index: int, text: str, mover: int,
                   result: dict[str, Any] | None = None, bot_queue: str | None = None,
                   person_next: int | None = None, ran_out: bool = False,
                   ) -> dict[str, Any] | None:
        """Commit action ``index`` of a table (and its result if it ended the game; the
        queue of the bot to move next, if one is). A second action with the same index raises
        :class:`Conflict`; any other failure :class:`StorageFailed`, storing nothing.
        A clocked table's clock moves on in the same transaction (``person_next``: the
        person to move next, whose clock starts; ``ran_out``: the clock's bot made this
        move for a person out of time): its clock as :func:`.clock.public` wants it."""
        now = datetime.now(UTC)
        try:
            with self.engine.begin() as db:
                db.execute(actions.insert().values(table_id=table_id, index=index, text=text,
                                                   mover=mover, at=now))
                values: dict[str, Any] = {"version": index + 1, "bot_queue": bot_queue,
                                          "updated": now}
                if result is not None:
                    values |= {"finished": now, "result": result}
                row = db.execute(select(tables.c.clock, tables.c.clock_state,
                                        tables.c.deadline)
                                 .where(tables.c.id == table_id)).first()
                told = None
                if row is not None and row.clock is not None:
                    state, deadline = clock.tick(
                        row.clock, row.clock_state, clock.aware(row.deadline), now, index,
                        mover, None if result is not None else person_next, ran_out)
                    values |= {"clock_state": state, "deadline": deadline}
                    told = {"clock": row.clock, "clock_state": state, "deadline": deadline}
                db.execute(update(tables).where(tables.c.id == table_id).values(**values))
                self._notify(db, table_id, index + 1)
                return told
        except IntegrityError as error:
            raise Conflict(f"table {table_id}: action {index} is stored already") from error
        except (SQLAlchemyError, OSError) as error:
            raise StorageFailed(f"table {table_id}: the action could not be stored") \
                from error

    def _notify(self, db: Any, table_id: str, version: int) -> None:
        """Announce a stored action to every process (PostgreSQL; sent on commit)."""
        if self.engine.dialect.name == "postgresql":
            db.execute(text("SELECT pg_notify(:channel, :payload)"),
                       {"channel": CHANNEL, "payload": f"{table_id} {version}"})

    def actions_since(self, table_id: str, start: int) -> list[str]:
        """The texts of a table's actions from index ``start`` on, in order."""
        with self.engine.connect() as db:
            return list(db.execute(
                select(actions.c.text).where(actions.c.table_id == table_id,
                                             actions.c.index >= start)
                .order_by(actions.c.index)).scalars())

    def due_bots(self, idle_seconds: float = 0.0, limit: int = 1000) -> list[tuple[str, str]]:
        """(table id, queue) of the unfinished tables waiting on a bot for at least
        ``idle_seconds``, longest waiting first."""
        since = datetime.now(UTC) - timedelta(seconds=idle_seconds)
        query = (select(tables.c.id, tables.c.bot_queue)
                 .where(tables.c.finished.is_(None), tables.c.bot_queue.is_not(None),
                        (tables.c.updated <= since) | tables.c.updated.is_(None))
                 .order_by(tables.c.updated).limit(limit))
        with self.engine.connect() as db:
            return [(row.id, row.bot_queue) for row in db.execute(query)]

    def due_clocks(self, limit: int = 1000) -> list[tuple[str, str]]:
        """(table id, clock's bot) of the unfinished tables whose person to move ran out
        of time (no bot waiting there), the longest out first."""
        query = (select(tables.c.id, tables.c.clock)
                 .where(tables.c.finished.is_(None), tables.c.bot_queue.is_(None),
                        tables.c.deadline <= datetime.now(UTC))
                 .order_by(tables.c.deadline).limit(limit))
        with self.engine.connect() as db:
            return [(row.id, str(row.clock["bot"])) for row in db.execute(query)]

    def next_deadline(self) -> datetime | None:
        """The earliest deadline still ahead of a person to move at an unfinished table
        (no bot waiting there), or ``None``."""
        query = select(func.min(tables.c.deadline)).where(
            tables.c.finished.is_(None), tables.c.bot_queue.is_(None),
            tables.c.deadline > datetime.now(UTC))
        with self.engine.connect() as db:
            return clock.aware(db.execute(query).scalar())

    def ran_out(self, table_id: str, version: int) -> str | None:
        """The clock's bot, if the person to move at ``version`` ran out of time (else
        ``None``: the table moved on, or time is left)."""
        query = select(tables.c.clock).where(
            tables.c.id == table_id, tables.c.version == version, tables.c.finished.is_(None),
            tables.c.deadline <= datetime.now(UTC))
        with self.engine.connect() as db:
            found = db.execute(query).scalar()
        return None if found is None else str(found["bot"])

    def clock_of(self, table_id: str) -> dict[str, Any]:
        """A table's clock as stored: ``{"clock", "clock_state", "deadline"}``."""
        with self.engine.connect() as db:
            row = db.execute(select(tables.c.clock, tables.c.clock_state, tables.c.deadline)
                             .where(tables.c.id == table_id)).first()
        if row is None:
            return {"clock": None, "clock_state": None, "deadline": None}
        return {"clock": row.clock, "clock_state": row.clock_state,
                "deadline": clock.aware(row.deadline)}

    def count_bot_tables(self, owner: str) -> int:
        """How many unfinished bots-only tables ``owner`` (an address) created."""
        query = select(tables.c.seats).where(tables.c.finished.is_(None),
                                             tables.c.owner == owner)
        with self.engine.connect() as db:
            return sum(1 for seats in db.execute(query).scalars()
                       if "human" not in seats)

    def load(self, table_id: str) -> StoredTable | None:
        """A table with its actions and token hashes (``None``: no such table)."""
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            stored = _stored(row)
            for seat in db.execute(select(seat_tokens)
                                   .where(seat_tokens.c.table_id == table_id)):
                stored.token_hashes[seat.seat] = seat.token_hash
                if seat.name is not None:
                    stored.names[seat.seat] = seat.name
                if seat.away is not None:
                    stored.away[seat.seat] = seat.away
            stored.actions = list(db.execute(
                select(actions.c.text).where(actions.c.table_id == table_id)
                .order_by(actions.c.index)).scalars())
        return stored

    def unfinished_ids(self) -> list[str]:
        """The ids of the tables whose game has not ended, oldest first."""
        with self.engine.connect() as db:
            return list(db.execute(select(tables.c.id).where(tables.c.finished.is_(None))
                                   .order_by(tables.c.created)).scalars())

    def listing(self, finished: bool | None, limit: int = 100) -> list[StoredTable]:
        """The newest tables (``finished``: only ended ones, or only running ones)."""
        query = select(tables).order_by(tables.c.created.desc()).limit(limit)
        if finished is not None:
            column = tables.c.finished
            query = query.where(column.is_not(None) if finished else column.is_(None))
        with self.engine.connect() as db:
            return [_stored(row) for row in db.execute(query)]


    def set_hints(self, table_id: str, allowed: bool) -> None:
        """Turn a table's hints on or off."""
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(hints=allowed))

    def hints(self, table_id: str) -> bool | None:
        """Whether a table gives hints (``None``: no such table)."""
        with self.engine.connect() as db:
            found: bool | None = db.execute(
                select(tables.c.hints).where(tables.c.id == table_id)).scalar()
        return found

    # ----------------------------------------------------------------- people (issue #30)
    def set_name(self, table_id: str, seat: int, name: str) -> bool:
        """Name a person's seat, unless the seat has moved already (``False``: it has, or
        it is no person's seat: nothing changed); every process hears of it."""
        moved = select(actions.c.index).where(actions.c.table_id == table_id,
                                              actions.c.mover == seat).exists()
        with self.engine.begin() as db:
            done = db.execute(update(seat_tokens).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.seat == seat, ~moved)
                .values(name=name)).rowcount
            if done:
                self._notify_people(db, table_id)
        return bool(done)

    def people(self, table_id: str) -> People:
        """A table's people now: names, stand-ins, token hashes, its rematch."""
        with self.engine.connect() as db:
            rows = list(db.execute(select(seat_tokens)
                                   .where(seat_tokens.c.table_id == table_id)))
            rematch = db.execute(select(tables.c.rematch)
                                 .where(tables.c.id == table_id)).scalar()
        return People({row.seat: row.name for row in rows if row.name is not None},
                      {row.seat: row.away for row in rows if row.away is not None},
                      {row.seat: row.token_hash for row in rows}, rematch)

    def create_rematch(self, old_id: str, new: StoredTable) -> str:
        """Store ``new`` as the rematch of a finished table unless it has one already:
        the rematch's id (the one stored first, whichever process made it). Its seats get
        their tokens as their people accept (:meth:`claim_seat`)."""
        try:
            with self.engine.begin() as db:
                done = db.execute(update(tables).where(
                    tables.c.id == old_id, tables.c.rematch.is_(None),
                    tables.c.finished.is_not(None)).values(rematch=new.id)).rowcount
                if done:
                    db.execute(tables.insert().values(
                        id=new.id, game=new.game, rules_version=new.rules_version,
                        options=new.options, seed=new.seed, players=new.players,
                        seats=new.seats, created=new.created, hints=new.hints,
                        version=0, bot_queue=new.bot_queue, owner=new.owner,
                        updated=new.created, chat=new.chat, clock=new.clock,
                        clock_state=new.clock_state, deadline=new.deadline))
                    self._notify_people(db, old_id)
                    return new.id
        except IntegrityError as error:
            raise StorageFailed(f"table {old_id}: the rematch could not be stored") \
                from error
        with self.engine.connect() as db:
            found = db.execute(select(tables.c.rematch)
                               .where(tables.c.id == old_id)).scalar()
        if found is None:
            raise StorageFailed(f"table {old_id} has no rematch (not over?)")
        return str(found)

    def claim_seat(self, table_id: str, seat: int, digest: str, name: str | None) -> None:
        """Give a rematch's seat its person's token (hash) and name; claimed again (the
        person's other tab), the newer token replaces the older."""
        with self.engine.begin() as db:
            done = db.execute(update(seat_tokens).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.seat == seat)
                .values(token_hash=digest)).rowcount
            if not done:
                db.execute(seat_tokens.insert().values(table_id=table_id, seat=seat,
                                                       token_hash=digest, name=name))
            self._notify_people(db, table_id)

    def seat_specs(self, table_id: str) -> list[str] | None:
        """Each seat's player now (:meth:`StoredTable.specs`; ``None``: no such table)."""
        with self.engine.connect() as db:
            seats = db.execute(select(tables.c.seats).where(tables.c.id == table_id)).scalar()
            if seats is None:
                return None
            away = dict(db.execute(select(seat_tokens.c.seat, seat_tokens.c.away).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.away.is_not(None))).all())
        return [away.get(seat, spec) for seat, spec in enumerate(seats)]

    def set_away(self, table_id: str, seat: int, bot: str | None, version: int,
                 queue: str | None, back: int | None = None) -> bool:
        """Hand a person's seat to ``bot`` (``None``: the person takes it back); with
        ``queue``, the bot is due to move at ``version`` (unless the table moved on);
        ``back``: the person came back at their turn, a clocked table's clock starts
        for them. ``False``: no person's seat, nothing changed. Every process hears."""
        with self.engine.begin() as db:
            done = db.execute(update(seat_tokens).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.seat == seat)
                .values(away=bot)).rowcount
            if done and queue is not None:
                db.execute(update(tables).where(tables.c.id == table_id,
                                                tables.c.version == version,
                                                tables.c.finished.is_(None))
                           .values(bot_queue=queue))
            if done and back is not None:
                self._resume_clock(db, table_id, back, version)
            if done:
                self._notify_people(db, table_id)
        return bool(done)

    def _resume_clock(self, db: Any, table_id: str, person: int, version: int) -> None:
        """Put ``person`` on a clocked table's clock from now (unless it moved on)."""
        row = db.execute(select(tables.c.clock, tables.c.clock_state).where(
            tables.c.id == table_id, tables.c.version == version,
            tables.c.finished.is_(None))).first()
        if row is None or row.clock is None:
            return
        state, deadline = clock.resume(row.clock, row.clock_state, person, datetime.now(UTC))
        db.execute(update(tables).where(tables.c.id == table_id)
                   .values(clock_state=state, deadline=deadline))

    def add_chat(self, table_id: str, seat: int | None, name: str | None, text: str) -> int:
        """Store a chat line as the table's next one (its index); every process hears
        of it. Two processes storing at once: the second tries again."""
        for attempt in range(5):
            try:
                with self.engine.begin() as db:
                    index = db.execute(select(func.coalesce(func.max(chat_lines.c.index), -1))
                                       .where(chat_lines.c.table_id == table_id)).scalar()
                    index = int(index if index is not None else -1) + 1
                    db.execute(chat_lines.insert().values(
                        table_id=table_id, index=index, seat=seat, name=name, text=text,
                        at=datetime.now(UTC)))
                    self._notify_people(db, table_id)
                return index
            except IntegrityError as error:
                if attempt == 4:
                    raise StorageFailed(f"table {table_id}: the chat line could not be "
                                        "stored") from error
        raise AssertionError("unreachable")

    def chat_since(self, table_id: str, start: int, limit: int = 1000) -> list[dict[str, Any]]:
        """A table's chat lines from index ``start`` on (at most ``limit``, the newest),
        oldest first: ``{"index", "seat", "name", "text", "at"}``."""
        query = (select(chat_lines).where(chat_lines.c.table_id == table_id,
                                          chat_lines.c.index >= start)
                 .order_by(chat_lines.c.index.desc()).limit(limit))
        with self.engine.connect() as db:
            rows = list(db.execute(query))
        return [{"index": row.index, "seat": row.seat, "name": row.name, "text": row.text,
                 "at": row.at.isoformat()} for row in reversed(rows)]

    def _notify_people(self, db: Any, table_id: str) -> None:
        """Announce a table's people changing to every process (PostgreSQL; on commit)."""
        if self.engine.dialect.name == "postgresql":
            db.execute(text("SELECT pg_notify(:channel, :payload)"),
                       {"channel": SOCIAL_CHANNEL, "payload": table_id})

    # ----------------------------------------------------------------- rates
    def tables_since(self, owner: str, seconds: float) -> int:
        """How many tables ``owner`` (an address) created in the last ``seconds``."""
        since = datetime.now(UTC) - timedelta(seconds=seconds)
        query = select(func.count()).select_from(tables).where(tables.c.owner == owner,
                                                               tables.c.created > since)
        with self.engine.connect() as db:
            return int(db.execute(query).scalar() or 0)

    def take(self, key: str, count: int, seconds: float) -> bool:
        """Count one event for ``key`` (an address and what it does) if it had fewer
        than ``count`` in the last ``seconds``: the rate limits every process shares
        (``False``: over the limit, nothing counted)."""
        now = datetime.now(UTC)
        since = now - timedelta(seconds=seconds)
        with self.engine.begin() as db:
            db.execute(rate_events.delete().where(rate_events.c.key == key,
                                                  rate_events.c.at <= since))
            recent = db.execute(select(func.count()).select_from(rate_events)
                                .where(rate_events.c.key == key)).scalar()
            if (recent or 0) >= count:
                return False
            db.execute(rate_events.insert().values(key=key, at=now))
        return True

    # ----------------------------------------------------------------- hints
    def add_hint_request(self, request_id: str, table_id: str, version: int, seat: int,
                         address: str, busy_seconds: float, per_minute: int) -> str | None:
        """Record a hint request, unless one of the table is being worked out (started in
        the last ``busy_seconds``) or ``address`` asked ``per_minute`` in the last minute:
        then why not (``"busy"`` or ``"rate"``), storing nothing."""
        now = datetime.now(UTC)
        with self.engine.begin() as db:
            pending = db.execute(select(func.count()).select_from(hint_requests).where(
                hint_requests.c.table_id == table_id, hint_requests.c.result.is_(None),
                hint_requests.c.failed.is_(False),
                hint_requests.c.created > now - timedelta(seconds=busy_seconds))).scalar()
            if pending:
                return "busy"
            recent = db.execute(select(func.count()).select_from(hint_requests).where(
                hint_requests.c.address == address,
                hint_requests.c.created > now - timedelta(seconds=60))).scalar()
            if (recent or 0) >= per_minute:
                return "rate"
            db.execute(hint_requests.insert().values(
                id=request_id, table_id=table_id, version=version, seat=seat,
                address=address, created=now, failed=False))
        return None

    def hint_request(self, request_id: str) -> dict[str, Any] | None:
        """A hint request's row as a dict (``None``: no such request)."""
        with self.engine.connect() as db:
            row = db.execute(select(hint_requests)
                             .where(hint_requests.c.id == request_id)).first()
        return None if row is None else dict(row._mapping)

    def finish_hint(self, request_id: str, result: dict[str, Any] | None) -> None:
        """Store a hint's answer (``None``: it could not be worked out)."""
        values: dict[str, Any] = {"result": result} if result is not None else {"failed": True}
        with self.engine.begin() as db:
            db.execute(update(hint_requests).where(hint_requests.c.id == request_id)
                       .values(**values))

    # ----------------------------------------------------------------- reviews
    def request_review(self, table_id: str, address: str, per_address: int) -> str:
        """Queue a finished table's review: ``"queued"`` (a job is to be deferred),
        ``"running"``/``"done"`` (one exists: nothing to do) or ``"rate"`` (``address``
        has ``per_address`` reviews waiting already: nothing stored)."""
        now = datetime.now(UTC)
        with self.engine.begin() as db:
            state = db.execute(select(reviews.c.state)
                               .where(reviews.c.table_id == table_id)).scalar()
            if state in ("queued", "running", "done"):
                return "running" if state == "queued" else str(state)
            waiting = db.execute(select(func.count()).select_from(reviews).where(
                reviews.c.address == address,
                reviews.c.state.in_(("queued", "running")))).scalar()
            if (waiting or 0) >= per_address:
                return "rate"
            if state is None:
                db.execute(reviews.insert().values(table_id=table_id, state="queued",
                                                   address=address, created=now))
            else:  # failed before: try again
                db.execute(update(reviews).where(reviews.c.table_id == table_id)
                           .values(state="queued", address=address, created=now))
        return "queued"

    def review(self, table_id: str) -> tuple[str, dict[str, Any] | None, int]:
        """A table's review: its state (``none`` if never asked), the review once done,
        and how many reviews wait before it while queued."""
        with self.engine.connect() as db:
            row = db.execute(select(reviews).where(reviews.c.table_id == table_id)).first()
            if row is None:
                return "none", None, 0
            ahead = 0
            if row.state == "queued":
                ahead = int(db.execute(select(func.count()).select_from(reviews).where(
                    reviews.c.state.in_(("queued", "running")),
                    reviews.c.created < row.created)).scalar() or 0)
        return str(row.state), row.review, ahead

    def set_review(self, table_id: str, state: str,
                   review: dict[str, Any] | None = None) -> None:
        """Move a review on: ``running``, ``done`` (with the review) or ``failed``."""
        with self.engine.begin() as db:
            db.execute(update(reviews).where(reviews.c.table_id == table_id)
                       .values(state=state, review=review))

    def add_upload(self, upload_id: str, record_text: str) -> None:
        """Keep an uploaded record's text (a second upload of the same id is kept once)."""
        try:
            with self.engine.begin() as db:
                db.execute(uploads.insert().values(id=upload_id, text=record_text,
                                                   created=datetime.now(UTC)))
        except IntegrityError:
            pass  # the same text (its id is its hash) was uploaded before

    def upload(self, upload_id: str) -> str | None:
        """An uploaded record's text (``None``: no such upload)."""
        with self.engine.connect() as db:
            found: str | None = db.execute(
                select(uploads.c.text).where(uploads.c.id == upload_id)).scalar()
        return found


def _stored(row: Any) -> StoredTable:
    return StoredTable(id=row.id, game=row.game, rules_version=row.rules_version,
                       options=dict(row.options), seed=int(row.seed), players=row.players,
                       seats=list(row.seats), created=row.created, finished=row.finished,
                       result=row.result, hints=bool(row.hints), version=row.version,
                       bot_queue=row.bot_queue, owner=row.owner, chat=row.chat or "all",
                       rematch=row.rematch, clock=row.clock, clock_state=row.clock_state,
                       deadline=clock.aware(row.deadline))
