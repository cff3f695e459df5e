"""The friends' flows without dead ends in Polish browsers (issue #43): a three-person
table where one seat is never opened: the others see who is here (presence dots, the
spectators' count), invite someone else to the empty seat by a fresh link, play it out
and play again, each person landing in their own seat of the rematch (by the button or
by the "new table" link); what is hidden stays hidden (a spectator's "play again" and
name box, the lobby's "take the first seat" of an all-bots table); a server that goes
away dims and locks the board under a banner, which clears when it is back; the empty
scoring pad names no winner. Screenshots: ``test-artifacts/flows-pl-*.png``."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from towerplay.i18n import Translator

from tests.server.browser import (
    RECONNECT_MAX_MS,
    ServeProcess,
    create_in_lobby,
    localized_page,
    screenshots,
)
from tests.server.conftest import TIMEOUT, wait_over

WEB = Translator("web", "pl")
SCORE = Translator("score", "pl")


EWA_WATCHES = WEB("watching_named", watching=WEB("watching_count", count=1), names="Ewa")
WATCHED_BY_EWA = f"() => document.getElementById('watching').textContent === {EWA_WATCHES!r}"
"""A seat's strip once one spectator watches, named Ewa."""


def watch_as(page: Any, name: str) -> None:
    """A spectator's page gives ``name`` for the chat."""
    page.fill("#name-input", name)
    page.click("#name-form button[type=submit]")


def opened(page: Any, url: str) -> Any:
    page.goto(url)
    page.wait_for_selector("body[data-version]")
    return page


def test_three_friends_invite_a_fourth_and_play_again_each_in_their_own_seat(
        browser: Any, web: ServeProcess) -> None:
    made = httpx.post(f"{web.base}/api/tables", json={
        "game": "five_towers", "seats": ["human", "human", "human"], "seed": 9},
        timeout=TIMEOUT).json()
    table = made["table"]
    links = [f"{web.base}{seat['url']}" for seat in made["seats"]]
    with localized_page(browser, "pl-PL") as ann, localized_page(browser, "pl-PL") as bob, \
            localized_page(browser, "pl-PL") as eve, localized_page(browser, "pl-PL") as dora:
        opened(ann, links[0])
        opened(bob, links[1])
        opened(eve, f"{web.base}{made['spectate']}")
        assert ann.locator("#name-box").is_visible()  # before her first move
        ann.wait_for_selector("#people li[data-seat='1'] .presence.here")
        ann.wait_for_function("() => document.getElementById('watching').textContent"
                              f" === {WEB('watching_count', count=1)!r}")
        # a spectator names no seat, but may give a name for the chat: the seats see it
        eve.wait_for_selector("#name-box:not([hidden])")
        assert eve.inner_text("#name-note") == WEB("name_note_watching")
        # her name is for the chat: its box stands there, above her line; a seat's first
        assert eve.locator("#chat-box > #name-box + #chat-form").count() == 1
        assert ann.locator("#side > #name-box:first-child").count() == 1
        assert eve.locator("#turn-options").is_hidden()  # a spectator has no turn
        assert ann.locator("#turn-options").is_visible()
        screenshots(eve, "flows-pl-watcher")
        watch_as(eve, "Ewa")
        eve.wait_for_selector("#name-box[hidden]", state="attached")
        ann.wait_for_function(WATCHED_BY_EWA)
        eve.fill("#chat-input", "hej")  # her lines say she watches: no seat's name is hers
        eve.click("#chat-send")
        ann.locator("#chat-lines li", has_text=f"Ewa ({WEB('spectator')}): hej").wait_for()
        assert ann.locator("#people li[data-seat='2'] .presence.gone").count() == 1
        # nobody ever opened seat 3: the others may hand it on, a spectator may not
        assert eve.locator("button.hand-on").count() == 0
        assert ann.locator("#people li[data-seat='0'] button.hand-on").count() == 0
        assert ann.locator("#people li[data-seat='1'] button.hand-on").count() == 0
        screenshots(ann, "flows-pl-presence")
        ann.click("#people li[data-seat='2'] button[data-hand-on='person']")
        ann.wait_for_selector("#invite-box:not([hidden])")
        assert ann.inner_text("#invite-seat") == WEB("hand_on_invite", n=3)
        invite = ann.input_value("#invite-link")
        assert invite.startswith(f"{web.base}/tables/{table}?token=")
        assert ann.get_attribute("#invite-copy", "data-copy") == invite  # one tap to pass on
        ann.click("#invite-copy")
        ann.wait_for_selector(f"#invite-copy:text('{WEB('copied')}')")
        opened(dora, invite)
        assert dora.inner_text("#who") == WEB("you_are", n=3)
        ann.wait_for_selector("#people li[data-seat='2'] .presence.here")
        assert ann.locator("button.hand-on").count() == 0
        screenshots(ann, "flows-pl-invited")

        tokens = [links[0].split("token=")[1], links[1].split("token=")[1],
                  invite.split("token=")[1]]
        for seat_token in tokens:  # everyone lets a bot finish the game
            assert httpx.post(f"{web.base}/api/tables/{table}/away", json={
                "token": seat_token, "bot": "random"}, timeout=TIMEOUT).status_code == 200
        wait_over(httpx.Client(base_url=web.base, timeout=TIMEOUT), table)
        for page in (ann, bob, dora, eve):
            page.wait_for_selector("#end:not([hidden])")
            assert not page.locator("#name-box").is_visible()  # the record's names are final
            assert not page.locator("#turn-options").is_visible()  # no turn to hear of
        assert not eve.locator("#rematch-button").is_visible()  # spectators play no rematch

        ann.click("#rematch-button")
        ann.wait_for_url(lambda url: table not in url)
        ann.wait_for_selector("body[data-version]")
        for page in (bob, dora):  # the link others see takes each to their own seat
            page.wait_for_selector("#rematch-ready:not([hidden])")
            page.click("#rematch-link")
            page.wait_for_url(lambda url: table not in url)
            page.wait_for_selector("body[data-version]")
        seats = {page.inner_text("#who") for page in (ann, bob, dora)}
        assert seats == {WEB("you_are", n=n) for n in (1, 2, 3)}
        assert len({page.url.split("?")[0] for page in (ann, bob, dora)}) == 1
        screenshots(dora, "flows-pl-rematch")


def test_hidden_means_hidden(browser: Any, web: ServeProcess) -> None:
    with localized_page(browser, "pl-PL") as page:
        create_in_lobby(page, web.base, "castle", ["random", "random"])
        assert not page.locator("#take-seat").is_visible()  # all bots: no seat to take
        page.goto(f"{web.base}/tables/no-such-table")
        page.wait_for_function("() => document.body.dataset.connection === 'closed'")
        assert not page.locator("#name-box").is_visible()


def test_offline_dims_and_locks_the_board_until_the_server_is_back(
        browser: Any, tmp_path: Path) -> None:
    server = ServeProcess(tmp_path / "offline.sqlite").start()
    try:
        made = httpx.post(f"{server.base}/api/tables", json={
            "game": "castle", "seats": ["human", "human"], "seed": 3}, timeout=TIMEOUT).json()
        with localized_page(browser, "pl-PL") as page:
            page.clock.install()  # the page's clock runs, and the test may skip its waits
            opened(page, f"{server.base}{made['seats'][0]['url']}")
            assert not page.locator("#offline").is_visible()
            server.kill()
            page.wait_for_selector("#offline:not([hidden])")
            assert page.inner_text("#offline") == WEB("offline_banner")
            board = page.eval_on_selector("#board", "b => getComputedStyle(b).pointerEvents")
            assert board == "none"
            screenshots(page, "flows-pl-offline")
            server.start()
            page.clock.fast_forward(RECONNECT_MAX_MS)  # its next try, waited no longer
            page.wait_for_function("() => document.body.dataset.connection === 'connected'")
            assert not page.locator("#offline").is_visible()
            assert not page.locator("#error").is_visible()
            assert page.eval_on_selector("#board", "b => getComputedStyle(b).pointerEvents") \
                != "none"
    finally:
        server.stop()


def test_a_spectators_name_comes_back_with_its_connection(browser: Any, tmp_path: Path) -> None:
    """A spectator's name is its connection's: when the server comes back, the page
    names it again by itself, and the seats see it among those who watch."""
    server = ServeProcess(tmp_path / "watcher.sqlite").start()
    try:
        made = httpx.post(f"{server.base}/api/tables", json={
            "game": "castle", "seats": ["human", "human"], "seed": 3}, timeout=TIMEOUT).json()
        with localized_page(browser, "pl-PL") as ann, localized_page(browser, "pl-PL") as eve:
            for page in (ann, eve):
                page.clock.install()  # the page's clock runs, and the test may skip its waits
            opened(ann, f"{server.base}{made['seats'][0]['url']}")
            opened(eve, f"{server.base}{made['spectate']}")
            eve.wait_for_selector("#name-box:not([hidden])")
            watch_as(eve, "Ewa")
            ann.wait_for_function(WATCHED_BY_EWA)
            server.kill()
            for page in (ann, eve):
                page.wait_for_selector("#offline:not([hidden])")
            server.start()
            for page in (ann, eve):
                page.clock.fast_forward(RECONNECT_MAX_MS)  # its next try, waited no longer
                page.wait_for_function("() => document.body.dataset.connection === 'connected'")
            ann.wait_for_function(WATCHED_BY_EWA)
            assert eve.locator("#name-box").is_hidden()  # not asked again
    finally:
        server.stop()


def test_the_empty_scoring_pad_names_no_winner(browser: Any, web: ServeProcess) -> None:
    with localized_page(browser, "pl-PL") as page:
        page.goto(f"{web.base}/score/castle")
        page.wait_for_selector("#seat-1-castle")
        page.click("#pad-clear")
        assert page.inner_text("#pad-winners") == SCORE("pad.empty")
        assert page.get_attribute("#pad-result", "data-winners") == ""
        assert page.locator(".pad-winner").count() == 0
        page.fill("#seat-0-castle", "5 17")
        page.wait_for_function("() => document.getElementById('pad-result').dataset.winners"
                               " === '0'")
