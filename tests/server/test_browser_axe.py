"""Accessibility (issue #43 item 7): axe-core 4.x (:mod:`tests.server.axe`) finds no
serious or critical fault on the lobby, table (at a seat's turn with its hints, and a
finished one with its long log), replay, review, rules and scoring pad pages, for every
game in Polish or Hungarian (each language on half the games; all eight pairs with
``TOWERPLAY_GALLERY=1``), at desktop (1280 x 800) and phone (390 x 844) size, nor on any
kind of decision's board in both languages; the hint list never overlaps itself and says
when there is nothing to weigh (castle's face-down cards).

Cheap by design: one chromium for the module (its tests run on one worker), the
session's shared server, one page load per (page, game, language) checked at both sizes.
Each page's first screen at each size is saved for the docs' gallery
(``test-artifacts/gallery/``, ``scripts/gallery.py``)."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from towerplay import games
from towerplay.i18n import Translator
from towerplay.server import pool
from towerplay.server.boards import draw

from tests.server.axe import AXE, VERSION, findings
from tests.server.browser import ARTIFACTS, MY_TURN, browser, localized_page, screenshot
from tests.server.conftest import TIMEOUT, Server, create, token, wait_over, wait_turn
from tests.server.test_browser_board_sizes import BOARDS, mover_views, page_of

__all__ = ["browser"]  # (the fixture, imported for this module)

LANGS = ("pl", "hu")
GAMES = tuple(games.BUILT_IN)
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GALLERY = ARTIFACTS / "gallery"
LOCALES = {"pl": "pl-PL", "hu": "hu-HU"}


@pytest.fixture(scope="module")
def base(sqlite_server: Server) -> Iterator[str]:
    """The shared SQLite server's address, its hints and reviews at a small budget (the
    tests' time: the pages are checked, not the search)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pool, "HINT_ITERATIONS", 40)
        patch.setattr(pool, "REVIEW_ITERATIONS", 8)
        yield sqlite_server.base


def at_my_turn(base: str, game: str) -> str:
    """A table of a person and a bot at the person's turn: the person's page."""
    with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        made = create(http, game, ["human", "greedy"], seed=5)
        wait_turn(http, made["table"], token(made, 0))
    url: str = made["seats"][0]["url"]
    return url if url.startswith("http") else f"{base}{url}"


def begun(base: str, game: str) -> str:
    """A table of two bots, who play it to its end meanwhile (``ended``): its id."""
    with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        table: str = create(http, game, ["random", "greedy"], seed=4)["table"]
    return table


def ended(base: str, table: str) -> None:
    """Wait until the bots of ``table`` have played it to its end."""
    with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        wait_over(http, table)


def checked(page: Any, where: str, top: bool = True) -> list[str]:
    """axe's findings at both sizes (and the first screen of each saved for the gallery:
    the page's top, or where it was scrolled to if not ``top``)."""
    found = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        found += findings(page, f"{where} {size}")
        if top:
            page.evaluate("() => window.scrollTo(0, 0)")
        GALLERY.mkdir(parents=True, exist_ok=True)
        screenshot(page, GALLERY / f"{where.replace(' ', '-')}-{size}.png", full_page=False)
    return found


def lobby(page: Any, game: str) -> None:
    page.wait_for_selector("#seats select")
    page.select_option("#game", game)


def table(page: Any, game: str) -> None:
    page.wait_for_function(MY_TURN)
    page.wait_for_selector("#hint-box:not([hidden])")
    page.click("#hint-button")
    page.wait_for_selector("#hints li")


def over(page: Any, game: str) -> None:
    page.wait_for_selector("#end:not([hidden])")
    page.wait_for_selector("#events li")


def replay(page: Any, game: str) -> None:
    page.wait_for_selector("body[data-at='0']")
    page.wait_for_selector("#moves li")


def ready(page: Any, game: str) -> None:
    page.wait_for_load_state("load")


def pad(page: Any, game: str) -> None:
    page.wait_for_selector("#pad-seats fieldset")


PAGES: dict[str, tuple[str, Callable[[Any, str], None]]] = {
    "lobby": ("/", lobby), "table": ("{table}", table), "end": ("/tables/{finished}", over),
    "replay": ("/replay/{finished}", replay),
    "rules": ("/rules/{game}?lang={lang}", ready), "pad": ("/score/{game}", pad),
}
"""Each page: its address and what it waits for (and does) before it is checked."""


GALLERY_RUN = os.environ.get("TOWERPLAY_GALLERY") == "1"
PAGE_CASES = [(game, lang) for i, game in enumerate(GAMES) for lang in LANGS
              if GALLERY_RUN or lang == LANGS[i % len(LANGS)]]
"""The (game, language) pairs whose pages are checked: each game in one language, each
language on half the games (the pages' own words are the web app's, the same for every
game; the boards' words are checked in both languages for every game below). With
``TOWERPLAY_GALLERY=1`` every pair, for the docs' gallery (``scripts/gallery.py``)."""


@pytest.mark.parametrize("game,lang", PAGE_CASES)
def test_no_serious_finding_on_any_page(browser: Any, base: str, game: str, lang: str) -> None:
    fields = {"finished": begun(base, game),  # its bots play while the first pages are checked
              "table": at_my_turn(base, game), "game": game, "lang": lang}
    found: list[str] = []
    with localized_page(browser, LOCALES[lang]) as page:
        for name, (address, prepare) in PAGES.items():
            if "{finished}" in address:
                ended(base, fields["finished"])
            url = address.format(**fields)
            page.goto(url if url.startswith("http") else f"{base}{url}")
            prepare(page, game)
            found += checked(page, f"{game} {lang} {name}")
            if name == "replay":  # the review is the replay page's lower half
                page.click("#review-start")
                page.wait_for_selector("#review-graph svg")
                found += checked(page, f"{game} {lang} review", top=False)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", BOARDS)
def test_no_serious_finding_on_any_kind_of_decisions_board(browser: Any, game: str,
                                                           lang: str) -> None:
    """Each kind of decision a game asks (its board's clickable pieces differ), drawn as
    the table page draws it, at phone size."""
    context = browser.new_context(viewport=SIZES["phone"])
    try:
        page = context.new_page()
        found: list[str] = []
        for i, view in enumerate(mover_views(game)):
            page.set_content(page_of(draw(view, lang)).replace(
                "<html>", f"<html lang='{lang}'><title>{game}</title>"))
            found += findings(page, f"{game} {lang} decision {i} ({view['legal'][:3]})")
        assert not found, "\n".join(found)
    finally:
        context.close()


BAD = """<!doctype html><html lang="en"><title>bad</title><body><main>
<svg viewBox="0 0 100 40" width="100" height="40" role="group" aria-label="board">
  <g role="button" tabindex="0" aria-label="give up your turn"><text x="5" y="20">pass</text></g>
</svg>
<ul style="max-height: 2rem; overflow-y: auto">""" + "<li>a line</li>" * 20 + """</ul>
</main></body></html>"""
"""What the pages had (issue #43): a piece whose drawn word is not in its name, a
scrolling log that a keyboard cannot reach."""


def test_the_check_finds_what_the_pages_had(browser: Any) -> None:
    assert AXE.read_text(encoding="utf-8")[:40].startswith(f"/*! axe v{VERSION}")
    assert VERSION.startswith("4.")
    with localized_page(browser) as page:
        page.set_content(BAD)
        found = findings(page, "bad")
    assert {line.split(": ")[1].split()[0] for line in found} == {
        "label-content-name-mismatch", "scrollable-region-focusable"}, found


# ----------------------------------------------------------------- the hint list
def hint_shown(page: Any, url: str) -> list[str]:
    """The page at ``url``, at its seat's turn, with the hint asked for: the entries."""
    page.goto(url)
    table(page, "")
    entries: list[str] = page.locator("#hints li").all_inner_texts()
    return entries


OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('#hints li')].map((li) => {
    const own = li.getBoundingClientRect();
    const inked = [...li.querySelectorAll('*')].map((e) => e.getBoundingClientRect());
    const right = Math.max(own.right, ...inked.map((r) => r.right));
    return {left: own.left, right, top: own.top, bottom: own.bottom};
  });
  const out = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    const apart = a.right - 1 <= b.left || b.right - 1 <= a.left
      || a.bottom - 1 <= b.top || b.bottom - 1 <= a.top;
    if (!apart) out.push([i, i + 1 + j]);
  }));
  return out;
}"""
"""The pairs of hint entries whose drawn extent (the entry and everything in it, which may
run past its own box) overlaps another's."""


@pytest.mark.parametrize("game", ["five_towers", "skytopia"])
def test_the_hint_list_never_overlaps_itself(browser: Any, base: str, game: str) -> None:
    with localized_page(browser, "hu-HU") as page:
        assert len(hint_shown(page, at_my_turn(base, game))) > 1
        for viewport in SIZES.values():
            page.set_viewport_size(viewport)
            assert page.evaluate(OVERLAPS) == [], viewport
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_a_hint_with_one_choice_says_so_and_names_no_best(browser: Any, base: str) -> None:
    """Castle's first reveal: every face-down card is the same to the seat, one choice the
    search does not weigh: no "best", no empty chance, and the note says why."""
    said = Translator("web", "pl")
    with localized_page(browser, "pl-PL") as page:
        assert len(hint_shown(page, at_my_turn(base, "castle"))) == 1
        assert page.locator(".best-mark").count() == 0
        assert page.locator("#hints meter, #hints .win").count() == 0
        assert page.inner_text("#hint-note") == said("hint_one_choice")
        assert said("hint_best") not in page.inner_text("#hints")
