"""Game review: decisions searched again from their seat's knowledge, marked by their cost."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay.arena.match import play_match
from towerplay.arena.review import review, review_decision
from towerplay.cli import app
from towerplay.core import Record

from tests.bots.toy import PLAYS, ToyGame, poisoned, position

runner = CliRunner()


def test_a_move_that_loses_outright_is_a_blunder_and_the_winning_move_is_named() -> None:
    # total 10: playing the 5 reaches 15 and wins; the 9 goes over and loses at once
    state = position([[5, 9, 1], [2, 3, 4]], total=10, played=[4, 6])
    decision = review_decision(state, PLAYS[8], index=2, iterations=200, seconds=None, seed=1)
    assert decision.mark == "blunder" and decision.best == "play 5"
    assert decision.played_chance == 0.0 and decision.best_chance == 1.0
    good = review_decision(state, PLAYS[4], index=2, iterations=200, seconds=None, seed=1)
    assert good.mark is None and good.loss == 0.0


def test_a_review_never_reads_another_seats_hidden_cards() -> None:
    state = position([[5, 9, 1], [2, 3, 4]], total=10, played=[4, 6])
    decision = review_decision(poisoned(state, seat=0), PLAYS[8], index=2, iterations=100,
                               seconds=None, seed=1)  # a PoisonError if it looked
    assert decision.best == "play 5"


def finished_toy(seed: int = 3) -> Record:
    final = play_match(ToyGame(), ["random", "random"], seed=seed)
    return Record.from_state(final, seats=["random", "random"])


def test_the_json_has_one_entry_per_unforced_decision_of_the_seat(tmp_path: Path) -> None:
    record = finished_toy()
    path = tmp_path / "game.json"
    record.save(path)
    result = runner.invoke(app, ["review", str(path), "--seat", "2", "--iterations", "40",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    states = list(record.states())
    final = record.replay()
    expected = [i for i, mover in enumerate(final.movers)
                if mover == 1 and len(states[i].legal_actions()) > 1]
    assert [d["index"] for d in data["decisions"]] == expected
    assert all(d["seat"] == 1 for d in data["decisions"])


def test_a_review_with_an_iteration_budget_and_a_seed_is_the_same_every_run() -> None:
    record = finished_toy(seed=5)
    first = review(record, iterations=50, seed=9).to_json()
    assert first == review(record, iterations=50, seed=9).to_json()


def test_the_summary_and_the_graph(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    finished_toy(seed=7).save(path)
    png = tmp_path / "graph.png"
    result = runner.invoke(app, ["review", str(path), "--iterations", "30", "--png", str(png)])
    assert result.exit_code == 0, result.output
    assert "mean loss" in result.output and png.read_bytes()[:4] == b"\x89PNG"


def test_an_unfinished_game_is_not_reviewed(tmp_path: Path) -> None:
    state = ToyGame().start(players=2, seed=1)
    state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    Record.from_state(state).save(path)
    result = runner.invoke(app, ["review", str(path), "--iterations", "10"])
    assert result.exit_code == 2 and "finished game" in result.output


@pytest.mark.parametrize("args,words", [(["--iterations", "0"], "--iterations"),
                                        (["--seconds", "-1"], "--seconds"),
                                        (["--seat", "5"], "seats are 1 to 2")])
def test_bad_arguments_are_one_line_errors(tmp_path: Path, args: list[str], words: str) -> None:
    path = tmp_path / "game.json"
    finished_toy().save(path)
    result = runner.invoke(app, ["review", str(path), *args])
    assert result.exit_code == 2 and words in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
