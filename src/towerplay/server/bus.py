"""Moves fan out to every server process through PostgreSQL's LISTEN/NOTIFY: each stored
action notifies :data:`~.storage.CHANNEL` in its own transaction (:mod:`.storage`), and
every ``towerplay serve`` listens here and reads the move in (:meth:`.live.Hub.moved`).
Names and chat lines notify :data:`~.storage.SOCIAL_CHANNEL` the same way
(:meth:`.live.Hub.people_changed`).

A lost connection (PostgreSQL restarted) is opened again; then every table in memory
is read in afresh, since notifications sent meanwhile are gone.
"""
from __future__ import annotations

import asyncio
import logging

import psycopg

from towerplay.server.live import Hub
from towerplay.server.storage import CHANNEL, SOCIAL_CHANNEL

log = logging.getLogger("towerplay.server")

RECONNECT_SECONDS = 1.0
"""The wait before listening again after the connection dropped."""


async def listen(url: str, hub: Hub) -> None:
    """Hear every stored action until cancelled, reconnecting as needed."""
    conninfo = "postgresql://" + url.split("://", 1)[1]
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo,
                                                             autocommit=True) as db:
                await db.execute(f"LISTEN {CHANNEL}")
                await db.execute(f"LISTEN {SOCIAL_CHANNEL}")
                await hub.resync()  # whatever was stored while nobody listened
                async for note in db.notifies():
                    table_id, _, version = note.payload.partition(" ")
                    if table_id not in hub.tables:  # the others' tables are not read here
                        continue
                    if note.channel == SOCIAL_CHANNEL:  # a name or a chat line
                        hub.spawn(hub.people_changed(table_id))
                    else:
                        hub.spawn(hub.moved(table_id, int(version)))
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("listening for moves failed (%s); listening again", error)
            await asyncio.sleep(RECONNECT_SECONDS)
