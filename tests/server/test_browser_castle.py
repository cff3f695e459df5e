"""Budowa Zamku played whole in a Polish browser (Debian's chromium under Playwright)
against a real ``towerplay serve``: a person creates the table in the lobby, plays every
move by clicking the board's pieces (face-down cards, the decision buttons, the Wizard's
markers) against two bots, and sees Polish texts throughout and the engine's scores.
Screenshots (desktop and 360 px wide): ``test-artifacts/castle-pl-{start,mid,end}-*.png``.
"""
from __future__ import annotations

import random
import re
from typing import Any

import httpx

from tests.i18n.test_castle import WORDING
from tests.server.browser import (  # noqa: F401 (fixtures)
    DESKTOP,
    TIMEOUT_MS,
    ServeProcess,
    browser,
    screenshots,
    web,
)
from tests.server.test_browser import act, create_in_lobby, wait_my_turn
from towerplay.core.record import Record
from towerplay.i18n import Translator, catalogue

WEB = Translator("web", "pl")
CASTLE = Translator("castle", "pl")
NOTATION = ("reveal", "build", "return", "remove", "wizard")
"""The English action words: a log line shown in Polish starts with none of them."""


def pick(pieces: Any, rng: random.Random) -> Any:
    """The piece to click: a decision that builds (or inserts) if the board offers one,
    else a random piece (a face-down card, or returning the card)."""
    actions = [str(pieces.nth(i).get_attribute("data-action")) for i in range(pieces.count())]
    for wanted in ("build", "wizard"):
        found = [i for i, a in enumerate(actions) if a.startswith(wanted)]
        if found:
            return pieces.nth(found[0])
    return pieces.nth(rng.randrange(len(actions)))


def check_polish(page: Any) -> None:
    """The board and the page speak Polish: no key, no English phrase on the board, the
    log lines worded, no key of the catalogues anywhere in the page's text."""
    WORDING.check_board(page.inner_html("#board"), "pl")
    assert page.get_attribute("html", "lang") == "pl"
    board = page.inner_text("#board")
    for words in ("gra podstawowa", "pamięć ukryta", "Zamki", "zakryte"):  # the headings
        assert words in board
    assert re.search(r"tura \d+", board)
    for line in page.locator("#events li").all_inner_texts():
        who, _, said = line.partition(": ")
        assert who.startswith("Miejsce ") and not said.startswith(NOTATION), line
    text = page.inner_text("body")
    keys = {k for d in ("web", "castle") for k in catalogue(d, "en") if "_" in k or "." in k}
    assert not [k for k in keys if k in text] and "term." not in text


def refused_in_polish(page: Any) -> None:
    """A forged piece sends 'build' before any card is revealed: the server's refusal
    shows in Polish, the game's reason worded by its template, and the position stays."""
    version = page.evaluate("document.body.dataset.version")
    page.evaluate("""() => {
        const forged = document.createElement("button");
        forged.id = "forged";
        forged.dataset.action = "build";
        document.getElementById("board").append(forged);
    }""")
    page.click("#forged")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == WEB("illegal", message=CASTLE.line(
        "'build' is not legal: no card is revealed yet: a turn starts with 'reveal <pos>' "
        "(a1 … e9)"))
    assert "nie odkryto jeszcze karty" in page.inner_text("#error")
    assert page.evaluate("document.body.dataset.version") == version
    page.evaluate("document.getElementById('forged').remove()")


def check_end_polish(page: Any, base: str) -> None:
    """The scores shown are the engine's (the downloaded record replayed), the winners
    named in Polish, the board's end in Polish."""
    page.wait_for_selector("#end:not([hidden])")
    record = Record.model_validate(
        httpx.get(base + page.get_attribute("#record-link", "href"), timeout=30).json())
    state = record.replay()
    shown = [page.inner_text(f"th.total[data-seat='{s}']") for s in range(state.players)]
    assert shown == [str(score) for score in record.result["scores"]]  # type: ignore[index]
    assert [float(s) for s in shown] == [float(s) for s in state.scores()]
    winners = page.inner_text("#winners")
    assert winners.startswith("Wygrywa: ")
    for seat in range(state.players):
        assert (WEB("seat", n=seat) in winners) == (seat in state.winners())
    board = page.inner_text("#board")
    assert "Koniec gry · wygrywa: " in board and WEB("final_scores") in board
    assert page.inner_text("#turn") == WEB("game_over")


def test_castle_played_whole_in_polish_by_clicking_the_board(
        browser: Any, web: ServeProcess) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="pl-PL", accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        create_in_lobby(page, web.base, "castle", ["human", "greedy", "random"])
        assert page.inner_text("#create") == WEB("create")
        page.click("#take-seat")
        wait_my_turn(page)
        assert page.inner_text("#turn") == WEB("your_move_now")
        check_polish(page)
        refused_in_polish(page)
        screenshots(page, "castle-pl-start")
        rng, moves, mid = random.Random(4), 0, False
        while wait_my_turn(page):
            pieces = page.locator("#board [data-action]")
            assert pieces.count() >= 1
            decision = page.locator("#board .btn").count() > 0  # a card to decide on
            if not mid and moves >= 4 and decision:  # the Polish decision buttons
                check_polish(page)
                screenshots(page, "castle-pl-mid")
                mid = True
            act(page, pick(pieces, rng), keyboard=False)
            moves += 1
        assert mid and moves >= 5
        check_polish(page)
        check_end_polish(page, web.base)
        screenshots(page, "castle-pl-end")
        assert not errors
    finally:
        context.close()
