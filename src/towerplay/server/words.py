"""The server's words in the page's language: which language a request wants, the
catalogues the pages fetch (``GET /api/i18n/LANG?domains=web,castle``), and refusals
worded for the client.

The app includes :data:`router` (``app.include_router(router)``).
"""
from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from starlette.datastructures import Headers, QueryParams
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from towerplay import games, i18n

router = APIRouter()

MAX_DOMAINS = 8
"""A page needs ``web`` and at most a few more: more in one request is refused."""


def page_language(request: Request | WebSocket, lang: str | None = None) -> str:
    """The language of a request: ``lang`` (or the ``lang`` query parameter), else the
    browser's Accept-Language, else English."""
    wanted = lang or request.query_params.get("lang") or request.headers.get(
        "accept-language")
    return i18n.language(wanted)


def worded(body: dict[str, Any], lang: str, game: str | None = None) -> dict[str, Any]:
    """An error body with its ``message`` in ``lang``: the game's reason by its event
    where the body carries one (a refusal's :class:`~.protocol.ErrorBody`), else by the
    templates (the game's, the server's of the ``web`` catalogue)."""
    message = body.get("message")
    if lang == i18n.LANGUAGES[0] or not isinstance(message, str):
        return body
    event = getattr(body, "event", None)
    if event is not None:
        return {**body, "message": i18n.translator(game or "web", lang).event(event)}
    return {**body, "message": i18n.Translator(game or "web", lang).line(message)}


def localized(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """``view`` with the labels of its score breakdown in ``lang`` (the game says them:
    ``Game.score_labels``)."""
    rows = view.get("breakdown")
    name = str(view.get("game"))
    if lang == i18n.LANGUAGES[0] or not isinstance(rows, list) or name not in games.names():
        return view
    labels = i18n.translator(name, lang).labels(games.game_class(name).score_labels(view))
    return {**view, "breakdown": [[[label, points] for label, (_, points) in zip(names, seat)]
                                  for names, seat in zip(labels, rows)]}


def action_labels(view: dict[str, Any], lang: str) -> dict[str, str]:
    """The legal actions' notation worded in ``lang`` for the page's buttons (by the
    game's action templates, else its log templates: ``take G5`` → ``weź G5``); none in
    English."""
    legal = view.get("legal") or []
    if lang == i18n.LANGUAGES[0]:
        return {}
    words = i18n.Translator(str(view.get("game")), lang)
    return {action: words.action(action) for action in legal}


class WordedErrors:
    """ASGI middleware: an HTTP error reply (the protocol's ``{"type": "error", ...}``)
    gets its ``message`` in the request's language; other replies pass untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = i18n.language(QueryParams(scope.get("query_string", b"")).get("lang")
                             or Headers(scope=scope).get("accept-language"))
        if lang == i18n.LANGUAGES[0]:
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def reply(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start" and message["status"] >= 400:
                start = message  # held until the body is reworded
            elif start is None:
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body"):
                    body = reworded(b"".join(chunks), lang)
                    headers = [(k, v) for k, v in start.get("headers", [])
                               if k.lower() != b"content-length"]
                    headers.append((b"content-length", str(len(body)).encode()))
                    await send({**start, "headers": headers})
                    await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, reply)


def reworded(body: bytes, lang: str) -> bytes:
    """An error body's JSON with its message in ``lang`` (other bodies unchanged)."""
    try:
        data = json.loads(body)
    except ValueError:
        return body
    if not isinstance(data, dict) or data.get("type") != "error":
        return body
    return json.dumps(worded(data, lang), ensure_ascii=False).encode()


@router.get("/api/i18n/{lang}")
async def texts(lang: str, domains: str = "web") -> Response:
    """The texts of ``domains`` (comma-separated) in ``lang``, English filling any gap,
    as ``{"lang": ..., "texts": {key: text}}``."""
    if lang not in i18n.LANGUAGES:
        return JSONResponse({"type": "error", "code": "not_found",
                             "message": f"languages are {', '.join(i18n.LANGUAGES)}",
                             "params": {"lang": lang[:8]}}, status_code=404)
    wanted = [d for d in domains.split(",") if d][:MAX_DOMAINS]
    known = set(i18n.domains())
    merged: dict[str, str] = {}
    for code in (i18n.LANGUAGES[0], lang):
        for domain in wanted:
            if domain in known:
                merged.update(i18n.catalogue(domain, code))
    return JSONResponse({"lang": lang, "languages": i18n.NAMES, "texts": merged},
                        headers={"Cache-Control": "public, max-age=300"})
