"""The job queues that ask a worker for bots' moves, hints and reviews
(:class:`JobQueue`): procrastinate on PostgreSQL, shared by any number of ``towerplay
serve`` and ``towerplay worker`` processes (:class:`SharedQueue`); and, for the one
process of the embedded SQLite default, :class:`LocalQueue`, which keeps no jobs of its
own: the database's rows are the work due (a table's ``bot_queue``, a hint request, a
queued review) and it only wakes the runner for them.

Either way a job only asks: the database says what is due, so a lost job loses nothing
(the runner's sweep finds the work again), and a table's bot jobs run one at a time.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import suppress
from typing import Any, Protocol

import procrastinate
from procrastinate import exceptions as queue_errors
from procrastinate.schema import SchemaManager
from sqlalchemy import Engine, text

from towerplay.server.moves import BOT_QUEUE, HEAVY_QUEUE
from towerplay.server.storage.migrate import LOCK

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
"""Each lane is a procrastinate worker taking jobs of these queues; the jobs then wait for
their turns at the thinking processes (:mod:`.thinking`), which decide who thinks first."""
JOBS_PER_PROCESS = 8
"""A lane takes up to this many jobs per thinking process: enough that the fair turns see
who waits, few enough that another worker gets the rest."""
SWEEP_SECONDS = 2.0
"""How often a worker looks for bots waiting without a job, and for how long they wait."""
HEARTBEAT_SECONDS = 2.0
"""How often a worker tells the queue it lives..."""
STALLED_SECONDS = 8.0
"""...and after how long without a beat its jobs are retried elsewhere."""
POLL_SECONDS = 0.25
"""How often an idle lane asks the queue for a job although no notification came.
procrastinate's worker clears its "new job" flag when a fetch finds the job still locked by
the table's previous one (a bot's move answered within milliseconds by a person): the job
then waits for this poll (a small query each time)."""


AskBot = Callable[[str, str], Awaitable[None]]
"""How the move of the bot due at a table is asked for (the table's id, the bot's lane):
:meth:`JobQueue.defer_bot`, or a server's own quick bots (:class:`.jobs.QuickBots`)."""


class Runs(Protocol):
    """What a queue's jobs run (:class:`.jobs.Runner`)."""

    async def bot_move(self, table_id: str) -> None: ...

    async def hint(self, request_id: str) -> None: ...

    async def review(self, table_id: str) -> None: ...


class JobQueue(Protocol):
    """Where the servers ask for work and the workers take it."""

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def defer_bot(self, table_id: str, lane: str) -> None:
        """Ask for the move of the bot due at ``table_id`` (a job already waiting will do)."""

    async def defer_hint(self, request_id: str) -> None:
        """Ask for the hint stored as ``request_id``."""

    async def defer_review(self, table_id: str) -> None:
        """Ask for the review of a finished table (one waiting will do)."""

    async def serve(self, runner: Runs, processes: int) -> None:
        """Run the jobs with ``runner`` until cancelled (``processes``: the worker's
        thinking processes)."""

    async def recover(self) -> None:
        """Drop the jobs of workers that died holding them (the sweep defers them again)."""


def is_postgres(url: str) -> bool:
    return url.startswith("postgresql")


def make_queue(url: str) -> JobQueue:
    """The job queue of the database at ``url``."""
    return SharedQueue(url) if is_postgres(url) else LocalQueue()


# ----------------------------------------------------------------- PostgreSQL
def ensure_queue_schema(engine: Engine) -> None:
    """Create procrastinate's tables in a PostgreSQL database that lacks them (once,
    whatever the number of processes starting together: under the migrations' lock)."""
    if engine.dialect.name != "postgresql":
        return
    with engine.begin() as db:
        db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        if db.execute(text("SELECT to_regclass('procrastinate_jobs')")).scalar() is None:
            raw: Any = db.connection.driver_connection  # psycopg: several statements at once
            raw.execute(SchemaManager.get_schema())


class SharedQueue:
    """procrastinate's queue in the PostgreSQL database at ``url``: jobs of one table share
    a ``lock`` (they run one at a time, in order) and a ``queueing_lock`` (at most one
    waits); a failed bot job is retried."""

    def __init__(self, url: str) -> None:
        conninfo = "postgresql://" + url.split("://", 1)[1]
        self.app = procrastinate.App(connector=procrastinate.PsycopgConnector(
            conninfo=conninfo, min_size=1, max_size=4))
        retry = procrastinate.RetryStrategy(wait=1, linear_wait=1, max_attempts=30)
        self.app.task(name="bot_move", pass_context=True, retry=retry,
                      queue=BOT_QUEUE)(_job("bot_move", "table"))
        self.app.task(name="hint", pass_context=True, queue=HINT_QUEUE)(_job("hint", "request"))
        self.app.task(name="review", pass_context=True,
                      queue=REVIEW_QUEUE)(_job("review", "table"))

    async def open(self) -> None:
        await self.app.open_async()

    async def close(self) -> None:
        await self.app.close_async()

    async def defer_bot(self, table_id: str, lane: str) -> None:
        deferrer = self.app.configure_task("bot_move", queue=lane, lock=table_id,
                                           queueing_lock=f"bot:{table_id}",
                                           priority=BOT_PRIORITY)
        with suppress(queue_errors.AlreadyEnqueued):
            await deferrer.defer_async(table=table_id)

    async def defer_hint(self, request_id: str) -> None:
        await self.app.configure_task("hint", priority=HINT_PRIORITY).defer_async(
            request=request_id)

    async def defer_review(self, table_id: str) -> None:
        deferrer = self.app.configure_task("review", priority=REVIEW_PRIORITY,
                                           queueing_lock=f"review:{table_id}")
        with suppress(queue_errors.AlreadyEnqueued):
            await deferrer.defer_async(table=table_id)

    async def serve(self, runner: Runs, processes: int) -> None:
        options: dict[str, Any] = {
            "install_signal_handlers": False, "delete_jobs": "successful",
            "additional_context": {"runner": runner},
            "fetch_job_polling_interval": POLL_SECONDS,
            "update_heartbeat_interval": HEARTBEAT_SECONDS,
            "stalled_worker_timeout": STALLED_SECONDS}
        lanes = [self._keep_running(lane, JOBS_PER_PROCESS * processes, options)
                 for lane in LANES]
        await all_of(lanes)

    async def _keep_running(self, lane: str, jobs: int, options: dict[str, Any]) -> None:
        while True:
            try:
                await self.app.run_worker_async(queues=list(LANES[lane]), concurrency=jobs,
                                                name=f"towerplay-{lane}", **options)
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database went away: start again when back
                log.warning("bot worker on %s stopped (%s); restarting", lane, error)
                await asyncio.sleep(SWEEP_SECONDS)

    async def recover(self) -> None:
        manager = self.app.job_manager
        for job in await manager.get_stalled_jobs(seconds_since_heartbeat=STALLED_SECONDS):
            assert job.id is not None
            # not retried as such: the sweep's fresh job reads the table anew
            await manager.finish_job_by_id_async(job.id, procrastinate.jobs.Status.FAILED,
                                                 delete_job=True)


def _job(kind: str, argument: str) -> Callable[..., Awaitable[None]]:
    async def run(context: Any, **arguments: str) -> None:
        runner: Runs = context.additional_context["runner"]
        await getattr(runner, kind)(arguments[argument])
    run.__name__ = kind
    return run


async def all_of(work: Sequence[Awaitable[None]]) -> None:
    """Run ``work`` together until cancelled (then cancel each)."""
    tasks = [asyncio.ensure_future(w) for w in work]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


# ----------------------------------------------------------------- one process
class LocalQueue:
    """The queue of one ``towerplay serve`` on SQLite: each job runs as a task of this
    process once :meth:`serve` runs; a job asked for while the same one runs runs once
    more after it. It keeps nothing the database does not: at a start the runner's sweep
    finds the bots due, and :meth:`serve` the reviews queued."""

    def __init__(self) -> None:
        self.runner: Runs | None = None
        self.pending: dict[tuple[str, str], None] = {}
        self.busy: set[tuple[str, str]] = set()
        self.again: set[tuple[str, str]] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def defer_bot(self, table_id: str, lane: str) -> None:
        self._ask(("bot_move", table_id))

    async def defer_hint(self, request_id: str) -> None:
        self._ask(("hint", request_id))

    async def defer_review(self, table_id: str) -> None:
        self._ask(("review", table_id))

    def _ask(self, job: tuple[str, str]) -> None:
        if self.runner is None:
            self.pending[job] = None
        elif job in self.busy:
            self.again.add(job)
        else:
            self._start(job)

    def _start(self, job: tuple[str, str]) -> None:
        self.busy.add(job)
        task = asyncio.ensure_future(self._run(job))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, job: tuple[str, str]) -> None:
        kind, key = job
        try:
            assert self.runner is not None
            await getattr(self.runner, kind)(key)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a bot's move: the sweep asks again
            log.warning("%s of %s failed: %s", kind, key, error)
        finally:
            self.busy.discard(job)
        if job in self.again and self.runner is not None:
            self.again.discard(job)
            self._start(job)

    async def serve(self, runner: Runs, processes: int) -> None:
        self.runner = runner
        waiting, self.pending = list(self.pending), {}
        for job in waiting:
            self._ask(job)
        try:
            await asyncio.Event().wait()  # until cancelled
        finally:
            self.runner = None

    async def recover(self) -> None:
        return None  # no other process holds this one's jobs
