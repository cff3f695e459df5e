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

from towerplay.core import Event
from towerplay.i18n import Translator, catalogue

from tests.i18n.test_castle import WORDING
from tests.server.browser import (
    ServeProcess,
    final_scores,
    forged_refusal,
    localized_page,
    played_on_the_board,
)

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
    shows in Polish, the game's reason worded from its event, and the position stays."""
    shown = forged_refusal(page, "build")
    assert shown == WEB("illegal", message=CASTLE.event(Event.of(
        "castle.not_legal", action="build", why=Event.of("castle.not_revealed"))))
    assert "nie odkryto jeszcze karty" in shown


def check_end_polish(page: Any, base: str) -> None:
    """The scores shown are the engine's (the downloaded record replayed), the winners
    named in Polish, the turn line and the board's end in Polish."""
    final_scores(page, base, lambda seat: WEB("seat", n=seat))
    board = page.inner_text("#board")
    assert "Koniec gry · wygrywa: " in board and WEB("final_scores") in board


def test_castle_played_whole_in_polish_by_clicking_the_board(
        browser: Any, web: ServeProcess) -> None:
    rng = random.Random(4)
    with localized_page(browser, "pl-PL") as page:
        played_on_the_board(  # mid-game: from the third move, the Polish decision buttons
            # (or the fifth move whatever the board shows: the deal is random)
            page, web.base, "castle", ["human", "greedy", "random"], least=5,
            mid_at=lambda moves, _: moves >= 4 or (
                moves >= 2 and page.locator("#board .btn").count() > 0),
            pick=lambda pieces: pick(pieces, rng), check=check_polish,
            refused=refused_in_polish, end=check_end_polish)
