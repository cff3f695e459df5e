"""The server's words in the page's language: which language a request wants, the
catalogues the pages fetch (``GET /api/i18n/LANG?domains=web,castle``), and refusals
worded for the client.

The app includes :data:`router` (``app.include_router(router)``).
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse, Response

from towerplay import i18n

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
    """An error body with its ``message`` in ``lang`` (the game's reasons by the game's
    templates, the server's by the ``web`` catalogue's)."""
    message = body.get("message")
    if lang == i18n.LANGUAGES[0] or not isinstance(message, str):
        return body
    return {**body, "message": i18n.Translator(game or "web", lang).line(message)}


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
