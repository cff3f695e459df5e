"""Every page in Polish and Hungarian shows no catalogue key and no English sentence:
the lobby, a table of each game (start and end), its replay, the rules and the scoring
pads."""
from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from towerplay import games, i18n

from tests.server.browser import ServeProcess, localized_page
from tests.server.conftest import TIMEOUT

GAMES = tuple(games.BUILT_IN)  # the games that ship with towerplay


def keys_and_sentences() -> tuple[set[str], set[str]]:
    """Keys that cannot be ordinary words (they hold ``.`` or ``_``), and the English
    texts of four words or more without fields (a translation never keeps them)."""
    keys, sentences = set(), set()
    for domain in i18n.domains():
        for key, text in i18n.catalogue(domain, "en").items():
            if "." in key or "_" in key:
                keys.add(key)
            plain = not re.search(r"\{\w+\}", text) and not key.startswith(("term.", "line."))
            if plain and len(text.split()) >= 4 and text != i18n.catalogue(domain, "pl").get(key):
                sentences.add(text)
    return keys, sentences


KEYS, SENTENCES = keys_and_sentences()


def shows_no_key(page: Any, where: str) -> None:
    """Fails if the page's words (notation and option values in <code> aside) show a
    catalogue key or an English sentence."""
    text = page.evaluate("""() => {
        const body = document.body.cloneNode(true);
        body.querySelectorAll("code, pre, select#lang").forEach((e) => e.remove());
        return body.innerText;
    }""")
    words = set(re.findall(r"[\w.]+", text))
    assert not KEYS & words, f"{where} shows catalogue keys: {sorted(KEYS & words)[:5]}"
    english = [s for s in SENTENCES if s in text]
    assert not english, f"{where} shows English: {english[:3]}"


@pytest.mark.parametrize("locale", ["pl-PL", "hu-HU"])
def test_no_page_shows_a_missing_key(locale: str, browser: Any, web: ServeProcess) -> None:
    with localized_page(browser, locale) as page:
        page.goto(f"{web.base}/")
        page.wait_for_selector("#game option", state="attached")
        shows_no_key(page, "the lobby")
        for game in GAMES:
            page.select_option("#game", game)
            shows_no_key(page, f"the lobby's {game} options")
        for game in GAMES:
            made = httpx.post(f"{web.base}/api/tables", json={
                "game": game, "seats": ["greedy", "greedy"], "seed": 3}, timeout=TIMEOUT).json()
            page.goto(f"{web.base}{made['spectate']}")
            page.wait_for_selector("body[data-version]")
            shows_no_key(page, f"a {game} table")
            page.wait_for_selector("#end:not([hidden])")
            shows_no_key(page, f"a finished {game} table")
            page.goto(f"{web.base}/replay/{made['table']}")
            page.wait_for_selector("body[data-at='0']")
            shows_no_key(page, f"the {game} replay")
            page.goto(f"{web.base}/rules/{game}")
            shows_no_key(page, f"the {game} rules")
            page.goto(f"{web.base}/score/{game}")
            page.wait_for_selector("#pad-seats fieldset")  # drawn: its fieldsets come last
            shows_no_key(page, f"the {game} scoring pad")


@pytest.mark.parametrize("locale", ["en-US"])
def test_the_check_catches_english(locale: str, browser: Any, web: ServeProcess) -> None:
    with localized_page(browser, locale) as page:
        page.goto(f"{web.base}/")
        page.wait_for_selector("#game option", state="attached")
        with pytest.raises(AssertionError, match="shows English"):
            shows_no_key(page, "the English lobby")
