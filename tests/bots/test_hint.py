"""``towerplay hint`` on a record of a toy game in progress."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay.core import Record, registry

from tests.bots.toy import ToyGame


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setitem(registry._REGISTRY, "toy_pile", "tests.bots.toy:ToyGame")
    state = ToyGame().start(players=2, seed=2)
    state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    Record.from_state(state).save(path)
    return path


def test_hint_lists_every_legal_action_best_first(record: Path) -> None:
    from towerplay.cli import app

    state = Record.load(record).replay()
    runner = CliRunner()
    result = runner.invoke(app, ["hint", str(record), "--iterations", "300", "--seed", "1",
                                 "--json"])
    assert result.exit_code == 0, result.output
    hint = json.loads(result.stdout)
    assert hint["seat"] == state.to_move == 1 and hint["iterations"] == 300
    assert sorted(a["action"] for a in hint["actions"]) == sorted(
        str(a) for a in state.legal_actions())
    visits = [a["visits"] for a in hint["actions"]]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 300
    assert all(0 <= a["win"] <= 1 for a in hint["actions"])
    again = runner.invoke(app, ["hint", str(record), "--iterations", "300", "--seed", "1",
                                "--json"])
    assert json.loads(again.stdout)["actions"] == hint["actions"]
    table = runner.invoke(app, ["hint", str(record), "--seconds", "0.1", "--board"])
    assert table.exit_code == 0 and "win chance" in table.stdout
    for action in state.legal_actions():
        assert str(action) in table.stdout


def test_hint_refuses_a_finished_game(record: Path) -> None:
    from towerplay.cli import app

    data = json.loads(record.read_text())
    state = Record.from_json(data).replay()
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    Record.from_state(state).save(record)
    result = CliRunner().invoke(app, ["hint", str(record), "--iterations", "10"])
    assert result.exit_code == 2 and "game is over" in result.output
    missing = CliRunner().invoke(app, ["hint", str(record) + ".nope"])
    assert missing.exit_code == 2 and "cannot read record" in missing.output
