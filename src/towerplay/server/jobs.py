"""Bot moves, hints and reviews as jobs in a shared queue, run by workers: procrastinate on
PostgreSQL, so any number of ``towerplay serve`` and ``towerplay worker`` processes share
one queue. Bot moves come before hints, hints before reviews (job priorities), and each
kind of work has its own worker slots (lanes): quick bots, long-thinking bots with hints,
and reviews, so no long job holds up a quick bot of another table.

- A job ``bot_move(table)`` plays the bot due at that table, whatever the version: it reads
  the table from the database, lets the bot think in a worker process (:mod:`.pool`),
  stores the move (:func:`.moves.store`; the database refuses a second move at the same
  index, so a move is stored once however many jobs race) and defers the next bot's job.
- Jobs of one table share a procrastinate ``lock`` (they run one at a time, in order) and
  a ``queueing_lock`` (at most one waits). Bots that think long go to their own queue
  (:data:`.moves.HEAVY_QUEUE`), served by their own worker slots, so they never hold up
  the quick bots of other tables.
- Every worker sweeps the database every :data:`SWEEP_SECONDS`: a table whose bot has
  waited longer than that (its job lost to a restart, a failed store, a dead worker) gets
  a job again; the jobs of workers that stopped beating are dropped (they hold their
  table's lock), and their tables get a fresh job. The database, not the
  queue, knows which bots are due (``tables.bot_queue``), so a lost job loses nothing.

With SQLite (one process, the embedded default) the queue is procrastinate's in-memory
connector inside ``towerplay serve``: the sweep rebuilds it from the database at start.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from contextlib import suppress
from datetime import UTC, datetime
from typing import Any

import procrastinate
from procrastinate import exceptions as queue_errors
from procrastinate.schema import SchemaManager
from procrastinate.testing import InMemoryConnector
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from towerplay import bots
from towerplay.arena.table import Table
from towerplay.core.rng import derive_seed
from towerplay.server import moves
from towerplay.server.moves import BOT_QUEUE, HEAVY_QUEUE, in_thread
from towerplay.server.pool import DEFAULT_WORKERS, BotPool
from towerplay.server.storage import Conflict, Storage, StorageFailed

log = logging.getLogger("towerplay.server")

BOT_PRIORITY = 100
"""Bot moves come before hints and reviews (higher runs first)..."""
HINT_PRIORITY = 50
"""...hints before reviews..."""
REVIEW_PRIORITY = 0
"""...and reviews last."""
HINT_QUEUE = "hints"
REVIEW_QUEUE = "reviews"
LANES = {"quick": (BOT_QUEUE,), "slow": (HEAVY_QUEUE, HINT_QUEUE), "reviews": (REVIEW_QUEUE,)}
"""Each lane is a procrastinate worker with slots of its own, serving these queues."""
SWEEP_SECONDS = 2.0
"""How often a worker looks for bots waiting without a job, and for how long they wait."""
CLOCK_LOOK_SECONDS = 1.0
"""At most this long between two looks at the stored deadlines (the shortest clock is
:data:`.clock.MIN_SECONDS` a move)."""
CLOCK_GRACE_SECONDS = 0.02
"""Woken this long after a deadline, so that the database, too, sees it passed."""
HEARTBEAT_SECONDS = 2.0
"""How often a worker tells the queue it lives..."""
STALLED_SECONDS = 8.0
"""...and after how long without a beat its jobs are retried elsewhere."""
POLL_SECONDS = {"memory": 0.05, "postgresql": 0.25}
"""How often an idle lane asks the queue for a job although no notification came.
procrastinate's worker clears its "new job" flag when a fetch finds the job still locked by
the table's previous one (a bot's move answered within milliseconds by a person): the job
then waits for this poll. Cheap in memory; a small query each time on PostgreSQL."""
CACHED_TABLES = 256
"""Tables a worker keeps in memory between their jobs (the rest are replayed)."""

Moved = Callable[[str, int], Awaitable[None]]
"""Told that a table reached a version (the in-process server's clients hear of it)."""


QUEUE_SCHEMA_LOCK = 0x746F77  # any number, the same in every process
"""The advisory lock under which one process creates the queue's tables."""


def is_postgres(url: str) -> bool:
    return url.startswith("postgresql")


def ensure_queue_schema(storage: Storage) -> None:
    """Create procrastinate's tables in a PostgreSQL database that lacks them (once,
    whatever the number of processes starting together)."""
    if storage.engine.dialect.name != "postgresql":
        return
    with storage.engine.begin() as db:
        db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": QUEUE_SCHEMA_LOCK})
        if db.execute(text("SELECT to_regclass('procrastinate_jobs')")).scalar() is None:
            raw: Any = db.connection.driver_connection  # psycopg: several statements at once
            raw.execute(SchemaManager.get_schema())


def make_queue(url: str) -> procrastinate.App:
    """The job queue of the database at ``url`` (its tasks registered)."""
    if is_postgres(url):
        conninfo = "postgresql://" + url.split("://", 1)[1]
        connector: Any = procrastinate.PsycopgConnector(
            conninfo=conninfo, min_size=1, max_size=4)
    else:
        connector = InMemoryConnector()
    app = procrastinate.App(connector=connector)
    retry = procrastinate.RetryStrategy(wait=1, linear_wait=1, max_attempts=30)
    app.task(name="bot_move", pass_context=True, retry=retry, queue=BOT_QUEUE)(_bot_move)
    app.task(name="hint", pass_context=True, queue=HINT_QUEUE)(_hint)
    app.task(name="review", pass_context=True, queue=REVIEW_QUEUE)(_review)
    return app


async def _bot_move(context: Any, table: str) -> None:
    runner: Runner = context.additional_context["runner"]
    await runner.bot_move(table)


async def _hint(context: Any, request: str) -> None:
    runner: Runner = context.additional_context["runner"]
    await runner.hint(request)


async def _review(context: Any, table: str) -> None:
    runner: Runner = context.additional_context["runner"]
    await runner.review(table)


async def defer_bot(queue: procrastinate.App, table_id: str, lane: str) -> None:
    """Ask for the move of the bot due at ``table_id`` (a job already waiting will do)."""
    deferrer = queue.configure_task("bot_move", queue=lane, lock=table_id,
                                    queueing_lock=f"bot:{table_id}", priority=BOT_PRIORITY)
    with suppress(queue_errors.AlreadyEnqueued):
        await deferrer.defer_async(table=table_id)


async def defer_hint(queue: procrastinate.App, request_id: str) -> None:
    """Ask for the hint stored as ``request_id`` (:meth:`.storage.Storage.add_hint_request`)."""
    await queue.configure_task("hint", priority=HINT_PRIORITY).defer_async(request=request_id)


async def defer_review(queue: procrastinate.App, table_id: str) -> None:
    """Ask for the review of a finished table (:meth:`.storage.Storage.request_review`)."""
    deferrer = queue.configure_task("review", priority=REVIEW_PRIORITY,
                                    queueing_lock=f"review:{table_id}")
    with suppress(queue_errors.AlreadyEnqueued):
        await deferrer.defer_async(table=table_id)


class Runner:
    """What a worker does for a job: a bot's move (read the table, think, store, defer the
    next bot's), a hint, a review; the thinking in :mod:`.pool`'s processes."""

    def __init__(self, storage: Storage, pool: BotPool, queue: procrastinate.App,
                 moved: Moved | None = None) -> None:
        self.storage = storage
        self.pool = pool
        self.queue = queue
        self.moved = moved
        self.tables: OrderedDict[str, Table[Any]] = OrderedDict()

    @property
    def queue_kind(self) -> str:
        """``postgresql`` or ``memory``: where the queue's jobs live."""
        in_memory = isinstance(self.queue.connector, InMemoryConnector)
        return "memory" if in_memory else "postgresql"

    async def bot_move(self, table_id: str) -> None:
        table = await self._current(table_id)
        if table is None or table.is_over:
            return
        seat = table.bot_to_move()
        version = table.version
        ran_out = seat is None
        spec = None if seat is None else table.seats[seat]
        if seat is None:  # a person to move: their time may have run out (issue #30)
            spec = await in_thread(self.storage.ran_out, table_id, version)
            seat = table.state.to_move
        if spec is None or seat is None:
            await in_thread(self.storage.clear_bot_queue, table_id, version)
            return
        try:
            action = await self._think(table, seat, spec, ran_out)
            await moves.store(self.storage, table_id, table, action, ran_out=ran_out)
        except Conflict:
            self.tables.pop(table_id, None)  # stored by another worker: read it again
            return
        except StorageFailed:
            self.tables.pop(table_id, None)
            raise  # retried by the queue (and by the sweep)
        if self.moved is not None:
            await self.moved(table_id, table.version)
        lane = moves.due_queue(table)
        if lane is not None:
            await defer_bot(self.queue, table_id, lane)

    async def _think(self, table: Table[Any], seat: int, spec: str, ran_out: bool) -> Any:
        """The move of bot ``spec`` for ``seat``: the seat's own bot, or (``ran_out``) the
        clock's for a person out of time, who keeps their seat."""
        # a bot made for this decision: the same move whichever worker runs it
        table.bots[seat] = bots.load(spec, seed=derive_seed(table.state.seed, "bot", seat,
                                                             table.version))
        try:
            task = table.bot_task()
            assert task is not None
            action, _bot = await self.pool.think(task)
        finally:
            if ran_out:
                table.bots.pop(seat, None)
        return action

    async def hint(self, request_id: str) -> None:
        """Work out a hint and store it for the server that waits on it (a request whose
        table moved on meanwhile is answered with nothing)."""
        request = await in_thread(self.storage.hint_request, request_id)
        if request is None:
            return
        result = None
        try:
            table = await self._current(request["table_id"])
            if table is not None and table.version == request["version"] and \
                    table.state.to_move == request["seat"]:
                result = await self.pool.hint(table.state, request["seat"])
        finally:
            await in_thread(self.storage.finish_hint, request_id, result)

    async def review(self, table_id: str) -> None:
        """Review a finished table and store the review (``failed`` if it cannot be)."""
        stored = await in_thread(self.storage.load, table_id)
        if stored is None or stored.finished is None:
            return
        await in_thread(self.storage.set_review, table_id, "running")
        try:
            record = (await in_thread(moves.rebuild, stored)).state
            found = await self.pool.review(record, stored.seats)
        except Exception:
            log.exception("the review of table %s failed", table_id)
            await in_thread(self.storage.set_review, table_id, "failed")
            return
        await in_thread(self.storage.set_review, table_id, "done", found)

    async def _current(self, table_id: str) -> Table[Any] | None:
        """The table at its stored version (``None``: no such table)."""
        table = self.tables.pop(table_id, None)
        if table is None:
            stored = await in_thread(self.storage.load, table_id)
            if stored is None:
                return None
            table = await in_thread(moves.rebuild, stored)
        else:
            texts = await in_thread(self.storage.actions_since, table_id, table.version)
            moves.catch_up(table, texts)
            specs = await in_thread(self.storage.seat_specs, table_id)
            if specs is not None:  # a person left their seat to a bot, or came back
                moves.use_seats(table, specs)
        self.tables[table_id] = table
        while len(self.tables) > CACHED_TABLES:
            self.tables.popitem(last=False)
        return table

    async def sweep(self) -> int:
        """Drop the jobs of workers that stopped beating (they hold their table's lock),
        then defer a job for each bot waiting without one: how many were deferred."""
        manager = self.queue.job_manager
        for job in await manager.get_stalled_jobs(seconds_since_heartbeat=STALLED_SECONDS):
            assert job.id is not None
            # not retried as such: the fresh job deferred below reads the table anew
            await manager.finish_job_by_id_async(job.id, procrastinate.jobs.Status.FAILED,
                                                 delete_job=True)
        due = await in_thread(self.storage.due_bots, SWEEP_SECONDS)
        for table_id, lane in due:
            await defer_bot(self.queue, table_id, lane)
        return len(due) + await self.clocks()

    async def sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception as error:  # the database is down: try again later
                log.warning("bot sweep failed: %s", error)
            await asyncio.sleep(SWEEP_SECONDS)

    async def clocks(self) -> int:
        """Defer the clock's bot of each table whose person to move ran out of time: how
        many were deferred."""
        out_of_time = await in_thread(self.storage.due_clocks)
        for table_id, bot in out_of_time:
            await defer_bot(self.queue, table_id, moves.bot_queue(bot))
        return len(out_of_time)

    async def watch_clocks(self) -> None:
        """Run :meth:`clocks` at the earliest stored deadline, looking again at least every
        :data:`CLOCK_LOOK_SECONDS` (a deadline set since, in any process, is never further
        than that from being seen): a clock runs out on time, not at the next sweep."""
        while True:
            deadline = None
            try:
                await self.clocks()
                deadline = await in_thread(self.storage.next_deadline)
            except Exception as error:  # the database is down: try again later
                log.warning("clock watch failed: %s", error)
            await asyncio.sleep(clock_wait(deadline, datetime.now(UTC)))


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


async def run_workers(runner: Runner, slots: dict[str, int]) -> None:
    """Serve the queue until cancelled, with so many ``slots`` in each of :data:`LANES`
    (each lane its own procrastinate worker, restarted if the database drops it)."""
    options: dict[str, Any] = {
        "install_signal_handlers": False, "delete_jobs": "successful",
        "additional_context": {"runner": runner},
        "fetch_job_polling_interval": POLL_SECONDS[runner.queue_kind],
        "update_heartbeat_interval": HEARTBEAT_SECONDS,
        "stalled_worker_timeout": STALLED_SECONDS}
    tasks = [asyncio.create_task(_keep_running(runner.queue, lane, count, options))
             for lane, count in slots.items() if count > 0]
    tasks += [asyncio.create_task(runner.sweep_forever()),
              asyncio.create_task(runner.watch_clocks())]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def lane_slots(processes: int) -> dict[str, int]:
    """Slots per lane for a pool of ``processes`` thinking processes: the quick bots get
    all but two, at least one (:meth:`.pool.BotPool.for_lanes` adds the other two).

    >>> lane_slots(2)
    {'quick': 1, 'slow': 1, 'reviews': 1}
    """
    return {"quick": max(1, processes - 2), "slow": 1, "reviews": 1}


async def _keep_running(queue: procrastinate.App, lane: str, slots: int,
                        options: dict[str, Any]) -> None:
    while True:
        try:
            await queue.run_worker_async(queues=list(LANES[lane]), concurrency=slots,
                                         name=f"towerplay-{lane}", **options)
            return
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database went away: start again when it is back
            log.warning("bot worker on %s stopped (%s); restarting", lane, error)
            await asyncio.sleep(SWEEP_SECONDS)


async def open_storage(url: str, retry: float = 1.0) -> Storage:
    """The worker's storage, its queue's schema ensured, waiting out a database that cannot
    be reached yet: a worker started during an outage serves once the database is back."""
    while True:
        storage: Storage | None = None
        try:
            storage = Storage(url)
            ensure_queue_schema(storage)
            return storage
        except (SQLAlchemyError, StorageFailed) as error:
            if storage is not None:
                storage.close()
            reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            log.warning("database unavailable (%s); trying again", reason)
            await asyncio.sleep(retry)


async def serve_queue(url: str, workers: int | None = None,
                      ready: Callable[[], None] = lambda: None) -> None:
    """``towerplay worker``: run bots' jobs of the PostgreSQL database at ``url`` until
    cancelled (SIGINT/SIGTERM), with ``workers`` thinking processes; ``ready()`` once the
    database has answered."""
    storage = await open_storage(url)
    slots = lane_slots(workers or DEFAULT_WORKERS)
    pool = BotPool(sum(slots.values()))
    queue = make_queue(url)
    await queue.open_async()
    ready()
    try:
        await run_workers(Runner(storage, pool, queue), slots)
    finally:
        await queue.close_async()
        pool.close()
        storage.close()
