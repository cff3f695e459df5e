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

from towerplay.i18n import Translator, catalogue

from tests.i18n.test_five_towers import check_board
from tests.server.browser import (
    ServeProcess,
    final_scores,
    forged_refusal,
    localized_page,
    played_on_the_board,
)

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
    shown = forged_refusal(page, "no-teardown")
    assert shown.startswith(WEB("illegal", message="Ruch „no-teardown” jest niedozwolony: "
                                                   "trwa licytacja: miejsce 1 musi "))
    assert "; dozwolone: " in shown and "is not legal" not in shown


def check_end_polish(page: Any, base: str) -> None:
    """The scores shown are the engine's (the downloaded record replayed), the winners
    named in Polish, the turn line and the board's end in Polish."""
    record = final_scores(page, base, lambda n: WEB("seat", n=n))
    board = page.inner_text("#board")
    assert "Koniec gry · wygrywa: " in board and "★ wygrywa" in board
    for seat, score in enumerate(record.result["scores"]):  # type: ignore[index]
        mine = " (ty)" if seat == 0 else ""
        assert f"{WEB('seat', n=seat + 1)}{mine} · wynik {score}" in board  # from 1


def places_a_card(moves: int, pieces: Any) -> bool:
    """Mid-game: from the seventh move on, a turn that places a taken card (the taken
    cards and the towers to place them on)."""
    actions = [pieces.nth(i).get_attribute("data-action") for i in range(pieces.count())]
    return moves >= 6 and any(a.startswith("place") for a in actions)


def test_five_towers_played_whole_in_polish_by_clicking_the_board(
        browser: Any, web: ServeProcess) -> None:
    rng = random.Random(5)
    with localized_page(browser, "pl-PL") as page:
        played_on_the_board(
            page, web.base, "five_towers", ["human", "greedy", "random"],
            check=check_polish, refused=refused_in_polish, end=check_end_polish, least=10,
            pick=lambda pieces: pieces.nth(rng.randrange(pieces.count())),
            mid_at=places_a_card)
