"""The one path of every move at a web table, a person's or a bot's: checked, stored, and
only then applied in memory. If storing fails nothing is applied, so a process's copy of a
table never runs ahead of the database; a :class:`~.storage.Conflict` means another process
stored that move first and the copy is behind.

The database work runs in threads (:func:`in_thread`), never on the event loop.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from towerplay import bots
from towerplay.arena.table import HUMAN, Table
from towerplay.core.record import Record
from towerplay.core.rng import derive_seed
from towerplay.server.storage import Storage, StoredTable

T = TypeVar("T")

BOT_QUEUE = "bots"
"""The job queue of bots that answer within a second (random, greedy, short searches)."""
HEAVY_QUEUE = "bots_heavy"
"""The job queue of bots that think longer: they never hold up the quick ones."""
HEAVY_SECONDS = 1.0
"""A bot expected to think longer than this a move goes to :data:`HEAVY_QUEUE`."""
ITERATIONS_PER_SECOND = 2000
"""A rough search speed, to guess how long an iteration budget takes."""


async def in_thread(call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking call (database, replay) in a thread, off the event loop."""
    return await asyncio.to_thread(partial(call, *args, **kwargs))


def bot_queue(spec: str) -> str:
    """The job queue a bot's moves go to, by how long its spec lets it think.

    >>> bot_queue("greedy"), bot_queue("ismcts:seconds=0.5"), bot_queue("ismcts:seconds=3")
    ('bots', 'bots', 'bots_heavy')
    """
    options = bots.load(spec).options
    seconds = getattr(options, "seconds", None) or 0.0
    iterations = getattr(options, "iterations", None) or 0
    expected = max(seconds, iterations / ITERATIONS_PER_SECOND)
    return HEAVY_QUEUE if expected > HEAVY_SECONDS else BOT_QUEUE


def due_queue(table: Table[Any]) -> str | None:
    """The queue of the bot to move at ``table`` (``None``: no bot is to move)."""
    seat = table.bot_to_move()
    return None if seat is None else bot_queue(table.seats[seat])


def rebuild(stored: StoredTable) -> Table[Any]:
    """A stored table replayed to its last stored action (the bots playing for people
    who left their seats in those seats)."""
    record = Record(game=stored.game, rules_version=stored.rules_version,
                    options=stored.options, players=stored.players, seed=stored.seed,
                    actions=stored.actions, seats=stored.seats)
    return Table(record.replay(), stored.specs())


def use_seats(table: Table[Any], specs: list[str]) -> None:
    """Seat ``specs`` at ``table``: a person who left is played by a bot, one who came
    back plays again (the bots of the others are kept)."""
    for seat, spec in enumerate(specs):
        if table.seats[seat] == spec:
            continue
        table.seats[seat] = spec  # type: ignore[index]
        if spec == HUMAN:
            table.bots.pop(seat, None)
        else:
            table.bots[seat] = bots.load(spec, seed=derive_seed(table.state.seed, "bot",
                                                                 seat))


def catch_up(table: Table[Any], texts: list[str]) -> int:
    """Apply actions stored by others (in order) to ``table``; how many."""
    state = table.state
    for text in texts:
        table.advance(state.game.parse_action(state, text))
    return len(texts)


async def store(storage: Storage, table_id: str, table: Table[Any], action: Any,
                ran_out: bool = False) -> dict[str, Any] | None:
    """Store ``action`` as the table's next one (raises StorageFailed or Conflict, changing
    nothing), then apply it to ``table``. The result (if the move ends the game) and the
    queue of the bot to move next are worked out on a copy first, stored with it; a
    clocked table's clock moves on with it (``ran_out``: the clock's bot moved for a
    person out of time), and is returned (``None``: no clock)."""
    after = table.state.copy()
    after.apply(action)
    index = len(table.state.history)
    result = Record.from_state(after).result if after.is_over else None
    next_seat = None if after.is_over else after.to_move
    queue = None if next_seat is None or table.seats[next_seat] == HUMAN \
        else bot_queue(table.seats[next_seat])
    person = next_seat if next_seat is not None and queue is None else None
    told = await in_thread(storage.add_action, table_id, index, str(action),
                           table.state.to_move, result, queue, person, ran_out)
    table.advance(action)
    return told
