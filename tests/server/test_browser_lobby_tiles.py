"""The lobby's game tiles: a tile per game above the new table's form, with its title,
player counts and components drawn as on the table, in the page's language; a tile
chooses its game as the game list does, and says which is chosen (``aria-pressed``).
Screenshots: ``test-artifacts/lobby-tiles-pl-*.png``."""
from __future__ import annotations

from typing import Any

import httpx

from towerplay import games, i18n
from towerplay.i18n import Translator

from tests.server.browser import PHONE, ServeProcess, localized_page, screenshots
from tests.server.conftest import TIMEOUT

WEB = Translator("web", "pl")


def test_a_tile_per_game_chooses_it(browser: Any, web: ServeProcess) -> None:
    with localized_page(browser, "pl-PL") as page:
        page.goto(f"{web.base}/")
        page.wait_for_selector("html[lang='pl']")
        tiles = page.locator(".game-tile")
        tiles.first.wait_for()
        assert tiles.count() == len(games.BUILT_IN)
        page.wait_for_function("() => [...document.querySelectorAll('.tile-picture')]"
                               ".every((p) => p.querySelector('svg'))")
        chosen = page.input_value("#game")
        pressed = page.locator('.game-tile[aria-pressed="true"]')
        assert pressed.count() == 1 and pressed.get_attribute("data-game") == chosen

        cls = games.game_class("castle")
        players = WEB("players_range", min=cls.min_players, max=cls.max_players)
        castle = page.get_by_role(  # (named by its title and player counts, not its picture)
            "button", name=f"{i18n.game_title('castle', 'pl')} {players}", exact=True)
        assert castle.get_attribute("data-game") == "castle"
        assert castle.locator(".tile-players").inner_text() == players
        castle.click()
        assert page.input_value("#game") == "castle"
        assert castle.get_attribute("aria-pressed") == "true"
        assert pressed.count() == 1
        counts = page.locator("#players option").all_inner_texts()
        assert counts == [str(n) for n in range(cls.min_players, cls.max_players + 1)]
        page.select_option("#game", "skytopia")  # the list and the tiles agree
        page.wait_for_selector('.game-tile[data-game="skytopia"][aria-pressed="true"]')
        assert castle.get_attribute("aria-pressed") == "false"
        screenshots(page, "lobby-tiles-pl")

        page.set_viewport_size(PHONE)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box = castle.bounding_box()
        assert box is not None and box["height"] >= 44


def test_the_pictures_come_in_the_pages_language(web: ServeProcess) -> None:
    pictures = httpx.get(f"{web.base}/api/games/pictures", params={"lang": "pl"},
                         timeout=TIMEOUT).json()
    listed = httpx.get(f"{web.base}/api/games", timeout=TIMEOUT).json()
    assert sorted(pictures) == sorted(game["id"] for game in listed)
    assert all(picture.startswith("<svg") for picture in pictures.values())
    assert "do dobrania" in pictures["five_towers"]  # (the draw pile, in Polish)
