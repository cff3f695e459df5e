"""The terminal picture: the face-down grid, seen cards when memory is open, castles as
rows, characters in the variant."""
from __future__ import annotations

import io

from rich.console import Console

from towerplay import games

from tests.games.castle.positions import position


def plain(markup: str) -> str:
    out = io.StringIO()
    Console(width=120, file=out, color_system=None).print(markup)
    return out.getvalue()


def test_grid_and_castles_are_drawn() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25, "c4": 3}, memory="open")
    state.apply("reveal b2")  # 25 goes back: seen
    text = plain(games.render_text(state, 1))
    rows = [line for line in text.splitlines() if line[:3] in {f"  {r}" for r in "abcde"}]
    assert len(rows) == 5 and rows[1].split()[2] == "25"  # b2 shows the seen 25
    assert rows[0].split()[1:] == ["▒▒▒"] * 9
    assert "seat 1: 1 30" in text and "▶ seat 2 (you): 1 20" in text
    assert "previous round: seat 1 b2: 25 returned" in text


def test_hidden_memory_draws_seen_cards_face_down() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25}, memory="hidden")
    state.apply("reveal b2")
    text = plain(games.render_text(state, 1))
    row_b = next(line for line in text.splitlines() if line.strip().startswith("b "))
    assert "25" not in row_b and "remember" in text


def test_revealed_card_and_characters_are_shown() -> None:
    state = position([[1, 9, 17, 26], [1, 5, 44]], {"a2": 23}, variant="characters")
    state.apply("reveal a2")
    text = plain(games.render_text(state, 0))
    assert "revealed at a2: 23" in text
    assert "26W" in text and "44K" in text and "points" in text
    assert "PROVISIONAL" in text


def test_finished_game_names_the_winner() -> None:
    state = position([[1, 2, 3], [1, 4]], {"a1": 44}, rest="removed")
    state.apply("reveal a1")
    state.apply("build")
    assert "game over — winner: seat 1" in plain(games.render_text(state, None))
