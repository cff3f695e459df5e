"""The server's words in the page's language: which language a request wants, the
catalogues the pages fetch (``GET /api/i18n/LANG?domains=web,castle``), a view's labels
in the reader's words. (Refusals are worded where they are made, from their events:
:mod:`.protocol`.)

The app includes :data:`router` (``app.include_router(router)``).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse, Response

from towerplay import i18n
from towerplay.core.events import Seq
from towerplay.server.protocol import error, web

router = APIRouter()

MAX_DOMAINS = 8
"""A page needs ``web`` and at most a few more: more in one request is refused."""


def page_language(request: Request | WebSocket, lang: str | None = None) -> str:
    """The language of a request: ``lang`` (or the ``lang`` query parameter), else the
    browser's Accept-Language, else English."""
    wanted = lang or request.query_params.get("lang") or request.headers.get(
        "accept-language")
    return i18n.language(wanted)


def localized(view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``view`` with the labels of its score breakdown in ``lang``
    (:func:`towerplay.i18n.localized_breakdown`)."""
    return i18n.localized_breakdown(view, lang)


def action_labels(view: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The legal actions' notation worded in ``lang`` for the page's buttons (by the
    game's action templates: ``take G5`` → ``weź G5``), those that differ from the
    notation (a button without one shows its notation: English ``bid 2``).

    >>> action_labels({"game": "five_towers", "legal": ["take sand7", "pass"]}, "en")
    {'take sand7': 'take sand 7'}
    """
    words = i18n.translator(str(view.get("game")), lang)  # (shared: it keeps its words)
    labels = {action: words.action(action) for action in view.get("legal") or []}
    return {action: label for action, label in labels.items() if label != action}


@router.get("/api/i18n/{lang}")
async def texts(request: Request, lang: str, domains: str = "web") -> Response:
    """The texts of ``domains`` (comma-separated) in ``lang``, English filling any gap,
    as ``{"lang": ..., "texts": {key: text}}``."""
    if lang not in i18n.LANGUAGES:
        return error(404, "not_found", web("no_language", known=Seq(i18n.LANGUAGES)),
                     page_language(request), lang=lang[:8])
    wanted = [d for d in domains.split(",") if d][:MAX_DOMAINS]
    known = set(i18n.domains())
    merged: dict[str, str] = {}
    for code in (i18n.LANGUAGES[0], lang):
        for domain in wanted:
            if domain in known:
                merged.update(i18n.catalogue(domain, code))
    return JSONResponse({"lang": lang, "languages": i18n.NAMES, "texts": merged},
                        headers={"Cache-Control": "public, max-age=300"})
