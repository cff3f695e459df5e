"""The web app's pages: the lobby, table and replay pages (the front end's static files)
and each game's rules summary in the reader's language, with its language switch."""
from __future__ import annotations

from html import escape
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt

from towerplay import games, i18n
from towerplay.core.errors import TowerplayError
from towerplay.core.events import Event
from towerplay.games import summaries
from towerplay.games.summaries import notation_text
from towerplay.i18n import Translator, game_title
from towerplay.server import words
from towerplay.server.boards import components
from towerplay.server.examples import example_html
from towerplay.server.protocol import web

STATIC = Path(__file__).parent / "static"
RULES_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
"""The rules summaries' Markdown: CommonMark with GitHub's tables, raw HTML escaped; each
table in a box of its own that scrolls sideways (:data:`WIDE_TABLE`)."""
WIDE_TABLE = '<div class="wide-table" tabindex="0">'
"""What a rules table stands in: an options table (names like ``wizard_tile_gap`` do not
break) is wider than a phone, and the box scrolls it rather than the page (focusable, so a
keyboard scrolls it too)."""
RULES_MARKDOWN.add_render_rule(
    "table_open", lambda self, tokens, idx, options, env:
    WIDE_TABLE + self.renderToken(tokens, idx, options, env))
RULES_MARKDOWN.add_render_rule(
    "table_close", lambda self, tokens, idx, options, env:
    self.renderToken(tokens, idx, options, env) + "</div>")


def add_pages(app: FastAPI) -> None:
    """The lobby, table and replay pages (the front end's files), rules, static files."""
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("lobby.html")

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return page("replay.html")

    @app.get("/rules/{game}", include_in_schema=False)
    def rules(request: Request, game: str) -> Response:  # (the example may be drawn: a thread)
        return rules_page(game, words.page_language(request))


def page(name: str, lang: str = "en") -> Response:
    path = STATIC / name
    if not path.is_file():
        return error_page(503, web("no_page"), lang)
    return FileResponse(path, media_type="text/html")


def wants_page(request: Request) -> bool:
    """Whether a refused request is a browser's for a page (not the API's, a file's)."""
    path = request.url.path
    return (not path.startswith(("/api/", "/ws/", "/static/"))
            and "text/html" in request.headers.get("accept", ""))


def error_page(status: int, reason: Event, lang: str) -> HTMLResponse:
    """A page saying why there is nothing to show, in ``lang``: its title, the reason,
    a link to the lobby."""
    tr = Translator("web", lang)
    title = escape(tr("title.error", status=status))
    return HTMLResponse(f"<!doctype html><html lang={lang}><meta charset=utf-8>"
                        f"<meta name=viewport content='width=device-width'>"
                        f"<title>{title}</title>"
                        f"<link rel=stylesheet href='/static/style.css'>"
                        f"<body class=error-page><main><h1>{title}</h1>"
                        f"<p>{escape(i18n.word(reason, lang))}</p>"
                        f"<p><a href='/'>{escape(tr('to_lobby'))}</a></p></main></body></html>",
                        status_code=status)


def rules_page(game: str, lang: str = "en") -> Response:
    """The game's rules summary in ``lang`` as HTML (raw HTML in the Markdown is
    escaped); a language the game lacks falls back to English."""
    tr = Translator("web", lang)
    if game not in games.names():
        return error_page(404, web("unknown_rules"), lang)
    try:
        text = summaries.rules_text(game, lang)
    except TowerplayError:  # a game without a summary (yet)
        text = f"# {game_title(game, lang)}\n\n{tr('no_rules')}"
    prose, reference = split_reference(text, f"## {tr('rules_command_line')}")
    body = (RULES_MARKDOWN.render(prose) + components_html(game, lang)
            + f"<h2>{escape(tr('rules_example_title'))}</h2>{example_html(game, lang)}"
            + RULES_MARKDOWN.render(f"{reference}\n\n## {tr('notation')}\n\n"
                                    f"{notation_text(game, lang)}\n"))
    title = tr("title_rules", title=escape(game_title(game, lang)))
    return HTMLResponse(f"<!doctype html><html lang={lang}><meta charset=utf-8>"
                        f"<meta name=viewport content='width=device-width'>"
                        f"<title>{title}</title>"
                        f"<link rel=stylesheet href='/static/style.css'>"
                        f"<body class=rules><header>{language_links(game, lang)}</header>"
                        f"<main>{body}</main></body></html>")


def components_html(game: str, lang: str) -> str:
    """The game's components drawn by its board (a card, a die, a tower …), under a
    heading; nothing for a game whose board draws none."""
    pictures = components(game, lang)
    if not pictures:
        return ""
    heading = escape(Translator("web", lang)("rules_components_title"))
    return f'<h2>{heading}</h2><figure class="rules-components">{pictures}</figure>'


def split_reference(text: str, heading: str) -> tuple[str, str]:
    """A rules summary's prose and its part for the command line (options, notation),
    which starts at ``heading``: the example board goes between them.

    >>> split_reference("# T\\n\\nprose\\n## Options\\n\\n`x`", "## Options")
    ('# T\\n\\nprose\\n', '## Options\\n\\n`x`')
    >>> split_reference("# T", "## Options")
    ('# T', '')
    """
    at = text.find(f"\n{heading}\n")
    return (text, "") if at < 0 else (text[:at + 1], text[at + 1:])


def language_links(game: str, lang: str) -> str:
    """The rules page's language switch: a link per language, the current one marked."""
    links = [f"<strong>{name}</strong>" if code == lang else
             f'<a href="/rules/{game}?lang={code}" hreflang="{code}">{name}</a>'
             for code, name in i18n.NAMES.items()]
    label = escape(Translator("web", lang)("language"))
    return f'<nav class="lang" aria-label="{label}">{" · ".join(links)}</nav>'
