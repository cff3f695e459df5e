"""Board patches (server/patches.py, ``?patch=1``): any board comes back whole from the one
before and its patch, in Python and in the page's JavaScript alike, and a move's patch is
a small part of its board in every game."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from towerplay import games
from towerplay.arena.table import Table
from towerplay.server.live import draw_board, json_view
from towerplay.server.patches import CUT, NEAR, Cut, patch, patched
from towerplay.server.words import localized

STATIC = Path(__file__).resolve().parents[2] / "src" / "towerplay" / "server" / "static"

boards = st.lists(st.sampled_from(["a", "b", "<g>", CUT, "x=1", ""]), max_size=30).map("".join)


@given(boards, boards)
def test_any_board_comes_back_from_the_one_before_and_its_patch(old: str, new: str) -> None:
    assert patched(old, patch(old, new)) == new


def played_boards(game: str, seed: int = 3) -> list[str]:
    """Seat 0's board after every move of a three-player game of random moves."""
    table = Table(games.load(game).start(players=3, seed=seed), ["human"] * 3)
    rng, drawn = random.Random(seed), []
    while not table.is_over:
        table.advance(rng.choice(table.state.legal_actions()))
        drawn.append(draw_board(localized(json_view(table.view(0, log=False)), "en"), "en"))
    return drawn


@pytest.mark.parametrize("game", list(games.BUILT_IN))
def test_a_moves_patch_is_a_small_part_of_its_board(game: str) -> None:
    drawn = played_boards(game)
    patches = [patch(old, new) for old, new in zip(drawn, drawn[1:], strict=False)]
    assert [patched(old, items) for old, items in zip(drawn, patches, strict=False)] \
        == drawn[1:]
    sizes = sum(len(json.dumps(items)) for items in patches)
    whole = sum(len(json.dumps(board)) for board in drawn[1:])
    assert sizes < whole / 2, (game, sizes / whole)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_the_page_patches_a_board_as_the_server_does(tmp_path: Path) -> None:
    module = tmp_path / "morph.mjs"  # (Node reads an ES module by its suffix)
    module.write_text((STATIC / "morph.js").read_text())
    script = tmp_path / "run.mjs"
    script.write_text("import {readFileSync} from 'node:fs';\n"
                      "const {patched} = await import(process.argv[2]);\n"
                      "const cases = JSON.parse(readFileSync(0, 'utf8'));\n"
                      "console.log(JSON.stringify(cases.map(([old, items]) => "
                      "patched(old, items))));\n")
    drawn = played_boards("castle")[:40] + played_boards("five_towers")[:40]
    cases = [(old, patch(old, new)) for old, new in zip(drawn, drawn[1:], strict=False)]
    done = subprocess.run(["node", str(script), module.as_uri()], input=json.dumps(cases),
                          capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(done.stdout) == drawn[1:]


def test_a_patch_copies_the_pieces_around_those_rewritten_in_place() -> None:
    old, new = Cut(CUT.join("ABCDE")), Cut(CUT.join("AXCYE"))
    assert patch(old, new) == [[0, 1], "X", [2, 3], "Y", [4, 5]]
    twice = Cut(CUT.join("ABAB"))  # a piece met again is copied where its run goes on
    assert patch(twice, Cut(CUT.join("ABXB"))) == [[0, 2], "X", [3, 4]]
    moved = Cut(CUT.join("ECXB"))
    assert patch(old, moved) == [[4, 5], [2, 3], "X", [1, 2]]
    assert patched(old.board, patch(old, moved)) == moved.board


def test_a_piece_is_looked_for_near_where_it_would_stand() -> None:
    pieces = [f"p{i}" for i in range(3 * NEAR)]
    old = Cut(CUT.join(pieces))
    near_moved = Cut(CUT.join(["X", pieces[NEAR - 1]]))  # within NEAR of place 1: copied
    assert patch(old, near_moved) == ["X", [NEAR - 1, NEAR]]
    far_moved = Cut(CUT.join(["X", pieces[NEAR + 1]]))  # further: sent as text
    assert patch(old, far_moved) == ["X" + CUT + pieces[NEAR + 1]]
    assert patched(old.board, patch(old, far_moved)) == far_moved.board
