"""The terminal table: what each seat sees, hand-overs, single choices, help, end screen."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from towerplay import games
from towerplay.arena import play_match
from towerplay.cli import app, terminal
from towerplay.cli.app import console
from towerplay.core import Record

runner = CliRunner()
ANNOUNCED = re.compile(r"^  seat (\d) \(([\w ]+)\): (.*)$", re.MULTILINE)


def spectator_lines(record: Record) -> list[str]:
    """Each move as a spectator saw it when it was made (hidden moves left out)."""
    lines = []
    for index, state in enumerate(list(record.states())[1:]):
        line = state.log_line(index, None)
        if line is not None:
            lines.append(line)
    return lines


def test_a_bots_only_game_shows_every_move_as_a_spectator_sees_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "blueprints", "--seats", "random,greedy",
                                 "--seed", "2", "--record", str(path)])
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    announced = [m.group(3) for m in ANNOUNCED.finditer(result.output)]
    assert announced == spectator_lines(record)
    assert announced != record.actions  # builds inside a round stay hidden


def test_quiet_shows_only_the_end(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "five_towers", "--seats", "random,random",
                                 "--seed", "2", "--quiet"])
    assert result.exit_code == 0, result.output
    assert not ANNOUNCED.search(result.output) and "game over" in result.output


def test_the_seed_is_shown_only_when_the_game_is_over() -> None:
    seed = "918273645"
    stopped = runner.invoke(app, ["play", "five_towers", "--seats", "human,random",
                                  "--seed", seed], input="1\n")
    assert "game stopped" in stopped.output and seed not in stopped.output
    finished = runner.invoke(app, ["play", "five_towers", "--seats", "random,random",
                                   "--seed", seed, "--quiet"])
    assert finished.exit_code == 0
    assert finished.output.index(f"seed {seed}") > finished.output.index("game over")


def test_a_single_choice_is_made_without_asking_and_announced(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # seat 1 opens; seat 0 bids the whole display (choice 4: bid 5), takes all five cards
    # (always choice 1); with no tower yet, no-teardown is the only choice
    result = runner.invoke(app, ["play", "five_towers", "--seats", "human,random", "--seed",
                                 "4", "--record", str(path)], input="4\n" + "1\n" * 5)
    actions = Record.load(path).actions
    assert actions[1] == "bid 5" and actions[7] == "no-teardown", actions
    assert re.search(r"seat 1: tears down no card \(the only choice\)", result.output)  # from 1
    # asked for the bid and five takes, then for a placement when the input ran out
    assert result.output.count("seat 1 (? for help)>") == 7


def test_help_at_the_prompt_prints_the_rules_and_the_notation() -> None:
    result = runner.invoke(app, ["play", "toy_pile", "--seats", "human,random", "--seed",
                                 "1", "--no-record"], input="help\n?\n")
    assert result.output.count("Reaching exactly 15") == 2
    assert result.output.count("play N: play a card") == 2


def test_rules_command_and_a_game_without_a_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(app, ["rules", "toy_pile"])
    assert result.exit_code == 0 and "Pile" in result.output and "play N" in result.output
    monkeypatch.setattr(terminal, "rules_text", lambda name, lang=None: None)
    result = runner.invoke(app, ["rules", "toy_pile"])
    assert result.exit_code == 0 and "no rules summary for Pile" in result.output
    assert "play N" in result.output
    bad = runner.invoke(app, ["rules", "chess"])
    assert bad.exit_code == 2 and "unknown game" in bad.output


def test_hot_seat_passes_the_keyboard_before_drawing_secrets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (rich clears only a real terminal: mark each clear in the captured text instead)
    monkeypatch.setattr(console, "clear", lambda home=True: print("<cleared>"))
    result = runner.invoke(app, ["play", "toy_pile", "--seats", "human,human", "--seed",
                                 "4", "--no-record"], input="\n1\n\n1\n\n")
    out = result.output
    handover = out.index("pass the keyboard to seat 2")  # people count seats from 1
    assert out.index("seat 1 to move") < handover < out.index("seat 2 to move")
    # each hand is drawn only after its hand-over (seat 0, seat 1, seat 0 again), and the
    # screen is cleared for it
    hands = [m.start() for m in re.finditer("your hand", out)]
    passes = [m.start() for m in re.finditer("pass the keyboard", out)]
    assert len(hands) == len(passes) == 3
    assert all(p < h for p, h in zip(passes, hands, strict=True))
    assert all(h < p for h, p in zip(hands, passes[1:], strict=False))
    assert "<cleared>" in out[out.index("seat 1 to move"):handover]


def test_one_person_against_bots_is_not_asked_to_pass_the_keyboard() -> None:
    result = runner.invoke(app, ["play", "toy_pile", "--seats", "human,random", "--seed",
                                 "4", "--no-record"], input="1\n")
    assert "pass the keyboard" not in result.output


def test_the_end_screen_shows_the_breakdown_and_whole_scores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state_type = type(games.load("toy_pile").start(players=2, seed=1))
    view = state_type.view

    def with_breakdown(self: Any, seat: int | None) -> dict[str, Any]:
        shown = view(self, seat)
        if self.is_over:
            shown["breakdown"] = [[["cards", 6.0], ["bonus", 2]], [["cards", 2.5]]]
        return shown

    monkeypatch.setattr(state_type, "view", with_breakdown)
    result = runner.invoke(app, ["play", "toy_pile", "--seats", "random,random", "--seed",
                                 "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "score breakdown" in result.output
    rows = [" ".join(line.strip("│ ").split()) for line in result.output.splitlines()]
    for row in ("1 │ cards │ 6", "bonus │ 2", "total │ 8", "2 │ cards │ 2.5", "total │ 2.5"):
        assert row in rows, (row, rows)
    assert re.search(r"winners?: seat", result.output)


def test_integral_scores_print_without_a_decimal_point(tmp_path: Path) -> None:
    path = tmp_path / "castle.json"
    result = runner.invoke(app, ["play", "castle", "--seats", "random,random", "--seed", "4",
                                 "--quiet", "--record", str(path)])
    assert result.exit_code == 0, result.output
    scores = json.loads(path.read_text())["result"]["scores"]
    table = result.output[result.output.index("result"):]
    for score in scores:
        assert f" {score} " in table and f"{score}.0" not in table


def test_an_over_long_line_at_the_prompt_is_refused_short() -> None:
    result = runner.invoke(app, ["play", "five_towers", "--seats", "human,random",
                                 "--seed", "3", "--no-record"], input="bid " + "9" * 100_000 + "\n")
    assert "at most" in result.output and len(result.output) < 5_000


def test_a_finished_game_from_the_table_matches_a_match_of_the_same_seed() -> None:
    final = play_match(games.load("five_towers"), ["greedy", "random"], seed=11)
    result = runner.invoke(app, ["play", "five_towers", "--seats", "greedy,random",
                                 "--seed", "11", "--quiet"])
    for seat, score in enumerate(final.scores()):
        row = rf"│ {seat + 1}\s+│ [\w ]+\s+│ {score}\s"  # (the player: a kind's name)
        assert re.search(row, result.output), result.output


def test_an_empty_line_at_the_prompt_asks_again_without_an_error() -> None:
    result = runner.invoke(app, ["play", "five_towers", "--seats", "human,random",
                                 "--seed", "3", "--no-record"], input="\n\n")
    assert result.output.count("seat 1 (? for help)>") == 3
    assert "cannot read" not in result.output


def test_undo_at_the_prompt_in_polish_takes_back_and_saves(tmp_path: Path) -> None:
    """Issue #43: ``cofnij`` takes back the person's last action where the rules allow
    it (the record file is saved without it), and says why not where they do not (here
    the bot's bid before the person's first prompt)."""
    path = tmp_path / "undo.json"
    result = runner.invoke(app, ["play", "five_towers", "--seats", "human,random", "--seed",
                                 "4", "--record", str(path), "--lang", "pl"],
                           input="cofnij\n4\n1\ncofnij\n")
    assert "miejscem 2 gra bot" in result.output  # the last action was the bot's
    assert "miejsce 1 cofnęło swój ostatni ruch" in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert len(record["actions"]) == 2  # the bot's bid, my bid: my take was taken back
