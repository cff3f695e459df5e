"""Moves fan out to every server process through PostgreSQL's LISTEN/NOTIFY: each stored
action notifies :data:`~.storage.CHANNEL` in its own transaction (:mod:`.storage`), and
every ``towerplay serve`` listens here and reads the move in (:meth:`.hub.play.Play.moved`).
Names and chat lines notify :data:`~.storage.SOCIAL_CHANNEL` the same way
(:meth:`.hub.seating.Seating.changed`).

From the moment the connection is lost until it listens again and every table in memory
has been read in afresh (notifications sent meanwhile are gone), the process's tables are
not current (:meth:`.hub.memory.Memory.missing`): every request reads the database first,
so no client is answered with a version older than the database's.
"""
from __future__ import annotations

import asyncio
import logging

import psycopg

from towerplay.server.hub import Hub
from towerplay.server.storage import CHANNEL, SOCIAL_CHANNEL

log = logging.getLogger("towerplay.server")

RECONNECT_SECONDS = 1.0
"""The wait before listening again after the connection dropped."""


async def listen(url: str, hub: Hub) -> None:
    """Hear every stored action until cancelled, reconnecting as needed."""
    conninfo = "postgresql://" + url.split("://", 1)[1]
    while True:
        hub.memory.missing()
        try:
            async with await psycopg.AsyncConnection.connect(conninfo,
                                                             autocommit=True) as db:
                await db.execute(f"LISTEN {CHANNEL}")
                await db.execute(f"LISTEN {SOCIAL_CHANNEL}")
                await hub.resync()  # whatever was stored while nobody listened
                async for note in db.notifies():
                    table_id, _, rest = note.payload.partition(" ")
                    if hub.memory.get(table_id) is None:  # others' tables: not read here
                        continue
                    if note.channel == SOCIAL_CHANNEL:  # a name or a chat line
                        hub.spawn(hub.seating.changed(table_id))
                    else:  # "VERSION ENTRY": the move itself, mostly (not read again)
                        version, _, entry = rest.partition(" ")
                        hub.spawn(hub.play.moved(table_id, int(version), entry or None))
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("listening for moves failed (%s); listening again", error)
            await asyncio.sleep(RECONNECT_SECONDS)
