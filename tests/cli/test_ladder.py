"""``towerplay ladder`` refuses bad arguments before any progress bar or worker."""
from __future__ import annotations

import json

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
    (["--bots", "random,greedy", "--backend", "threads"], "--backend"),
    (["--bots", "random,greedy", "--address", "10.0.0.1:6379"], "--backend ray"),
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


@pytest.mark.ray
def test_a_ladder_on_ray_plays_the_same_games() -> None:
    """The same seeded ladder on local processes and on a local Ray: the same results."""
    pytest.importorskip("ray")
    reports = []
    for backend in ("processes", "ray"):
        # a shipped game: Ray's workers know the registry's games, not this test's toy
        result = runner.invoke(app, ["ladder", "castle", "--bots", "random,greedy",
                                     "--games", "4", "--workers", "2", "--backend", backend,
                                     "--json"])
        assert result.exit_code == 0, result.output
        reports.append(json.loads(result.output))
    standings = [[{k: v for k, v in row.items() if k != "ms_per_move"}
                  for row in report["bots"]] for report in reports]
    assert standings[0] == standings[1]
    assert reports[0]["head_to_head"] == reports[1]["head_to_head"]
