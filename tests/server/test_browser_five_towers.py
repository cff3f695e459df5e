"""5 Towers played whole in a Polish browser (Debian's chromium under Playwright) against a
real ``towerplay serve``: a person creates the table in the lobby, plays every move by
clicking the board's pieces (bid buttons, display cards, towers, taken cards, the
no-tear-down button) against a greedy and a random bot, and sees Polish texts throughout
and the engine's scores. Screenshots (desktop and 360 px wide):
``test-artifacts/five_towers-pl-{start,mid,end}-*.png``.
"""
from __future__ import annotations

import random
import re
from typing import Any

import httpx

from tests.i18n.test_five_towers import check_board
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
TOWERS = Translator("five_towers", "pl")
NOTATION = ("bid", "pass", "take", "place", "teardown", "no-teardown")
"""The English action words: a log line shown in Polish starts with none of them."""


def check_polish(page: Any) -> None:
    """The board and the page speak Polish: no key, no English phrase or suit on the
    board, its headings in Polish, the log lines worded, no catalogue key in the page."""
    check_board(page.inner_html("#board"), "pl")
    assert page.get_attribute("html", "lang") == "pl"
    board = page.inner_text("#board")
    assert re.search(r"5 Wież · runda \d+ · (pierwszy|drugi) stos", board)
    over = page.evaluate("document.body.dataset.toMove") == "over"
    headings = ("Stos kart odrzuconych", "Wieże") if over else ("Wystawka", "Licytacja")
    assert all(words in board or words in page.inner_html("#board") for words in headings)
    for line in page.locator("#events li").all_inner_texts():
        who, _, said = line.partition(": ")
        assert who.startswith("Miejsce ") and not said.startswith(NOTATION), line
    text = page.inner_text("body")
    keys = {k for d in ("web", "five_towers") for k in catalogue(d, "en")
            if "_" in k or "." in k}
    assert not [k for k in keys if k in text] and "term." not in text


def refused_in_polish(page: Any) -> None:
    """A forged piece sends 'no-teardown' during the auction: the server's refusal shows
    in Polish, the game's reason worded by its template, and the position stays."""
    version = page.evaluate("document.body.dataset.version")
    page.evaluate("""() => {
        const forged = document.createElement("button");
        forged.id = "forged";
        forged.dataset.action = "no-teardown";
        document.getElementById("board").append(forged);
    }""")
    page.click("#forged")
    page.wait_for_selector("#error:not([hidden])")
    shown = page.inner_text("#error")
    assert shown.startswith(WEB("illegal", message="Ruch „no-teardown” jest niedozwolony: "
                                                   "trwa licytacja: miejsce 0 musi "))
    assert "; dozwolone: " in shown and "is not legal" not in shown
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
    assert "Koniec gry · wygrywa: " in board and "★ zwycięzca" in board
    for seat, score in enumerate(record.result["scores"]):  # type: ignore[index]
        assert f"{WEB('seat', n=seat)}{' (ty)' if seat == 0 else ''} · wynik {score}" in board
    assert page.inner_text("#turn") == WEB("game_over")


def test_five_towers_played_whole_in_polish_by_clicking_the_board(
        browser: Any, web: ServeProcess) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="pl-PL", accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        create_in_lobby(page, web.base, "five_towers", ["human", "greedy", "random"])
        assert page.inner_text("#create") == WEB("create")
        page.click("#take-seat")
        wait_my_turn(page)
        assert page.inner_text("#turn") == WEB("your_move_now")
        check_polish(page)
        refused_in_polish(page)
        screenshots(page, "five_towers-pl-start")
        rng, moves, mid = random.Random(5), 0, False
        while wait_my_turn(page):
            pieces = page.locator("#board [data-action]")
            assert pieces.count() >= 1
            actions = [pieces.nth(i).get_attribute("data-action")
                       for i in range(pieces.count())]
            if not mid and moves >= 6 and any(a.startswith("place") for a in actions):
                check_polish(page)  # the taken cards and the towers to place them on
                screenshots(page, "five_towers-pl-mid")
                mid = True
            act(page, pieces.nth(rng.randrange(len(actions))), keyboard=False)
            moves += 1
        assert mid and moves >= 10
        check_polish(page)
        check_end_polish(page, web.base)
        screenshots(page, "five_towers-pl-end")
        assert not errors
    finally:
        context.close()
