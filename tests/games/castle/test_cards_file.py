"""The character composition: the shipped provisional file and users' files (cards=PATH)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from towerplay import games
from towerplay.core import InvalidOptions
from towerplay.games.castle.cards import DATA_FILE, KING, default_characters

GOOD = {"king": 40, "queen": 41, "wizard": 10, "knights": [3, 4, 20],
        "princesses": [5, 20]}


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_shipped_file_is_marked_provisional() -> None:
    deck = default_characters()
    assert deck.provisional
    assert "PROVISIONAL" in DATA_FILE.read_text(encoding="utf-8")
    assert (deck.king, deck.queen, deck.wizard) == (44, 42, 26)
    doc = Path(__file__).parents[3] / "docs" / "games" / "castle.md"
    assert "PROVISIONAL" in doc.read_text(encoding="utf-8")


def test_a_users_json_file_is_used(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.json", json.dumps(GOOD))
    game = games.load("castle", variant="characters", cards=path)
    assert game.characters.king == 40 and game.characters.flags[40] & KING
    assert game.wizard_card == 10
    assert game.characters.figures(20) == ["knight", "princess"]


def test_a_users_toml_file_is_used(tmp_path: Path) -> None:
    text = ("king = 40\nqueen = 41\nwizard = 10\nknights = [3, 4, 20]\n"
            "princesses = [5, 20]\nprovisional = false\n")
    path = write(tmp_path, "deck.toml", text)
    game = games.load("castle", variant="characters", cards=path)
    assert not game.characters.provisional and game.characters.princesses == (5, 20)


BAD = [
    ({**GOOD, "king": 47}, "'king' must be a card number from 2 to 46"),
    ({**GOOD, "queen": 1}, "'queen' must be a card number"),
    ({**GOOD, "wizard": "26"}, "'wizard' must be a card number"),
    ({**GOOD, "king": True}, "'king' must be a card number"),
    ({k: v for k, v in GOOD.items() if k != "wizard"}, "missing key 'wizard'"),
    ({**GOOD, "queen": 40}, "three different cards"),
    ({**GOOD, "knights": [3, 3]}, "'knights' lists a card twice"),
    ({**GOOD, "knights": 3}, "'knights' must be a list"),
    ({**GOOD, "princesses": [5, 60]}, "each of 'princesses' must be a card number"),
    ({**GOOD, "bishops": [7]}, "unknown key 'bishops'"),
    ({**GOOD, "provisional": "yes"}, "'provisional' must be true or false"),
    ([1, 2, 3], "a table of keys"),
]


@pytest.mark.parametrize("data,problem", BAD)
def test_bad_files_are_refused_naming_the_problem(tmp_path: Path, data: object,
                                                  problem: str) -> None:
    path = write(tmp_path, "deck.json", json.dumps(data))
    with pytest.raises(InvalidOptions) as info:
        games.load("castle", variant="characters", cards=path)
    assert problem in str(info.value) and "deck.json" in str(info.value)


def test_unreadable_or_malformed_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidOptions, match="cannot read castle cards file"):
        games.load("castle", cards=str(tmp_path / "missing.toml"))
    with pytest.raises(InvalidOptions, match="must end in .toml or .json"):
        games.load("castle", cards=write(tmp_path, "deck.txt", "king = 3"))
    with pytest.raises(InvalidOptions, match="deck.toml"):
        games.load("castle", cards=write(tmp_path, "deck.toml", "king = = 3"))
    with pytest.raises(InvalidOptions, match="deck.json"):
        games.load("castle", cards=write(tmp_path, "deck.json", "{not json"))


def test_users_deck_changes_scoring_and_the_wizard(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.json", json.dumps(GOOD))
    from tests.games.castle.positions import position

    state = position([[1, 5, 10], [1, 2]], {"a1": 7}, variant="characters", cards=path)
    state.apply("reveal a1")
    assert [str(a) for a in state.legal_actions()] == ["wizard 5", "return"]
    state.apply("wizard 5")
    assert state.castles[0] == [1, 5, 7, 10]
    assert state.scores()[0] == 3 + 1 + 0  # three cards and one princess (5)
