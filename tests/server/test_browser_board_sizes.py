"""Phone first (issue #43): drawn in chromium at 390 x 844 with the page's style sheet,
every clickable piece of every game's board is at least 44 x 44 CSS px (castle's 9-column
table: its cells at least 32, the floor), and no board scrolls sideways."""
from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

import pytest

from towerplay import games
from towerplay.core.views import View
from towerplay.server.boards import draw

from tests.games.boards import positions
from tests.server.browser import ARTIFACTS, browser, screenshot

__all__ = ["browser"]  # (the fixture, imported for this module)

PHONE = {"width": 390, "height": 844}
STYLE = (Path(__file__).resolve().parents[2] / "src" / "towerplay" / "server" / "static"
         / "style.css").read_text(encoding="utf-8")
BOARDS = [g for g in games.names() if games.companion(g, "board") is not None]
FLOOR = {("castle", "reveal"): 32}
"""Pieces allowed under 44 (never under 32): castle's table has 9 columns in 380 px."""
SIZES = """[...document.querySelectorAll('[data-action]')].map((e) => {
  const r = e.getBoundingClientRect();
  return [e.getAttribute('data-action'), r.width, r.height];
})"""


def mover_views(game: str) -> Iterator[View]:
    """The mover's views of a random game, one for each kind of decision it meets."""
    seen: set[frozenset[str]] = set()
    for state in positions(game, {}, 2, 4):
        if state.is_over:
            continue
        view = state.view(state.to_move)
        verbs = frozenset(a.split()[0] for a in view["legal"])
        if verbs not in seen:
            seen.add(verbs)
            yield view


def page_of(board: str) -> str:
    """A page like the table's: the style sheet, the board in its ``.board`` box."""
    return (f"<!doctype html><html><head><meta name='viewport' "
            f"content='width=device-width'><style>{STYLE}</style></head><body><main>"
            f"<div class='board'>{board}</div></main></body></html>")


@pytest.mark.parametrize("lang", ["pl", "hu"])
@pytest.mark.parametrize("game", BOARDS)
def test_every_clickable_piece_is_a_fingers_size_on_a_phone(browser: Any, game: str,
                                                            lang: str) -> None:
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        small: list[tuple[str, float, float]] = []
        for i, view in enumerate(mover_views(game)):
            page.set_content(page_of(draw(view, lang)))
            for action, width, height in page.evaluate(SIZES):
                least = FLOOR.get((game, action.split()[0]), 44)
                if min(width, height) < least:
                    small.append((escape(action), round(width), round(height)))
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            if i < 3:
                ARTIFACTS.mkdir(exist_ok=True)
                screenshot(page, ARTIFACTS / f"board-{game}-{lang}-{i}-390px.png")
        assert not small, small
    finally:
        context.close()
