"""The ladder plays through the simulation's machinery: a ladder game and a simulation
game with the same deal and seats are the same game, on any backend."""
from __future__ import annotations

from towerplay import games
from towerplay.sim.ladder import run_jobs, schedule
from towerplay.sim.plan import SimJob
from towerplay.sim.play import play_row


def test_ladder_games_are_simulation_games() -> None:
    game = games.load("castle")
    jobs = schedule(["greedy", "random"], players=2, games=4, seed=6, game=game)
    results = run_jobs(jobs, workers=2)
    for job, result in zip(jobs, results, strict=True):
        row = play_row(SimJob(job.index, "castle", '{}', "", 2, job.specs, job.specs, job.seed))
        assert [row["score_0"], row["score_1"]] == list(result.scores)
        assert row["winners"] == " ".join(map(str, result.winners))
        assert [row["rank_0"], row["rank_1"]] == list(result.ranks)
        assert sum(result.moves) == row["length"]
