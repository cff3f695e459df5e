"""The ladder: scheduling, statistics, and a short run on the toy game."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from rich.console import Console

from towerplay import games
from towerplay.core import InvalidOptions, registry
from towerplay.sim.ladder import (
    lineups,
    play_job,
    report_tables,
    run_jobs,
    run_ladder,
    schedule,
    summarize,
    wilson,
)

from tests.bots.toy import ToyGame


def test_every_lineup_plays_every_seat_on_the_same_deal() -> None:
    jobs = schedule(["a", "b", "c"], players=3, games=7, seed=1, game=ToyGame())
    assert len(jobs) == 9  # rounded up to whole rotations
    assert [job.specs for job in jobs[:3]] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert len({job.seed for job in jobs[:3]}) == 1 and jobs[3].seed != jobs[0].seed
    seats = Counter((spec, seat) for job in jobs for seat, spec in enumerate(job.specs))
    assert set(seats.values()) == {3}
    assert lineups(2, 4) == [(0, 0, 0, 1), (0, 0, 1, 1), (0, 1, 1, 1)]
    with pytest.raises(InvalidOptions):
        schedule(["a"], players=2, games=0, seed=1, game=ToyGame())


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson(140, 200)
    assert low < 0.7 < high and high - low < 0.14
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_summary_of_hand_made_results() -> None:
    jobs = schedule(["random", "greedy"], players=2, games=6, seed=3, game=ToyGame())
    results = [play_job(job) for job in jobs]
    report = summarize(["random", "greedy"], results, game="toy_pile", players=2)
    rows = {row["bot"]: row for row in report["bots"]}
    assert rows["random"]["games"] == rows["greedy"]["games"] == 6
    both = rows["random"]["win_rate"] + rows["greedy"]["win_rate"]
    assert both == pytest.approx(1.0)  # two players: every game has one win to share
    h2h = report["head_to_head"]
    assert h2h["random"]["greedy"]["score"] + h2h["greedy"]["random"]["score"] == pytest.approx(1)
    json.dumps(report)


def test_short_ladder_on_two_workers() -> None:
    specs = ["random", "greedy", "ismcts:iterations=40", "random"]
    seen = []
    report = run_ladder(ToyGame(), players=3, bots=specs, games=12, seed=5, workers=2,
                        on_result=seen.append)
    assert report["games"] == len(seen) == 12
    assert {row["bot"] for row in report["bots"]} == {"random", "greedy", "ismcts:iterations=40",
                                                      "random#2"}
    for row in report["bots"]:
        low, high = row["win_ci"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert row["ms_per_move"] >= 0 and set(row["rating"]) == {"mu", "sigma", "ordinal"}
    console = Console(record=True, width=200)
    for table in report_tables(report):
        console.print(table)
    text = console.export_text()
    assert "win rate (95% CI)" in text and "head to head" in text and "random#2" in text
    # the same seed gives the same games
    again = run_ladder(ToyGame(), players=3, bots=specs, games=12, seed=5, workers=1)
    strip = lambda r: [{k: v for k, v in row.items() if k != "ms_per_move"}  # noqa: E731
                       for row in r["bots"]]
    assert strip(again) == strip(report)


def test_ladder_refuses_bad_input() -> None:
    with pytest.raises(InvalidOptions):
        run_ladder(ToyGame(), players=4, bots=["random"], games=2)
    with pytest.raises(Exception, match="unknown bot"):
        run_ladder(ToyGame(), players=2, bots=["random", "wizard"], games=2)


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._REGISTRY, "toy_pile", "tests.bots.toy:ToyGame")


def test_ladder_command(toy_registered: None) -> None:
    from typer.testing import CliRunner

    from towerplay.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["ladder", "toy_pile", "--players", "2", "--bots",
                                 "random,ismcts:iterations=30,c=0.5", "--games", "4",
                                 "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("{"):])
    assert {row["spec"] for row in report["bots"]} == {"random", "ismcts:iterations=30,c=0.5"}
    long_spec = "ismcts:iterations=20,c=0.5,depth=3,rollout=random"
    table = runner.invoke(app, ["ladder", "toy_pile", "--bot", "random", "--bot", long_spec,
                                "--games", "2", "--workers", "1"])
    assert table.exit_code == 0, table.output
    assert "OpenSkill" in table.stdout
    assert long_spec in table.stdout  # never cut, whatever the width
    bad = runner.invoke(app, ["ladder", "toy_pile", "--bots", "random,wizard"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output


def test_split_bots() -> None:
    from towerplay.bots import split_specs as split_bots

    assert split_bots("random, greedy,ismcts:seconds=1") == ["random", "greedy",
                                                              "ismcts:seconds=1"]
    assert split_bots("ismcts:c=1,iterations=9,greedy") == ["ismcts:c=1,iterations=9",
                                                             "greedy"]


def test_jobs_run_the_same_in_fresh_worker_processes() -> None:
    # What a Ray backend or a spawned worker does: unpickle a job, play it, return the result.
    jobs = schedule(["greedy", "ismcts:iterations=20"], players=2, games=2, seed=4,
                    game=games.load("castle"))  # a fresh process knows the shipped games
    here = [play_job(job) for job in jobs]
    there = run_jobs(jobs, workers=2, start_method="spawn")
    assert [(r.scores, r.ranks, r.moves) for r in there] == [(r.scores, r.ranks, r.moves)
                                                              for r in here]
