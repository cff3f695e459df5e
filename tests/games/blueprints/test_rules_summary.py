"""The rules summary shipped in the package (``towerplay rules blueprints``)."""
from __future__ import annotations

from importlib import resources

from towerplay import games
from towerplay.games.blueprints.cli import score_building


def summary() -> str:
    return (resources.files("towerplay.games.blueprints") / "rules.md").read_text("utf-8")


def test_the_summary_is_shipped_and_of_a_readable_length() -> None:
    lines = summary().splitlines()
    assert 60 <= len(lines) <= 150
    for heading in ("## Overview", "## Components", "## A turn", "## End of the game",
                    "## For the command line", "### Options", "### Notation",
                    "### The terminal screen"):
        assert heading in lines


def test_the_summary_names_every_option_and_value() -> None:
    text = summary()
    for name, field in games.game_class("blueprints").options_type.model_fields.items():
        assert f"`{name}`" in text, name
        for value in getattr(field.annotation, "__args__", ()):
            if isinstance(value, str):
                assert f"`{value}`" in text, value


def test_the_summary_shows_each_action_and_its_example_is_legal_notation() -> None:
    text = summary()
    game = games.load("blueprints")
    for example in ("take G5", "place r2c1", "remove", "discard R3"):
        assert f"`{example}`" in text
        assert str(game.parse_notation(example)) == example


def test_the_summary_worked_example_scores_as_written() -> None:
    assert "scores 27" in summary()
    result = score_building("X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , .")
    assert (result["bonus"], result["wood"], result["recycled"], result["stone"],
            result["glass"], result["total"]) == (6, 6, 5, 5, 5, 27)
