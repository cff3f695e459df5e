"""The Budowa Zamku SVG board: valid XML, only legal actions clickable (every one of them
has a piece), labels on every piece, no face-down number shown under memory=hidden."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from functools import partial
from typing import Any

import pytest

from towerplay import games
from towerplay.games.castle.board import draw
from towerplay.games.castle.cards import parse_position

from tests.games.boards import SVG, check_escaped_and_phone_wide, check_labels, pieces
from tests.games.boards import positions as board_positions

positions = partial(board_positions, "castle", every=7)
"""A seeded random game's positions: every 7th, and the end."""


def cell_text(board: str, pos: str) -> str:
    """Every text drawn on the table position ``pos``."""
    root = ET.fromstring(board)
    cells = [e for e in root.iter() if e.get("data-pos") == pos]
    assert len(cells) == 1
    return " ".join(t.text or "" for t in cells[0].iter(f"{SVG}text"))


CASES = [({}, 2, 1), ({"variant": "characters"}, 3, 2),
         ({"memory": "open", "end": "table_empty"}, 4, 3),
         ({"variant": "characters", "memory": "open"}, 2, 4), ({}, 4, 5)]


@pytest.mark.parametrize(("options", "players", "seed"), CASES)
def test_every_legal_action_and_nothing_else_is_clickable(
        options: dict[str, Any], players: int, seed: int) -> None:
    for state in positions(options, players, seed):
        for seat in [*range(players), None]:
            view = state.view(seat)
            board = draw(view)
            found = pieces(board)
            for piece in found:
                check_labels(piece)
            actions = {p.get("data-action") for p in found}
            if seat is not None and seat == state.to_move:
                # every castle action has a piece: positions, buttons, Wizard markers
                assert actions == set(view["legal"])
            else:
                assert not found, (seat, actions)


def test_wizard_markers_sit_in_the_movers_castle() -> None:
    """A position where the Wizard may insert: a marker per legal gap, in the mover's row."""
    game = games.load("castle", variant="characters")
    for seed in range(60):
        state = game.start(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions()]
            wizards = [a for a in legal if a.startswith("wizard ")]
            if wizards:
                found = pieces(draw(state.view(state.to_move)))
                marked = sorted(p.get("data-action") or "" for p in found
                                if (p.get("data-action") or "").startswith("wizard "))
                assert marked == sorted(wizards)
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no Wizard insertion in 60 seeded games")


def test_hidden_memory_never_shows_a_face_down_number() -> None:
    for state in positions({}, 3, 11):
        grid = state.grid  # type: ignore[attr-defined]
        for seat in [*range(3), None]:
            view = state.view(seat)
            board = draw(view)
            for pos, value in view["table"].items():
                words = cell_text(board, pos).split()
                if value == "?":
                    assert words == ["?", pos]
                    assert str(grid[parse_position(pos)]) not in words
            if "removed_count" in view:
                assert "Removed:" in board and "removed" not in view


def test_open_memory_shows_what_was_seen() -> None:
    for state in positions({"memory": "open"}, 2, 7):
        view = state.view(0)
        board = draw(view)
        for pos, value in view["table"].items():
            if isinstance(value, int):
                assert str(value) in cell_text(board, pos).split()


def test_view_text_is_escaped_and_panels_fit_a_phone() -> None:
    state = games.load("castle").start(players=2, seed=3)
    view = state.view(0)
    view["recent"] = [{"seat": 1, "pos": "a1", "card": 5, "result": "<script>x</script>",
                       "automatic": False}]
    check_escaped_and_phone_wide(draw(view), "<script>", "&lt;script&gt;")


def test_end_shows_scores_and_winners() -> None:
    *_, end = positions({"variant": "characters"}, 3, 9)
    board = draw(end.view(None))
    assert "Game over" in board and "Final scores" in board
    for score in end.scores():
        assert f"= {score}<" in board  # an int: 6, never 6.0
        assert isinstance(score, int)
