"""``towerplay hint`` in the reader's language: the title counts seats from 1, the columns
and the moves are worded as the pages word them (a move's notation stays in --json)."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.core import Record
from towerplay.i18n import Translator

runner = CliRunner()


def in_progress(tmp_path: Path) -> Path:
    """A 5 Towers game where seat 1 (people's seat 2) is to choose a bid."""
    state = games.load("five_towers").start(players=2, seed=1)
    state.apply(state.legal_actions()[1])
    path = tmp_path / "game.json"
    Record.from_state(state, seats=["human", "human"]).save(path)
    return path


def test_a_hint_in_polish(tmp_path: Path) -> None:
    path = in_progress(tmp_path)
    state = Record.load(path).replay()
    result = runner.invoke(app, ["hint", str(path), "-i", "30", "--seed", "1", "--lang", "pl"],
                           terminal_width=200)
    assert result.exit_code == 0, result.output
    words = Translator("web", "pl")
    assert "podpowiedzi dla miejsca" in result.output
    assert f"miejsca {state.to_move + 1} w turze 1" in result.output  # seats from 1
    for column in ("cli.hint_action", "cli.hint_win", "cli.hint_visits"):
        assert words(column) in result.output
    bids = [Translator("five_towers", "pl").action(str(a)) for a in state.legal_actions()]
    assert all(bid in result.output for bid in bids) and "bid " not in result.output
    raw = runner.invoke(app, ["hint", str(path), "-i", "30", "--seed", "1", "--json"])
    assert {a["action"] for a in json.loads(raw.output)["actions"]} == {
        str(a) for a in state.legal_actions()}


def test_a_bad_budget_is_refused_in_the_readers_language(tmp_path: Path) -> None:
    result = runner.invoke(app, ["hint", str(in_progress(tmp_path)), "-i", "0",
                                 "--lang", "hu"])
    assert result.exit_code == 2
    assert "legalább 1" in result.output and len(result.output.strip().splitlines()) == 1
