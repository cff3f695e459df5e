"""``towerplay replay``: a spectator's view of a record, stepping both ways."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.core import Record

runner = CliRunner()


def unfinished_blueprints(path: Path, seed: int = 9) -> Record:
    """A Blueprints game stopped right after seat 0's first (hidden) build."""
    state = games.load("blueprints").start(players=2, seed=seed)
    state.apply(state.legal_actions()[0])  # take a die
    state.apply(state.legal_actions()[0])  # build it: hidden from the others this round
    record = Record.from_state(state, seats=["human", "greedy"])
    record.save(path)
    return record


def test_stepping_an_unfinished_game_hides_hidden_moves_and_the_seed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = unfinished_blueprints(path)
    assert record.actions[1].startswith("place")
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n\n\n")
    assert result.exit_code == 0, result.output
    assert record.actions[1] not in result.output  # e.g. "place r3c2"
    assert "seat 0 played builds (hidden)" in result.output or "hidden" in result.output
    assert str(record.seed) not in result.output
    assert "in progress" in result.output


def test_replay_shows_the_seed_only_of_a_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = unfinished_blueprints(path, seed=123456789)
    assert "123456789" not in runner.invoke(app, ["replay", str(path)]).output
    finished = tmp_path / "done.json"
    runner.invoke(app, ["play", "five_towers", "--seats", "random,random", "--seed",
                        "123456789", "--quiet", "--record", str(finished)])
    result = runner.invoke(app, ["replay", str(finished)])
    assert result.exit_code == 0 and "seed 123456789" in result.output
    assert record.seed == 123456789


def test_step_goes_back_with_b_and_only_q_quits(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    unfinished_blueprints(path)
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\nb\nx\n\nq\n")
    out = result.output
    steps = re.findall(r"after \d of 2 actions", out)
    assert steps == ["after 0 of 2 actions", "after 1 of 2 actions", "after 0 of 2 actions",
                     "after 1 of 2 actions"], steps
    assert "press Enter for the next move, b to go back, q to quit" in out  # "x" is not q
    assert "record verified" not in out  # q quit


def test_end_of_input_quits_the_stepping(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    unfinished_blueprints(path)
    result = runner.invoke(app, ["replay", str(path), "--step"], input="")
    assert result.exit_code == 0 and "record verified" not in result.output


def test_a_record_with_a_huge_action_is_refused_fast_and_short(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"game": "five_towers", "players": 2, "seed": 1,
                                "actions": ["bid " + "9" * 10_000_000]}))
    started = time.monotonic()
    result = runner.invoke(app, ["replay", str(path)])
    assert time.monotonic() - started < 10
    assert result.exit_code == 2 and "too large" in result.output
    assert len(result.output) < 300
    path.write_text(json.dumps({"game": "five_towers", "players": 2, "seed": 1,
                                "actions": ["bid " + "9" * 1_000_000]})[:1_500_000] + '"]}')
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and len(result.output) < 300, result.output[:300]


def test_bad_record_files_are_one_line_with_status_2(tmp_path: Path) -> None:
    for name, content in [("binary.json", bytes(range(256))),
                          ("list.json", b"[]"),
                          ("deep.json", b"[" * 50_000 + b"]" * 50_000),
                          ("utf16.json", json.dumps({"game": "castle"}).encode("utf-16"))]:
        path = tmp_path / name
        path.write_bytes(content)
        for command in (["replay", str(path)], ["resume", str(path)],
                        ["hint", str(path)]):
            result = runner.invoke(app, command)
            assert result.exit_code == 2, (command, result.output)
            assert len(result.output.strip().splitlines()) == 1, result.output
            assert "Traceback" not in result.output
