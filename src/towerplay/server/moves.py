"""The one path of every move at a web table, a person's or a bot's: checked and applied
once, on a copy, stored, and only then taken by the table in memory. If storing fails
nothing is taken, so a process's copy of a table never runs ahead of the database; a
:class:`~.storage.Conflict` means another process stored that move first and the copy is
behind. A seat's bot spec is read once, when the seat is seated: the bot's lane and its
thinking come from the bot itself.

The database work runs in threads (:func:`in_thread`), never on the event loop, but a
move's commit where the database commits at once (SQLite: :func:`committed`).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from towerplay import bots
from towerplay.arena.table import HUMAN, UNDO, Table, replayed
from towerplay.bots.base import Bot
from towerplay.core.record import Record
from towerplay.core.rng import derive_seed
from towerplay.server.clock import ClockStep, Moved, Resumed, Timing
from towerplay.server.storage import Busy, NewAction, Storage, StorageFailed, StoredTable

T = TypeVar("T")
log = logging.getLogger("towerplay.server")

BOT_QUEUE = "bots"
"""The job queue of bots that answer within a second (random, greedy, short searches)."""
HEAVY_QUEUE = "bots_heavy"
"""The job queue of bots that think longer: they never hold up the quick ones."""
HEAVY_SECONDS = 1.0
"""A bot expected to think longer than this a move goes to :data:`HEAVY_QUEUE`."""
ITERATIONS_PER_SECOND = 2000
"""A rough search speed, to guess how long an iteration budget takes."""


CHECKPOINT_SECONDS = 1.0
"""How often a server moves SQLite's write-ahead log into the database file (the commits
:func:`committed` makes on the event loop never do)."""


async def in_thread(call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking call (database, replay) in a thread, off the event loop."""
    return await asyncio.to_thread(partial(call, *args, **kwargs))


async def committed(storage: Storage, entry: NewAction,
                    clock: ClockStep | None = None) -> Timing | None:
    """Commit a table's next entry (:meth:`~.storage.ActionStore.add`): on the event loop
    where the database commits at once (SQLite: the hop to a thread and back cost more
    CPU than the commit, and at 200 busy tables the threads' commits queued for the
    database's one writer), else in a thread (PostgreSQL's round trips; SQLite while
    another writer holds it: the loop never waits)."""
    if storage.actions.commits_at_once:
        try:
            return storage.actions.add(entry, clock, wait=False)
        except Busy:
            pass  # (nothing was stored: wait for the other writer in a thread)
    return await in_thread(storage.actions.add, entry, clock)


async def checkpoint_forever(storage: Storage, seconds: float = CHECKPOINT_SECONDS) -> None:
    """Every ``seconds``, move SQLite's write-ahead log into the database file, in a thread
    (a server's task where moves are committed at once: :func:`committed`)."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await in_thread(storage.checkpoint)
        except StorageFailed as error:  # (the next one moves what this one could not)
            log.warning("towerplay: the database's log was not checkpointed: %s", error)


def lane_of(bot: Bot) -> str:
    """The job queue a bot's moves go to, by how long its options let it think.

    >>> from towerplay import bots
    >>> [lane_of(bots.load(spec)) for spec in ("greedy", "ismcts:seconds=0.5",
    ...                                          "ismcts:seconds=3")]
    ['bots', 'bots', 'bots_heavy']
    """
    return HEAVY_QUEUE if expected_seconds(bot) > HEAVY_SECONDS else BOT_QUEUE


def expected_seconds(bot: Bot) -> float:
    """About how long a bot's options let it think a move (0: at once)."""
    seconds = getattr(bot.options, "seconds", None) or 0.0
    iterations = getattr(bot.options, "iterations", None) or 0
    return float(max(seconds, iterations / ITERATIONS_PER_SECOND))


def bot_queue(spec: str) -> str:
    """The job queue of a bot named by its spec (a stand-in, the clock's bot; a seated
    bot's is :func:`due_queue`'s, from the bot itself).

    >>> bot_queue("greedy"), bot_queue("ismcts:seconds=3")
    ('bots', 'bots_heavy')
    """
    return lane_of(bots.load(spec))


def due_queue(table: Table[Any]) -> str | None:
    """The queue of the bot to move at ``table`` (``None``: no bot is to move)."""
    seat = table.bot_to_move()
    return None if seat is None else lane_of(table.bots[seat])


def rebuild(stored: StoredTable) -> Table[Any]:
    """A stored table replayed to its last stored entry (the bots playing for people
    who left their seats in those seats; each seat's spec read once, here)."""
    record = Record(game=stored.game, rules_version=stored.rules_version,
                    options=stored.options, players=stored.players, seed=stored.seed,
                    seats=stored.seats)
    table = Table(record.start(), stored.specs())
    catch_up(table, stored.actions)  # its entries: actions, and undos (issue #43)
    return table


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
    """Apply the entries stored by others (actions and undos, in order) to ``table``;
    how many."""
    for text in texts:
        state = table.state
        if text == UNDO:  # checked by the process that stored it
            table.take_back(replayed(state, len(state.history) - 1))
        else:
            table.advance(state.game.parse_action(state, text))
    return len(texts)


async def store(storage: Storage, table_id: str, table: Table[Any], action: Any, *,
                clocked: bool, ran_out: bool = False, text: object = None) -> Timing | None:
    """Store ``action`` as the table's next one, then let the table take it (raises
    :class:`~.arena.table.IllegalMove` if it is illegal, StorageFailed or Conflict if it
    cannot be stored: nothing changed). The action is checked and applied once, on a
    copy of the table's state (:meth:`~.arena.table.Table.tried`): the game's result (if
    it ended) and the queue of the bot to move next are read from it and stored with the
    action, and the table takes the copy once stored. A ``clocked`` table's clock moves
    on in the same transaction (``ran_out``: the clock's bot moved for a person out of
    time): the clock after it is returned (``None``: not ``clocked``)."""
    state = table.state
    after = table.tried(action, text)
    mover, next_seat = state.to_move, after.to_move
    assert mover is not None  # a legal action was applied
    bot = None if next_seat is None else table.bots.get(next_seat)
    stored = NewAction(table_id, table.version, str(action), mover,
                       Record.from_state(after).result if after.is_over else None,
                       None if bot is None else lane_of(bot))
    step = Moved(len(state.history), stored.mover, next_seat if bot is None else None,
                 ran_out) if clocked else None
    timing = await committed(storage, stored, step)
    table.adopt(after)
    return timing


async def store_undo(storage: Storage, table_id: str, table: Table[Any], seat: int,
                     version: int, *, clocked: bool) -> Timing | None:
    """Store ``seat``'s undo of its last action as the table's next entry, then let the
    table take the position before that action (raises
    :class:`~.arena.table.MoveRefused` where the rules refuse it, StorageFailed or
    Conflict where it cannot be stored: nothing changed). The seat is to move again, a
    ``clocked`` table's clock on it from now."""
    before = table.undoing(seat, version)
    entry = NewAction(table_id, table.version, UNDO, seat)
    timing = await committed(storage, entry, Resumed(seat) if clocked else None)
    table.take_back(before)
    return timing
