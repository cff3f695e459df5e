"""The table page's layout on a wide screen: the play (turn, board, moves) beside a side
column of the table's people, chat and log, which stays in view while the page scrolls;
on a phone the side follows the play, in the same order as ever. Screenshots:
``test-artifacts/layout-skytopia-*.png`` (Skytopia: the board with the most panels)."""
from __future__ import annotations

from typing import Any

from tests.server.browser import (
    DESKTOP,
    PHONE,
    ServeProcess,
    create_in_lobby,
    localized_page,
    screenshots,
    wait_my_turn,
)


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return dict(found)


def test_the_side_stands_beside_the_board_on_a_wide_screen(browser: Any,
                                                           web: ServeProcess) -> None:
    with localized_page(browser) as page:
        links = create_in_lobby(page, web.base, "skytopia", ["human", "greedy", "greedy"])
        page.set_viewport_size(DESKTOP)
        page.goto(links["seat-0"])
        wait_my_turn(page)
        board, side = box(page, "#board"), box(page, "#side")
        assert side["x"] >= board["x"] + board["width"], (board, side)  # beside it
        assert side["y"] < DESKTOP["height"] / 3  # from the top of the page
        panels = page.locator("#board .board-panel")
        rows = {round(panels.nth(i).bounding_box()["y"]) for i in range(panels.count())}
        assert len(rows) < panels.count()  # two or more panels to a row
        assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_function("() => window.scrollY > 0")
        assert 0 <= box(page, "#side")["y"] < DESKTOP["height"] / 3  # it stayed in view
        page.evaluate("window.scrollTo(0, 0)")
        screenshots(page, "layout-skytopia")

        page.set_viewport_size(PHONE)  # a phone: the side follows the play
        board, side = box(page, "#board"), box(page, "#side")
        assert side["y"] > board["y"] + board["height"], (board, side)
        assert box(page, "#events")["y"] > box(page, "#people")["y"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]



def test_each_turn_option_keeps_its_box_beside_its_words_on_a_phone(
        browser: Any, web: ServeProcess) -> None:
    """On a phone, in Polish (the longer words), each turn option stands on a line of its
    own with its box beside its words: the two did not fit one line, and the second box
    ended the first line while its words began the next."""
    with localized_page(browser, "pl-PL") as page:
        links = create_in_lobby(page, web.base, "castle", ["human", "greedy"])
        page.set_viewport_size(PHONE)
        page.goto(links["seat-0"])
        wait_my_turn(page)
        for option in ("#turn-sound", "#turn-notify"):
            check, words = box(page, option), box(page, f"{option} + span")
            assert abs((check["y"] + check["height"] / 2)
                       - (words["y"] + words["height"] / 2)) < words["height"] / 2, option
        assert box(page, "#turn-notify")["y"] > box(page, "#turn-sound + span")["y"] + 1


def test_no_rules_page_scrolls_sideways_on_a_phone(browser: Any, web: ServeProcess) -> None:
    """Every game's rules in every language fit a phone's width: a table wider than the
    screen (the options, with names like ``wizard_tile_gap``) scrolls in its own box, not
    the page (castle's, Skytopia's and Blueprints' pages were 370 to 580 px wide)."""
    from towerplay import games
    from towerplay.i18n import LANGUAGES

    with localized_page(browser) as page:
        page.set_viewport_size(PHONE)
        for game in games.names():
            for lang in LANGUAGES:
                page.goto(f"{web.base}/rules/{game}?lang={lang}")
                wide = page.evaluate("document.documentElement.scrollWidth")
                assert wide <= PHONE["width"], (game, lang, wide)
                assert page.locator("table").count() == page.locator(".wide-table table").count()
