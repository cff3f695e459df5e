"""The hub: the live tables of one server process, by concern —

- :class:`~.memory.Memory`: which tables are in memory and how current they are (read in
  on demand, brought up to the version a client knows, idle ones let go);
- :class:`~.play.Play`: new tables, people's moves, moves stored elsewhere, bots asked for;
- :class:`~.seating.Seating`: the people (names, chat, stand-ins, "play again");
- :class:`~.clients.Clients`: the connections and what each hears.

Database work and board drawing run in threads, never on the event loop.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from towerplay.server.hub.clients import Clients
from towerplay.server.hub.memory import Memory
from towerplay.server.hub.play import Play
from towerplay.server.hub.seating import Seating
from towerplay.server.live import UnknownTable
from towerplay.server.queues import JobQueue
from towerplay.server.storage import Storage


class Hub:
    """The live tables of one server process and their parts."""

    def __init__(self, storage: Storage, queue: JobQueue) -> None:
        self.storage = storage
        self.queue = queue
        self.clients = Clients()
        self.memory = Memory(storage, self.clients)
        self.play = Play(storage, queue, self.memory, self.clients)
        self.seating = Seating(storage, self.memory, self.clients, self.play)
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` as a task of this hub (cancelled when it closes)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def resync(self) -> None:
        """Read in whatever every table in memory missed (after lost announcements)."""
        for live in await self.memory.resync():
            await self.seating.changed(live.id)

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for live in self.memory.tables.values():
            self.clients.close(live)


__all__ = ["Clients", "Hub", "Memory", "Play", "Seating", "UnknownTable"]
