"""The scoring pads (issue #18): a page per game for people playing on a real table, who
type each player's towers, castle, building or city and see the score as they type.

A game brings its pad: the page module ``pad.js`` in its package (found through the
registry, so a game installed from outside has one too), which scores in the browser with
the same logic and refusals as ``towerplay score <game>``; the pages work offline: a
service worker, served here as ``/score/sw.js`` so that its scope is ``/score/``, keeps
the files :func:`pad_files` lists.

- ``GET /score/``: the list of pads; ``GET /score/<game>``: a pad (both ``score.html``);
- ``GET /score/pads.json``: the pads (id, title, address) and the files to keep offline;
- ``GET /score/<game>/pad.js``: the game's pad module;
- ``GET /score/<game>/data.json``: the game's shipped component file as JSON (castle's
  character cards, Blueprints' blueprint cards, Skytopia's components), ``{}`` if none;
- ``GET /score/sw.js``: the service worker.

The app includes :data:`router` (``app.include_router(router)``).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response

from towerplay import games, i18n
from towerplay.server.pages import error_page, wants_page
from towerplay.server.protocol import error, web
from towerplay.server.words import page_language

router = APIRouter()

STATIC = Path(__file__).parent / "static"
DOMAINS = "web,score"
"""The catalogues a pad loads (``<body data-domains="score">`` besides ``web``)."""


PAD = "pad.js"
"""A game's pad: this module in its package."""


def pad_module(game: str) -> Path:
    """Where the game's pad module is (it may have none)."""
    return games.folder(game) / PAD


def built(game: str) -> bool:
    """Whether the game has a pad (:func:`pad_module`)."""
    return pad_module(game).is_file()


def pad_games() -> list[str]:
    """The registered games with a scoring pad, in the registry's order."""
    return [game for game in games.names() if built(game)]


def pad_files() -> list[str]:
    """What a pad needs offline: the pages, scripts, style, data and texts."""
    kept = ["/score/", "/score/pads.json", "/static/app.js", "/static/common.js",
            "/static/score.js", "/static/style.css"]
    for game in pad_games():
        kept += [f"/score/{game}", f"/score/{game}/{PAD}", f"/score/{game}/data.json"]
    return kept + [f"/api/i18n/{lang}?domains={DOMAINS}" for lang in i18n.LANGUAGES]


def pad_data(game: str) -> dict[str, Any]:
    """The game's shipped component file as JSON-ready data (``{}`` if it has none)."""
    cls = games.game_class(game)
    if cls.component_file is None:
        return {}
    text = (games.folder(game) / cls.component_file).read_text(encoding="utf-8")
    return tomllib.loads(text)


def pad_page() -> Response:
    """``score.html``: it shows the list or a pad by its address."""
    return FileResponse(STATIC / "score.html", media_type="text/html")


def unknown(game: str, lang: str = "en") -> Response:
    """The refusal of a name no pad has: JSON, so the name is never read as HTML."""
    return error(404, "not_found", web("no_pad"), lang, game=game[:40])


@router.get("/score", include_in_schema=False)
async def score_root() -> Response:
    return RedirectResponse("/score/")


@router.get("/score/", include_in_schema=False)
async def score_list() -> Response:
    return pad_page()


@router.get("/score/pads.json", include_in_schema=False)
async def pads() -> Response:
    listed = [{"id": g, "title": games.game_class(g).title, "url": f"/score/{g}"}
              for g in pad_games()]
    return JSONResponse({"pads": listed, "files": pad_files()})


@router.get("/score/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})


@router.get("/score/{game}", include_in_schema=False)
async def score_pad(request: Request, game: str) -> Response:
    if game in pad_games():
        return pad_page()
    if wants_page(request):  # a browser's address bar: a page; else JSON (never echoed)
        return error_page(404, web("no_pad"), page_language(request))
    return unknown(game, page_language(request))


@router.get("/score/{game}/" + PAD, include_in_schema=False)
async def score_module(request: Request, game: str) -> Response:
    if game not in pad_games():
        return unknown(game, page_language(request))
    return FileResponse(pad_module(game), media_type="text/javascript")


@router.get("/score/{game}/data.json", include_in_schema=False)
async def score_data(request: Request, game: str) -> Response:
    if game not in pad_games():
        return unknown(game, page_language(request))
    return JSONResponse(pad_data(game))
