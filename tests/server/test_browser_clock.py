"""Browser test of the clock (issue #30): a clocked table made in the lobby shows its
clock on the table page, counting down, and the log says when the clock's bot moved for
a person out of time."""
from __future__ import annotations

from typing import Any

import httpx

from tests.server.browser import (  # noqa: F401 (fixtures)
    ServeProcess, browser, choose_seat, localized_page, web)


def test_a_clocked_table_made_in_the_lobby_shows_its_clock(browser: Any,
                                                           web: ServeProcess) -> None:
    with localized_page(browser) as page:
        page.goto(f"{web.base}/")
        page.wait_for_selector("#seats select")
        page.select_option("#game", "five_towers")
        page.select_option("#players", "2")
        for seat in (0, 1):
            choose_seat(page, seat, "human")
        page.select_option("#clock-mode", "move")
        page.fill("#clock-seconds", "3")
        page.fill("#clock-bot", "random")
        page.click("#create")
        page.wait_for_selector("#created:not([hidden])")
        table = page.inner_text("#table-id")
        clock = httpx.get(f"{web.base}/api/tables/{table}").json()["clock"]
        assert (clock["mode"], clock["seconds"], clock["bot"]) == ("move", 3, "random")
        page.goto(f"{web.base}/tables/{table}")
        page.wait_for_selector("#clock:not([hidden])")
        shown = page.inner_text("#clock")
        assert shown.startswith("Clock (3 s, a move)") and "0:0" in shown
        page.locator("#events li", has_text="out of time, random bot moved").wait_for(
            timeout=20_000)
        assert "out of time" not in page.inner_text("#clock")  # the next seat's time runs
