"""The table's board on a phone (issue #43): at 390 x 844 the turn and the board are on the
first screen; a new board patches the old one in place (a die that stays keeps its
element, so CSS transitions run), what changed is marked as the last move, and motion
stops where the reader asks for less of it."""
from __future__ import annotations

from typing import Any

from tests.server.browser import ServeProcess, act, create_in_lobby, localized_page, wait_my_turn

PHONE = {"width": 390, "height": 844}
TAG = """() => { for (const e of document.querySelectorAll('#board [data-key]')) e.kept = true; }"""
KEPT = """() => [...document.querySelectorAll('#board [data-key]')].filter((e) => e.kept).length"""
TRANSITION = """() => getComputedStyle(document.querySelector('#board .die-face'))
  .transitionDuration"""


def test_a_phone_shows_the_board_and_patches_it_in_place(browser: Any,
                                                         web: ServeProcess) -> None:
    with localized_page(browser, "pl-PL") as page:
        links = create_in_lobby(page, web.base, "blueprints", ["human", "greedy"])
        page.set_viewport_size(PHONE)
        page.goto(links["seat-0"])
        wait_my_turn(page)
        for _ in range(3):  # a few moves: the others' moves fill "since your last move"
            act(page, page.locator("#board [data-action]").first)
            wait_my_turn(page)
        board = page.locator("#board").bounding_box()
        assert board is not None and board["y"] < PHONE["height"] - 150  # on the first screen
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.evaluate(TAG)
        kept_before = page.evaluate(KEPT)
        act(page, page.locator("#board [data-action]").first)
        assert page.evaluate(KEPT) >= kept_before // 2 > 0  # the same elements, patched
        assert page.locator("#board .changed").count() > 0  # the move, marked
        assert page.evaluate(TRANSITION) != "0s"
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(TRANSITION) == "0s"
