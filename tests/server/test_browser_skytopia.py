"""Skytopia played whole in Polish by clicking its board: a Polish browser creates a
table in the lobby (one person, a greedy bot), plays every move on the board's pieces
(Market cards, value chips, golems, Towers, the decision panel; never the button list),
and finds the engine's final scores, Polish texts (a refusal's reason too) and no key on
the page. Screenshots
(desktop and 360 px wide): ``test-artifacts/skytopia-pl-{start,mid,end}-*.png``.
"""
from __future__ import annotations

import random
from typing import Any

from towerplay.i18n import Translator

from tests.i18n.test_skytopia import WORDING
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

WEB, SKY = Translator("web", "pl"), Translator("skytopia", "pl")


def check_polish(page: Any) -> None:
    """The turn line, the board and the log are Polish: no key, no English phrase."""
    turn = page.inner_text("#turn")
    assert turn in (WEB("your_move_now"), WEB("game_over")) or turn.startswith("Ruch: ")
    board = page.inner_text("#board") + " ".join(
        page.locator("#board [aria-label]").evaluate_all(
            "pieces => pieces.map(p => p.getAttribute('aria-label'))"))
    texts = [board, page.inner_text("#events")]
    for text in texts:
        assert "term." not in text and "line." not in text, text[:200]
        assert not [p for p in WORDING.english_phrases("pl") if p in text], text[:200]
    assert SKY("market_panel") in page.inner_html("#board")
    assert SKY("guild_masters") in board and SKY("foundations_title") in board


def refused_in_polish(page: Any) -> None:
    """A forged piece sends an action that is not asked now: the server's reason shows
    in Polish, and the position stays."""
    assert "'tower red' — nie o to teraz chodzi; " in forged_refusal(page, "tower red")


def play(page: Any, rng: random.Random, moves: int | None = None) -> int:
    """A random piece of the board each turn (every fourth by keyboard): the board has a
    piece for every Skytopia action, so the button list is never used."""
    done = 0
    while (moves is None or done < moves) and wait_my_turn(page):
        pieces = page.locator("#board [data-action]")
        legal = page.locator("#actions [data-action]").count()
        assert pieces.count() >= legal >= 1  # every legal action has a piece
        act(page, pieces.nth(rng.randrange(pieces.count())), keyboard=done % 4 == 3)
        done += 1
    return done


def check_scores(page: Any, base: str) -> None:
    """The final scores and winners shown are the engine's (the record replayed)."""
    final_scores(page, base, lambda seat: WEB("seat", n=seat))


def test_skytopia_played_in_polish_by_clicking_the_board(
        browser: Any, web: ServeProcess) -> None:  # noqa: F811 (fixtures)
    with localized_page(browser, "pl-PL") as page:
        links = create_in_lobby(page, web.base, "skytopia", ["human", "greedy"])
        assert page.inner_text("#create") == WEB("create")  # the lobby spoke Polish
        page.goto(links["seat-0"])
        page.wait_for_selector("html[lang='pl']")
        rng = random.Random(4)
        wait_my_turn(page)
        check_polish(page)
        refused_in_polish(page)
        screenshots(page, "skytopia-pl-start")
        played = play(page, rng, moves=25)
        check_polish(page)
        assert "Golema" in page.inner_text("#events")  # the log's lines are Polish too
        screenshots(page, "skytopia-pl-mid")
        played += play(page, rng)
        assert played > 25
        check_polish(page)
        assert SKY("winner_mark").strip(" ·") in page.inner_text("#board")
        screenshots(page, "skytopia-pl-end")
        check_scores(page, web.base)
