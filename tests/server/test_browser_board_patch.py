"""The table's board on a phone (issue #43): at 390 x 844 the turn and the board are on the
first screen (the board's top in its first third); a new board patches the old one in
place (a die that stays keeps its element, so CSS transitions run), what changed is marked
as the last move, and motion stops where the reader asks for less of it. On castle's and
5 Towers' boards the card just moved is marked, and only the move: not every piece that
became clickable; a page opened afresh marks it too."""
from __future__ import annotations

from typing import Any

import pytest

from tests.server.browser import (
    ServeProcess,
    act,
    create_in_lobby,
    localized_page,
    screenshots,
    wait_my_turn,
)

PHONE = {"width": 390, "height": 844}
TAG = """() => { for (const e of document.querySelectorAll('#board [data-key]')) e.kept = true; }"""
KEPT = """() => [...document.querySelectorAll('#board [data-key]')].filter((e) => e.kept).length"""
TRANSITION = """() => getComputedStyle(document.querySelector('#board .die-face'))
  .transitionDuration"""


def test_a_phone_shows_the_board_and_patches_it_in_place(browser: Any,
                                                         web: ServeProcess) -> None:
    with localized_page(browser, "pl-PL") as page:
        page.emulate_media(reduced_motion="no-preference")  # a phone that moves its pieces
        links = create_in_lobby(page, web.base, "blueprints", ["human", "greedy"])
        page.set_viewport_size(PHONE)
        page.goto(links["seat-0"])
        wait_my_turn(page)
        for _ in range(3):  # a few moves: the others' moves fill "since your last move"
            act(page, page.locator("#board [data-action]").first)
            wait_my_turn(page)
        board = page.locator("#board").bounding_box()
        turn = page.locator("#turn").bounding_box()
        # the turn, then the board at once: its top in the first third of the first screen
        # (the people, the name form and the moves since yours come after it)
        assert turn is not None and board is not None, (turn, board)
        assert turn["y"] < board["y"] < PHONE["height"] / 3, (turn, board)
        assert page.locator("#recent-box").bounding_box()["y"] > board["y"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.evaluate(TAG)
        kept_before = page.evaluate(KEPT)
        act(page, page.locator("#board [data-action]").first)
        assert page.evaluate(KEPT) >= kept_before // 2 > 0  # the same elements, patched
        assert page.locator("#board .changed").count() > 0  # the move, marked
        assert page.evaluate(TRANSITION) != "0s"
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(TRANSITION) == "0s"


PIECE = {"five_towers": "take", "castle": "reveal"}
"""The move whose piece the test plays: a card taken from the display lands in the hand,
a card revealed on the table turns face up; the same seat moves on, so the board after it
stays on the page."""
MARKED = """() => [...document.querySelectorAll('#board .changed')]
  .map((e) => e.getAttribute('data-key'))"""


@pytest.mark.parametrize("game", sorted(PIECE))
def test_the_last_move_is_marked_and_nothing_else(browser: Any, web: ServeProcess,
                                                  game: str) -> None:
    with localized_page(browser, "hu-HU") as page:
        links = create_in_lobby(page, web.base, game, ["human", "greedy"])
        page.goto(links["seat-0"])
        while wait_my_turn(page):
            pieces = page.locator(f"#board [data-action^='{PIECE[game]} ']")
            if pieces.count() == 0:  # bid high: the auction's winner takes the cards
                bids = page.locator("#board [data-action^='bid ']")
                first = page.locator("#board [data-action]").first
                act(page, bids.last if bids.count() else first)
                continue
            action = act(page, pieces.first)
            break
        else:
            raise AssertionError(f"no {PIECE[game]} came to the person's seat")
        moved = action.split()[1]
        marked = page.evaluate(MARKED)
        expected = f"card-{moved}" if game == "five_towers" else f"cell-{moved}"
        assert expected in marked, marked
        # the move, not the pieces that only became clickable or not (castle's forty
        # face-down cards, 5 Towers' towers) nor the display's cards that slid left
        assert len(marked) <= (2 if game == "castle" else 1), marked
        assert page.locator("#board .stack .changed").count() == 0
        screenshots(page, f"last-move-{game}-hu")
        page.reload()  # a page opened afresh marks the last move too
        wait_my_turn(page)
        assert expected in page.evaluate(MARKED), page.evaluate(MARKED)


STACKED = """() => [...document.querySelectorAll('#board .stack [data-key]')]
  .map((e) => e.getAttribute('data-key'))"""
TALLEST = """() => Math.max(0, ...[...document.querySelectorAll('#board .stack')]
  .map((s) => s.querySelectorAll('[data-key]').length))"""
STACKED_MARKED = """() => [...document.querySelectorAll('#board .stack .changed')]
  .map((e) => e.getAttribute('data-key'))"""


def test_a_card_placed_in_5_towers_marks_no_card_that_stood_before(
        browser: Any, web: ServeProcess) -> None:
    """When the tallest tower grows, every tower of the seat is drawn lower: the cards
    that stood there must not be marked as moved (they were, every one), only the card
    placed."""
    with localized_page(browser) as page:
        links = create_in_lobby(page, web.base, "five_towers", ["human", "greedy"])
        page.goto(links["seat-0"])
        grown = 0
        while grown < 2 and wait_my_turn(page):
            places = page.locator("#board [data-action^='place ']")
            bids = page.locator("#board [data-action^='bid ']")
            if places.count() == 0:  # bid high, take and choose no tear-down to build
                act(page, bids.last if bids.count() else page.locator("#board [data-action]").first)
                continue
            before, tallest = set(page.evaluate(STACKED)), page.evaluate(TALLEST)
            act(page, places.first)
            marked = set(page.evaluate(STACKED_MARKED))
            assert not marked & before, sorted(marked & before)
            grown += tallest >= 1 and page.evaluate(TALLEST) > tallest
        assert grown, "no placement grew the tallest tower"


ROW = {"five_towers": "take", "blueprints": "take"}
"""A move that takes the first piece of a row that closes up (5 Towers' display,
Blueprints' pool); the same seat moves on, so the board after it stays on the page."""
IN_ROW = """() => Object.fromEntries([...document.querySelectorAll('#board [data-row]')]
  .map((e) => [e.getAttribute('data-key'),
                [e.getAttribute('data-row'), e.getAttribute('transform')]]))"""


@pytest.mark.parametrize("game", sorted(ROW))
def test_pieces_that_slide_along_their_row_are_not_the_last_move(
        browser: Any, web: ServeProcess, game: str) -> None:
    """Taking the first card of 5 Towers' display or the first die of Blueprints' pool
    moves the pieces after it along; those are not marked (they were), the piece taken
    is, where it lands."""
    with localized_page(browser) as page:
        links = create_in_lobby(page, web.base, game, ["human", "greedy"])
        page.goto(links["seat-0"])
        while wait_my_turn(page):
            pieces = page.locator(f"#board [data-row] [data-action^='{ROW[game]} '], "
                                  f"#board [data-row][data-action^='{ROW[game]} ']")
            if pieces.count() > 2:
                break
            bids = page.locator("#board [data-action^='bid ']")  # win the auction
            act(page, bids.last if bids.count() else page.locator("#board [data-action]").first)
        else:
            raise AssertionError(f"no row to {ROW[game]} from came to the person's seat")
        before = page.evaluate(IN_ROW)
        act(page, pieces.first)
        after = page.evaluate(IN_ROW)
        slid = {key for key in before.keys() & after.keys()  # the same row, a new place
                if before[key][0] == after[key][0] and before[key][1] != after[key][1]}
        assert len(slid) >= 2, (before, after)  # the pieces after the taken one
        marked = set(page.evaluate(MARKED))
        assert not marked & slid, sorted(marked & slid)
        assert marked, "the piece taken is not marked where it landed"
