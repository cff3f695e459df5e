"""The server's edges (issue #25): pure ASGI middleware that stands between the network
and the app, so that no route can forget them.

- :class:`BodyLimit`: a request body is refused (413) as soon as its Content-Length or
  the bytes streamed so far pass the route's limit — read before any route sees it;
- :class:`OriginGuard`: a state-changing request (POST, PUT, PATCH, DELETE) or a
  websocket from a foreign ``Origin`` is refused (403; the socket closed with 4403);
  requests without an ``Origin`` (curl, the CLI, tests) pass;
- :class:`SocketCap`: at most :attr:`Limits.sockets_per_address` open websockets per
  address (more are closed with 4429);
- :class:`InternalErrors`: an exception in a route becomes a 500 with the protocol's
  error body (``code: internal``), logged, never a traceback on the wire;
- :class:`SecurityHeaders`: CSP, X-Frame-Options, nosniff and Referrer-Policy on every
  response;
- :class:`ForwardedFor`: the client's address (which every limit counts by) is the TCP
  peer, or, from a trusted proxy, the first address of ``X-Forwarded-For`` read from the
  right that is not a trusted proxy's; a malformed or over-long header is refused (400);
- :func:`timely_http`: uvicorn's HTTP protocol with a deadline for a request's headers.

Every refusal has the protocol's shape (:func:`~towerplay.server.protocol.error_body`).
:func:`install` adds them to an app in the right order.
"""
from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.datastructures import Headers, QueryParams
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from towerplay import i18n
from towerplay.server.limits import Limits
from towerplay.server.protocol import error_body, web, worded

log = logging.getLogger("towerplay.server")

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The methods whose ``Origin`` is checked (GET and HEAD change nothing)."""
CONTENT_SECURITY_POLICY = ("default-src 'self'; img-src 'self' data:; object-src 'none'; "
                           "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""Only the server's own scripts, styles, images and connections (the pages have no
inline script or style)."""
SECURITY_HEADERS = ((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
                    (b"x-frame-options", b"DENY"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"))
"""Added to every response that does not set them itself."""
FORBIDDEN_SOCKET = 4403
"""The close code of a websocket refused before joining (as a refused token's)."""
BUSY_SOCKET = 4429
"""The close code of a websocket over the per-address cap."""


def install(app: FastAPI, limits: Limits, allowed_origins: Iterable[str] | None = None,
            body_rules: Mapping[str, BodyRule] | None = None,
            trusted_proxies: str = "") -> None:
    """Add the guards to ``app`` (call before other middleware: an inner one's refusals
    then get the outer ones' treatment, e.g. the security headers).
    ``body_rules``: the paths whose bodies may be larger than ``limits.message_bytes``;
    ``trusted_proxies``: :class:`ForwardedFor`'s."""
    app.add_exception_handler(HTTPException, http_error)
    default = BodyRule(limits.message_bytes)
    app.add_middleware(BodyLimit, default=default, rules=dict(body_rules or {}))
    app.add_middleware(OriginGuard, allowed=allowed_origins)
    app.add_middleware(SocketCap, cap=limits.sockets_per_address)
    app.add_middleware(ForwardedFor, trusted=trusted_proxies)  # before the cap counts
    app.add_middleware(InternalErrors)
    app.add_middleware(SecurityHeaders)  # last added: outermost, on every answer


def peer(scope: Scope) -> str:
    """The client address of a connection (the proxy's client's if the server trusts
    the proxy: :class:`ForwardedFor` rewrites it)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def scope_language(scope: Scope) -> str:
    """The language a connection asks for (``?lang=``, else Accept-Language)."""
    return i18n.language(QueryParams(scope.get("query_string", b"")).get("lang")
                         or Headers(scope=scope).get("accept-language"))


async def answer(send: Send, status: int, body: dict[str, Any], close: bool = False,
                 scope: Scope | None = None) -> None:
    """Send an HTTP reply with a JSON body, worded in the language of ``scope``'s request
    (``close``: and end the connection, so that an unread body is not drained)."""
    if scope is not None:
        body = worded(body, scope_language(scope))
    data = json.dumps(body, ensure_ascii=False).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(data)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


async def refuse_socket(scope: Scope, receive: Receive, send: Send, code: int,
                        body: dict[str, Any]) -> None:
    """Accept a websocket only to say why it is refused (in the client's language),
    then close it with ``code``."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps(
        worded(body, scope_language(scope)), ensure_ascii=False)})
    await send({"type": "websocket.close", "code": code})


# ----------------------------------------------------------------- bodies
@dataclass(frozen=True)
class BodyRule:
    """The largest body of a route and how its refusal reads."""

    limit: int
    code: str = "bad_message"
    key: str = "body_too_large"
    """The reason's key in the ``web`` catalogue (``web.<key>``, a ``{limit}`` field)."""


class BodyLimit:
    """Read a request's body before its route does, refusing it (413) as soon as its
    declared length or the bytes streamed so far pass the route's limit: a body is never
    read further, nor parsed, and memory stays flat whatever a client sends."""

    def __init__(self, app: ASGIApp, default: BodyRule, rules: dict[str, BodyRule]) -> None:
        self.app, self.default, self.rules = app, default, rules

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rule = self.rules.get(scope["path"], self.default)
        declared = Headers(scope=scope).get("content-length", "")
        first = None
        if not (declared.isdigit() and int(declared) > rule.limit):
            first = await self.read(receive, rule.limit)
        if first is None:
            await answer(send, 413, error_body(rule.code, web(rule.key, limit=rule.limit),
                                               limit=rule.limit), close=True, scope=scope)
            return
        given = False

        async def replayed() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return first

        await self.app(scope, replayed, send)

    @staticmethod
    async def read(receive: Receive, limit: int) -> Message | None:
        """The whole body as one message (or the disconnect that cut it short); ``None``
        once it passes ``limit``."""
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return message
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > limit:
                return None
            if not message.get("more_body"):
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}


# ----------------------------------------------------------------- origins
def origin_of(url: str) -> str:
    """An origin as browsers send it: ``scheme://host[:port]``, lower case."""
    return url.strip().rstrip("/").lower()


class OriginGuard:
    """Refuse state-changing requests and websockets from a foreign ``Origin``: one of
    ``allowed``, or (none given) the server's own — the request's ``Host`` over http or
    https."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] | None = None) -> None:
        self.app = app
        self.allowed = frozenset(origin_of(o) for o in allowed or ())

    def allows(self, origin: str, host: str | None) -> bool:
        if self.allowed:
            return origin_of(origin) in self.allowed
        parts = urlsplit(origin)
        return (parts.scheme in ("http", "https") and host is not None
                and parts.netloc.lower() == host.lower())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = scope["type"] == "websocket" or (
            scope["type"] == "http" and scope["method"] in STATE_CHANGING)
        headers = Headers(scope=scope) if checked else Headers()
        origin = headers.get("origin")
        if origin is None or self.allows(origin, headers.get("host")):
            await self.app(scope, receive, send)
            return
        body = error_body("forbidden", web("foreign_origin", origin=origin[:80]),
                          origin=origin[:80])
        if scope["type"] == "websocket":
            await refuse_socket(scope, receive, send, FORBIDDEN_SOCKET, body)
        else:
            await answer(send, 403, body, scope=scope)


# ----------------------------------------------------------------- websockets
class SocketCap:
    """At most ``cap`` open websockets per address (in this process)."""

    def __init__(self, app: ASGIApp, cap: int) -> None:
        self.app, self.cap = app, cap
        self.open: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        key = peer(scope)
        if self.open[key] >= self.cap:
            await refuse_socket(scope, receive, send, BUSY_SOCKET, error_body(
                "busy", web("too_many_sockets", limit=self.cap), limit=self.cap))
            return
        self.open[key] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[key] -= 1
            if not self.open[key]:
                del self.open[key]


# ----------------------------------------------------------------- client addresses
MAX_FORWARDED_CHARS = 512
"""The longest ``X-Forwarded-For`` read (a chain of a few proxies is far shorter)."""


def networks(trusted: str) -> list[IPv4Network | IPv6Network] | None:
    """The proxies named by ``--forwarded-allow-ips`` (addresses or networks, commas
    between; ``*``: every peer, ``None``); raises ValueError naming a bad entry.

    >>> [str(n) for n in networks("127.0.0.1, 10.0.0.0/8")]
    ['127.0.0.1/32', '10.0.0.0/8']
    >>> networks("*") is None
    True
    """
    entries = [entry.strip() for entry in trusted.split(",") if entry.strip()]
    if "*" in entries:
        return None
    found = []
    for entry in entries:
        try:
            found.append(ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"not an address or network: {entry!r}") from None
    return found


def forwarded_client(header: str, trusted: Callable[[str], bool]) -> str | None:
    """The client a proxy's ``X-Forwarded-For`` names: its addresses read from the
    right (the nearest proxy's entry last), the first that is not a trusted proxy (all of
    them trusted: the leftmost); ``None`` if the header is malformed (not addresses, or
    over :data:`MAX_FORWARDED_CHARS`).

    >>> proxies = lambda address: address.startswith("10.")
    >>> forwarded_client("1.2.3.4, 203.0.113.9, 10.0.0.2", proxies)
    '203.0.113.9'
    >>> forwarded_client("evil, 10.0.0.2", proxies) is None
    True
    """
    if len(header) > MAX_FORWARDED_CHARS:
        return None
    chain = [entry.strip() for entry in header.split(",")]
    try:
        chain = [str(ip_address(entry)) for entry in chain]
    except ValueError:
        return None
    for address in reversed(chain):
        if not trusted(address):
            return address
    return chain[0]


class ForwardedFor:
    """The client's address: the TCP peer, unless the peer is a trusted proxy (one of
    ``trusted``, see :func:`networks`): then the client its ``X-Forwarded-For`` names
    (:func:`forwarded_client`) and the scheme its ``X-Forwarded-Proto`` says. A malformed
    or over-long header from a trusted proxy is refused with 400 (a websocket: closed with
    4400 after the error); from anyone else the headers are ignored."""

    def __init__(self, app: ASGIApp, trusted: str = "") -> None:
        self.app = app
        self.trusted = networks(trusted)
        self.any = self.trusted is None

    def is_trusted(self, address: str) -> bool:
        if self.trusted is None:
            return True
        try:
            parsed = ip_address(address)
        except ValueError:
            return False
        return any(parsed in network for network in self.trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not (self.any or self.trusted) \
                or not self.is_trusted(peer(scope)):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        header = ",".join(headers.getlist("x-forwarded-for"))
        if header:
            client = forwarded_client(header, self.is_trusted)
            if client is None:
                body = error_body("bad_message", web("forwarded_for",
                                                     limit=MAX_FORWARDED_CHARS),
                                  limit=MAX_FORWARDED_CHARS)
                if scope["type"] == "websocket":
                    await refuse_socket(scope, receive, send, BAD_SOCKET, body)
                else:
                    await answer(send, 400, body, scope=scope)
                return
            scope = {**scope, "client": (client, 0)}
        proto = headers.get("x-forwarded-proto", "").strip().lower()
        if proto in ("http", "https"):
            secure = proto == "https"
            scheme = ("wss" if secure else "ws") if scope["type"] == "websocket" else proto
            scope = {**scope, "scheme": scheme}
        await self.app(scope, receive, send)


BAD_SOCKET = 4400
"""The close code of a websocket refused for a malformed request."""


def timely_http(header_seconds: float) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol, closing a connection that has not sent a request's
    headers within ``header_seconds`` of connecting (or of starting its next request):
    a client that trickles its headers holds no socket for long. Idle kept-alive
    connections are uvicorn's own ``timeout_keep_alive``."""

    class TimelyHttp(HttpToolsProtocol):
        timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self.timer is None:
                self.timer = self.loop.call_later(header_seconds, self._late)

        def _disarm(self) -> None:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None

        def _late(self) -> None:
            self.timer = None
            if not self.transport.is_closing():
                self.transport.close()

    return TimelyHttp


# ----------------------------------------------------------------- errors
INTERNAL = error_body("internal", web("internal"))
"""The body of every 500: no detail of the failure leaves the server."""


class InternalErrors:
    """An exception out of a route: logged, answered 500 with :data:`INTERNAL` (if no
    answer has started; else the connection ends)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            log.exception("%s %s failed", scope.get("method"), scope.get("path"))
            if started:
                raise
            await answer(send, 500, INTERNAL, scope=scope)


async def http_error(request: Request, problem: Exception) -> Response:
    """Starlette's own refusals (no such route, method) in the protocol's shape, worded
    in the request's language; a page (not ``/api/``) asked for by a browser gets an
    HTML page saying so (:func:`~towerplay.server.pages.error_page`)."""
    assert isinstance(problem, HTTPException)
    from towerplay.server.pages import error_page, wants_page  # (pages import guards)
    lang = scope_language(request.scope)
    code = "not_found" if problem.status_code == 404 else "bad_message"
    reason = STARLETTE.get(problem.status_code, web("bad_request"))
    if wants_page(request):
        return error_page(problem.status_code, reason, lang)
    return JSONResponse(error_body(code, reason, lang), status_code=problem.status_code,
                        headers=problem.headers)


STARLETTE = {404: web("no_route"), 405: web("bad_method")}
"""Starlette's refusals by status, in our words."""


# ----------------------------------------------------------------- headers
class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [h for h in SECURITY_HEADERS if h[0] not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, headed)
