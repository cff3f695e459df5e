"""What the server asks of its database, part by part: the :class:`Storage` interface.

A table's state is its record: game, options, seats, seed and the accepted actions
(:class:`ActionStore`). Every accepted action is committed before anything is broadcast,
and a second action at the same index is refused (:class:`Conflict`), so any number of
processes may store moves and none is stored twice. Every method raises
:class:`StorageFailed` when the database cannot do what it asks, having changed nothing.

The parts: :class:`TableStore` (tables and their settings), :class:`ActionStore`,
:class:`SeatStore` (the people at a table: tokens, names, stand-ins, chat),
:class:`ClockStore` (the clocks' deadlines), :class:`LimitStore` (what each address did
lately), :class:`JobStore` (the work due: bots' moves, hints, reviews) and
:class:`UploadStore` (record files). :mod:`.sql` implements them on SQLAlchemy.
"""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from towerplay.server.clock import UNTIMED, ClockStep, Timing

CHANNEL = "towerplay_tables"
"""The PostgreSQL notification channel of stored actions: payload ``"<table id> <version>
<entry>"`` (the entry: the action's text, or the undo; left out if over
:data:`NOTE_TEXT_MAX` characters, so a listener reads it from the database)."""
NOTE_TEXT_MAX = 2000
"""The longest entry a notification carries (PostgreSQL's payloads end at 8,000 bytes)."""


def move_note(table_id: str, version: int, text: str) -> str:
    """The payload of :data:`CHANNEL` for the entry that made ``version``.

    >>> move_note("t1", 4, "bid 2"), move_note("t1", 4, "x" * 3000)
    ('t1 4 bid 2', 't1 4')
    """
    return f"{table_id} {version} {text}" if len(text) <= NOTE_TEXT_MAX \
        else f"{table_id} {version}"
SOCIAL_CHANNEL = "towerplay_social"
"""The channel of a table's people changing (a name, a chat line): payload ``"<table id>"``."""
CHAT_SETTINGS = ("all", "seats", "off")
"""Who may chat at a table: seats and spectators, the seats alone, nobody."""


class StorageFailed(RuntimeError):
    """The database could not do what was asked (down, disk full, ...): nothing changed."""


class Conflict(StorageFailed):
    """Another process stored this table's action first (the caller's copy is behind)."""


class Busy(StorageFailed):
    """Another writer holds the database, and the commit was asked not to wait for it
    (:meth:`ActionStore.add`'s ``wait=False``): nothing was stored."""


def token_hash(token: str) -> str:
    """The stored form of a seat token (tokens themselves are never stored).

    >>> token_hash("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seated(seats: Sequence[str], away: Mapping[int, str]) -> list[str]:
    """Each seat's player now: its spec, or the bot playing for a person who left.

    >>> seated(["human", "greedy"], {0: "random"})
    ['random', 'greedy']
    """
    return [away.get(seat, spec) for seat, spec in enumerate(seats)]


@dataclass
class StoredTable:
    """One table as stored: what replaying it needs, and its seats' token hashes."""

    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    players: int
    seats: list[str]
    created: datetime
    finished: datetime | None = None
    result: dict[str, Any] | None = None
    hints: bool = True
    version: int = 0
    bot_queue: str | None = None
    owner: str | None = None
    chat: str = "all"
    rematch: str | None = None
    timing: Timing = UNTIMED
    """The table's clock (:mod:`..clock`)."""
    token_hashes: dict[int, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    away: dict[int, str] = field(default_factory=dict)
    """The bot playing for each person who left their seat (issue #30)."""
    actions: list[str] = field(default_factory=list)

    def specs(self) -> list[str]:
        """Each seat's player now: its spec, or the bot playing for a person who left."""
        return seated(self.seats, self.away)


@dataclass
class People:
    """A table's people as stored: names, the bots standing in for people who left,
    the seats' token hashes, and the table of "play again" (issue #30)."""

    names: dict[int, str]
    away: dict[int, str]
    token_hashes: dict[int, str]
    rematch: str | None


@dataclass(frozen=True)
class NewAction:
    """An accepted action to store: the table's action ``index`` (its version before),
    with what follows from it: the game's result if it ended the game, the job queue of
    the bot to move next if one is (``None``: a person, or nobody)."""

    table_id: str
    index: int
    text: str
    mover: int
    result: dict[str, Any] | None = None
    bot_queue: str | None = None


class TableStore(Protocol):
    """Tables: created, read, listed; their settings."""

    def create(self, table: StoredTable) -> None:
        """Store a new table with its seats' token hashes (one transaction)."""

    def load(self, table_id: str) -> StoredTable | None:
        """A table with its actions and people (``None``: no such table)."""

    def listing(self, finished: bool | None, limit: int = 100) -> list[StoredTable]:
        """The newest tables (``finished``: only ended ones, or only running ones)."""

    def unfinished_ids(self) -> list[str]:
        """The ids of the tables whose game has not ended, oldest first."""

    def hints(self, table_id: str) -> bool | None:
        """Whether a table gives hints (``None``: no such table)."""

    def set_hints(self, table_id: str, allowed: bool) -> None:
        """Turn a table's hints on or off."""

    def create_rematch(self, old_id: str, new: StoredTable) -> str:
        """Store ``new`` as the rematch of a finished table unless it has one already:
        the rematch's id (the one stored first, whichever process made it)."""


class ActionStore(Protocol):
    """The accepted actions of every table, in order."""

    commits_at_once: bool
    """Whether a commit takes less than a hop to a thread and back (SQLite: a file on this
    machine, not synced at each commit in WAL mode), so that a server commits its moves on
    its event loop (``add(..., wait=False)``); PostgreSQL's round trips go to a thread."""

    def add(self, action: NewAction, clock: ClockStep | None = None, *,
            wait: bool = True) -> Timing | None:
        """Commit ``action`` (the table's version moves on, its result is kept if the game
        ended, every process is told) and, for a clocked table, ``clock``'s change in the
        same transaction: the clock after it (``None``: no ``clock`` given). A second
        action at the same index raises :class:`Conflict`. With ``wait=False`` (only where
        :attr:`commits_at_once`) it never waits on the database: another writer holding
        it raises :class:`Busy`, and it never moves the write-ahead log into the
        database (:meth:`Storage.checkpoint` does)."""

    def since(self, table_id: str, start: int) -> list[str]:
        """The texts of a table's actions from index ``start`` on, in order."""

    def news(self, table_id: str, start: int) -> tuple[list[str], list[str] | None]:
        """What a process holding a table at version ``start`` reads to catch up, in one
        go: :meth:`since` and each seat's player now (:meth:`SeatStore.specs`; ``None``:
        no such table)."""


class SeatStore(Protocol):
    """The people at a table: their names, the bots standing in for them, their chat."""

    def people(self, table_id: str) -> People:
        """A table's people now: names, stand-ins, token hashes, its rematch."""

    def specs(self, table_id: str) -> list[str] | None:
        """Each seat's player now (:meth:`StoredTable.specs`; ``None``: no such table)."""

    def set_name(self, table_id: str, seat: int, name: str) -> bool:
        """Name a person's seat unless it has moved already (``False``: nothing changed)."""

    def claim_seat(self, table_id: str, seat: int, digest: str, name: str | None) -> None:
        """Give a seat a person: their token (hash, the old one no longer opens it) and
        name (``None``: unnamed); no bot plays it for anyone any more."""

    def set_away(self, table_id: str, seat: int, bot: str | None, version: int,
                 queue: str | None, clock: ClockStep | None = None) -> bool:
        """Hand a person's seat to ``bot`` (``None``: the person takes it back); with
        ``queue``, the bot is due to move at ``version``; ``clock``: the table's clock
        changes with it (unless the table moved on). ``False``: no person's seat."""

    def add_chat(self, table_id: str, seat: int | None, name: str | None, text: str) -> int:
        """Store a chat line as the table's next one: its index."""

    def chat_since(self, table_id: str, start: int, limit: int = 1000) -> list[dict[str, Any]]:
        """A table's chat lines from index ``start`` on (at most ``limit``, the newest),
        oldest first: ``{"index", "seat", "name", "text", "at"}``."""


class ClockStore(Protocol):
    """The clocks of the tables, as the clock watch reads them."""

    def of(self, table_id: str) -> Timing:
        """A table's clock as stored (:data:`~..clock.UNTIMED`: none, or no table)."""

    def due(self, limit: int = 1000) -> list[tuple[str, str]]:
        """(table id, clock's bot) of the unfinished tables whose person to move ran out
        of time (no bot waiting there), the longest out first."""

    def next_deadline(self) -> datetime | None:
        """The earliest deadline still ahead of a person to move at an unfinished table."""

    def step(self, table_id: str, clock: ClockStep, now: datetime | None = None) -> Timing:
        """Apply ``clock``'s change (at ``now``, default the present) to an unfinished
        table's clock on its own (a person's first page): the clock after it."""

    def ran_out(self, table_id: str, version: int) -> str | None:
        """The clock's bot, if the person to move at ``version`` ran out of time."""


class LimitStore(Protocol):
    """What each address did lately: the limits every process counts alike."""

    def take(self, key: str, count: int, seconds: float) -> bool:
        """Count one event for ``key`` if it had fewer than ``count`` in the last
        ``seconds`` (``False``: over the limit, nothing counted)."""

    def tables_since(self, owner: str, seconds: float) -> int:
        """How many tables ``owner`` (an address) created in the last ``seconds``."""

    def bot_tables(self, owner: str) -> int:
        """How many unfinished bots-only tables ``owner`` (an address) created."""


class JobStore(Protocol):
    """The work due, as the database knows it: bots to move, hints, reviews. A queue's
    job only asks for it; a lost job loses nothing, the sweep finds the work here."""

    def due_bots(self, idle_seconds: float = 0.0, limit: int = 1000) -> list[tuple[str, str]]:
        """(table id, queue) of the unfinished tables waiting on a bot for at least
        ``idle_seconds``, longest waiting first."""

    def clear_bot_queue(self, table_id: str, version: int) -> None:
        """No bot is to move at ``version`` (unless the table moved on meanwhile)."""

    def add_hint_request(self, request_id: str, table_id: str, version: int, seat: int,
                         address: str, busy_seconds: float, per_minute: int) -> str | None:
        """Record a hint request, unless one of the table is being worked out or
        ``address`` asked ``per_minute`` already: then why not (``"busy"``, ``"rate"``)."""

    def hint_request(self, request_id: str) -> dict[str, Any] | None:
        """A hint request's row as a dict (``None``: no such request)."""

    def pending_hints(self, younger_than: float) -> list[str]:
        """The ids of the hint requests not yet answered, made in the last
        ``younger_than`` seconds, oldest first."""

    def finish_hint(self, request_id: str, result: dict[str, Any] | None) -> None:
        """Store a hint's answer (``None``: it could not be worked out)."""

    def request_review(self, table_id: str, address: str, per_address: int) -> str:
        """Queue a finished table's review: ``"queued"``, ``"running"``/``"done"`` (one
        exists), or ``"rate"`` (``address`` has ``per_address`` waiting)."""

    def review(self, table_id: str) -> tuple[str, dict[str, Any] | None, int]:
        """A table's review: its state, the review once done, how many wait before it."""

    def queued_reviews(self) -> list[str]:
        """The tables whose review is queued or was running, oldest request first."""

    def set_review(self, table_id: str, state: str,
                   review: dict[str, Any] | None = None) -> None:
        """Move a review on: ``running``, ``done`` (with the review) or ``failed``."""


class UploadStore(Protocol):
    """Uploaded record files (the replay page's), named by a hash of their text."""

    def add(self, upload_id: str, record_text: str) -> None:
        """Keep an uploaded record's text (the same id twice is kept once)."""

    def get(self, upload_id: str) -> str | None:
        """An uploaded record's text (``None``: no such upload)."""


class Storage(Protocol):
    """The server's database, part by part."""

    url: str
    tables: TableStore
    actions: ActionStore
    seats: SeatStore
    clocks: ClockStore
    limits: LimitStore
    jobs: JobStore
    uploads: UploadStore

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""

    def checkpoint(self) -> tuple[int, int]:
        """Move what SQLite's write-ahead log holds into the database file, without
        waiting on readers or writers (the commits made at once never do it): how many
        pages the log held, and how many of them are in the file now (PostgreSQL: none)."""

    def close(self) -> None:
        """Let go of the database's connections."""
