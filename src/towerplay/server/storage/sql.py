"""The :class:`~.interface.Storage` on SQLAlchemy 2: SQLite (WAL) by default, PostgreSQL by
URL. The schema is the migrations' (:mod:`.migrate`), run when the storage opens.

On PostgreSQL each stored action also notifies channel :data:`~.interface.CHANNEL`, and
each change of a table's people :data:`~.interface.SOCIAL_CHANNEL`, in the same
transaction (so only committed changes are announced). The statements run on every move
are built once (:class:`SQLActions`): building a statement costs more than running it;
an ordinary move's two statements even run on the driver's own cursor (:class:`Prepared`).
"""
from __future__ import annotations

import json
import os
import select as io
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from datetime import UTC, datetime, timedelta
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.exc import DisconnectionError, IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from towerplay.server.clock import UNTIMED, ClockStep, Timing, aware
from towerplay.server.storage.interface import (
    CHANNEL,
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
    StorageFailed,
    StoredTable,
    TableStore,
    UploadStore,
    move_note,
    seated,
)
from towerplay.server.storage.migrate import upgrade
from towerplay.server.storage.schema import (
    actions,
    chat_lines,
    hint_requests,
    rate_events,
    reviews,
    seat_tokens,
    tables,
    uploads,
)

T = TypeVar("T")

DATABASE_URL_ENV = "TOWERPLAY_DATABASE_URL"
"""The environment variable naming a database URL (PostgreSQL: ``postgresql://...``)."""


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


BUSY_SECONDS = 30.0
"""How long a SQLite connection waits for another writer to finish (but the one that
commits at once: :func:`make_engine`'s ``at_once``)."""


def make_engine(url: str, *, at_once: bool = False) -> Engine:
    """An engine for ``url``; SQLite in WAL mode (readers never block the writer).

    ``at_once`` (SQLite): the engine of the moves a server commits on its event loop, one
    connection that never waits: another writer holding the database is an error at
    once (:func:`is_busy`), and its commits never move the write-ahead log into the
    database file, which syncs the disk (:meth:`SQLStorage.checkpoint` does, in a
    thread)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if not url.startswith("sqlite"):
        engine = create_engine(url)
        event.listen(engine, "checkout", replace_if_closed)
        return engine
    engine = create_engine(url, connect_args={"check_same_thread": False,
                                              "timeout": 0 if at_once else BUSY_SECONDS},
                           **({"poolclass": StaticPool} if at_once else {}))

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a kill
        cursor.execute("PRAGMA foreign_keys=ON")
        if at_once:
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    return engine


def is_busy(error: BaseException) -> bool:
    """Whether a driver's error says that another connection holds the database (SQLite's
    ``SQLITE_BUSY`` or ``SQLITE_LOCKED``, extended codes too).

    >>> import sqlite3
    >>> is_busy(sqlite3.OperationalError("database is locked")), is_busy(ValueError())
    (False, False)
    >>> busy = sqlite3.OperationalError("database is locked")
    >>> busy.sqlite_errorcode = sqlite3.SQLITE_BUSY
    >>> is_busy(busy)
    True
    """
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def held(table_id: str) -> Busy:
    """The :class:`Busy` of a move at ``table_id`` that found the database held."""
    return Busy(f"table {table_id}: another writer holds the database")


def replace_if_closed(connection: Any, _record: Any, _proxy: Any) -> None:
    """A pooled PostgreSQL connection is checked before use without a round trip (a
    ``SELECT 1`` before every transaction was one round trip in five of a stored move):
    one that the driver knows is broken, or whose socket has something to read or was
    hung up while it is idle (the server closed it: a restart, a terminated backend), is
    replaced by the pool (:class:`~sqlalchemy.exc.DisconnectionError` at checkout makes it
    connect anew).

    >>> class Idle:
    ...     closed = broken = False
    ...     def __init__(self, fd): self.fd = fd
    ...     def fileno(self): return self.fd
    >>> import os
    >>> quiet, said = os.pipe()
    >>> replace_if_closed(Idle(quiet), None, None)  # nothing to read: used as it is
    >>> _ = os.write(said, b"bye")
    >>> replace_if_closed(Idle(quiet), None, None)
    Traceback (most recent call last):
    sqlalchemy.exc.DisconnectionError: the database closed this connection
    >>> os.close(quiet); os.close(said)
    """
    if connection.closed or getattr(connection, "broken", False):
        raise DisconnectionError("the driver found this connection broken")
    if has_input(connection.fileno()):
        raise DisconnectionError("the database closed this connection")


def has_input(fd: int) -> bool:
    """Whether file descriptor ``fd`` has something to read, or was hung up, now (a look
    that never waits: ``poll``, which takes any descriptor, where there is one; ``select``
    only takes those under 1,024, fewer than a busy server's sockets)."""
    if hasattr(io, "poll"):
        poller = io.poll()
        poller.register(fd, io.POLLIN)
        return bool(poller.poll(0))
    return bool(io.select([fd], [], [], 0)[0])


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


class Database:
    """The engines the parts share, and the notifications of PostgreSQL."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        on_disk = not self.postgres and self.engine.url.database not in (None, "", ":memory:")
        self.at_once: Engine | None = make_engine(url, at_once=True) if on_disk else None
        """SQLite's engine of the commits made at once (:func:`make_engine`)."""

    def checkpoint(self) -> tuple[int, int]:
        """SQLite's write-ahead log moved into the database file as far as no reader
        still needs it (a passive checkpoint: it waits on nobody): how many pages the log
        held, and how many of them are in the file now (none on PostgreSQL)."""
        if self.postgres:
            return 0, 0
        with self.engine.connect() as db:
            _busy, held, moved = db.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        return int(held), int(moved)

    def dispose(self) -> None:
        """Let go of every connection."""
        self.engine.dispose()
        if self.at_once is not None:
            self.at_once.dispose()

    def notify(self, db: Connection, channel: str, payload: str) -> None:
        """Announce a change to every process (PostgreSQL; sent on commit)."""
        if self.postgres:
            db.execute(NOTIFY, {"channel": channel, "payload": payload})


NOTIFY = text("SELECT pg_notify(:channel, :payload)")
CLOCK_OF = select(tables.c.clock, tables.c.clock_state, tables.c.deadline)
"""A table's clock (add ``.where``)."""


def _timing(row: Any) -> Timing:
    if row is None or row.clock is None:
        return UNTIMED
    return Timing(row.clock, row.clock_state, aware(row.deadline))


def _clock_values(timing: Timing) -> dict[str, Any]:
    return {"clock": timing.config, "clock_state": timing.state, "deadline": timing.deadline}


def _table_values(table: StoredTable) -> dict[str, Any]:
    return {"id": table.id, "game": table.game, "rules_version": table.rules_version,
            "options": table.options, "seed": table.seed, "players": table.players,
            "seats": table.seats, "created": table.created, "hints": table.hints,
            "version": table.version, "bot_queue": table.bot_queue, "owner": table.owner,
            "updated": table.created, "chat": table.chat, **_clock_values(table.timing)}


def _stored(row: Any) -> StoredTable:
    return StoredTable(id=row.id, game=row.game, rules_version=row.rules_version,
                       options=dict(row.options), seed=int(row.seed), players=row.players,
                       seats=list(row.seats), created=row.created, finished=row.finished,
                       result=row.result, hints=bool(row.hints), version=row.version,
                       bot_queue=row.bot_queue, owner=row.owner, chat=row.chat or "all",
                       rematch=row.rematch, timing=_timing(row))


def _step_clock(db: Connection, table_id: str, clock: ClockStep, now: datetime,
                *conditions: Any) -> Timing:
    """Apply ``clock``'s change to a table's stored clock (if the table matches
    ``conditions`` and has a clock): the clock after it."""
    row = db.execute(CLOCK_OF.where(tables.c.id == table_id, *conditions)).first()
    before = _timing(row)
    if not before.timed:
        return before
    after = clock(before, now)
    db.execute(update(tables).where(tables.c.id == table_id)
               .values(clock_state=after.state, deadline=after.deadline))
    return after


@guarded
class SQLTables:
    """:class:`~.interface.TableStore` in SQL."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine

    def create(self, table: StoredTable) -> None:
        try:
            with self.engine.begin() as db:
                db.execute(tables.insert().values(**_table_values(table)))
                if table.token_hashes:
                    db.execute(seat_tokens.insert(), [
                        {"table_id": table.id, "seat": seat, "token_hash": digest,
                         "name": table.names.get(seat)}
                        for seat, digest in table.token_hashes.items()])
        except (SQLAlchemyError, OSError) as error:
            raise StorageFailed(f"table {table.id} could not be stored") from error

    def load(self, table_id: str) -> StoredTable | None:
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

    def listing(self, finished: bool | None, limit: int = 100) -> list[StoredTable]:
        query = select(tables).order_by(tables.c.created.desc()).limit(limit)
        if finished is not None:
            column = tables.c.finished
            query = query.where(column.is_not(None) if finished else column.is_(None))
        with self.engine.connect() as db:
            return [_stored(row) for row in db.execute(query)]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as db:
            return list(db.execute(select(tables.c.id).where(tables.c.finished.is_(None))
                                   .order_by(tables.c.created)).scalars())

    def hints(self, table_id: str) -> bool | None:
        with self.engine.connect() as db:
            found: bool | None = db.execute(
                select(tables.c.hints).where(tables.c.id == table_id)).scalar()
        return found

    def set_hints(self, table_id: str, allowed: bool) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(hints=allowed))

    def create_rematch(self, old_id: str, new: StoredTable) -> str:
        try:
            with self.engine.begin() as db:
                done = db.execute(update(tables).where(
                    tables.c.id == old_id, tables.c.rematch.is_(None),
                    tables.c.finished.is_not(None)).values(rematch=new.id)).rowcount
                if done:
                    db.execute(tables.insert().values(**{**_table_values(new), "version": 0}))
                    self.database.notify(db, SOCIAL_CHANNEL, old_id)
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


ADD_ACTION = actions.insert()
ADD_KEYS = ("table_id", "index", "text", "mover", "at")
MOVE_ON = update(tables).where(tables.c.id == bindparam("table")).values(
    version=bindparam("version"), bot_queue=bindparam("queue"), updated=bindparam("now"))
END = update(tables).where(tables.c.id == bindparam("table")).values(
    version=bindparam("version"), bot_queue=None, updated=bindparam("now"),
    finished=bindparam("now"), result=bindparam("result"))
ACTIONS_SINCE = (select(actions.c.text)
                 .where(actions.c.table_id == bindparam("table"),
                        actions.c.index >= bindparam("start"))
                 .order_by(actions.c.index))

SEATS_OF = select(tables.c.seats).where(tables.c.id == bindparam("table"))
AWAY_OF = select(seat_tokens.c.seat, seat_tokens.c.away).where(
    seat_tokens.c.table_id == bindparam("table"), seat_tokens.c.away.is_not(None))


class Prepared:
    """A statement compiled once for an engine's driver, run on a DBAPI cursor with its
    parameters in the driver's style (positional for SQLite, named for psycopg); values
    that SQLAlchemy would convert (a time on SQLite) are given converted."""

    def __init__(self, engine: Engine, statement: Any, keys: list[str] | None = None) -> None:
        compiled = statement.compile(dialect=engine.dialect, column_keys=keys)
        self.sql = str(compiled)
        self.order: list[str] | None = compiled.positiontup

    def run(self, cursor: Any, **values: Any) -> None:
        cursor.execute(self.sql, values if self.order is None
                       else tuple(values[key] for key in self.order))

    def rows(self, cursor: Any, **values: Any) -> list[Any]:
        """Run a query: its rows."""
        self.run(cursor, **values)
        return list(cursor.fetchall())


@guarded
class SQLActions:
    """:class:`~.interface.ActionStore` in SQL: one insert and one update a move (and the
    clock's read and update at a clocked table), in one transaction."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine
        self.insert = Prepared(self.engine, ADD_ACTION, list(ADD_KEYS))
        self.move_on = Prepared(self.engine, MOVE_ON)
        self.notify = Prepared(self.engine, NOTIFY)
        self.since_texts = Prepared(self.engine, ACTIONS_SINCE)
        self.seats_of = Prepared(self.engine, SEATS_OF)
        self.away_of = Prepared(self.engine, AWAY_OF)
        dialect = self.engine.dialect  # (a time as SQLAlchemy would store it)
        self.stamp: Callable[[datetime], Any] = \
            actions.c.at.type.dialect_impl(dialect).bind_processor(dialect) or (lambda at: at)
        self.dbapi: Any = self.engine.dialect.dbapi
        self.commits_at_once = database.at_once is not None

    def add(self, action: NewAction, clock: ClockStep | None = None, *,
            wait: bool = True) -> Timing | None:
        engine = self.engine if wait else self._at_once()
        if clock is None and action.result is None:
            self._move_on(action, engine)
            return None
        now = datetime.now(UTC)
        table_id = action.table_id
        try:
            with engine.begin() as db:
                db.execute(ADD_ACTION, {"table_id": table_id, "index": action.index,
                                        "text": action.text, "mover": action.mover,
                                        "at": now})
                values = {"table": table_id, "version": action.index + 1, "now": now}
                if action.result is None:
                    db.execute(MOVE_ON, {**values, "queue": action.bot_queue})
                else:
                    db.execute(END, {**values, "result": action.result})
                timing = None if clock is None else _step_clock(db, table_id, clock, now)
                self.database.notify(db, CHANNEL,
                                     move_note(table_id, action.index + 1, action.text))
                return timing
        except IntegrityError as error:
            raise Conflict(f"table {table_id}: action {action.index} is stored already") \
                from error
        except (SQLAlchemyError, OSError) as error:
            if is_busy(getattr(error, "orig", None) or error):
                raise held(table_id) from error
            raise StorageFailed(f"table {table_id}: the action could not be stored") \
                from error

    def _at_once(self) -> Engine:
        engine = self.database.at_once
        if engine is None:
            raise Busy("this database does not commit at once")
        return engine

    def _move_on(self, action: NewAction, engine: Engine) -> None:
        """:meth:`add` of a move that neither ends the game nor steps a clock (most moves):
        its statements on the driver's own cursor, compiled once (SQLAlchemy's running of
        them cost twice what the database did)."""
        now, table_id, version = self.stamp(datetime.now(UTC)), action.table_id, action.index + 1
        try:
            with self._driver_cursor(table_id, "the action could not be stored",
                                     engine) as cursor:
                self.insert.run(cursor, table_id=table_id, index=action.index,
                                text=action.text, mover=action.mover, at=now)
                self.move_on.run(cursor, table=table_id, version=version,
                                 queue=action.bot_queue, now=now)
                if self.database.postgres:
                    self.notify.run(cursor, channel=CHANNEL,
                                    payload=move_note(table_id, version, action.text))
        except self.dbapi.IntegrityError as error:
            raise Conflict(f"table {table_id}: action {action.index} is stored already") \
                from error

    @contextmanager
    def _driver_cursor(self, table_id: str, failure: str,
                       engine: Engine | None = None) -> Iterator[Any]:
        """The driver's own cursor on a connection of the pool (of ``engine``, else the
        storage's), committed at the end (the hot paths: SQLAlchemy's own running of a
        statement costs more than the database); on PostgreSQL in a pipeline, so that a
        move's statements and its commit go to the server together: one round trip, not
        one each. A driver's error rolls back and is :class:`StorageFailed` saying
        ``failure`` (:class:`Busy` where another writer holds the database), but an
        integrity error, raised as it is (its caller knows what it means)."""
        try:
            raw = (engine or self.engine).raw_connection()
        except self.dbapi.Error as error:  # (the driver's own: not wrapped on this path)
            if is_busy(error):
                raise held(table_id) from error
            raise StorageFailed(f"table {table_id}: the database cannot be reached") \
                from error
        try:
            with self._pipelined(raw):
                yield raw.cursor()
                raw.commit()
        except self.dbapi.Error as error:
            with suppress(self.dbapi.Error):
                raw.rollback()
            if isinstance(error, self.dbapi.IntegrityError):
                raise
            if is_busy(error):
                raise held(table_id) from error
            raise StorageFailed(f"table {table_id}: {failure}") from error
        finally:
            raw.close()

    def _pipelined(self, raw: Any) -> AbstractContextManager[Any]:
        """A pipeline on ``raw``'s PostgreSQL connection (statements sent without waiting
        for each answer; where its libpq has pipelines, 14 and later: psycopg[binary]'s
        has); nothing on SQLite, whose statements make no round trips."""
        driver: Any = raw.driver_connection
        if self.database.postgres and self.dbapi.Pipeline.is_supported():
            pipeline: AbstractContextManager[Any] = driver.pipeline()
            return pipeline
        return nullcontext()

    def since(self, table_id: str, start: int) -> list[str]:
        with self.engine.connect() as db:
            return list(db.execute(ACTIONS_SINCE, {"table": table_id, "start": start})
                        .scalars())

    def news(self, table_id: str, start: int) -> tuple[list[str], list[str] | None]:
        # (a worker reads this before every bot's move: one connection for the three reads)
        with self._driver_cursor(table_id, "its news could not be read") as cursor:
            texts = [row[0] for row in self.since_texts.rows(cursor, table=table_id,
                                                               start=start)]
            found = self.seats_of.rows(cursor, table=table_id)
            away = dict(self.away_of.rows(cursor, table=table_id)) if found else {}
        if not found:
            return texts, None
        seats = found[0][0]
        seats = json.loads(seats) if isinstance(seats, str) else seats  # (SQLite: text)
        return texts, seated(seats, away)


@guarded
class SQLSeats:
    """:class:`~.interface.SeatStore` in SQL; every change notifies
    :data:`~.interface.SOCIAL_CHANNEL`."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine

    def people(self, table_id: str) -> People:
        with self.engine.connect() as db:
            rows = list(db.execute(select(seat_tokens)
                                   .where(seat_tokens.c.table_id == table_id)))
            rematch = db.execute(select(tables.c.rematch)
                                 .where(tables.c.id == table_id)).scalar()
        return People({row.seat: row.name for row in rows if row.name is not None},
                      {row.seat: row.away for row in rows if row.away is not None},
                      {row.seat: row.token_hash for row in rows}, rematch)

    def specs(self, table_id: str) -> list[str] | None:
        with self.engine.connect() as db:
            seats = db.execute(select(tables.c.seats).where(tables.c.id == table_id)).scalar()
            if seats is None:
                return None
            away = dict(db.execute(select(seat_tokens.c.seat, seat_tokens.c.away).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.away.is_not(None))).all())
        return seated(seats, away)

    def set_name(self, table_id: str, seat: int, name: str) -> bool:
        moved = select(actions.c.index).where(actions.c.table_id == table_id,
                                              actions.c.mover == seat).exists()
        with self.engine.begin() as db:
            done = db.execute(update(seat_tokens).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.seat == seat, ~moved)
                .values(name=name)).rowcount
            if done:
                self.database.notify(db, SOCIAL_CHANNEL, table_id)
        return bool(done)

    def claim_seat(self, table_id: str, seat: int, digest: str, name: str | None) -> None:
        with self.engine.begin() as db:
            done = db.execute(update(seat_tokens).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.seat == seat)
                .values(token_hash=digest, name=name, away=None)).rowcount
            if not done:
                db.execute(seat_tokens.insert().values(table_id=table_id, seat=seat,
                                                       token_hash=digest, name=name))
            self.database.notify(db, SOCIAL_CHANNEL, table_id)

    def set_away(self, table_id: str, seat: int, bot: str | None, version: int,
                 queue: str | None, clock: ClockStep | None = None) -> bool:
        with self.engine.begin() as db:
            done = db.execute(update(seat_tokens).where(
                seat_tokens.c.table_id == table_id, seat_tokens.c.seat == seat)
                .values(away=bot)).rowcount
            if not done:
                return False
            if queue is not None:
                db.execute(update(tables).where(tables.c.id == table_id,
                                                tables.c.version == version,
                                                tables.c.finished.is_(None))
                           .values(bot_queue=queue))
            if clock is not None:
                _step_clock(db, table_id, clock, datetime.now(UTC),
                            tables.c.version == version, tables.c.finished.is_(None))
            self.database.notify(db, SOCIAL_CHANNEL, table_id)
        return True

    def add_chat(self, table_id: str, seat: int | None, name: str | None, text: str) -> int:
        for attempt in range(5):  # two processes storing at once: the second tries again
            try:
                with self.engine.begin() as db:
                    index = db.execute(select(func.coalesce(func.max(chat_lines.c.index), -1))
                                       .where(chat_lines.c.table_id == table_id)).scalar()
                    index = int(index if index is not None else -1) + 1
                    db.execute(chat_lines.insert().values(
                        table_id=table_id, index=index, seat=seat, name=name, text=text,
                        at=datetime.now(UTC)))
                    self.database.notify(db, SOCIAL_CHANNEL, table_id)
                return index
            except IntegrityError as error:
                if attempt == 4:
                    raise StorageFailed(f"table {table_id}: the chat line could not be "
                                        "stored") from error
        raise AssertionError("unreachable")

    def chat_since(self, table_id: str, start: int, limit: int = 1000) -> list[dict[str, Any]]:
        query = (select(chat_lines).where(chat_lines.c.table_id == table_id,
                                          chat_lines.c.index >= start)
                 .order_by(chat_lines.c.index.desc()).limit(limit))
        with self.engine.connect() as db:
            rows = list(db.execute(query))
        return [{"index": row.index, "seat": row.seat, "name": row.name, "text": row.text,
                 "at": row.at.isoformat()} for row in reversed(rows)]


# the clock watch asks these every second, the sweep every two: built once
CLOCKS_DUE = (select(tables.c.id, tables.c.clock)
              .where(tables.c.finished.is_(None), tables.c.bot_queue.is_(None),
                     tables.c.deadline <= bindparam("now"))
              .order_by(tables.c.deadline).limit(bindparam("limit")))
NEXT_DEADLINE = select(func.min(tables.c.deadline)).where(
    tables.c.finished.is_(None), tables.c.bot_queue.is_(None),
    tables.c.deadline > bindparam("now"))
BOTS_DUE = (select(tables.c.id, tables.c.bot_queue)
            .where(tables.c.finished.is_(None), tables.c.bot_queue.is_not(None),
                   (tables.c.updated <= bindparam("since")) | tables.c.updated.is_(None))
            .order_by(tables.c.updated).limit(bindparam("limit")))


@guarded
class SQLClocks:
    """:class:`~.interface.ClockStore` in SQL."""

    def __init__(self, database: Database) -> None:
        self.engine = database.engine

    def of(self, table_id: str) -> Timing:
        with self.engine.connect() as db:
            return _timing(db.execute(CLOCK_OF.where(tables.c.id == table_id)).first())

    def due(self, limit: int = 1000) -> list[tuple[str, str]]:
        with self.engine.connect() as db:
            return [(row.id, str(row.clock["bot"])) for row in
                    db.execute(CLOCKS_DUE, {"now": datetime.now(UTC), "limit": limit})]

    def next_deadline(self) -> datetime | None:
        with self.engine.connect() as db:
            return aware(db.execute(NEXT_DEADLINE, {"now": datetime.now(UTC)}).scalar())

    def step(self, table_id: str, clock: ClockStep, now: datetime | None = None) -> Timing:
        with self.engine.begin() as db:
            return _step_clock(db, table_id, clock, now or datetime.now(UTC),
                               tables.c.finished.is_(None))

    def ran_out(self, table_id: str, version: int) -> str | None:
        query = select(tables.c.clock).where(
            tables.c.id == table_id, tables.c.version == version, tables.c.finished.is_(None),
            tables.c.deadline <= datetime.now(UTC))
        with self.engine.connect() as db:
            found = db.execute(query).scalar()
        return None if found is None else str(found["bot"])


@guarded
class SQLLimits:
    """:class:`~.interface.LimitStore` in SQL."""

    def __init__(self, database: Database) -> None:
        self.engine = database.engine

    def take(self, key: str, count: int, seconds: float) -> bool:
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

    def tables_since(self, owner: str, seconds: float) -> int:
        since = datetime.now(UTC) - timedelta(seconds=seconds)
        query = select(func.count()).select_from(tables).where(tables.c.owner == owner,
                                                               tables.c.created > since)
        with self.engine.connect() as db:
            return int(db.execute(query).scalar() or 0)

    def bot_tables(self, owner: str) -> int:
        query = select(tables.c.seats).where(tables.c.finished.is_(None),
                                             tables.c.owner == owner)
        with self.engine.connect() as db:
            return sum(1 for seats in db.execute(query).scalars() if "human" not in seats)


@guarded
class SQLJobs:
    """:class:`~.interface.JobStore` in SQL."""

    def __init__(self, database: Database) -> None:
        self.engine = database.engine

    def due_bots(self, idle_seconds: float = 0.0, limit: int = 1000) -> list[tuple[str, str]]:
        since = datetime.now(UTC) - timedelta(seconds=idle_seconds)
        with self.engine.connect() as db:
            return [(row.id, row.bot_queue)
                    for row in db.execute(BOTS_DUE, {"since": since, "limit": limit})]

    def clear_bot_queue(self, table_id: str, version: int) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id,
                                            tables.c.version == version)
                       .values(bot_queue=None))

    def add_hint_request(self, request_id: str, table_id: str, version: int, seat: int,
                         address: str, busy_seconds: float, per_minute: int) -> str | None:
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
        with self.engine.connect() as db:
            row = db.execute(select(hint_requests)
                             .where(hint_requests.c.id == request_id)).first()
        return None if row is None else dict(row._mapping)

    def pending_hints(self, younger_than: float) -> list[str]:
        since = datetime.now(UTC) - timedelta(seconds=younger_than)
        query = (select(hint_requests.c.id)
                 .where(hint_requests.c.result.is_(None), hint_requests.c.failed.is_(False),
                        hint_requests.c.created > since)
                 .order_by(hint_requests.c.created))
        with self.engine.connect() as db:
            return list(db.execute(query).scalars())

    def finish_hint(self, request_id: str, result: dict[str, Any] | None) -> None:
        values: dict[str, Any] = {"result": result} if result is not None else {"failed": True}
        with self.engine.begin() as db:
            db.execute(update(hint_requests).where(hint_requests.c.id == request_id)
                       .values(**values))

    def request_review(self, table_id: str, address: str, per_address: int) -> str:
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

    def queued_reviews(self) -> list[str]:
        query = (select(reviews.c.table_id)
                 .where(reviews.c.state.in_(("queued", "running")))
                 .order_by(reviews.c.created))
        with self.engine.connect() as db:
            return list(db.execute(query).scalars())

    def set_review(self, table_id: str, state: str,
                   review: dict[str, Any] | None = None) -> None:
        with self.engine.begin() as db:
            db.execute(update(reviews).where(reviews.c.table_id == table_id)
                       .values(state=state, review=review))


@guarded
class SQLUploads:
    """:class:`~.interface.UploadStore` in SQL."""

    def __init__(self, database: Database) -> None:
        self.engine = database.engine

    def add(self, upload_id: str, record_text: str) -> None:
        try:
            with self.engine.begin() as db:
                db.execute(uploads.insert().values(id=upload_id, text=record_text,
                                                   created=datetime.now(UTC)))
        except IntegrityError:
            pass  # the same text (its id is its hash) was uploaded before

    def get(self, upload_id: str) -> str | None:
        with self.engine.connect() as db:
            found: str | None = db.execute(
                select(uploads.c.text).where(uploads.c.id == upload_id)).scalar()
        return found


class SQLStorage:
    """The :class:`~.interface.Storage` of the database at ``url``, its schema brought up
    to date on opening (``migrate``; :func:`.migrate.upgrade`): raises
    :class:`StorageFailed` if the database cannot be reached."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        self.database = Database(url)
        self.engine = self.database.engine
        if migrate:
            try:
                upgrade(self.engine)
            except (SQLAlchemyError, OSError) as error:
                self.engine.dispose()
                raise StorageFailed(_first_line(error)) from error
        self.tables: TableStore = SQLTables(self.database)
        self.actions: ActionStore = SQLActions(self.database)
        self.seats: SeatStore = SQLSeats(self.database)
        self.clocks: ClockStore = SQLClocks(self.database)
        self.limits: LimitStore = SQLLimits(self.database)
        self.jobs: JobStore = SQLJobs(self.database)
        self.uploads: UploadStore = SQLUploads(self.database)

    @property
    def dialect(self) -> str:
        return str(self.engine.dialect.name)

    def checkpoint(self) -> tuple[int, int]:
        try:
            return self.database.checkpoint()
        except (SQLAlchemyError, OSError) as error:
            raise StorageFailed(_first_line(error)) from error

    def close(self) -> None:
        self.database.dispose()


def _first_line(error: BaseException) -> str:
    """The first line of an error's message (a driver's may run to many)."""
    lines = str(getattr(error, "orig", None) or error).strip().splitlines()
    return lines[0] if lines else type(error).__name__
