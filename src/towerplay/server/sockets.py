"""One websocket per client (docs/web.md, "The protocol"): the seat's view after every
change, and the client's moves, each bad message answered and never fatal."""
from __future__ import annotations

import asyncio
import json
from contextlib import suppress
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from towerplay.server import social, words
from towerplay.server.hub import Hub, UnknownTable
from towerplay.server.limits import Limits, TokenBucket, client_address
from towerplay.server.live import Client, LiveTable, unavailable_body
from towerplay.server.protocol import Refusal, error_body, refusal_body, web, worded
from towerplay.server.storage import StorageFailed
from towerplay.server.tables import hub_of, known_version


def add_websocket(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str,
                           token: str | None = None, people: str | None = None,
                           version: str | None = None, patch: str | None = None) -> None:
        await websocket.accept()
        hub = hub_of(websocket)
        lang = words.page_language(websocket)
        try:  # never a view older than the one the client knows (?version=N)
            live = await hub.memory.fetch(table_id, known_version(version))
            seat = live.seat_of(token)
        except StorageFailed:
            await websocket.send_json(worded(unavailable_body(), lang))
            await websocket.close(1013)  # try again later
            return
        except UnknownTable:
            await websocket.send_json(error_body("forbidden", web("no_table"), lang,
                                                 table=table_id[:40]))
            await websocket.close(4404)
            return
        except Refusal as refusal:
            await websocket.send_json(refusal_body(refusal, lang))
            await websocket.close(4403)
            return
        await hub.play.opened(live, seat)  # the seat's clock starts at its first page
        client = hub.clients.join(live, seat, lang, client_address(websocket), people == "1",
                                  patch == "1")
        sender = asyncio.get_running_loop().create_task(
            hub.clients.drain(live, client, websocket.send_text))
        try:
            await receive_loop(websocket, hub, live, client)
            await close_refused(websocket, client, sender)
        except WebSocketDisconnect:
            pass
        finally:
            hub.clients.leave(live, client)
            hub.memory.release(live)
            with suppress(Exception):
                await sender


async def receive_loop(websocket: WebSocket, hub: Hub, live: LiveTable,
                       client: Client) -> None:
    """Read the client's messages until it leaves (or until :attr:`Limits.refused_messages`
    of them were refused, stale moves aside: then it returns); each refused one is
    answered."""
    limits: Limits = websocket.app.state.limits
    bucket = TokenBucket(limits.actions_per_second, limits.actions_burst)
    refused = 0
    while refused < limits.refused_messages:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000))
        text = received.get("text")
        try:
            if not isinstance(text, str):
                raise Refusal("bad_message", web("binary_frames"))
            if len(text.encode("utf-8")) > limits.message_bytes:
                raise Refusal("bad_message", web("message_too_large", limit=limits.message_bytes),
                              limit=limits.message_bytes)
            if not bucket.take():
                raise Refusal("bad_message", web("too_many_messages",
                                                 limit=f"{limits.actions_per_second:g}"),
                              limit=limits.actions_per_second)
            await handle(hub, live, client, parse_message(text), limits)
        except Refusal as refusal:
            refused += refusal.code != "stale"  # (a race with another move: not its fault)
            client.outbox.put_nowait(refusal_body(refusal, client.lang))
        except StorageFailed:
            pass  # every client of the table was told (Play.submit)


REFUSED_CLOSE = 4408
"""The close code of a websocket that sent too many refused messages."""


async def close_refused(websocket: WebSocket, client: Client,
                        sender: asyncio.Task[None]) -> None:
    """Close a connection that sent too many refused messages, once its sender has sent
    what was queued and why (a peer that reads nothing is cut off after a while)."""
    limit = websocket.app.state.limits.refused_messages
    client.outbox.put_nowait(error_body("bad_message", web("too_many_refused", limit=limit),
                                        client.lang, limit=limit))
    client.outbox.put_nowait(None)
    with suppress(Exception):
        await asyncio.wait_for(asyncio.shield(sender), CLOSE_SECONDS)
    await websocket.close(REFUSED_CLOSE)


CLOSE_SECONDS = 5.0
"""How long a refused connection's last messages may take to go out."""


ACT_EXAMPLE = '{"type": "act", "version": 3, "action": "bid 2"}'
ACT_SHAPE = '{"type": "act", "version": N, "action": "..."}'
VIEW_SHAPE = '{"type": "view"}'
OTHER_SHAPES = (ACT_SHAPE, '{"type": "undo", "version": N}', '{"type": "name", "name": "..."}',
                '{"type": "chat", "text": "..."}',
                '{"type": "away", "bot": "medium"}', '{"type": "rematch"}',
                '{"type": "hand_on", "seat": N, "bot": "medium" | null}')
"""The messages a client sends (each but ``view``, which ends the list in a refusal)."""
"""The messages a client may send, quoted as they are in refusals (the protocol's)."""


def parse_message(text: str) -> dict[str, Any]:
    """A client message as an object with a ``type`` (raises Refusal ``bad_message``)."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise Refusal("bad_message", web("message_json", example=ACT_EXAMPLE)) from None
    if not isinstance(message, dict) or message.get("type") not in MESSAGE_TYPES:
        raise Refusal("bad_message", web("message_shape", act=", ".join(OTHER_SHAPES),
                                         view=VIEW_SHAPE))
    return message


MESSAGE_TYPES = ("act", "undo", "view", "name", "chat", "away", "rematch", "hand_on")
"""The kinds of message a client sends."""


async def handle(hub: Hub, live: LiveTable, client: Client, message: dict[str, Any],
                 limits: Limits | None = None) -> None:
    """Act on one client message: a move, an undo, a request for the current view, a
    name (the seat's, or a spectator's for this connection), a chat line."""
    if message["type"] == "view":
        client.outbox.put_nowait({"type": "resend"})
        return
    if message["type"] == "name":
        client.name = await social.rename(hub, live, client.seat, message.get("name"))
        client.outbox.put_nowait({"type": "named", "seat": client.seat, "name": client.name})
        if client.seat is None:  # the others see who watches
            hub.clients.presence(live)
        return
    limits = limits or Limits()
    if message["type"] == "rematch":  # the new seat's token goes to this client alone
        client.outbox.put_nowait({"type": "rematched",
                                  **await hub.seating.play_again(live, client.seat)})
        return
    if message["type"] == "hand_on":  # a new person's link goes to this client alone
        bot = social.stand_in(message, limits)
        client.outbox.put_nowait({"type": "handed_on", **await hub.seating.hand_on(
            live, client.seat, message.get("seat"), bot)})
        return
    if message["type"] == "away":
        await hub.seating.hand_over(live, client.seat, social.stand_in(message, limits))
        return
    if message["type"] == "chat":
        await social.say(hub, live, client.seat, client.name, message.get("text"),
                         client.address, limits)
        return
    if message["type"] == "undo":  # the seat's last action taken back (issue #43)
        await hub.play.undo(live, client.seat, message.get("version"))
        return
    await hub.play.submit(live, client.seat, message.get("action"), message.get("version"))
