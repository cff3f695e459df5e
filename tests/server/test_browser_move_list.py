"""The move buttons beside a board that offers the moves as pieces: where more than
eight legal moves are pieces of the board (castle's face-down cards), their buttons wait
in a list that opens on demand, below a line that says to choose on the board, so that a
phone does not scroll past 45 buttons; a move the board has no piece for, or a choice of
a few, stays a button. Once opened, the list comes open at the seat's next turns; a
keyboard user who chose from the buttons finds the focus on the next ones.
Screenshots: ``test-artifacts/move-list-{folded,open}-*.png``."""
from __future__ import annotations

from typing import Any

import httpx

from towerplay.i18n import Translator

from tests.server.browser import PHONE, ServeProcess, localized_page, screenshots
from tests.server.conftest import TIMEOUT

WEB = Translator("web", "en")


def at_version(page: Any, version: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) >= {version}")


def legal_now(base: str, table: str, token: str) -> tuple[int, list[str]]:
    """The table's version and the legal moves of the seat with ``token``."""
    answer = httpx.get(f"{base}/api/tables/{table}", params={"token": token},
                       timeout=TIMEOUT).json()
    return answer["version"], answer["view"]["legal"]


def move_by_api(base: str, table: str, token: str, action: str) -> None:
    version, _ = legal_now(base, table, token)
    moved = httpx.post(f"{base}/api/tables/{table}/actions", json={
        "token": token, "version": version, "action": action}, timeout=TIMEOUT)
    assert moved.status_code == 200, moved.text


def test_many_moves_on_the_board_wait_in_a_list_that_stays_open_once_opened(
        browser: Any, web: ServeProcess) -> None:
    made = httpx.post(f"{web.base}/api/tables", json={
        "game": "castle", "seats": ["human", "human"], "seed": 7}, timeout=TIMEOUT).json()
    table = made["table"]
    mine, theirs = (seat["token"] for seat in made["seats"])
    _, legal = legal_now(web.base, table, mine)
    assert len(legal) == 45 and all(a.startswith("reveal ") for a in legal)
    with localized_page(browser) as page:
        page.goto(f"{web.base}{made['seats'][0]['url']}")
        at_version(page, 0)
        page.wait_for_selector("#move-list")
        # every move is still a button of #actions (the hint and the tests count them),
        # but folded: none shows, the line says where to choose, the summary how many
        buttons = page.locator("#actions button[data-action]")
        assert buttons.count() == len(legal)
        assert not any(buttons.nth(i).is_visible() for i in range(buttons.count()))
        assert page.inner_text("#actions .hint-note") == WEB("choose_on_board")
        summary = page.locator("#move-list > summary")
        assert summary.inner_text() == WEB("move_list", n=45)
        page.set_viewport_size(PHONE)
        box = summary.bounding_box()
        assert box is not None and box["height"] >= 44
        screenshots(page, "move-list-folded")

        summary.click()  # opened: every move a button again, and one of them played
        page.wait_for_selector("#move-list[open]")
        assert page.locator("#move-list button").nth(44).is_visible()
        screenshots(page, "move-list-open")
        page.focus('#move-list [data-action="reveal e9"]')  # chosen by keyboard
        page.keyboard.press("Enter")
        at_version(page, 1)

        # build or return: two moves, plain buttons, no list; the keyboard's focus is
        # on the first of them (not lost to the page with the buttons it was among)
        page.wait_for_selector('#actions > button[data-action="return"]')
        assert page.locator("#move-list").count() == 0
        page.wait_for_function("() => document.activeElement.dataset.action === 'build'")
        page.click('#actions > button[data-action="return"]')
        at_version(page, 2)
        move_by_api(web.base, table, theirs, "reveal a1")
        move_by_api(web.base, table, theirs, "return")

        at_version(page, 4)  # my turn again: the list comes open, as I left it
        page.wait_for_selector("#move-list[open]")
        assert page.locator("#move-list button").count() == 45
        summary.click()  # closed, and it stays closed
        page.wait_for_selector("#move-list:not([open])")
        page.click('#board [data-action="reveal a2"]')  # the board's piece plays as ever
        at_version(page, 5)
        page.click('#actions > button[data-action="return"]')
        move_by_api(web.base, table, theirs, "reveal a3")
        move_by_api(web.base, table, theirs, "return")
        at_version(page, 8)
        page.wait_for_selector("#move-list:not([open])")


def test_a_few_moves_stay_buttons(browser: Any, web: ServeProcess) -> None:
    """5 Towers' opening bids: seven moves, each a piece of the board and a button."""
    made = httpx.post(f"{web.base}/api/tables", json={
        "game": "five_towers", "seats": ["human", "human"], "seed": 3},
        timeout=TIMEOUT).json()
    table = made["table"]
    first = httpx.get(f"{web.base}/api/tables/{table}",
                      timeout=TIMEOUT).json()["view"]["to_move"]
    _, legal = legal_now(web.base, table, made["seats"][first]["token"])
    with localized_page(browser) as page:
        page.goto(f"{web.base}{made['seats'][first]['url']}")
        at_version(page, 0)
        buttons = page.locator("#actions > button[data-action]")
        buttons.first.wait_for(state="visible")
        assert sorted(buttons.evaluate_all("(all) => all.map((b) => b.dataset.action)")) \
            == sorted(legal)
        assert page.locator("#move-list").count() == 0


def test_the_keyboards_focus_waits_through_the_others_turn(browser: Any,
                                                           web: ServeProcess) -> None:
    """A keyboard user's last move of a turn leaves no move to focus (the other seat's
    turn): at the seat's next turn the focus is on its moves again, unless the user went
    elsewhere on the page meanwhile (the chat's input keeps it)."""
    made = httpx.post(f"{web.base}/api/tables", json={
        "game": "castle", "seats": ["human", "human"], "seed": 7}, timeout=TIMEOUT).json()
    table = made["table"]
    theirs = made["seats"][1]["token"]
    in_moves = "() => document.getElementById('actions').contains(document.activeElement)"
    with localized_page(browser) as page:
        page.goto(f"{web.base}{made['seats'][0]['url']}")
        at_version(page, 0)
        page.click("#move-list > summary")
        page.focus('#move-list [data-action="reveal e9"]')
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.dataset.action === 'build'")
        page.focus('#actions > button[data-action="return"]')
        page.keyboard.press("Enter")  # the turn ends: no moves, the buttons are gone
        at_version(page, 2)
        assert page.locator("#actions [data-action]").count() == 0
        assert not page.evaluate(in_moves)
        move_by_api(web.base, table, theirs, "reveal a1")
        move_by_api(web.base, table, theirs, "return")
        at_version(page, 4)
        page.wait_for_function(in_moves)  # my turn: on my moves again (the list's summary)

        page.focus('#move-list [data-action="reveal a2"]')
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.dataset.action === 'build'")
        page.keyboard.press("Tab")  # to "return"
        page.keyboard.press("Enter")
        at_version(page, 6)
        page.focus("#chat-input")  # the user went to the chat meanwhile
        move_by_api(web.base, table, theirs, "reveal a3")
        move_by_api(web.base, table, theirs, "return")
        at_version(page, 8)
        page.wait_for_selector("#move-list")
        assert page.evaluate("() => document.activeElement.id") == "chat-input"
