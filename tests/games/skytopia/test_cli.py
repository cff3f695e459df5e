"""The scoring assistant: ``towerplay score skytopia``."""
from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from towerplay import games
from towerplay.core import InvalidOptions

MAGDA = ("--track 45 --guild mechanics --guild builders --guild merchants --tower blue=1 "
         "--tower gold=3 --tower purple=1 --crests gold=2 --labs 1 --coins 22 --golems 2")


def run(args: str):  # noqa: ANN201
    app = typer.Typer()
    app.command()(games.companion("skytopia", "cli").score_command)
    return CliRunner().invoke(app, args.split())


def test_magda_scores_72() -> None:
    result = run(MAGDA)
    assert result.exit_code == 0 and "72" in result.output
    data = json.loads(run(MAGDA + " --json").output)
    assert data["total"] == 72
    assert data["guilds"] == {"mechanics": 6, "builders": 4, "merchants": 6}


@pytest.mark.parametrize("args,words", [
    ("--labs 2 --tower purple=1", "--labs 2"),
    ("--golems 6", "5 golems"),
    ("--coins -1", "negative"),
    ("--guild mechanics --guild navigators", "same stack"),
    ("--guild nobody", "unknown Guild Master"),
    ("--tower green=2", "colour"),
    ("--tower blue=13", "impossible"),
    ("--tower gold=2 --crests gold=4", "--crests gold=4"),      # 2 cards + the Foundation
    ("--crests blue=0", "--crests blue=0"),                      # a Foundation has a crest
    ("--guild merchants --tower gold=2", "--crests gold=K"),
    ("--tower blue=1 --tower blue=2", "twice"),
])
def test_impossible_input_is_refused(args: str, words: str) -> None:
    result = run(args)
    assert isinstance(result.exception, InvalidOptions)
    assert words in str(result.exception)


def test_a_bare_foundation_shows_one_crest_kind_for_the_merchants() -> None:
    """Spec A11: Foundations carry crests; a gold Tower with no card still has one kind."""
    data = json.loads(run("--guild merchants --json").output)
    assert data["guilds"] == {"merchants": 3} and data["total"] == 3
    data = json.loads(run("--guild merchants --tower gold=1 --crests gold=2 --json").output)
    assert data["guilds"] == {"merchants": 6}
