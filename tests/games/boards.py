"""Helpers the games' SVG board tests share: seeded positions and the clickable pieces."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from towerplay import games
from towerplay.core import State

SVG = "{http://www.w3.org/2000/svg}"


def positions(game: str, options: dict[str, Any], players: int, seed: int, every: int = 1
              ) -> Iterator[State[Any]]:
    """A seeded random game's positions: every ``every``-th, and the end (copies)."""
    state = games.load(game, **options).start(players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state.copy()
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    yield state.copy()


def pieces(board: str | ET.Element) -> list[ET.Element]:
    """The clickable pieces of a board (a text must parse as XML)."""
    root = ET.fromstring(board) if isinstance(board, str) else board
    return [e for e in root.iter() if "data-action" in e.attrib]


def check_labels(piece: ET.Element) -> None:
    """A clickable piece is a labelled, focusable button."""
    assert piece.get("role") == "button" and piece.get("tabindex") == "0"
    assert piece.get("aria-label")
    title = piece.find(f"{SVG}title")
    assert title is not None and title.text


def check_escaped_and_phone_wide(board: str, raw: str, escaped: str) -> None:
    """``raw`` (view text) shows only as ``escaped``, and every panel is 380 units wide
    (readable on a 360 px phone)."""
    assert raw not in board and escaped in board
    boxes = [e.get("viewBox") for e in ET.fromstring(board).iter(f"{SVG}svg")]
    assert boxes and all(b and b.split()[2] == "380" for b in boxes)
