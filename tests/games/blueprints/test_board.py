"""The Blueprints SVG board: valid XML, only legal actions clickable (every one of them
has a piece), labels on every piece, no other seat's building or blueprint before it is
scored, the building drawn die by die as the view holds it."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import partial
from typing import Any

import pytest

from towerplay import games
from towerplay.games.blueprints.board import draw, parse_building

from tests.games.boards import SVG, check_escaped_and_phone_wide, check_labels, pieces
from tests.games.boards import positions as board_positions

positions = partial(board_positions, "blueprints", every=5)
"""A seeded random game's positions: every 5th, and the end."""


def building_cells(root: ET.Element) -> list[ET.Element]:
    """The drawn building cells outside the round results (those are public)."""
    scored = {id(e) for g in root.iter() if g.get("data-round") for e in g.iter()}
    return [e for e in root.iter() if e.get("data-cell") and id(e) not in scored]


CASES = [({}, 2, 1), ({}, 3, 2), ({"unplaceable": "strict"}, 4, 3),
         ({"unplaceable": "deliberate"}, 2, 4), ({"awards_public": False}, 3, 5)]


@pytest.mark.parametrize(("options", "players", "seed"), CASES)
def test_every_legal_action_and_nothing_else_is_clickable(
        options: dict[str, Any], players: int, seed: int) -> None:
    for state in positions(options, players, seed):
        for seat in [*range(players), None]:
            view = state.view(seat)
            root = ET.fromstring(draw(view))
            found = pieces(root)
            for piece in found:
                check_labels(piece)
            actions = {p.get("data-action") for p in found}
            if seat is not None and seat == state.to_move:
                assert actions == set(view["legal"])  # pool dice, cells, remove
            else:
                assert not found, (seat, actions)


@pytest.mark.parametrize(("options", "players", "seed"), CASES[1:3] + CASES[4:])
def test_no_other_building_before_scoring(options: dict[str, Any], players: int,
                                          seed: int) -> None:
    for state in positions(options, players, seed):
        for seat in [*range(players), None]:
            view = state.view(seat)
            board = draw(view)
            root = ET.fromstring(board)
            owners = {e.get("data-seat") for e in building_cells(root)}
            if view["is_over"]:
                continue
            assert owners <= ({str(seat)} if seat is not None else set())
            for k, info in enumerate(view["seats"]):
                if info["cards"] is None:
                    assert f"seat {k + 1} · " in board and "cards hidden" in board


def test_own_building_is_drawn_die_by_die() -> None:
    for state in positions({}, 2, 8):
        for seat in range(2):
            view = state.view(seat)
            root = ET.fromstring(draw(view))
            stacks = parse_building(view["seats"][seat]["building"])
            cells = {e.get("data-cell"): e for e in building_cells(root)
                     if e.get("data-seat") == str(seat)}
            assert len(cells) == 6
            for i, stack in enumerate(stacks):
                cell = cells[f"r{i // 2 + 1}c{i % 2 + 1}"]
                drawn = [t.text for t in cell.iter(f"{SVG}text")
                         if t.text and t.text[:2] in stack]
                assert [d.split()[0] for d in drawn if d] == stack


def test_results_show_every_building_and_the_awards() -> None:
    *_, end = positions({}, 3, 6)
    view = end.view(None)
    board = draw(view)
    root = ET.fromstring(board)
    scored = [e for e in root.iter() if e.get("data-round")]
    assert len(scored) == 3  # the last round: one building per seat
    last = view["results"][-1]
    for p, award in last["awards"].items():
        assert f"seat {int(p) + 1}: " in board and f"{award.capitalize()} Award" in board
    for p, score in enumerate(view["scores"]):
        assert f"seat {p + 1}: {score} VP" in board or f"seat {p + 1} (you): {score} VP" in board


def test_view_text_is_escaped_and_panels_fit_a_phone() -> None:
    state = games.load("blueprints").start(players=2, seed=3)
    view = state.view(0)
    view["discards"] = ["<b>&"]
    check_escaped_and_phone_wide(draw(view), "<b>&", "&lt;b&gt;&amp;")
