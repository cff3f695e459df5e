"""The hub's clients: who is connected to each table in memory, and what each hears, in
order (its outbox, drained to its websocket)."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from towerplay.server.live import Client, LiveTable, visible_chat
from towerplay.server.protocol import encoded, worded


class Clients:
    """The connections of one process's tables."""

    def join(self, live: LiveTable, seat: int | None, lang: str = "en",
             address: str = "unknown", people: bool = False,
             patches: bool = False) -> Client:
        """A new client: it hears its view (and with ``people``, the people and the chat
        so far, and every change of them; with ``patches``, each board after its first
        as a patch)."""
        client = Client(seat, lang, address=address, people=people, patches=patches)
        live.clients.add(client)
        client.outbox.put_nowait({})
        if people:
            client.outbox.put_nowait(live.people())
            client.outbox.put_nowait({"type": "chat", "table": live.id,
                                      "lines": visible_chat(live, seat, live.chat_lines)})
        self.presence(live)
        return client

    def leave(self, live: LiveTable, client: Client) -> None:
        """A client left (its sender stops)."""
        live.clients.discard(client)
        client.outbox.put_nowait(None)
        self.presence(live)

    def presence(self, live: LiveTable) -> None:
        """Who is here changed: every client that hears the people hears it."""
        body = live.presence()
        for client in live.clients:
            if client.people:
                client.outbox.put_nowait(body)

    def tell(self, live: LiveTable, body: dict[str, Any]) -> None:
        """Send every client of the table an error body, each in its language."""
        for client in live.clients:
            client.outbox.put_nowait(worded(body, client.lang))

    def changed(self, live: LiveTable) -> None:
        """The table moved on: every client hears of it."""
        for client in live.clients:
            client.outbox.put_nowait({})

    def resend(self, live: LiveTable) -> None:
        """Something every view message carries changed (the clock), not the version:
        every client hears its view again."""
        for client in live.clients:
            client.outbox.put_nowait({"type": "resend"})

    def close(self, live: LiveTable) -> None:
        """End every client's sender (the server stops)."""
        for client in live.clients:
            client.outbox.put_nowait(None)

    async def drain(self, live: LiveTable, client: Client,
                    send: Callable[[str], Awaitable[None]]) -> None:
        """Send the client's messages in order until it is closed: ``{}`` means "your
        view message" (several in a row send one; ``{"type": "resend"}`` sends it even
        if nothing changed), anything else is sent as it is. A view with a quick bot to
        move waits for that bot's move (at most :data:`QUICK_BOT_WAIT` seconds): one
        message then tells both moves, as the page would draw them anyway."""
        ahead: Item | None | Literal[False] = False  # (False: nothing read ahead)
        while True:
            item, ahead = (await client.outbox.get() if ahead is False else ahead), False
            if item is None:
                return
            if not item or item.get("type") == "resend":
                if not item and client.sent_version == live.table.version:
                    continue
                if not item and quick_bot_due(live):
                    ahead = await next_item(client, QUICK_BOT_WAIT)
                    ahead = False if ahead == {} else ahead  # the bot moved: told now
                await send(await live.message(client))
            else:
                await send(encoded(item))


Item = dict[str, Any]
QUICK_BOT_WAIT = 0.25
"""The longest a view waits for a quick bot's move (a move of one takes milliseconds)."""


def quick_bot_due(live: LiveTable) -> bool:
    """Whether a quick bot (:attr:`~towerplay.bots.base.Bot.quick`) is to move at the
    table."""
    seat = live.table.bot_to_move()
    return seat is not None and live.table.bots[seat].quick


async def next_item(client: Client, seconds: float) -> Item | None | Literal[False]:
    """The client's next outgoing item within ``seconds`` (``False``: none came)."""
    try:
        return await asyncio.wait_for(client.outbox.get(), seconds)
    except TimeoutError:
        return False
