"""The rules summary shipped in the package (``towerplay rules five_towers``)."""
from __future__ import annotations

import re
from importlib import resources

import pytest

from towerplay import games
from towerplay.core import IllegalAction
from towerplay.games.five_towers import scoring

from tests.games.five_towers.util import play, position


def summary() -> str:
    return (resources.files("towerplay.games.five_towers") / "rules.md").read_text("utf-8")


def test_the_summary_is_shipped_and_of_a_readable_length() -> None:
    lines = summary().splitlines()
    assert 60 <= len(lines) <= 150
    for heading in ("## Overview", "## Components", "## Setup", "## A round",
                    "## End and scoring", "## For the command line", "### Options",
                    "### Action notation", "### The terminal screen"):
        assert heading in lines, heading


def test_the_summary_names_every_option_and_value() -> None:
    text = summary()
    for name, field in games.game_class("five_towers").options_type.model_fields.items():
        assert f"`{name}`" in text, name
        for value in getattr(field.annotation, "__args__", ()):
            assert f"`{value}`" in text, value


def test_every_action_example_is_exact_notation() -> None:
    game = games.load("five_towers")
    examples = re.findall(r"`((?:bid|take|place|teardown) [a-z0-9]+|pass|no-teardown)`",
                          summary())
    assert {"bid 3", "pass", "take sand7", "teardown sand", "no-teardown",
            "place candy5"} <= set(examples)
    for example in examples:
        assert str(game.parse_notation(example)) == example


def test_the_worked_scoring_example_scores_as_written() -> None:
    assert "(−3) make 11" in summary()
    assert scoring.total([(15, 12, 9, 0), (7, 6)], torn=2) == 11


@pytest.mark.parametrize("setup,action", [
    ((["sand7", "candy3", "candy5", "tree1", "scrap9"], ["bid 3"]), "bid 1"),
    ((["sand0", "sand7", "candy3", "tree1", "scrap9"],
      ["bid 2", "pass", "pass", "take sand0", "take sand7", "no-teardown"]), "place sand0"),
])
def test_the_quoted_refusals_are_the_engines(setup: tuple, action: str) -> None:
    display, moves = setup
    state = position(3, display)
    play(state, *moves)
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    quoted = " ".join(summary().split())
    assert " ".join(str(error.value).split()) in quoted
