"""Blueprints played whole in a Polish browser by clicking its board: a person in the
lobby sets one human seat against a bot, takes, places and discards dice by clicking
them, and the page speaks Polish all along (the turn line, the board, the log, a
refusal); the final scores shown are the engine's. Screenshots (desktop and 360 px
wide) go to ``test-artifacts/blueprints-pl-*.png``.
"""
from __future__ import annotations

import random
import re
from typing import Any

from towerplay.core.record import Record
from towerplay.i18n import Translator, catalogue

from tests.server.browser import (
    ServeProcess,
    act,
    create_in_lobby,
    final_scores,
    forged_refusal,
    localized_page,
    screenshots,
    wait_my_turn,
)

PL = Translator("blueprints", "pl")
KEYS = {k.rsplit(".", 1)[0] for domain in ("web", "blueprints")
        for k in catalogue(domain, "en") if "_" in k}
"""Keys that would show if a text were missing (plain words like ``pool`` would not)."""


def play(page: Any, rng: random.Random, moves: int | None = None) -> int:
    """Click a random piece of the board each turn (never the buttons below it)."""
    done = 0
    while (moves is None or done < moves) and wait_my_turn(page):
        pieces = page.locator("#board [data-action]")
        assert pieces.count() >= 1
        act(page, pieces.nth(rng.randrange(pieces.count())))
        done += 1
    return done


def check_polish(page: Any) -> None:
    """No missing text and no English on the page: the board's headings are Polish."""
    body = page.inner_text("body")
    assert "term." not in body and "line." not in body
    assert not [k for k in KEYS if re.search(rf"\b{re.escape(k)}\b", body)]
    for english in ("Players", "Pool (", "In-Demand", "Your blueprint", "To move", "Seat "):
        assert english not in body, english
    board = page.inner_text("#board")
    assert "Gracze" in board and "Pożądane Materiały" in board and "Pula (" in board
    assert page.get_attribute("html", "lang") == "pl"


def refused_in_polish(page: Any) -> None:
    """A forged piece with a garbled die: the reason shows in Polish, nothing moves."""
    shown = forged_refusal(page, "take X9")
    assert shown.startswith("Niedozwolony ruch: kość to litera materiału (W drewno"), shown


CLICKABLE = "rgb(45, 108, 223)"
"""The outline of a piece a click plays, in every game (style.css)."""


def check_dice_outlined(page: Any) -> None:
    """Each die of the pool a click plays is outlined as a clickable card is, unless it is
    marked as what the last move changed."""
    faces = page.eval_on_selector_all(
        "#board [data-action] rect.die-face",
        "faces => faces.map(f => [getComputedStyle(f).stroke, !!f.closest('.changed')])")
    assert faces
    assert all(stroke == CLICKABLE for stroke, changed in faces if not changed), faces


def check_end(page: Any, base: str) -> Record:
    """The final scores and winners shown are the engine's (the record replayed), the
    round sheet in Polish."""
    record = final_scores(page, base, "Miejsce {}".format)
    sheet = page.inner_text("#breakdown")
    assert "runda 1: " in sheet and "Award" not in sheet and "Prize" not in sheet
    return record


def test_blueprints_played_in_polish_by_clicking_the_board(browser: Any,
                                                           web: ServeProcess) -> None:
    with localized_page(browser, "pl-PL") as page:
        links = create_in_lobby(page, web.base, "blueprints", ["human", "greedy"])
        page.goto(links["seat-0"])
        rng = random.Random(5)
        wait_my_turn(page)
        assert page.inner_text("#turn") == "Twój ruch."
        check_polish(page)
        assert "Twój Projekt" in page.inner_text("#board")
        refused_in_polish(page)
        check_dice_outlined(page)
        screenshots(page, "blueprints-pl-start")
        moves = play(page, rng, moves=26)
        check_polish(page)
        events = page.inner_text("#events")
        assert "bierze " in events and "buduje (ukryte)" in events, events
        screenshots(page, "blueprints-pl-mid")
        moves += play(page, rng)
        assert moves >= 40  # every take, placement and discard of one seat
        check_end(page, web.base)  # the turn line: "Koniec gry."
        check_polish(page)
        assert "Wynik końcowy (PZ)" in page.inner_text("#board")
        screenshots(page, "blueprints-pl-end")
