"""A live table: the kernel's :class:`~towerplay.arena.table.Table` in memory with its
connected clients (:class:`Client`), and what each of them is sent: the seat's view in its
language with the board drawn, made once per version, seat and language, and the log
events worded per client. The tables in memory and what happens at them are the hub's
(:mod:`.hub`).

The database holds the truth of every table (:mod:`.storage`); a table in memory is a cache
that follows the stored version. A move's boards are drawn on the event loop when they
are few (:data:`INLINE_VIEWS`), else in a thread.
"""
from __future__ import annotations

import asyncio
import hmac
import html
import importlib
import json
import logging
import secrets
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

import orjson

from towerplay.arena.table import HUMAN, Table
from towerplay.core.events import Event, Seat
from towerplay.core.record import whole
from towerplay.core.views import View
from towerplay.i18n import bot_name, translator
from towerplay.server import clock
from towerplay.server.clock import UNTIMED, Timing
from towerplay.server.moves import in_thread
from towerplay.server.patches import Cut, patch
from towerplay.server.protocol import Refusal, encoded, error_body, web
from towerplay.server.storage import StoredTable, token_hash
from towerplay.server.words import action_labels, localized

log = logging.getLogger("towerplay.server")
T = TypeVar("T")

CONNECT_EVENTS = 40
"""On connecting, a seat hears at most this many of the moves since its last own move."""
CHAT_KEPT = 100
"""A table in memory keeps its newest chat lines, sent to each client that connects."""
INLINE_VIEWS = 2
"""A batch of at most this many views is drawn on the event loop: a board takes 0.2 to 1.5
ms to draw, and the hop to a thread and back cost about as much as drawing a small one (a
tenth of the CPU of a move's messages); a bigger batch (many seats, languages) goes to a
thread so that the loop is never held long."""
BOARDS_KEPT = 16
"""A table in memory keeps this many boards encoded (:meth:`LiveTable.board_json`)."""


BOARDS = "towerplay.server.boards"
"""The front end's board drawing (:func:`draw_board`)."""


class UnknownTable(LookupError):
    """No table has this id."""


def draw_board(view: Mapping[str, Any], lang: str = "en") -> str:
    """The board of a view in ``lang``: the front end's
    :func:`towerplay.server.boards.draw`, or the view as escaped text while that module
    is missing."""
    try:  # (from sys.modules once imported: this runs for every board)
        boards = sys.modules.get(BOARDS) or importlib.import_module(BOARDS)
    except ModuleNotFoundError as error:
        if error.name != BOARDS:
            raise
        return f"<pre>{html.escape(json.dumps(view, indent=1))}</pre>"
    return str(boards.draw(view, lang))


def json_view(view: View) -> View:
    """The view with whole scores as ints (``6``, not ``6.0``)."""
    if "scores" in view:
        view["scores"] = [whole(score) for score in view["scores"]]
    return view


@dataclass(eq=False)
class Client:
    """One websocket connection: its seat and its outgoing messages, in order."""

    seat: int | None
    lang: str = "en"
    sent_version: int | None = None
    address: str = "unknown"
    name: str | None = None
    """A spectator's name (a seat's is the table's)."""
    people: bool = False
    """Whether it hears the people and chat messages (it asked: ``?people=1``)."""
    patches: bool = False
    """Whether it takes each board after its first as a patch (it asked: ``?patch=1``)."""
    board: Cut | None = None
    """The board it was sent last (what its next patch changes)."""
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class LiveTable:
    """A table being played (or over), with its clients."""

    id: str
    table: Table[Any]
    token_hashes: dict[int, str]
    created: datetime
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while the table's next move is stored or others' moves are read in."""
    cache: dict[tuple[int | None, str], tuple[Drawn, asyncio.Future[Rendered]]] \
        = field(default_factory=dict)
    """The view messages made, by seat and language: the version, names and seats left
    to bots they were made at, and the messages of that batch (:func:`render_all`)."""
    earlier: dict[tuple[int | None, str], tuple[Drawn, asyncio.Future[Rendered]]] \
        = field(default_factory=dict)
    """The messages each seat and language had at an earlier version, for a page that
    opens afresh: it marks what changed since (the last move) as a page that stayed does."""
    names: dict[int, str] = field(default_factory=dict)
    away: dict[int, str] = field(default_factory=dict)
    """The bot playing for each person who left their seat."""
    chat: str = "all"
    rematch: str | None = None
    """The table of "play again", once someone asked for it."""
    chat_lines: list[dict[str, Any]] = field(default_factory=list)
    """The newest chat lines (at most :data:`CHAT_KEPT`), oldest first."""
    people_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while the table's names and chat are read in."""
    timing: Timing = UNTIMED
    """The table's clock as stored (:mod:`.clock`)."""
    owner: str = "unknown"
    """The address that made it (whose share of the thinking its bots use)."""
    used: float = 0.0
    """When it was last asked for (the hub's clock): idle tables leave memory."""
    boards: dict[tuple[Cut | None, Cut], str] = field(default_factory=dict)
    """The newest boards as JSON, whole (by ``(None, board)``) or as a patch (by ``(old
    board, board)``): each is encoded once for all the clients that get it."""

    @property
    def specs(self) -> list[str]:
        return list(self.table.seats)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (``None``: no token, a spectator); a wrong token is
        refused as ``forbidden``."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                return seat
        raise Refusal("forbidden", web("token_no_seat"))

    async def snapshot(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """The seat's view message without events (made once per version; read back
        from its text, as only the text is kept: :data:`Message`)."""
        text, cut = await self._rendered(seat, lang)
        message: dict[str, Any] = orjson.loads(f"{text}}}")
        message["board"] = cut.board
        return message

    async def _rendered(self, seat: int | None, lang: str) -> Message:
        """The seat's view message in ``lang``, its JSON text less the closing brace
        (the events are added per client) and its board cut for patches. Made once per
        version for each seat and language (spectators share one), the boards drawn in a
        batch: those of every connected client's seat and language at once (on the loop or
        with one hop to a thread: :data:`INLINE_VIEWS`)."""
        drawn = (self.table.version, tuple(self.name_list()), tuple(sorted(self.away)))
        cached = self.cache.get((seat, lang))
        if cached is None or cached[0] != drawn:
            wanted = {(seat, lang), *((client.seat, client.lang) for client in self.clients)}
            stale = [key for key in wanted
                     if key not in self.cache or self.cache[key][0] != drawn]
            # read now: the table moves on; the log goes out as events, worded per client
            views = {key: self._view(key[0], drawn[1]) for key in stale}
            job = asyncio.ensure_future(in_thread(render_all, self.id, drawn[0], views)) \
                if len(views) > INLINE_VIEWS else done(render_all, self.id, drawn[0], views)
            for key in stale:
                if key in self.cache and self.cache[key][0][0] != drawn[0]:
                    self.earlier[key] = self.cache[key]
                self.cache[key] = (drawn, job)
            cached = self.cache[(seat, lang)]
        return (await asyncio.shield(cached[1]))[(seat, lang)]

    def board_json(self, client: Client, board: Cut) -> str:
        """The board field of ``client``'s next view message: the board whole, or for a
        client that takes patches and has a board, what changed since that one."""
        old = client.board if client.patches else None
        key = (old, board)
        text = self.boards.get(key)
        if text is None:
            text = (f'"board":{encoded(board.board)}' if old is None
                    else f'"board_patch":{encoded(patch(old, board))}')
            if len(self.boards) >= BOARDS_KEPT:
                self.boards.clear()
            self.boards[key] = text
        return text

    def _view(self, seat: int | None, names: tuple[str | None, ...]) -> View:
        view = json_view(self.table.view(seat, log=False))
        if seat in self.away:  # a bot plays this seat: its person has no moves to make
            view["legal"] = []
        if any(names):  # the board names the seats as their people chose
            view["names"] = list(names)
        return view

    def events(self, seat: int | None, since: int | None,
               lang: str = "en") -> list[dict[str, Any]]:
        """The log lines ``seat`` may see since version ``since`` (``None``: the moves
        since its last own move, for a fresh connection), worded in ``lang``: each undo
        since then (``"undo": true``), then the moves that stand after the earliest."""
        table = self.table
        state = table.state
        end = len(state.history)
        words = translator(state.game.name, lang)
        out: list[dict[str, Any]] = []
        if since is None:
            own = [i for i, mover in enumerate(state.movers) if mover == seat]
            since = max(own[-1] + 1 if own else 0, end - CONNECT_EVENTS)
        else:
            undone = [(entry, mover) for entry, mover in table.undos if entry >= since]
            out = [{"index": table.played_at(entry) - 1, "mover": mover, "undo": True,
                    "line": words.event(Event.of("core.table.undone", seat=Seat(mover)))}
                   for entry, mover in undone]
            since = min([table.played_at(since),
                         *(table.played_at(entry) - 1 for entry, _ in undone)])
        ran_out = self.timing.ran_out()
        bot = self.timing.bot
        for index in range(since, end):
            line = words.logged(state, index, seat)
            if index in ran_out:  # the clock's bot moved for a person out of time
                note = words("clock.ran_out", bot=bot_name(str(bot), lang))
                out.append({"index": index, "mover": state.movers[index],
                            "line": f"{note}: {line}" if line else note, "clock": bot})
            elif line is not None:
                out.append({"index": index, "mover": state.movers[index], "line": line})
        return out

    def clock_body(self) -> dict[str, Any] | None:
        """The clock every client may see (``None``: the table has none)."""
        return self.timing.public()

    async def message(self, client: Client) -> str:
        """The client's next view message as JSON text; it then counts as sent."""
        version = self.table.version
        events = self.events(client.seat, client.sent_version, client.lang)
        text, cut = await self._rendered(client.seat, client.lang)
        if self.table.version != version:  # moved on while drawing: send the newer one
            return await self.message(client)
        before = await self.board_before(client) if client.sent_version is None else None
        board = self.board_json(client, cut)
        client.sent_version, client.board = version, cut
        return (f'{text},{board},"clock":{encoded(self.clock_body())},'
                f'"events":{encoded(events)},'
                f'"renamable":{encoded(self.renamable(client.seat))},'
                f'"undo":{encoded(self.may_undo(client.seat))},"before":{encoded(before)}}}')

    async def board_before(self, client: Client) -> str | None:
        """The board this client's seat was last drawn at an earlier version (in this
        process), for its first message: the page draws it first, then the board of now,
        so that what changed is marked (``None``: none kept)."""
        kept = self.earlier.get((client.seat, client.lang))
        if kept is None:
            return None
        return (await asyncio.shield(kept[1]))[(client.seat, client.lang)][1].board

    def may_undo(self, seat: int | None) -> bool:
        """Whether the page offers ``seat`` its undo: its person made the last action
        (not the clock's bot for them: :meth:`.hub.play.Play.undo` refuses that) and the
        game goes on (whether the rules allow it the undo itself says)."""
        state = self.table.state
        return seat is not None and not state.is_over and state.movers[-1:] == [seat] \
            and self.table.seats[seat] == HUMAN and seat not in self.away \
            and len(state.history) - 1 not in self.timing.ran_out()

    def renamable(self, seat: int | None) -> bool:
        """Whether ``seat``'s person may still name it: a seat (never a spectator) that
        has not moved, at a table not over (as :meth:`..storage.Seats.set_name` allows)."""
        state = self.table.state
        return seat is not None and not state.is_over and seat not in state.movers

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table (no seed, no tokens)."""
        state = self.table.state
        return {"table": self.id, "game": state.game.name, "players": state.players,
                "seats": [{"seat": s, "kind": "human" if spec == HUMAN else "bot",
                           **({} if spec == HUMAN else {"spec": spec})}
                          for s, spec in enumerate(self.specs)],
                "version": self.table.version, "over": self.table.is_over,
                "created": self.created.isoformat(), "names": self.name_list(),
                "away": [self.away.get(seat) for seat in range(len(self.specs))],
                "chat": self.chat, "rematch": self.rematch, "clock": self.clock_body()}

    def name_list(self) -> list[str | None]:
        """Each seat's name (``None``: a bot, or a person not yet named)."""
        return [self.names.get(seat) for seat in range(len(self.specs))]

    def people(self) -> dict[str, Any]:
        """The people message: the seats' names, the bots playing for people who left
        their seats, and who may chat (no token)."""
        return {"type": "people", "table": self.id, "names": self.name_list(),
                "away": [self.away.get(seat) for seat in range(len(self.specs))],
                "chat": self.chat, "rematch": self.rematch}

    def presence(self) -> dict[str, Any]:
        """The presence message: which seats have a page open (connected to this process),
        how many spectators watch and the names of those who gave one (for the chat),
        in alphabetical order."""
        watchers = [client for client in self.clients if client.seat is None]
        return {"type": "presence", "table": self.id, "present": self.present(),
                "watching": len(watchers),
                "watchers": sorted({client.name for client in watchers if client.name})}

    def present(self) -> list[bool]:
        """Whether each seat has a page open (connected to this process)."""
        seats = {client.seat for client in self.clients}
        return [seat in seats for seat in range(len(self.specs))]


def started(stored: StoredTable, table: Table[Any], timed: dict[str, Any] | None) -> None:
    """Start a new table's clock (``timed``: its settings; ``None``: no clock): the
    person to move first, if a person is, is on it from now."""
    first = table.state.to_move
    person = first if first is not None and table.bot_to_move() is None else None
    stored.timing = clock.start(timed, stored.players, person, stored.created)


def visible_chat(live: LiveTable, seat: int | None,
                 lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chat lines ``seat`` may read (``None``: a spectator): none at a table whose chat
    is the seats' alone."""
    return lines if seat is not None or live.chat == "all" else []


Message = tuple[str, Cut]
"""A view message: its JSON text less the board and the closing brace, and its board cut
(for patches). Not its objects: a table keeps two versions of each seat's messages, and
the collector would walk their hundreds of lists at every collection (at 200 busy tables
its youngest generation was mostly these, 20-40 thousand objects a collection, 15-35 ms)."""
Rendered = dict[tuple[int | None, str], Message]
"""View messages by seat and language."""
Drawn = tuple[int, tuple[str | None, ...], tuple[int, ...]]
"""What a view message is made at: the version, the seats' names, the seats left to bots."""


def done(call: Callable[..., T], *args: Any) -> asyncio.Future[T]:
    """A future that holds what ``call(*args)`` returns or raises, called now."""
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    try:
        future.set_result(call(*args))
    except Exception as error:  # (raised where it is awaited, as from a thread)
        future.set_exception(error)
    return future


def render_all(table_id: str, version: int,
               views: dict[tuple[int | None, str], View]) -> Rendered:
    """The view messages of ``views`` (by seat and language; on the loop or in a thread:
    :data:`INLINE_VIEWS`)."""
    return {(seat, lang): render(table_id, version, seat, view, lang)
            for (seat, lang), view in views.items()}


def render(table_id: str, version: int, seat: int | None, view: View,
           lang: str) -> Message:
    """A view message (:data:`Message`; the board goes to each client whole or as a
    patch: :meth:`LiveTable.board_json`)."""
    worded = localized(view, lang)
    message = {"type": "view", "table": table_id, "version": version, "seat": seat,
               "view": worded, "labels": action_labels(worded, lang)}
    return encoded(message)[:-1], Cut(draw_board(worded, lang))


def unavailable_body() -> dict[str, Any]:
    """The refusal of a move or table the database cannot store now (nothing changed)."""
    return error_body("unavailable", web("unavailable"))


def new_token() -> str:
    """An unguessable seat token."""
    return secrets.token_urlsafe(24)
