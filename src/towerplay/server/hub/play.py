"""Play at the tables: new tables, people's moves, moves stored elsewhere, and asking for
the bots' moves.

A move is stored before the table in memory takes it (:func:`..moves.store`), so memory
never runs ahead of the database; moves stored by other processes (bots' workers, other
servers) arrive by :meth:`Play.moved` (in-process, or PostgreSQL's notifications:
:mod:`..bus`) and are read from the database. Bots' moves are jobs in the queue
(:mod:`..queues`).
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from towerplay import games
from towerplay.arena.table import HUMAN, MoveRefused, Table
from towerplay.bots.base import Bot
from towerplay.core.rng import derive_seed
from towerplay.server import moves
from towerplay.server.clock import Opened, Timing, has_page
from towerplay.server.hub.clients import Clients
from towerplay.server.hub.memory import Memory
from towerplay.server.live import LiveTable, new_token, started, unavailable_body
from towerplay.server.moves import in_thread
from towerplay.server.protocol import Refusal, web
from towerplay.server.queues import AskBot, JobQueue
from towerplay.server.storage import Conflict, Storage, StorageFailed, StoredTable, token_hash

log = logging.getLogger("towerplay.server")


class Play:
    """The moves at one process's tables."""

    def __init__(self, storage: Storage, queue: JobQueue, memory: Memory,
                 clients: Clients) -> None:
        self.storage = storage
        self.queue = queue
        self.memory = memory
        self.clients = clients
        self.ask_bot: AskBot = queue.defer_bot
        """How a bot's move is asked for."""

    async def create(self, game: str, players: int, options: dict[str, Any],
                     specs: list[str], seed: int | None, *, seated: dict[int, Bot] | None = None,
                     hints: bool = True, owner: str | None = None, chat: str = "all",
                     timed: dict[str, Any] | None = None) -> tuple[LiveTable, dict[int, str]]:
        """A new stored table (giving hints or not; made by address ``owner``; who may
        chat; its clock, :mod:`..clock`; ``seated``: its bots, already made from their
        specs) and each human seat's token (raises TowerplayError, or StorageFailed
        storing nothing); the bot to move first is asked for."""
        state = games.load(game, **options).start(players=players, seed=seed)
        bots = {seat: bot.fresh(derive_seed(state.seed, "bot", seat))
                for seat, bot in (seated or {}).items()}
        table: Table[Any] = Table(state, specs, bots=bots)
        tokens = {seat: new_token() for seat, spec in enumerate(specs) if spec == HUMAN}
        stored = StoredTable(
            id=secrets.token_urlsafe(9), game=game, rules_version=state.game.rules_version,
            options=state.game.options_dict(), seed=state.seed, players=players,
            seats=list(specs), created=datetime.now(UTC), hints=hints,
            bot_queue=moves.due_queue(table), owner=owner, chat=chat,
            token_hashes={seat: token_hash(t) for seat, t in tokens.items()})
        started(stored, table, timed)
        await in_thread(self.storage.tables.create, stored)
        live = self.memory.adopt(stored, table)
        await self.schedule_bot(live)
        return live, tokens

    async def submit(self, live: LiveTable, seat: int | None, text: object,
                     version: object) -> None:
        """A person's move, stored then taken (raises :class:`Refusal`, or
        StorageFailed, changing nothing); then every client hears of it and the bot to
        move, if any, is asked for."""
        async def store(known: int) -> Timing | None:
            assert seat is not None  # (spectators are refused first)
            action = live.table.prepare(seat, text, known, check_legal=False)
            return await moves.store(self.storage, live.id, live.table, action,
                                     clocked=live.timing.timed, text=text)

        await self._entry(live, seat, version, store)

    async def undo(self, live: LiveTable, seat: int | None, version: object) -> None:
        """A person takes back their last action (issue #43), stored as the table's
        next entry then taken, or refused with the reason (:class:`Refusal`: nothing to
        undo, not their action, the next seat has acted, it revealed something; or
        StorageFailed), changing nothing; then every client hears of it."""
        async def store(known: int) -> Timing | None:
            assert seat is not None  # (spectators are refused first)
            if live.table.state.movers[-1:] == [seat] and \
                    len(live.table.state.history) - 1 in live.timing.ran_out():
                raise Refusal("forbidden", web("undo_not_yours"), cause="not_yours")
            return await moves.store_undo(self.storage, live.id, live.table, seat, known,
                                          clocked=live.timing.timed)

        await self._entry(live, seat, version, store)

    async def _entry(self, live: LiveTable, seat: int | None, version: object,
                     store: Callable[[int], Awaitable[Timing | None]]) -> None:
        """Store a person's entry (a move or an undo, at ``version``) by ``store`` under
        the table's lock, then tell every client and ask for the bot due, if any."""
        if seat is None:
            raise Refusal("forbidden", web("spectators"))
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refusal("bad_message", web("version_number"), field="version")
        async with live.lock:
            if version > live.table.version:  # another process stored moves we lack
                await self.memory.catch_up(live)
            try:
                timing = await store(version)
            except MoveRefused as refused:
                raise Refusal.of(refused) from None
            except Conflict:
                await self.memory.catch_up(live)
                raise Refusal("stale", web("stale_version", version=version,
                                           current=live.table.version),
                              version=live.table.version) from None
            except StorageFailed:
                self.clients.tell(live, unavailable_body())  # every client: nothing moved
                raise
            if timing is not None:
                live.timing = timing
        self.memory.touch(live)
        self.clients.changed(live)
        await self.schedule_bot(live)

    async def opened(self, live: LiveTable, seat: int | None) -> None:
        """A page of ``seat`` opened: at its first, the person's clock starts (if it is
        their turn: from now; issue #43). The others hear the clock at once; a failure
        to store it leaves the clock waiting, to start at the person's first move."""
        if seat is None or not live.timing.timed or has_page(live.timing.state, seat):
            return
        try:
            live.timing = await in_thread(self.storage.clocks.step, live.id, Opened(seat))
        except StorageFailed as error:
            log.warning("cannot start the clock of seat %s at table %s (%s)", seat,
                        live.id, error)
            return
        self.clients.resend(live)

    async def moved(self, table_id: str, version: int, entry: str | None = None) -> None:
        """A move was stored elsewhere (a bot's worker, another server): take it (its
        ``entry``, as the notification carried it) or read it in, and tell this
        process's clients."""
        live = self.memory.get(table_id)
        if live is None or live.table.version >= version:
            return
        await self.memory.refresh(live, version, entry)

    async def schedule_bot(self, live: LiveTable) -> None:
        """Ask for the move of the bot due at the table, if one is (a failure is left to
        the workers' sweep, which finds the bot waiting in the database)."""
        lane = moves.due_queue(live.table)
        if lane is None:
            return
        try:
            await self.ask_bot(live.id, lane)
        except Exception as error:
            log.warning("cannot queue the bot of table %s (%s): the sweep will", live.id,
                        error)
