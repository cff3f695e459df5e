"""Browser tests: Debian's chromium (Playwright) against a real ``towerplay serve``.

A person creates tables in the lobby and plays whole games by clicking: 5 Towers on its
board, the other games with the action buttons; a server killed mid-game comes back and
the game goes on. Screenshots (desktop and 360 px wide) go to ``test-artifacts/``.
"""
from __future__ import annotations

import os
import random
import signal
from typing import Any

import httpx

from towerplay import bots
from towerplay.core.record import Record

from tests.server.browser import (
    ANSWER_WAIT_MS,
    RECONNECT_MAX_MS,
    ServeProcess,
    act,
    choose_seat,
    create_in_lobby,
    final_scores,
    forged_refusal,
    localized_page,
    screenshots,
    wait_my_turn,
)
from tests.server.conftest import TIMEOUT


def play_board(page: Any, rng: random.Random, moves: int | None = None,
               recent: list[str] | None = None) -> int:
    """Play 5 Towers by its board: a random clickable piece each turn (every fourth by
    keyboard). The board has a piece for every 5 Towers action (bids, pass, takes,
    tear-downs, no tear-down, placements), so the button list is never needed. Each
    turn's "since your last move" lines are added to ``recent``."""
    done = 0
    while (moves is None or done < moves) and wait_my_turn(page):
        if recent is not None:
            recent += page.locator("#recent li").all_inner_texts()
        pieces = page.locator("#board [data-action]")
        buttons = page.locator("#actions [data-action]").count()
        assert pieces.count() >= 1 and buttons >= 1
        act(page, pieces.nth(rng.randrange(pieces.count())), keyboard=done % 4 == 3)
        done += 1
    return done


def play_buttons(page: Any, rng: random.Random, moves: int | None = None) -> int:
    """Play with the plain button list (one button per legal action; where the board's
    many pieces fold theirs into a list, opened first: it then stays open)."""
    done = 0
    while (moves is None or done < moves) and wait_my_turn(page):
        folded = page.locator("#move-list:not([open]) > summary")
        if folded.count():
            folded.click()
            page.wait_for_selector("#move-list[open]")
        buttons = page.locator("#actions button")
        act(page, buttons.nth(rng.randrange(buttons.count())), keyboard=False)
        done += 1
    return done


def check_end(page: Any, base: str) -> Record:
    """The final scores and winners shown are the engine's (the record replayed), and a
    link to the replay: the record."""
    record = final_scores(page, base, "Seat {}".format)
    assert page.get_attribute("#replay-link", "href").startswith("/replay/")
    return record


def refused_in_a_visible_line(page: Any) -> None:
    """A forged piece sends an action the server refuses: the reason shows in the error
    line, the position stays, and the next move clears the line."""
    assert forged_refusal(page, "bid 9").startswith("Not allowed: ")
    act(page, page.locator("#board [data-action]").first, keyboard=False)
    assert page.locator("#error").is_hidden()


def test_five_towers_played_by_clicking_the_board(browser: Any, web: ServeProcess) -> None:
    with localized_page(browser) as page:
        links = create_in_lobby(page, web.base, "five_towers", ["human", "greedy", "greedy"])
        assert set(links) == {"seat-0", "spectate"} and "token=" in links["seat-0"]
        assert "token" not in links["spectate"]
        page.click("#take-seat")
        rng = random.Random(1)
        wait_my_turn(page)
        refused_in_a_visible_line(page)
        screenshots(page, "five_towers-start")
        recent: list[str] = []
        play_board(page, rng, moves=18, recent=recent)
        screenshots(page, "five_towers-mid")
        mid_game = page.content()
        play_board(page, rng, recent=recent)
        assert recent and all(line.startswith(("Seat 2 (greedy bot): ", "Seat 3 (greedy bot): "))
                              for line in recent)
        screenshots(page, "five_towers-end")
        record = check_end(page, web.base)
        assert str(record.seed) not in mid_game  # the seed is secret while the game runs
        page.click("#replay-link")
        page.wait_for_selector("body[data-at='0']")
        page.click("#forward")
        page.wait_for_selector("body[data-at='1']")
        assert "Seat" in page.inner_text("#move")
        for _ in range(5):  # quick presses add up, each from the position asked for last
            page.keyboard.press("ArrowRight")
        page.wait_for_selector("body[data-at='6']")


def test_a_killed_server_comes_back_and_the_game_goes_on(
        page: Any, browser: Any, tmp_path: Any) -> None:
    server = ServeProcess(tmp_path / "kill.sqlite").start()
    try:
        created = httpx.post(f"{server.base}/api/tables", timeout=TIMEOUT, json={
            "game": "five_towers", "seats": ["human", "greedy"]}).json()
        page.clock.install()  # the page's clock runs, and the test may skip its waits
        page.goto(f"{server.base}{created['seats'][0]['url']}")
        spectator = browser.new_page()
        spectator.goto(f"{server.base}{created['spectate']}")
        rng = random.Random(2)
        play_board(page, rng, moves=10)
        wait_my_turn(page)
        server.kill()
        page.wait_for_selector("body[data-connection='disconnected']")
        # offline is said where nobody can miss it, and the board cannot be played meanwhile
        assert page.locator("#offline").is_visible()
        assert page.evaluate("getComputedStyle(document.getElementById('board'))"
                             ".pointerEvents") == "none"
        server.start()  # the same port and file: the page reconnects by itself...
        page.clock.fast_forward(RECONNECT_MAX_MS)  # ...at its next try, waited no longer
        page.wait_for_selector("body[data-connection='connected']")
        page.reload()
        wait_my_turn(page)
        version = page.evaluate("document.body.dataset.version")
        assert version != "0"
        assert server.process is not None
        os.kill(server.process.pid, signal.SIGSTOP)  # a server that hears, does not answer
        try:
            page.locator("#board [data-action]").first.click()
            page.clock.fast_forward(ANSWER_WAIT_MS)  # the page's patience runs out
            page.wait_for_selector("#error:not([hidden])")
            assert "No answer" in page.inner_text("#error")
        finally:
            os.kill(server.process.pid, signal.SIGCONT)
        # the move arrived after all: the board asked afresh shows it
        page.wait_for_function(f"() => document.body.dataset.version !== {version!r}")
        screenshots(page, "restart-mid")
        assert play_board(page, rng, moves=10) == 10  # the board plays on after the restart
        # a bot finishes the seat's game (a whole game clicked on the board is the test above)
        assert httpx.post(f"{server.base}/api/tables/{created['table']}/away", timeout=TIMEOUT,
                          json={"token": created["seats"][0]["token"], "bot": "random"},
                          ).status_code == 200
        check_end(page, server.base)
        spectator.wait_for_selector("body[data-to-move='over']")  # it reconnected too
        assert spectator.locator("[data-action]").count() == 0
        assert created["seats"][0]["token"] not in spectator.content()
        screenshots(page, "restart-end")
        spectator.close()
    finally:
        server.stop()


def test_the_other_games_played_with_the_buttons(browser: Any, web: ServeProcess) -> None:
    """The plain button list plays every game (castle to its end; each game is played
    whole by its board in its own test file)."""
    with localized_page(browser) as page:
        for game in ("castle", "blueprints", "skytopia"):
            links = create_in_lobby(page, web.base, game, ["human", "greedy"])
            page.goto(links["seat-0"])
            rng = random.Random(3)
            wait_my_turn(page)
            screenshots(page, f"{game}-start")
            assert play_buttons(page, rng, moves=6) == 6
            screenshots(page, f"{game}-mid")
            if game == "castle":
                play_buttons(page, rng)
                screenshots(page, f"{game}-end")
                check_end(page, web.base)


def test_the_pages_speak_polish_and_hungarian(page: Any, web: ServeProcess) -> None:
    page.goto(f"{web.base}/")
    page.wait_for_selector("#seats select")
    assert page.inner_text("#create") == "Create table"
    page.select_option("#lang", "pl")
    page.wait_for_selector("html[lang='pl']")
    page.wait_for_selector("#seats select")
    assert page.inner_text("#create") == "Utwórz stół"
    assert page.inner_text("#seats legend") == "Miejsca: człowiek lub bot"
    page.select_option("#lang", "hu")
    page.wait_for_selector("html[lang='hu']")
    assert page.inner_text("#create") == "Asztal létrehozása"


def test_the_lobby_form_follows_each_games_options(page: Any, web: ServeProcess) -> None:
    page.goto(f"{web.base}/")
    page.wait_for_selector("#seats select")
    games = page.locator("#game option").all_inner_texts()
    assert len(games) == 4 and "5 Towers" in games
    page.select_option("#game", "castle")
    assert page.locator("#options select[data-option='variant']").count() == 1
    assert page.get_attribute("#options [data-option='pair_cards']", "type") == "checkbox"
    assert page.get_attribute("#options [data-option='max_turns']", "type") == "number"
    assert page.locator("#options [data-option='cards']").count() == 0  # a file path
    assert page.get_attribute("#rules-link", "href") == "/rules/castle?lang=en"
    page.select_option("#players", "2")
    assert page.locator("#seats select").count() == 2
    rated = bots.level_ratings("castle")["expert"]["mu"]  # each level with its rating
    assert page.locator("#seats select").first.locator("option[value='expert']").inner_text() \
        == f"expert bot (rated {rated:.1f})"
    choose_seat(page, 1, "nonsense")
    page.click("#create")
    page.wait_for_selector("#error:not([hidden])")
    assert "nonsense" in page.inner_text("#error") and page.locator("#created").is_hidden()
    choose_seat(page, 1, "random")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    assert page.locator("#error").is_hidden()
    page.click("#links li:first-child button.copy")
    page.wait_for_selector("#links li:first-child button.copy:text('copied')")
    spectate = page.get_attribute("#link-spectate", "href")
    page.select_option("#game", "blueprints")  # an optional number left empty: the default
    with page.expect_request("**/api/tables") as empty:
        page.click("#create")
    assert empty.value.post_data_json["options"] == {}
    seats = page.locator("#options [data-option='first_player'] option").all_inner_texts()
    assert seats == ["drawn at random", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]  # from 1
    page.select_option("#options [data-option='first_player']", label="Seat 2")
    page.uncheck("#options [data-option='awards_public']")
    with page.expect_request("**/api/tables") as chosen:
        page.click("#create")
    assert chosen.value.post_data_json["options"] == {"first_player": 1,
                                                      "awards_public": False}
    page.goto(f"{spectate}?token=forged")
    page.wait_for_selector("body[data-connection='closed']")
    assert "opens no seat" in page.inner_text("#error")
    assert page.locator("#board [data-action]").count() == 0
