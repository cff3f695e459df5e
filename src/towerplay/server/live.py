"""The live tables: the kernel's :class:`~towerplay.arena.table.Table` objects in memory,
rebuilt from storage on demand, their connected clients, and their bots' turns.

Everything here runs on the event loop; only bots think elsewhere (:mod:`.pool`). Each
accepted action is committed to storage in the table's ``on_action`` callback, before
any client hears of it.
"""
from __future__ import annotations

import asyncio
import hmac
import importlib
import html
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from towerplay import games
from towerplay.arena.table import HUMAN, Refusal, Table
from towerplay.core.record import Record, whole
from towerplay.i18n import Translator
from towerplay.server.pool import BotPool
from towerplay.server.storage import Storage, StoredTable, token_hash
from towerplay.server.words import action_labels, localized

log = logging.getLogger("towerplay.server")

CONNECT_EVENTS = 40
"""On connecting, a seat hears at most this many of the moves since its last own move."""


class UnknownTable(LookupError):
    """No table has this id."""


class StorageFailed(RuntimeError):
    """An action could not be stored (the table is reloaded from storage)."""


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
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class LiveTable:
    """A table being played (or over), with its clients."""

    id: str
    table: Table[Any]
    token_hashes: dict[int, str]
    created: datetime
    clients: set[Client] = field(default_factory=set)
    bot_busy: bool = False
    cache: dict[tuple[int | None, str], tuple[int, dict[str, Any], str]] = field(
        default_factory=dict)

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
        raise Refusal("forbidden", "this link's token opens no seat at this table")

    def snapshot(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """The seat's view message without events (cached per version)."""
        return self._cached(seat, lang)[0]

    def _cached(self, seat: int | None, lang: str) -> tuple[dict[str, Any], str]:
        """The seat's view message in ``lang`` and its JSON text less the closing brace
        (the events are added per client), made once per version, seat and language."""
        version = self.table.version
        cached = self.cache.get((seat, lang))
        if cached is not None and cached[0] == version:
            return cached[1], cached[2]
        view = localized(json_view(self.table.view(seat)), lang)
        message = {"type": "view", "table": self.id, "version": version, "seat": seat,
                   "view": view, "board": draw_board(view, lang),
                   "labels": action_labels(view, lang)}
        text = json.dumps(message, separators=(",", ":"))[:-1]
        self.cache[(seat, lang)] = (version, message, text)
        return message, text

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
        for index in range(since, end):
            line = words.logged(state, index, seat)
            if line is not None:
                out.append({"index": index, "mover": state.movers[index], "line": line})
        return out

    def message(self, client: Client) -> str:
        """The client's next view message as JSON text; it then counts as sent."""
        text = self._cached(client.seat, client.lang)[1]
        events = self.events(client.seat, client.sent_version, client.lang)
        client.sent_version = self.table.version
        return f'{text},"events":{json.dumps(events, separators=(",", ":"))}}}'

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table (no seed, no tokens)."""
        state = self.table.state
        return {"table": self.id, "game": state.game.name, "players": state.players,
                "seats": [{"seat": s, "kind": "human" if spec == HUMAN else "bot",
                           **({} if spec == HUMAN else {"spec": spec})}
                          for s, spec in enumerate(self.specs)],
                "version": self.table.version, "over": self.table.is_over,
                "created": self.created.isoformat()}


def new_token() -> str:
    """An unguessable seat token."""
    return secrets.token_urlsafe(24)


class Hub:
    """All live tables of one server process."""

    def __init__(self, storage: Storage, pool: BotPool) -> None:
        self.storage = storage
        self.pool = pool
        self.tables: dict[str, LiveTable] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    # ----------------------------------------------------------------- creating, loading
    def create(self, game: str, players: int, options: dict[str, Any], specs: list[str],
               seed: int | None, hints: bool = True) -> tuple[LiveTable, dict[int, str]]:
        """A new stored table (giving hints or not) and each human seat's token (raises
        TowerplayError)."""
        state = games.load(game, **options).start(players=players, seed=seed)
        table: Table[Any] = Table(state, specs)
        tokens = {seat: new_token() for seat, spec in enumerate(specs) if spec == HUMAN}
        stored = StoredTable(
            id=secrets.token_urlsafe(9), game=game, rules_version=state.game.rules_version,
            options=state.game.options_dict(), seed=state.seed, players=players,
            seats=list(specs), created=datetime.now(UTC), hints=hints,
            token_hashes={seat: token_hash(t) for seat, t in tokens.items()})
        self.storage.create(stored)
        live = self._adopt(stored, table)
        self.schedule_bot(live)
        return live, tokens

    def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from storage if not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        stored = self.storage.load(table_id) if len(table_id) <= 40 else None
        if stored is None:
            raise UnknownTable(table_id)
        record = Record(game=stored.game, rules_version=stored.rules_version,
                        options=stored.options, players=stored.players, seed=stored.seed,
                        actions=stored.actions, seats=stored.seats)
        return self._adopt(stored, Table(record.replay(), stored.seats))

    def _adopt(self, stored: StoredTable, table: Table[Any]) -> LiveTable:
        live = LiveTable(stored.id, table, stored.token_hashes, stored.created)
        table.on_action.append(lambda t: self._store(live))
        self.tables[stored.id] = live
        return live

    def restore(self) -> int:
        """Rebuild every unfinished table and let its bots go on; how many."""
        ids = self.storage.unfinished_ids()
        for table_id in ids:
            try:
                self.schedule_bot(self.get(table_id))
            except Exception:  # one broken table must not keep the others down
                log.exception("cannot restore table %s", table_id)
        return len(ids)

    def _store(self, live: LiveTable) -> None:
        """The ``on_action`` callback: commit the action just applied."""
        state = live.table.state
        index = len(state.history) - 1
        result = Record.from_state(state).result if state.is_over else None
        try:
            self.storage.add_action(live.id, index, str(state.history[index]),
                                    state.movers[index], result)
        except Exception as error:
            self.tables.pop(live.id, None)  # memory is ahead of storage: reload it
            self.close_clients(live)
            raise StorageFailed(f"table {live.id}: the action could not be stored") \
                from error

    # ----------------------------------------------------------------- moving
    def submit(self, live: LiveTable, seat: int | None, text: object, version: object) -> None:
        """A person's move (raises :class:`Refusal`, changing nothing); then every client
        hears of it and a bot to move starts thinking."""
        if seat is None:
            raise Refusal("forbidden", "spectators cannot move; open a seat's link to play")
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refusal("bad_message", "'version' must be the number of the view "
                          "answered", field="version")
        live.table.submit(seat, text, version)
        self.changed(live)

    def changed(self, live: LiveTable) -> None:
        """The table moved on: tell every client, start a bot if one is to move."""
        for client in live.clients:
            client.outbox.put_nowait({})
        self.schedule_bot(live)

    def schedule_bot(self, live: LiveTable) -> None:
        """Let the bot to move think in the pool (once at a time per table)."""
        if live.bot_busy or live.table.bot_to_move() is None or \
                self.tables.get(live.id) is not live:
            return
        live.bot_busy = True
        task = asyncio.get_running_loop().create_task(self._bot_turn(live))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bot_turn(self, live: LiveTable) -> None:
        task = live.table.bot_task()
        try:
            if task is None:
                return
            action, bot = await self.pool.think(task)
            live.table.accept(task, action, bot)
        except Refusal:
            pass  # the table moved on meanwhile; think again below
        except Exception:
            log.exception("bot turn failed at table %s", live.id)
            return
        finally:
            live.bot_busy = False
        self.changed(live)

    # ----------------------------------------------------------------- clients
    def join(self, live: LiveTable, seat: int | None, lang: str = "en") -> Client:
        client = Client(seat, lang)
        live.clients.add(client)
        client.outbox.put_nowait({})
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
                await send(live.message(client))
            else:
                await send(json.dumps(item))

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for live in self.tables.values():
            self.close_clients(live)
