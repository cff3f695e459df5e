"""The friends' table in Polish browsers (issue #30): two people name themselves (a
spectator, who names no seat, has no name box: issue #43), they and the spectator chat
(a name and a message holding ``<script>`` show as text), one leaves his seat to a bot
and takes it back (the spectator sees both), they play a whole 5 Towers game by the
action buttons; one closes its tab mid-game and finds the game again in the lobby's "my
games", with whose turn it is; at the end both play again, each landing on their rotated
seat of the new table. Screenshots:
``test-artifacts/friends-pl-{chat,my-games,end,rematch}-*.png``.
"""
from __future__ import annotations

from typing import Any

import httpx

from towerplay.i18n import Translator

from tests.i18n.english import problems
from tests.server.browser import ServeProcess, act, localized_page, screenshots
from tests.server.conftest import TIMEOUT

WEB = Translator("web", "pl")
BOB = "<script>bob</script>"
SAID = "<script>alert('x')</script> cześć"


def named(page: Any, name: str) -> None:
    """Type ``name`` into the page's name box (shown to one who has none) and save it."""
    try:
        page.locator("#name-box:not([hidden])").wait_for()
    except Exception as error:  # say what the page showed instead
        raise AssertionError(f"no name box at {page.url}: {page.inner_text('#who')} | "
                             f"{page.inner_html('#people')} | {page.inner_text('#error')}"
                             ) from error
    page.fill("#name-input", name)
    page.click("#name-form button")
    page.wait_for_selector("#name-box", state="hidden")


def chat(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def my_move(pages: list[Any]) -> Any | None:
    """The page whose seat is to move (``None``: the game is over)."""
    while True:
        for page in pages:
            state = page.evaluate("document.body.dataset.toMove")
            if state == "me":
                return page
            if state == "over":
                return None
        pages[0].wait_for_timeout(50)


def test_friends_name_themselves_chat_play_and_find_the_game_again(
        browser: Any, web: ServeProcess) -> None:
    made = httpx.post(f"{web.base}/api/tables", json={
        "game": "five_towers", "seats": ["human", "human"], "seed": 5},
        timeout=TIMEOUT).json()
    links = [f"{web.base}{seat['url']}" for seat in made["seats"]]
    with localized_page(browser, "pl-PL") as ann, localized_page(browser, "pl-PL") as bob, \
            localized_page(browser, "pl-PL") as eve:
        spectate = f"{web.base}{made['spectate']}"
        for page, link in ((ann, links[0]), (bob, links[1]), (eve, spectate)):
            page.goto(link)
            page.wait_for_selector("body[data-version]")
        assert ann.inner_text("#name-box label span") == WEB("your_name")
        named(ann, "Ala")
        named(bob, BOB)
        # a spectator names no seat: it is offered a name for the chat, and may chat without
        eve.wait_for_selector("#name-box:not([hidden])")
        assert eve.inner_text("#name-note") == WEB("name_note_watching")
        for page in (ann, bob, eve):
            page.wait_for_function("() => document.querySelectorAll('#people li[data-seat]')"
                                   ".length === 2"
                                   " && document.getElementById('people').textContent"
                                   ".includes('</script>')")
            assert BOB in page.inner_text("#people") and "Ala" in page.inner_text("#people")
            page.wait_for_function("() => document.getElementById('board').textContent"
                                   ".includes('</script>')")  # the board names them too
            assert "Ala" in page.inner_text("#board")
        assert "Ala (ty)" in ann.inner_text("#board")
        chat(ann, SAID)
        chat(eve, "hej")
        for page in (ann, bob, eve):
            page.wait_for_function("() => document.querySelectorAll('#chat-lines li')"
                                   ".length === 2")
            lines = page.locator("#chat-lines li").all_inner_texts()
            assert sorted(lines) == sorted([f"Ala: {SAID}", f"{WEB('spectator')}: hej"])
            assert page.locator("#chat-lines script, #people script").count() == 0
        bob.click("#away-button")  # Bob lets a bot play for him, and everyone sees it
        eve.wait_for_function("() => document.getElementById('people').textContent"
                              ".includes('nieobecny: gra średni bot')")
        screenshots(eve, "friends-pl-chat")
        assert bob.inner_text("#away-button") == WEB("take_back")
        bob.click("#away-button")  # and comes back before his turn
        eve.wait_for_function("() => !document.getElementById('people').textContent"
                              ".includes('nieobecny')")

        moves = 0
        while (mover := my_move([ann, bob])) is not None:
            if mover is ann:
                assert ann.title().startswith(f"▶ {WEB('your_turn_title')}")
            act(mover, mover.locator("#actions [data-action]").first)
            moves += 1
            if moves == 2:  # Ala closes her tab and finds the game in the lobby
                ann.close()
                ann = ann.context.new_page()
                ann.goto(f"{web.base}/")
                ann.wait_for_selector(f"#my-games li[data-table='{made['table']}'][data-turn]")
                entry = ann.inner_text(f"#my-games li[data-table='{made['table']}']")
                assert WEB("my_games_turn") in entry or BOB in entry, entry
                link = ann.inner_text(f"#my-games li[data-table='{made['table']}'] a")
                title = ann.inner_text("#game option[value='five_towers']")
                assert link.startswith(f"{title} · {WEB('seat', n=1)} · "), link
                assert made["table"] not in link  # a table is named by what people know
                screenshots(ann, "friends-pl-my-games")
                ann.click(f"#my-games li[data-table='{made['table']}'] a")
                ann.wait_for_selector("body[data-version]")
        assert moves >= 60  # a whole game: five rounds of bids, takes and placements
        for page in (ann, bob, eve):
            page.wait_for_selector("#end:not([hidden])")
            assert page.inner_text("#turn") == WEB("game_over")
        log = eve.locator("#events .who").all_inner_texts()
        assert set(log) <= {"Ala", BOB} and BOB in log
        captions = eve.locator("#breakdown caption").all_inner_texts()
        assert problems(eve.inner_text("#breakdown"), "pl") == []  # the end sheet in Polish
        sheets = eve.eval_on_selector_all(  # each sheet as tall as its rows, not the tallest
            "#breakdown table.score",
            "tables => tables.map(t => [t.tBodies[0].rows.length, t.offsetHeight])")
        fewest, most = min(sheets), max(sheets)
        assert fewest[0] == most[0] or fewest[1] < most[1], sheets
        assert BOB in eve.inner_text("#board") and "Miejsce" not in eve.inner_text("#board")
        screenshots(eve, "friends-pl-end")
        record = httpx.get(f"{web.base}/api/tables/{made['table']}/record",
                           timeout=TIMEOUT).json()
        assert record["names"] == ["Ala", BOB]
        # the sheets by the chosen names, in finishing order, the winners' starred
        winners = [["Ala", BOB][seat] for seat in record["result"]["winners"]]
        assert [c.removeprefix("★ ") for c in captions[:len(winners)]] == winners, captions
        assert sorted(c.removeprefix("★ ") for c in captions) == sorted(["Ala", BOB])
        assert [c.startswith("★ ") for c in captions] == [c.removeprefix("★ ") in winners
                                                          for c in captions], captions

        ann.click("#rematch-button")  # play again: Ala's new seat comes to her page alone
        ann.wait_for_url(lambda url: made["table"] not in url)
        ann.wait_for_selector("body[data-version]")
        assert ann.inner_text("#who") == WEB("you_are", n=2)  # the seats rotated (from 1)
        bob.wait_for_selector("#rematch-ready:not([hidden])")
        bob.click("#rematch-button")
        bob.wait_for_url(lambda url: made["table"] not in url)
        bob.wait_for_selector("body[data-version]")
        assert bob.inner_text("#who") == WEB("you_are", n=1)
        assert bob.url.split("?")[0] == ann.url.split("?")[0]
        eve.wait_for_selector("#rematch-ready:not([hidden])")
        assert eve.get_attribute("#rematch-link", "href") == ann.url.split("?")[0].removeprefix(
            web.base) and "token" not in eve.content().split("rematch-link")[1][:200]
        assert "Ala" in ann.inner_text("#people") and BOB in ann.inner_text("#people")
        screenshots(ann, "friends-pl-rematch")
