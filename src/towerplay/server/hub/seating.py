"""The people at the tables (issue #30): names and chat read in as they change (here or
in another process), a person leaving their seat to a bot and coming back, and "play
again"."""
from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from towerplay.arena.table import HUMAN, Table
from towerplay.server import moves
from towerplay.server.clock import Resumed
from towerplay.server.hub.clients import Clients
from towerplay.server.hub.memory import Memory
from towerplay.server.hub.play import Play
from towerplay.server.live import CHAT_KEPT, LiveTable, new_token, started, visible_chat
from towerplay.server.moves import in_thread
from towerplay.server.protocol import Refusal, web
from towerplay.server.storage import Storage, StoredTable, token_hash


class Seating:
    """The people of one process's tables."""

    def __init__(self, storage: Storage, memory: Memory, clients: Clients,
                 play: Play) -> None:
        self.storage = storage
        self.memory = memory
        self.clients = clients
        self.play = play

    async def changed(self, table_id: str) -> None:
        """A table's names or chat changed (here or in another process): read them in and
        tell this process's clients what is new to them."""
        live = self.memory.get(table_id)
        if live is None:
            return
        async with live.people_lock:
            start = live.chat_lines[-1]["index"] + 1 if live.chat_lines else 0
            people = await in_thread(self.storage.seats.people, table_id)
            names, away = people.names, people.away
            lines = await in_thread(self.storage.seats.chat_since, table_id, start, CHAT_KEPT)
            names_changed = names != live.names
            handed = {seat for seat in {*away, *live.away} if away.get(seat) != live.away.get(seat)}
            renamed = names_changed or bool(handed) or people.rematch != live.rematch
            live.token_hashes.update(people.token_hashes)  # a rematch's seat claimed
            live.names, live.rematch = names, people.rematch
            live.chat_lines = (live.chat_lines + lines)[-CHAT_KEPT:]
            if away != live.away:
                await self._seat(live, away)
        for client in live.clients:
            if not client.people:
                continue
            if renamed:
                client.outbox.put_nowait(live.people())
            # the board names the seats; a seat a bot plays shows its person no moves
            if names_changed or client.seat in handed:
                client.outbox.put_nowait({"type": "resend"})
            heard = visible_chat(live, client.seat, lines)
            if heard:
                client.outbox.put_nowait({"type": "chat", "table": live.id, "lines": heard})

    async def _seat(self, live: LiveTable, away: dict[int, str]) -> None:
        """Seat the stand-ins of people who left, and the people who came back."""
        live.away = away
        if live.timing.timed:  # a person who came back at their turn is on the clock again
            live.timing = await in_thread(self.storage.clocks.of, live.id)
            self.clients.changed(live)
        async with live.lock:
            moves.use_seats(live.table, [
                away.get(seat, HUMAN if seat in live.token_hashes else spec)
                for seat, spec in enumerate(live.table.seats)])

    async def hand_over(self, live: LiveTable, seat: int | None, bot: str | None) -> None:
        """The person at ``seat`` hands it to ``bot`` (``None``: takes it back); every
        process hears of it and the bot moves if it is due (raises Refusal, StorageFailed)."""
        if seat is None:
            raise Refusal("forbidden", web("away_spectator"))
        if live.table.is_over:
            raise Refusal("over", web("game_over"))
        async with live.lock:
            due = live.table.state.to_move == seat
            queue = moves.bot_queue(bot) if due and bot is not None else None
            back = Resumed(seat) if due and bot is None and live.timing.timed else None
            await in_thread(self.storage.seats.set_away, live.id, seat, bot,
                            live.table.version, queue, back)
        await self.changed(live.id)
        await self.play.schedule_bot(live)

    async def hand_on(self, live: LiveTable, seat: int | None, target: object,
                      bot: str | None) -> dict[str, Any]:
        """The person at ``seat`` hands ``target``, a seat nobody plays (its person left
        it to a bot, or has no page open), to ``bot`` or (``None``) to a new person:
        ``{"seat", "bot"}``, or ``{"seat", "url"}``, the new person's link, for the
        caller alone; the old link opens nothing any more (raises Refusal, StorageFailed)."""
        if seat is None:
            raise Refusal("forbidden", web("hand_on_spectator"))
        if live.table.is_over:
            raise Refusal("over", web("game_over"))
        people = sorted(set(live.token_hashes) - {seat})
        if not isinstance(target, int) or isinstance(target, bool) or target not in people:
            raise Refusal("bad_message", web("hand_on_seat", seats=", ".join(
                str(other + 1) for other in people) or "-"), field="seat")
        if target not in live.away and live.present()[target]:
            raise Refusal("forbidden", web("hand_on_present", n=target + 1), seat=target)
        if bot is not None:
            await self.hand_over(live, target, bot)
            return {"seat": target, "bot": bot}
        if target in live.away:  # the bot leaves; the seat waits for its new person
            await self.hand_over(live, target, None)
        token = new_token()
        await in_thread(self.storage.seats.claim_seat, live.id, target, token_hash(token), None)
        for client in live.clients:  # a page still open on the old link only watches now
            if client.seat == target:
                client.seat = None
                client.outbox.put_nowait({"type": "resend"})
        await self.changed(live.id)
        return {"seat": target, "url": f"/tables/{live.id}?token={token}"}

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
            hints=bool(await in_thread(self.storage.tables.hints, live.id)),
            bot_queue=moves.due_queue(table), chat=live.chat)
        started(stored, table, live.timing.config)
        new_id = await in_thread(self.storage.tables.create_rematch, live.id, stored)
        if new_id == stored.id:
            self.memory.adopt(stored, table)
        new_seat = (seat + 1) % players
        token = new_token()
        await in_thread(self.storage.seats.claim_seat, new_id, new_seat, token_hash(token),
                        live.names.get(seat))
        await self.changed(live.id)
        await self.changed(new_id)
        rematch = self.memory.get(new_id)
        if new_id == stored.id and rematch is not None:
            await self.play.schedule_bot(rematch)
        return {"table": new_id, "seat": new_seat, "token": token,
                "url": f"/tables/{new_id}?token={token}"}
