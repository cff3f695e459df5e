"""The clock in a Polish browser (issue #30): a clocked table made in the lobby shows its
clock on the table page, counting down; the server is killed (kill -9) and started again
while the person's time runs out, the page reconnects by itself, the clock's bot moves for
the person, and the log says so in Polish. Screenshot: ``test-artifacts/clock-pl-*.png``."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from towerplay.i18n import Translator, bot_name

from tests.server.browser import (
    RECONNECT_MAX_MS,
    ServeProcess,
    choose_seat,
    localized_page,
    screenshots,
)
from tests.server.conftest import TIMEOUT

WEB = Translator("web", "pl")
CLOCK = """() => { const box = document.getElementById('clock');
  return [box.dataset.seat, box.textContent.includes('⚠') && box.dataset.low === 'yes']; }"""
"""The seat on a page's clock and whether the page warns that time runs low."""


def test_a_clocked_table_runs_out_across_a_server_restart(browser: Any,
                                                          tmp_path: Path) -> None:
    server = ServeProcess(tmp_path / "clock.sqlite").start()
    try:
        with localized_page(browser, "pl-PL") as page:
            page.goto(f"{server.base}/")
            page.wait_for_selector("#seats select")
            page.select_option("#game", "five_towers")
            page.select_option("#players", "2")
            for seat in (0, 1):
                choose_seat(page, seat, "human")
            assert not page.is_visible("#clock-seconds")  # no clock: no seconds, no bot
            assert not page.is_visible("#clock-bot")
            page.select_option("#clock-mode", "move")
            assert page.is_visible("#clock-seconds") and page.is_visible("#clock-bot")
            page.fill("#clock-seconds", "4")
            assert "medium" not in page.inner_text("#clock-bot")  # (its options: words)
            page.select_option("#clock-bot", "random")
            page.click("#create")
            page.wait_for_selector("#created:not([hidden])")
            table = page.inner_text("#table-id")
            clock = httpx.get(f"{server.base}/api/tables/{table}", timeout=TIMEOUT).json()["clock"]
            assert (clock["mode"], clock["seconds"], clock["bot"]) == ("move", 4, "random")
            other = page.context.new_page()  # both seats' pages open: the clock starts
            other.goto(str(page.get_attribute("#link-seat-1", "href")))
            page.clock.install()  # the page's clock runs, and the test may skip its waits
            page.goto(str(page.get_attribute("#link-seat-0", "href")))
            page.wait_for_selector("#clock:not([hidden])")
            shown = page.inner_text("#clock")
            assert shown.startswith(f"{WEB('clock_label')} (4 s, {WEB('clock_move')})"), shown
            # the clock starts when the seat's page has opened: the countdown follows
            page.wait_for_function(
                "() => document.querySelector('#clock').innerText.includes('0:0')")
            # 4 s is little time all along: the seat on the clock is warned, the other not
            for seat, shown_at in ((0, page), (1, other)):
                on, warned = shown_at.evaluate(CLOCK)
                if on != "":
                    assert warned == (int(on) == seat), (seat, on, warned)
            server.kill()  # before the deadline: no timer in memory survives this
            server.start()  # the deadline passes meanwhile, or soon after
            page.clock.fast_forward(RECONNECT_MAX_MS)  # the page's next try, waited no longer
            out = WEB("clock.ran_out", bot=bot_name("random", "pl"))  # the bot by its name
            page.locator("#events li", has_text=out).wait_for()
            # the table went on (the next person's 4 s may have run out too by now)
            assert int(page.evaluate("document.body.dataset.version")) >= 1
            assert page.locator("#clock").is_visible()
            screenshots(page, "clock-pl")
    finally:
        server.stop()
