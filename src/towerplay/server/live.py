"""The live tables: the kernel's :class:`~towerplay.arena.table.Table` objects in memory,
their connected clients, and the moves people make at them.

The database holds the truth of every table (:mod:`.storage`); a table in memory is a cache
that follows the stored version. A move is stored before it is applied (:mod:`.moves`),
so memory never runs ahead of the database; moves stored by other processes (bots'
workers, other servers) arrive by :meth:`Hub.moved` (in-process, or PostgreSQL's
notifications: :mod:`.bus`) and are read from the database. Bots' moves are jobs in the
shared queue (:mod:`.jobs`). Database work and board drawing run in threads, never on the
event loop.
"""
from __future__ import annotations

import asyncio
import hmac
import html
import importlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import procrastinate

from towerplay import games
from towerplay.arena.table import HUMAN, MoveRefused, Table
from towerplay.core.record import whole
from towerplay.i18n import Translator, bot_name
from towerplay.server import clock, jobs, moves
from towerplay.server.moves import in_thread
from towerplay.server.protocol import Refusal, error_body, web, worded
from towerplay.server.storage import (
    Conflict,
    Storage,
    StorageFailed,
    StoredTable,
    token_hash,
)
from towerplay.server.words import action_labels, localized

log = logging.getLogger("towerplay.server")

CONNECT_EVENTS = 40
"""On connecting, a seat hears at most this many of the moves since its last own move."""
CHAT_KEPT = 100
"""A table in memory keeps its newest chat lines, sent to each client that connects."""


class UnknownTable(LookupError):
    """No table has this id."""


def draw_board(view: dict[str, Any], lang: str = "en") -> str:
    """The board of a view in ``lang``: the front end's
    :func:`towerplay.server.boards.draw`, or the view as escaped text while that module
    is missing."""
    try:
        boards = importlib.import_module("towerplay.server.boards")
    except ModuleNotFoundError as error:
        if error.name != "towerplay.server.boards":
            raise
        return f"<pre>{html.escape(json.dumps(view, indent=1))}</pre>"
    return str(boards.draw(view, lang))


def json_view(view: dict[str, Any]) -> dict[str, Any]:
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
    cache: dict[tuple[int | None, str],
                tuple[tuple[int, tuple[str | None, ...]],
                      asyncio.Future[tuple[dict[str, Any], str]]]] \
        = field(default_factory=dict)
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
    clock: dict[str, Any] = field(default_factory=lambda: {"clock": None})
    """The table's clock as stored (:meth:`.storage.Storage.clock_of`; :mod:`.clock`)."""

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
        """The seat's view message without events (made once per version)."""
        return (await self._rendered(seat, lang))[0]

    async def _rendered(self, seat: int | None, lang: str) -> tuple[dict[str, Any], str]:
        """The seat's view message in ``lang`` and its JSON text less the closing brace
        (the events are added per client). Made once per version for each seat and
        language (spectators share one), the board drawn in a thread."""
        drawn = (self.table.version, tuple(self.name_list()))
        cached = self.cache.get((seat, lang))
        if cached is None or cached[0] != drawn:
            # read now: the table moves on; the log goes out as events, worded per client
            view = json_view(self.table.view(seat, log=False))
            if any(drawn[1]):  # the board names the seats as their people chose
                view["names"] = list(drawn[1])
            job = asyncio.ensure_future(in_thread(render, self.id, drawn[0], seat, view, lang))
            self.cache[(seat, lang)] = cached = (drawn, job)
        return await asyncio.shield(cached[1])

    def events(self, seat: int | None, since: int | None,
               lang: str = "en") -> list[dict[str, Any]]:
        """The log lines ``seat`` may see from history entry ``since`` on (``None``: the
        moves since its last own move, for a fresh connection), worded in ``lang``."""
        state = self.table.state
        end = len(state.history)
        if since is None:
            own = [i for i, mover in enumerate(state.movers) if mover == seat]
            since = max(own[-1] + 1 if own else 0, end - CONNECT_EVENTS)
        out = []
        words = Translator(state.game.name, lang)
        ran_out = set((self.clock.get("clock_state") or {}).get("ran_out", []))
        bot = (self.clock.get("clock") or {}).get("bot")
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
        return clock.public(self.clock.get("clock"), self.clock.get("clock_state"),
                            self.clock.get("deadline"))

    async def message(self, client: Client) -> str:
        """The client's next view message as JSON text; it then counts as sent."""
        version = self.table.version
        events = self.events(client.seat, client.sent_version, client.lang)
        text = (await self._rendered(client.seat, client.lang))[1]
        if self.table.version != version:  # moved on while drawing: send the newer one
            return await self.message(client)
        client.sent_version = version
        timed = json.dumps(self.clock_body(), separators=(",", ":"))
        return f'{text},"clock":{timed},"events":{json.dumps(events, separators=(",", ":"))}}}'

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


def started(stored: StoredTable, table: Table[Any], timed: dict[str, Any] | None) -> None:
    """Start a new table's clock (``timed``: its settings; ``None``: no clock): the
    person to move first, if a person is, is on it from now."""
    first = table.state.to_move
    person = first if first is not None and table.bot_to_move() is None else None
    stored.clock = timed
    stored.clock_state, stored.deadline = clock.start(timed, stored.players, person,
                                                      stored.created)


def visible_chat(live: LiveTable, seat: int | None,
                 lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chat lines ``seat`` may read (``None``: a spectator): none at a table whose chat
    is the seats' alone."""
    return lines if seat is not None or live.chat == "all" else []


def render(table_id: str, version: int, seat: int | None, view: dict[str, Any],
           lang: str) -> tuple[dict[str, Any], str]:
    """A view message and its JSON text less the closing brace (in a thread)."""
    view = localized(view, lang)
    message = {"type": "view", "table": table_id, "version": version, "seat": seat,
               "view": view, "board": draw_board(view, lang),
               "labels": action_labels(view, lang)}
    return message, json.dumps(message, separators=(",", ":"))[:-1]


def unavailable_body() -> dict[str, Any]:
    """The refusal of a move or table the database cannot store now (nothing changed)."""
    return error_body("unavailable", web("unavailable"))


def new_token() -> str:
    """An unguessable seat token."""
    return secrets.token_urlsafe(24)


class Hub:
    """The live tables of one server process."""

    def __init__(self, storage: Storage, queue: procrastinate.App) -> None:
        self.storage = storage
        self.queue = queue
        self.tables: dict[str, LiveTable] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    # ----------------------------------------------------------------- creating, loading
    async def create(self, game: str, players: int, options: dict[str, Any],
                     specs: list[str], seed: int | None, hints: bool = True,
                     owner: str | None = None, chat: str = "all",
                     timed: dict[str, Any] | None = None,
                     ) -> tuple[LiveTable, dict[int, str]]:
        """A new stored table (giving hints or not; made by address ``owner``; who may
        chat; its clock, :mod:`.clock`) and each human seat's token (raises
        TowerplayError, or StorageFailed storing nothing)."""
        state = games.load(game, **options).start(players=players, seed=seed)
        table: Table[Any] = Table(state, specs)
        tokens = {seat: new_token() for seat, spec in enumerate(specs) if spec == HUMAN}
        stored = StoredTable(
            id=secrets.token_urlsafe(9), game=game, rules_version=state.game.rules_version,
            options=state.game.options_dict(), seed=state.seed, players=players,
            seats=list(specs), created=datetime.now(UTC), hints=hints,
            bot_queue=moves.due_queue(table), owner=owner, chat=chat,
            token_hashes={seat: token_hash(t) for seat, t in tokens.items()})
        started(stored, table, timed)
        await in_thread(self.storage.create, stored)
        live = self._adopt(stored, table)
        await self.schedule_bot(live)
        return live, tokens

    async def fetch(self, table_id: str) -> LiveTable:
        """The live table, read from storage (in a thread) if not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        stored = await in_thread(self.storage.load, table_id) if len(table_id) <= 40 \
            else None
        if stored is None:
            raise UnknownTable(table_id)
        table = await in_thread(moves.rebuild, stored)
        chat = await in_thread(self.storage.chat_since, table_id, 0, CHAT_KEPT)
        live = self.tables.get(table_id)
        if live is None:
            live = self._adopt(stored, table)
            live.chat_lines = chat
            # a move stored while this table was being read was announced to nobody here
            async with live.lock:
                read = live.table.version
                await self._catch_up(live)
            if live.table.version != read:  # clients that joined meanwhile hear of it
                self.changed(live)
        return live

    def _adopt(self, stored: StoredTable, table: Table[Any]) -> LiveTable:
        live = LiveTable(stored.id, table, stored.token_hashes, stored.created,
                         names=dict(stored.names), away=dict(stored.away), chat=stored.chat,
                         rematch=stored.rematch,
                         clock={"clock": stored.clock, "clock_state": stored.clock_state,
                                "deadline": stored.deadline})
        self.tables[stored.id] = live
        return live

    # ----------------------------------------------------------------- moving
    async def submit(self, live: LiveTable, seat: int | None, text: object,
                     version: object) -> None:
        """A person's move, stored then applied (raises :class:`Refusal`, or
        StorageFailed, changing nothing); then every client hears of it and the bot to
        move, if any, gets its job."""
        if seat is None:
            raise Refusal("forbidden", web("spectators"))
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refusal("bad_message", web("version_number"), field="version")
        async with live.lock:
            if version > live.table.version:  # another process stored moves we lack
                await self._catch_up(live)
            try:
                action = live.table.prepare(seat, text, version)
            except MoveRefused as refused:
                raise Refusal.of(refused) from None
            try:
                told = await moves.store(self.storage, live.id, live.table, action)
                if told is not None:
                    live.clock = told
            except Conflict:
                await self._catch_up(live)
                raise Refusal("stale", web("stale_version", version=version,
                                           current=live.table.version),
                              version=live.table.version) from None
            except StorageFailed:
                self.tell(live, unavailable_body())  # every client: nothing moved
                raise
        self.changed(live)
        await self.schedule_bot(live)

    async def moved(self, table_id: str, version: int) -> None:
        """A move was stored elsewhere (a bot's worker, another server): read it in and
        tell this process's clients."""
        live = self.tables.get(table_id)
        if live is None or live.table.version >= version:
            return
        async with live.lock:
            await self._catch_up(live)
        self.changed(live)

    async def resync(self) -> None:
        """Read in whatever every table in memory missed (after a lost connection)."""
        for live in list(self.tables.values()):
            if not live.table.is_over:
                before = live.table.version
                async with live.lock:
                    await self._catch_up(live)
                if live.table.version != before:
                    self.changed(live)
            await self.people_changed(live.id)

    async def _catch_up(self, live: LiveTable) -> None:
        texts = await in_thread(self.storage.actions_since, live.id, live.table.version)
        if texts and live.clock.get("clock") is not None:  # read before the moves: the
            live.clock = await in_thread(self.storage.clock_of, live.id)  # log needs it
        moves.catch_up(live.table, texts)

    def tell(self, live: LiveTable, body: dict[str, Any]) -> None:
        """Send every client of the table an error body, each in its language."""
        for client in live.clients:
            client.outbox.put_nowait(worded(body, client.lang))

    def changed(self, live: LiveTable) -> None:
        """The table moved on: every client hears of it."""
        for client in live.clients:
            client.outbox.put_nowait({})

    async def schedule_bot(self, live: LiveTable) -> None:
        """Queue the move of the bot due at the table, if one is (a failure is left to
        the workers' sweep, which finds the bot waiting in the database)."""
        lane = moves.due_queue(live.table)
        if lane is None:
            return
        try:
            await jobs.defer_bot(self.queue, live.id, lane)
        except Exception as error:
            log.warning("cannot queue the bot of table %s (%s): the sweep will", live.id,
                        error)

    # ----------------------------------------------------------------- people
    async def people_changed(self, table_id: str) -> None:
        """A table's names or chat changed (here or in another process): read them in and
        tell this process's clients what is new to them."""
        live = self.tables.get(table_id)
        if live is None:
            return
        async with live.people_lock:
            start = live.chat_lines[-1]["index"] + 1 if live.chat_lines else 0
            people = await in_thread(self.storage.people, table_id)
            names, away = people.names, people.away
            lines = await in_thread(self.storage.chat_since, table_id, start, CHAT_KEPT)
            names_changed = names != live.names
            renamed = names_changed or away != live.away or people.rematch != live.rematch
            live.token_hashes.update(people.token_hashes)  # a rematch's seat claimed
            live.names, live.rematch = names, people.rematch
            live.chat_lines = (live.chat_lines + lines)[-CHAT_KEPT:]
            if away != live.away:
                live.away = away
                timed = live.clock.get("clock") is not None
                if timed:  # a person who came back at their turn is on the clock again
                    live.clock = await in_thread(self.storage.clock_of, table_id)
                    self.changed(live)
                async with live.lock:
                    stored = list(live.table.seats)
                    moves.use_seats(live.table, [
                        away.get(seat, HUMAN if seat in live.token_hashes else spec)
                        for seat, spec in enumerate(stored)])
        for client in live.clients:
            if not client.people:
                continue
            if renamed:
                client.outbox.put_nowait(live.people())
            if names_changed:  # the board names the seats: drawn again
                client.outbox.put_nowait({"type": "resend"})
            heard = visible_chat(live, client.seat, lines)
            if heard:
                client.outbox.put_nowait({"type": "chat", "table": live.id, "lines": heard})

    async def hand_over(self, live: LiveTable, seat: int | None, bot: str | None) -> None:
        """The person at ``seat`` hands it to ``bot`` (``None``: takes it back); every
        process hears of it and the bot moves if it is due (raises Refusal, StorageFailed)."""
        if seat is None:
            raise Refusal("forbidden", web("away_spectator"))
        if live.table.is_over:
            raise Refusal("over", web("game_over"))
        async with live.lock:
            due = bot is not None and live.table.state.to_move == seat
            queue = moves.bot_queue(bot) if due and bot is not None else None
            await in_thread(self.storage.set_away, live.id, seat, bot, live.table.version,
                            queue, seat if due and bot is None else None)
        await self.people_changed(live.id)
        await self.schedule_bot(live)

    async def play_again(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """The person at ``seat`` of a finished table accepts "play again": the rematch
        (made now if nobody asked before: same game, options and seats, rotated by one,
        bots as they were, a new seed) and their seat there with a new token, for them
        alone: ``{"table", "seat", "token", "url"}`` (raises Refusal, StorageFailed)."""
        if seat is None:
            raise Refusal("forbidden", web("rematch_spectator"))
        if not live.table.is_over:
            raise Refusal("forbidden", web("rematch_early"))
        players = live.table.state.players
        original = [HUMAN if s in live.token_hashes else spec  # the stand-ins leave
                    for s, spec in enumerate(live.specs)]
        rotated = [original[(s - 1) % players] for s in range(players)]
        state = live.table.state
        fresh = state.game.start(players=players, seed=None)
        table: Table[Any] = Table(fresh, rotated)
        stored = StoredTable(
            id=secrets.token_urlsafe(9), game=state.game.name,
            rules_version=state.game.rules_version, options=state.game.options_dict(),
            seed=fresh.seed, players=players, seats=rotated, created=datetime.now(UTC),
            hints=bool(await in_thread(self.storage.hints, live.id)),
            bot_queue=moves.due_queue(table), chat=live.chat)
        started(stored, table, live.clock.get("clock"))
        new_id = await in_thread(self.storage.create_rematch, live.id, stored)
        if new_id == stored.id:
            self._adopt(stored, table)
        new_seat = (seat + 1) % players
        token = new_token()
        await in_thread(self.storage.claim_seat, new_id, new_seat, token_hash(token),
                        live.names.get(seat))
        await self.people_changed(live.id)
        await self.people_changed(new_id)
        if new_id == stored.id:
            await self.schedule_bot(self.tables[new_id])
        return {"table": new_id, "seat": new_seat, "token": token,
                "url": f"/tables/{new_id}?token={token}"}

    # ----------------------------------------------------------------- clients
    def join(self, live: LiveTable, seat: int | None, lang: str = "en",
             address: str = "unknown", people: bool = False) -> Client:
        """A new client: it hears its view (and with ``people``, the people and the chat
        so far, and every change of them)."""
        client = Client(seat, lang, address=address, people=people)
        live.clients.add(client)
        client.outbox.put_nowait({})
        if not people:
            return client
        client.outbox.put_nowait(live.people())
        client.outbox.put_nowait({"type": "chat", "table": live.id,
                                  "lines": visible_chat(live, seat, live.chat_lines)})
        return client

    def leave(self, live: LiveTable, client: Client) -> None:
        """A client left; a finished table nobody watches leaves memory (storage has it)."""
        live.clients.discard(client)
        if live.table.is_over and not live.clients and self.tables.get(live.id) is live:
            del self.tables[live.id]

    def close_clients(self, live: LiveTable) -> None:
        for client in live.clients:
            client.outbox.put_nowait(None)

    async def drain(self, live: LiveTable, client: Client,
                    send: Callable[[str], Awaitable[None]]) -> None:
        """Send the client's messages in order until it is closed: ``{}`` means "your
        view message" (several in a row send one; ``{"type": "resend"}`` sends it even
        if nothing changed), anything else is sent as it is."""
        while True:
            item = await client.outbox.get()
            if item is None:
                return
            if not item or item.get("type") == "resend":
                if not item and client.sent_version == live.table.version:
                    continue
                await send(await live.message(client))
            else:
                await send(json.dumps(item))

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` as a task of this hub (cancelled when it closes)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for live in self.tables.values():
            self.close_clients(live)
