"""``towerplay ladder`` refuses bad arguments before any progress bar or worker."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from towerplay.cli import app

runner = CliRunner()


@pytest.mark.parametrize("args, words", [
    (["--bots", "random,wizard"], "unknown bot"),
    (["--bots", "random,greedy", "--games", "0"], "--games"),
    (["--bots", "random,greedy", "--players", "9"], "players"),
    (["--bots", "random,greedy", "--workers", "0"], "--workers"),
    (["--bots", "greedy"], "--self-play"),
])
def test_bad_arguments_are_refused_before_a_progress_bar(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["ladder", "toy_pile", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert "ladder" not in result.output.split("error:")[0]  # no bar was drawn first


def test_one_bot_plays_itself_only_when_asked() -> None:
    result = runner.invoke(app, ["ladder", "toy_pile", "--bots", "random", "--self-play",
                                 "--games", "2", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert '"random"' in result.output
