"""The tables one process holds in memory, and how current they are.

A table in memory is a cache of the stored one. It is read in when first asked for, and
kept current by the moves this process stores and those it hears of (:mod:`.play`).
Reads never go back: a request that names the version its client knows (``?version=N``)
is answered only once the table here has reached it, read in from the database if this
process is behind; and while this process may have missed announcements (its
``LISTEN`` connection is down, or not yet caught up after a reconnect: :mod:`..bus`),
every request reads the table's new moves from the database before it is answered.

Tables nobody is connected to leave memory once idle for :data:`IDLE_SECONDS`, or
beyond :data:`MAX_IDLE_TABLES` of them, the least recently used first (and a finished one
as soon as its last client leaves): the database has them, and they come back on demand.
"""
from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from towerplay.arena.table import Table
from towerplay.server import moves
from towerplay.server.hub.clients import Clients
from towerplay.server.live import CHAT_KEPT, LiveTable, UnknownTable
from towerplay.server.moves import in_thread
from towerplay.server.storage import Storage, StoredTable

IDLE_SECONDS = 600.0
"""A table nobody is connected to leaves memory after this long without a request."""
MAX_IDLE_TABLES = 2000
"""At most this many tables nobody is connected to stay in memory."""
EVICT_SECONDS = 30.0
"""How often idle tables are looked for."""


class Memory:
    """The live tables of one process, by id (least recently used first)."""

    def __init__(self, storage: Storage, clients: Clients,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.clients = clients
        self.clock = clock
        self.tables: OrderedDict[str, LiveTable] = OrderedDict()
        self.current = True
        """Whether every move stored elsewhere is heard (false while notifications may
        be missed: then each request reads the database)."""

    def get(self, table_id: str) -> LiveTable | None:
        """The table if it is in memory (nothing read)."""
        return self.tables.get(table_id)

    def __len__(self) -> int:
        return len(self.tables)

    async def fetch(self, table_id: str, known: int | None = None) -> LiveTable:
        """The live table, read in (in a thread) if not in memory; brought up to date
        from the database first if its client knows a later version (``known``) or this
        process may have missed moves."""
        live = self.tables.get(table_id)
        if live is None:
            return await self._read_in(table_id)
        self.touch(live)
        behind = known is not None and known > live.table.version
        if (behind or not self.current) and not live.table.is_over:
            await self.refresh(live)
        return live

    async def refresh(self, live: LiveTable, version: int | None = None,
                      entry: str | None = None) -> None:
        """Read in the table's moves stored elsewhere; its clients hear of them. A
        notification's ``version`` and ``entry`` (the move itself): nothing is read if
        the table has that version already, and the entry is taken as it is when it is
        the table's next one and no clock needs reading (the database is not asked)."""
        async with live.lock:
            before = live.table.version
            if version is not None and before >= version:
                return
            if entry is not None and version == before + 1 and not live.timing.timed:
                moves.catch_up(live.table, [entry])
            else:
                await self.catch_up(live)
        if live.table.version != before:
            self.clients.changed(live)

    async def catch_up(self, live: LiveTable) -> None:
        """Apply the moves stored since the table's version (its lock held)."""
        texts = await in_thread(self.storage.actions.since, live.id, live.table.version)
        if texts and live.timing.timed:  # read before the moves: the log needs it
            live.timing = await in_thread(self.storage.clocks.of, live.id)
        moves.catch_up(live.table, texts)

    async def _read_in(self, table_id: str) -> LiveTable:
        stored = await in_thread(self.storage.tables.load, table_id) \
            if len(table_id) <= 40 else None
        if stored is None:
            raise UnknownTable(table_id)
        table = await in_thread(moves.rebuild, stored)
        chat = await in_thread(self.storage.seats.chat_since, table_id, 0, CHAT_KEPT)
        live = self.tables.get(table_id)
        if live is None:
            live = self.adopt(stored, table)
            live.chat_lines = chat
            # a move stored while this table was being read was announced to nobody here
            await self.refresh(live)
        return live

    def adopt(self, stored: StoredTable, table: Table[Any]) -> LiveTable:
        """Hold ``table`` (just made, or read in) as the live table of ``stored``."""
        live = LiveTable(stored.id, table, stored.token_hashes, stored.created,
                         names=dict(stored.names), away=dict(stored.away), chat=stored.chat,
                         rematch=stored.rematch, timing=stored.timing,
                         owner=stored.owner or "unknown")
        self.tables[stored.id] = live
        self.touch(live)
        return live

    def touch(self, live: LiveTable) -> None:
        """The table was asked for now."""
        live.used = self.clock()
        if self.tables.get(live.id) is live:
            self.tables.move_to_end(live.id)

    def release(self, live: LiveTable) -> None:
        """A client left: a finished table nobody watches leaves memory (storage has it)."""
        if live.table.is_over and not live.clients and self.tables.get(live.id) is live:
            del self.tables[live.id]

    def evict(self) -> list[str]:
        """Let the idle tables go (nobody connected, unused for :data:`IDLE_SECONDS`, or
        beyond :data:`MAX_IDLE_TABLES`, the least recently used first): their ids."""
        now = self.clock()
        idle = [live for live in self.tables.values()
                if not live.clients and not live.lock.locked()]
        over = len(idle) - MAX_IDLE_TABLES
        gone = [live.id for index, live in enumerate(idle)
                if index < over or now - live.used >= IDLE_SECONDS]
        for table_id in gone:
            del self.tables[table_id]
        return gone

    async def evict_forever(self) -> None:
        while True:
            await asyncio.sleep(EVICT_SECONDS)
            self.evict()

    def missing(self) -> None:
        """Moves stored elsewhere may go unheard from now on (notifications lost)."""
        self.current = False

    async def resync(self) -> list[LiveTable]:
        """Read in whatever every unfinished table in memory missed (announcements are
        heard again): the tables; requests stop reading the database once done."""
        held = list(self.tables.values())
        for live in held:
            if not live.table.is_over:
                await self.refresh(live)
        self.current = True
        return held
