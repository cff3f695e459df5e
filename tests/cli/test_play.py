"""The terminal front end: games list, play (bots and a human at the keyboard), replay."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from towerplay.cli import app
from towerplay.i18n import Translator, game_title

runner = CliRunner()


def test_games_lists_every_game_with_player_counts() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "five_towers" in result.output and "2–5" in result.output


@pytest.mark.parametrize("lang", ["pl", "hu"])
def test_games_speaks_the_chosen_language(lang: str) -> None:
    """Titles, player counts, defaults and what each option sets in the reader's words;
    only the options' ids and values (what one types) stay as they are."""
    result = runner.invoke(app, ["games", "--lang", lang], terminal_width=200)
    assert result.exit_code == 0, result.output
    said = Translator("web", lang)
    assert f"{game_title('five_towers', lang)}, {said('cli.player_range', low=2, high=5)}" \
        in result.output
    assert Translator("options", lang)("five_towers.rebid") in result.output
    words = [line.split("(")[-1] for line in result.output.splitlines() if "-o " in line]
    assert not [w for w in words if "default" in w]
    assert "players" not in result.output and "rules summary" not in result.output


def test_seats_may_be_given_by_their_names_in_any_language(tmp_path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "castle", "--seats", "bot losowy,Mohó bot",
                                 "--seed", "7", "--record", str(path), "--lang", "pl"])
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["seats"] == ["random", "greedy"]


def test_all_bot_game_plays_to_the_end_and_records(tmp_path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "five_towers", "--seats", "greedy,random,random",
                                 "--seed", "7", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "result" in result.output and "wins" in result.output
    record = json.loads(path.read_text())
    assert record["seats"] == ["greedy", "random", "random"] and record["result"]
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0 and "record verified" in replayed.output


def test_human_input_reprompts_on_garbage_and_accepts_numbers_and_text(tmp_path) -> None:
    path = tmp_path / "game.json"
    # garbage, an out-of-range number, then the first legal action by number, then EOF
    result = runner.invoke(app, ["play", "five_towers", "--seats", "human,random",
                                 "--seed", "3", "--record", str(path)],
                           input="fly away\n99\n1\n")
    assert "expected" in result.output.lower() or "not" in result.output.lower()
    assert "choose a number from 1" in result.output
    assert "game stopped" in result.output
    record = json.loads(path.read_text())
    assert len(record["actions"]) >= 1 and record["result"] is None


def test_unknown_game_and_bot_and_option_are_one_line_errors() -> None:
    for args, words in [(["play", "chess"], "unknown game"),
                        (["play", "five_towers", "--seats", "human,wizardbot"], "unknown bot"),
                        (["play", "five_towers", "-o", "nonsense=1"], "unknown option"),
                        (["play", "five_towers", "--seats", "random"], "players")]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_replay_of_a_broken_record_is_refused(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "five_towers", "players": 2, "seed": 1,
                                "actions": ["bid 9"]}))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "action 1" in result.output


def test_error_text_with_brackets_is_shown_verbatim() -> None:
    result = runner.invoke(app, ["play", "[red]chess"])
    assert result.exit_code == 2 and "[red]chess" in result.output


def test_a_stopped_game_resumes_from_its_record(tmp_path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "five_towers", "--seats", "human,random", "--seed", "3",
                        "--record", str(path)], input="1\n")
    stopped = json.loads(path.read_text())
    assert stopped["result"] is None and stopped["seats"] == ["human", "random"]
    result = runner.invoke(app, ["resume", str(path), "--seats", "greedy,random"])
    assert result.exit_code == 0, result.output
    finished = json.loads(path.read_text())
    assert finished["actions"][:len(stopped["actions"])] == stopped["actions"]
    assert finished["result"] and finished["seats"] == ["greedy", "random"]
    wrong = runner.invoke(app, ["resume", str(path), "--seats", "greedy"])
    assert wrong.exit_code == 2 and "2 seats" in wrong.output
