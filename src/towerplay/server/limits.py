"""The server's limits: how much one client may ask of it, and reading a request body
within them. Documented constants; tests and operators pass a :class:`Limits` of their
own to :func:`towerplay.server.app.create_app`.

>>> bucket = TokenBucket(rate=2, burst=2, clock=iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__)
>>> [bucket.take(), bucket.take(), bucket.take(), bucket.take()]
[True, True, False, True]
"""
from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import HTTPConnection, Request

from towerplay.server.protocol import Refusal, web

MAX_MESSAGE_BYTES = 4096
"""The largest websocket message or HTTP request body the server reads (real ones are
well under 200 bytes)."""
ACTIONS_PER_SECOND = 10.0
"""Messages a websocket connection (or an address over HTTP) may send per second..."""
ACTIONS_BURST = 20
"""...with this many at once (a bucket refilled at ``ACTIONS_PER_SECOND``)."""
TABLES_PER_MINUTE = 20
"""Tables one client address may create in any 60 seconds."""
MAX_BOT_SECONDS = 10.0
"""The longest thinking time a bot seat may ask for (``ismcts:seconds=...``)."""
MAX_BOT_ITERATIONS = 50_000
"""The most search iterations a bot seat may ask for (``ismcts:iterations=...``)."""
BOT_TABLES_PER_ADDRESS = 2
"""Unfinished tables of bots only (nobody waits on them) one address may have."""
MAX_SPEC_CHARS = 100
"""The longest seat spec accepted."""
MAX_SEED = 2**63 - 1
"""The largest seed a table or an uploaded record may have (the database's BIGINT)."""
SOCKETS_PER_ADDRESS = 64
"""Websockets one address may hold open at once (a page holds one; a household behind one
address a few)."""
CHAT_BURST = 5
"""At most this many chat lines from one address..."""
CHAT_SECONDS = 10.0
"""...in this many seconds (counted in the database: every process counts the same)."""
REFUSED_MESSAGES = 100
"""A websocket that sent this many refused messages (garbled, oversized, too fast, not its
turn...; a stale move is none) is closed: a page makes a few in a game, a broken or hostile
client thousands."""
HEADER_SECONDS = 10.0
"""A connection must send a request's headers within this many seconds, else it is closed
(slow-header clients hold no socket for long)."""
WS_MAX_BYTES = 65536
"""The websocket layer drops connections sending more than this in one frame."""


@dataclass(frozen=True)
class Limits:
    """The limits one server applies (defaults: the constants above)."""

    message_bytes: int = MAX_MESSAGE_BYTES
    actions_per_second: float = ACTIONS_PER_SECOND
    actions_burst: int = ACTIONS_BURST
    tables_per_minute: int = TABLES_PER_MINUTE
    bot_seconds: float = MAX_BOT_SECONDS
    bot_iterations: int = MAX_BOT_ITERATIONS
    bot_tables: int = BOT_TABLES_PER_ADDRESS
    sockets_per_address: int = SOCKETS_PER_ADDRESS
    chat_burst: int = CHAT_BURST
    chat_seconds: float = CHAT_SECONDS
    refused_messages: int = REFUSED_MESSAGES


@dataclass
class TokenBucket:
    """Allows ``burst`` events at once and ``rate`` a second on average."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)
        self.stamp = self.clock()

    def take(self) -> bool:
        """Spend one token if there is one (``False``: over the limit)."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Window:
    """At most ``count`` events per key in any ``seconds`` (a sliding window)."""

    count: int
    seconds: float = 60.0
    clock: Callable[[], float] = time.monotonic
    seen: dict[str, deque[float]] = field(default_factory=dict)

    def take(self, key: str) -> bool:
        """Count one event for ``key`` if under the limit (``False``: over it)."""
        now = self.clock()
        stamps = self.seen.setdefault(key, deque())
        while stamps and stamps[0] <= now - self.seconds:
            stamps.popleft()
        if len(stamps) >= self.count:
            return False
        stamps.append(now)
        return True


def client_address(connection: HTTPConnection) -> str:
    """The client's address, which limits count by: the TCP peer, or the client a
    trusted proxy names (``towerplay serve --forwarded-allow-ips``; docs/deploy.md)."""
    return connection.client.host if connection.client else "unknown"


async def read_json(request: Request, limit: int) -> Any:
    """The request's JSON body; :class:`Refusal` if too large or not JSON."""
    body = await request.body()
    if len(body) > limit:
        raise Refusal("bad_message", web("request_too_large", size=len(body), limit=limit),
                      limit=limit)
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise Refusal("bad_message", web("body_not_json")) from None
