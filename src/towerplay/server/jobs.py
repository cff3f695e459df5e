"""What a worker does for the jobs of its queue (:mod:`.queues`): bots' moves, hints and
reviews, each thought out in its turns at the worker's thinking processes
(:mod:`.thinking`: people's tables first, a fair share per client).

- A job ``bot_move(table)`` plays the bot due at that table, whatever the version: it
  reads the table from the database (or its copy, brought up to date), lets the bot think,
  stores the move (:func:`.moves.store`; the database refuses a second move at the same
  index, so a move is stored once however many jobs race) and asks for the next bot's.
- Every worker sweeps the database every :data:`~.queues.SWEEP_SECONDS`: a table whose
  bot has waited longer than that (its job lost to a restart, a failed store, a dead
  worker) gets a job again, and the jobs of workers that stopped beating are dropped.
  The database, not the queue, knows which bots are due (``tables.bot_queue``), so a
  lost job loses nothing.
- Each worker's clock watch wakes at the earliest stored deadline and has the clock's bot
  move for a person out of time.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from towerplay import bots
from towerplay.arena.review import steps
from towerplay.arena.table import HUMAN, Table
from towerplay.core.record import Record
from towerplay.core.rng import derive_seed
from towerplay.server import moves
from towerplay.server.clock import Timing
from towerplay.server.hub import Hub
from towerplay.server.hub.clients import Clients, quick_bot_due
from towerplay.server.hub.memory import Memory
from towerplay.server.live import UnknownTable
from towerplay.server.moves import in_thread
from towerplay.server.pool import DEFAULT_WORKERS, BotPool
from towerplay.server.queues import (
    SWEEP_SECONDS,
    AskBot,
    JobQueue,
    LocalQueue,
    all_of,
    ensure_queue_schema,
    make_queue,
)
from towerplay.server.storage import Conflict, Storage, StorageFailed, StoredTable
from towerplay.server.storage.sql import SQLStorage
from towerplay.server.thinking import Kind, Thinking

log = logging.getLogger("towerplay.server")

CLOCK_LOOK_SECONDS = 1.0
"""At most this long between two looks at the stored deadlines (the shortest clock is
:data:`.clock.MIN_SECONDS` a move)."""
CLOCK_GRACE_SECONDS = 0.02
"""Woken this long after a deadline, so that the database, too, sees it passed."""
CACHED_TABLES = 256
"""Tables a worker keeps in memory between their jobs (the rest are replayed)."""

@dataclass
class Known:
    """A table as a runner finds it: the table, and what its thinking and storing need."""

    table: Table[Any]
    owner: str
    """Who asked for it (an address): whose share of the thinking its bots use."""
    people: bool
    """Whether people play there (its bots go first: :attr:`.thinking.Kind.PEOPLE`)."""
    clocked: bool
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while a move is stored (the hub's table's own lock, where shared)."""

    @classmethod
    def of(cls, stored: StoredTable, table: Table[Any]) -> Known:
        people = HUMAN in stored.seats or bool(stored.token_hashes)
        return cls(table, stored.owner or "unknown", people, stored.timing.timed)


class Tables(Protocol):
    """Where a runner finds a table at its stored version (:meth:`current`), and who hears
    of the moves it stores (:meth:`stored`)."""

    async def current(self, table_id: str) -> Known | None: ...

    async def stored(self, table_id: str, known: Known, timing: Timing | None) -> None: ...

    def forget(self, table_id: str) -> None:
        """The table is not at the version held (another process stored a move)."""


class OwnTables:
    """A ``towerplay worker``'s copies of the tables: replayed from the database, kept
    between jobs (at most :data:`CACHED_TABLES`) and brought up to date at each."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.tables: OrderedDict[str, Known] = OrderedDict()

    async def current(self, table_id: str) -> Known | None:
        known = self.tables.pop(table_id, None)
        if known is None:
            stored = await in_thread(self.storage.tables.load, table_id)
            if stored is None:
                return None
            known = Known.of(stored, await in_thread(moves.rebuild, stored))
        else:
            texts, specs = await in_thread(self.storage.actions.news, table_id,
                                           known.table.version)
            moves.catch_up(known.table, texts)
            if specs is not None:  # a person left their seat to a bot, or came back
                moves.use_seats(known.table, specs)
        self.tables[table_id] = known
        while len(self.tables) > CACHED_TABLES:
            self.tables.popitem(last=False)
        return known

    async def stored(self, table_id: str, known: Known, timing: Timing | None) -> None:
        return None  # the servers hear of it from the database

    def forget(self, table_id: str) -> None:
        self.tables.pop(table_id, None)


class SharedTables:
    """The in-process worker of a ``towerplay serve``: the hub's live tables themselves,
    so a bot's move is applied once in the process and its clients hear of it at once.
    ``alone``: no other process stores moves (SQLite), so the tables in memory are
    current; else each is read up to date before its bot thinks."""

    def __init__(self, memory: Memory, clients: Clients, alone: bool) -> None:
        self.memory, self.clients, self.alone = memory, clients, alone

    async def current(self, table_id: str) -> Known | None:
        try:
            live = await self.memory.fetch(table_id)
        except UnknownTable:
            return None
        if not self.alone:
            await self.memory.refresh(live)
        return Known(live.table, live.owner, bool(live.token_hashes), live.timing.timed,
                     live.lock)

    async def stored(self, table_id: str, known: Known, timing: Timing | None) -> None:
        live = self.memory.get(table_id)
        if live is None or live.table is not known.table:
            return
        if timing is not None:
            live.timing = timing
        self.memory.touch(live)
        self.clients.changed(live)

    def forget(self, table_id: str) -> None:
        return None  # (alone, no move is stored elsewhere; else each job reads it anew)


class Runner:
    """What a worker does for a job: a bot's move (find the table, think, store, ask for
    the next bot's), a hint, a review; the thinking in :class:`Thinking`'s turns."""

    def __init__(self, storage: Storage, thinking: Thinking, queue: JobQueue,
                 tables: Tables | None = None, ask: AskBot | None = None) -> None:
        self.storage = storage
        self.thinking = thinking
        self.queue = queue
        self.tables = tables or OwnTables(storage)
        self.ask = ask or queue.defer_bot
        """How the bot due after a stored move is asked for."""
        self.reviewing = asyncio.Lock()
        """One review at a time (the others keep their place in line, shown to people)."""

    async def bot_move(self, table_id: str) -> None:
        known = await self.tables.current(table_id)
        if known is None or known.table.is_over:
            return
        table = known.table
        seat, version = table.bot_to_move(), table.version
        ran_out = seat is None
        bot = None if seat is None else table.bots[seat]
        if seat is None:  # a person to move: their time may have run out (issue #30)
            spec = await in_thread(self.storage.clocks.ran_out, table_id, version)
            seat, bot = table.state.to_move, None if spec is None else bots.load(spec)
        if bot is None or seat is None:
            await in_thread(self.storage.jobs.clear_bot_queue, table_id, version)
            return
        # a bot made for this decision: the same move whichever worker makes it
        task = table.task_for(seat, bot.fresh(derive_seed(table.state.seed, "bot", seat,
                                                          version)))
        kind = Kind.PEOPLE if known.people else Kind.BOTS
        action = await self.thinking.bot(task, kind, known.owner, f"table {table_id}")
        async with known.lock:
            if table.version != version:  # moved on meanwhile (this process knows)
                return
            try:
                timing = await moves.store(self.storage, table_id, table, action,
                                           clocked=known.clocked, ran_out=ran_out)
            except Conflict:  # stored by another process: not at the version held
                self.tables.forget(table_id)
                return
            except StorageFailed:
                self.tables.forget(table_id)
                raise  # retried by the queue (and by the sweep)
        await self.tables.stored(table_id, known, timing)
        lane = moves.due_queue(table)
        if lane is not None:
            await self.ask(table_id, lane)

    async def hint(self, request_id: str) -> None:
        """Work out a hint and store it for the server that waits on it (a request whose
        table moved on meanwhile is answered with nothing)."""
        request = await in_thread(self.storage.jobs.hint_request, request_id)
        if request is None:
            return
        result = None
        try:
            known = await self.tables.current(request["table_id"])
            table = None if known is None else known.table
            if table is not None and table.version == request["version"] and \
                    table.state.to_move == request["seat"]:
                result = await self.thinking.hint(table.state, request["seat"],
                                                  request["address"])
        finally:
            await in_thread(self.storage.jobs.finish_hint, request_id, result)

    async def review(self, table_id: str) -> None:
        """Review a finished table and store the review (``failed`` if it cannot be)."""
        stored = await in_thread(self.storage.tables.load, table_id)
        if stored is None or stored.finished is None:
            return
        async with self.reviewing:
            await in_thread(self.storage.jobs.set_review, table_id, "running")
            try:
                final = (await in_thread(moves.rebuild, stored)).state
                empty, todo = await in_thread(steps, Record.from_state(final,
                                                                       seats=stored.seats))
                found = await self.thinking.review(empty, todo, stored.owner or "unknown")
            except Exception:
                log.exception("the review of table %s failed", table_id)
                await in_thread(self.storage.jobs.set_review, table_id, "failed")
                return
            await in_thread(self.storage.jobs.set_review, table_id, "done", found.to_json())

    # ----------------------------------------------------------------- sweeps
    async def sweep(self) -> int:
        """Drop the jobs of workers that stopped beating (they hold their table's lock),
        then ask for each bot waiting without a job: how many were asked for."""
        await self.queue.recover()
        due = await in_thread(self.storage.jobs.due_bots, SWEEP_SECONDS)
        for table_id, lane in due:
            await self.queue.defer_bot(table_id, lane)
        return len(due) + await self.clocks()

    async def sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception as error:  # the database is down: try again later
                log.warning("bot sweep failed: %s", error)
            await asyncio.sleep(SWEEP_SECONDS)

    async def clocks(self) -> int:
        """Ask for the clock's bot of each table whose person to move ran out of time:
        how many were asked for."""
        out_of_time = await in_thread(self.storage.clocks.due)
        for table_id, bot in out_of_time:
            await self.queue.defer_bot(table_id, moves.bot_queue(bot))
        return len(out_of_time)

    async def watch_clocks(self) -> None:
        """Run :meth:`clocks` at the earliest stored deadline, looking again at least every
        :data:`CLOCK_LOOK_SECONDS` (a deadline set since, in any process, is never further
        than that from being seen): a clock runs out on time, not at the next sweep."""
        while True:
            deadline = None
            try:
                await self.clocks()
                deadline = await in_thread(self.storage.clocks.next_deadline)
            except Exception as error:  # the database is down: try again later
                log.warning("clock watch failed: %s", error)
            await asyncio.sleep(clock_wait(deadline, datetime.now(UTC)))

    async def serve(self, processes: int) -> None:
        """Run the queue's jobs, the sweep and the clock watch until cancelled."""
        if isinstance(self.queue, LocalQueue):  # nothing else remembers them
            for table_id in await in_thread(self.storage.jobs.queued_reviews):
                await self.queue.defer_review(table_id)
        await all_of([self.queue.serve(self, processes), self.sweep_forever(),
                    self.watch_clocks()])


class QuickBots:
    """A server's quick bots (random, greedy, learned: :attr:`~towerplay.bots.base.Bot.quick`)
    at the tables where people play that it holds in memory: each played in this process
    as soon as it is due, never queued. Its move costs a fraction of a millisecond; a job
    for it cost the database a job written, fetched, locked and finished, and a worker the
    table read again, and the person waited for all of that (issue #45).

    Nothing is lost: the bot's lane is stored with the move before it, so if this process
    dies first the workers' sweep finds the bot waiting; if another process stores a move
    first, the database refuses this one (:class:`~.storage.Conflict`) and that move is
    heard as any other. Every other bot is queued as before: a search, a quick bot at a
    table not in memory, and the bots of tables of bots alone (their games are a worker's
    work, not the web process's)."""

    def __init__(self, hub: Hub) -> None:
        self.memory, self.queue, self.spawn = hub.memory, hub.queue, hub.spawn
        # memory is current for this process (its own move was just taken); a store
        # that finds it behind is refused, and the notification brings the table along
        tables = SharedTables(hub.memory, hub.clients, alone=True)
        self.runner = Runner(hub.storage, Thinking(None, 0), hub.queue, tables, self.ask)

    async def ask(self, table_id: str, lane: str) -> None:
        """Ask for the move of the bot due at ``table_id``: played here if it is quick
        and people play at the table, held in memory; else a job in ``lane``."""
        live = self.memory.get(table_id)
        if live is not None and live.token_hashes and quick_bot_due(live):
            self.spawn(self._play(table_id, lane))
        else:
            await self.queue.defer_bot(table_id, lane)

    async def _play(self, table_id: str, lane: str) -> None:
        live = self.memory.get(table_id)
        if live is not None and not quick_bot_due(live):
            return  # asked twice: moved already
        try:
            await self.runner.bot_move(table_id)
        except Exception as error:  # (the database failed): a worker will, or the sweep
            log.warning("the quick bot of table %s could not move here (%s): queued",
                        table_id, error)
            with suppress(Exception):
                await self.queue.defer_bot(table_id, lane)


def clock_wait(deadline: datetime | None, now: datetime) -> float:
    """Seconds from ``now`` until the clock watch looks again: just past the earliest
    ``deadline`` ahead, and never later than :data:`CLOCK_LOOK_SECONDS`.

    >>> now = datetime(2026, 1, 1, tzinfo=UTC)
    >>> clock_wait(now.replace(microsecond=300_000), now), clock_wait(None, now)
    (0.32, 1.0)
    """
    if deadline is None:
        return CLOCK_LOOK_SECONDS
    ahead = max((deadline - now).total_seconds(), 0.0)
    return min(CLOCK_LOOK_SECONDS, ahead + CLOCK_GRACE_SECONDS)


async def open_storage(url: str, retry: float = 1.0,
                       waiting: Callable[[str], None] | None = None) -> Storage:
    """The storage at ``url``, its schema (and the queue's) brought up to date, waiting
    out a database that cannot be reached yet: ``waiting(reason)`` is told once (else a
    warning each try), and the storage is returned once the database answers."""
    told = False
    while True:
        try:
            storage = await in_thread(SQLStorage, url)
        except StorageFailed as error:
            reason = str(error)
            if waiting is None:
                log.warning("database unavailable (%s); trying again", reason)
            elif not told:
                waiting(reason)
                told = True
            await asyncio.sleep(retry)
            continue
        try:
            await in_thread(ensure_queue_schema, storage.engine)
        except Exception as error:
            storage.close()
            log.warning("database unavailable (%s); trying again", error)
            await asyncio.sleep(retry)
            continue
        return storage


async def serve_queue(url: str, workers: int | None = None,
                      ready: Callable[[], None] = lambda: None) -> None:
    """``towerplay worker``: run bots' jobs of the PostgreSQL database at ``url`` until
    cancelled (SIGINT/SIGTERM), with ``workers`` thinking processes; ``ready()`` once the
    database has answered."""
    storage = await open_storage(url)
    processes = workers or DEFAULT_WORKERS
    pool = BotPool(processes)
    queue = make_queue(url)
    await queue.open()
    ready()
    try:
        await Runner(storage, Thinking(pool, processes), queue).serve(processes)
    finally:
        await queue.close()
        pool.close()
        storage.close()
