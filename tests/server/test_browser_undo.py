"""Undo in a Polish browser (issue #43): the seat that made the last action sees the
button (at least 44x44 on a phone), a click takes the action back and the seat chooses
again; once the other seat has moved, the button is gone. Screenshot:
``test-artifacts/undo-pl-*.png``."""
from __future__ import annotations

from typing import Any

import httpx

from towerplay.i18n import Translator

from tests.server.browser import PHONE, ServeProcess, localized_page, screenshots
from tests.server.conftest import TIMEOUT

WEB = Translator("web", "pl")


def at_version(page: Any, version: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) >= {version}")


def test_a_person_takes_back_a_bid_and_bids_again(browser: Any, web: ServeProcess) -> None:
    made = httpx.post(f"{web.base}/api/tables", json={
        "game": "five_towers", "seats": ["human", "human"], "seed": 3},
        timeout=TIMEOUT).json()
    table = made["table"]
    first = httpx.get(f"{web.base}/api/tables/{table}", timeout=TIMEOUT).json()["view"]["to_move"]
    with localized_page(browser, "pl-PL") as page:
        page.goto(f"{web.base}{made['seats'][first]['url']}")
        at_version(page, 0)
        assert not page.locator("#undo-button").is_visible()
        page.click('#actions [data-action="bid 1"]')
        at_version(page, 1)
        button = page.locator("#undo-button")
        button.wait_for(state="visible")
        assert button.inner_text() == WEB("undo")
        page.set_viewport_size(PHONE)
        box = button.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        screenshots(page, "undo-pl")
        button.click()
        at_version(page, 2)  # the undo is an entry of its own
        page.wait_for_selector('#actions [data-action="bid 1"]')  # my turn again
        assert not button.is_visible()
        page.click('#actions [data-action="bid 2"]')
        at_version(page, 3)
        button.wait_for(state="visible")
        answer = httpx.get(f"{web.base}/api/tables/{table}",
                           params={"token": made["seats"][1 - first]["token"]},
                           timeout=TIMEOUT).json()
        moved = httpx.post(f"{web.base}/api/tables/{table}/actions", json={
            "token": made["seats"][1 - first]["token"], "version": answer["version"],
            "action": answer["view"]["legal"][0]}, timeout=TIMEOUT)
        assert moved.status_code == 200, moved.text
        at_version(page, 4)
        button.wait_for(state="hidden")  # the next seat has acted
