"""``towerplay score castle``: the table-top scoring assistant."""
from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from towerplay import games
from towerplay.core import InvalidOptions
from towerplay.games.castle.cli import score_table

runner = CliRunner()


def app() -> typer.Typer:
    application = typer.Typer()
    application.command()(games.companion("castle", "cli").score_command)
    return application


def run(*args: str):
    return runner.invoke(app(), list(args))


def test_base_scoring_json() -> None:
    result = run("2 5 9 17 26 30", "3 8 12 40", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == [7, 5] and data["winners"] == [0]
    assert data["seats"][0]["seat"] == 0 and data["seats"][0]["castle"] == [1, 2, 5, 9, 17, 26, 30]
    assert data["reason"] == "largest castle (7 elements)"


def test_base_tie_goes_to_the_highest_card() -> None:
    data = score_table(["2 5 9", "3 8 46"])
    assert data["winners"] == [1] and "highest card (46)" in data["reason"]
    assert score_table(["", ""])["winners"] == [0, 1]


def test_character_scoring_table_and_json() -> None:
    result = run("5 8 35 44", "3 42", "--variant", "characters")
    assert result.exit_code == 0, result.output
    assert "winner: seat 1" in result.output and "PROVISIONAL" in result.output
    assert "player" not in result.output
    data = json.loads(run("5 8 35 44", "3 42", "--variant", "characters", "--json").output)
    assert data["total"] == [4 + 3 + 2 + 2 + 2, 2 + 3]
    assert data["seats"][0]["pairs"] == 2 and data["provisional"] is True


def test_character_tie_break_is_explained() -> None:
    data = score_table(["44", "2 3 4"], "characters")  # 4 points vs 3
    assert data["winners"] == [0]
    data = score_table(["2 3 4 6", "42"], "characters")  # 4 each, the Queen breaks it
    assert data["winners"] == [1] and "Queen" in data["reason"]


def test_users_cards_file(tmp_path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"king": 2, "queen": 3, "wizard": 4}), encoding="utf-8")
    data = json.loads(run("2 9", "5", "--variant", "characters", "--cards", str(path),
                          "--json").output)
    assert data["total"] == [2 + 3, 1] and data["provisional"] is False


@pytest.mark.parametrize("castles,problem", [
    (["2 5 3", "4"], "the castle of seat 1 is not increasing: 5 then 3"),
    (["2 5 47", "4"], "card 47 is out of range"),
    (["2 5", "5 9"], "card 5 is in the castles of seat 1 and seat 2"),
    (["2 x", "4"], "must list card numbers"),
    (["2 5"], "2 to 4"),
    (["2", "3", "4", "5", "6"], "2 to 4"),
    (["2 3 4 5 6 7 8 9 10 11", "12"], "has 11 elements"),
    (["2 3 4 5 6 7 8 9 10", "11 12 13 14 15 16 17 18 19"], "only one castle can reach 10"),
    (["1 1 2", "3"], "card 1 is out of range"),
    (["2 2 3", "4"], "the castle of seat 1 is not increasing: 2 then 2"),
])
def test_impossible_castles_are_refused(castles: list[str], problem: str) -> None:
    with pytest.raises(InvalidOptions) as info:
        score_table(castles)
    assert problem in str(info.value)


def test_bad_variant_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="--variant"):
        score_table(["2", "3"], "kings")
    result = run("2", "3", "--variant", "kings")
    assert result.exit_code != 0 and isinstance(result.exception, InvalidOptions)


def test_pair_cards_flag() -> None:
    collected = json.loads(run("5 8 35", "3", "--variant", "characters", "--json").output)
    assert collected["seats"][0]["pairs"] == 2 and collected["total"][0] == 3 + 2 + 2 + 2
    cards = json.loads(run("5 8 35", "3", "--variant", "characters", "--pair-cards",
                           "--json").output)
    assert cards["seats"][0]["pairs"] == 1 and cards["total"][0] == 3 + 1 + 1 + 1
    assert cards["pair_cards"] is True and collected["pair_cards"] is False
