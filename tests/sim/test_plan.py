"""Simulation plans: per-game seeds, seat rotations, sweeps, and refusals."""
from __future__ import annotations

import json

import pytest

from towerplay.core import InvalidOptions, UnknownBot, UnknownGame
from towerplay.sim.plan import Plan, parse_sweep
from towerplay.sim.play import play_row


def test_rows_are_deterministic_per_seed() -> None:
    plan = Plan.build("five_towers", players=3, bots=["greedy", "random"], games=3, seed=11)
    rows = [play_row(job) for job in plan.jobs]
    assert rows == [play_row(job) for job in plan.jobs]
    other = Plan.build("five_towers", players=3, bots=["greedy", "random"], games=3, seed=12)
    games = [(r["score_0"], r["score_1"], r["length"]) for r in rows]
    others = [play_row(job) for job in other.jobs]
    assert games != [(r["score_0"], r["score_1"], r["length"]) for r in others]
    for row in rows:
        assert isinstance(row["score_0"], int)  # whole scores stay ints
        assert row["winners"] and row["length"] > 0 and "ft_torn_0" in row


def test_mixed_lineups_rotate_on_one_deal_and_one_bot_gets_fresh_deals() -> None:
    plan = Plan.build("castle", players=3, bots=["greedy", "random", "ismcts:iterations=5"],
                      games=4, seed=1)
    assert len(plan.jobs) == 6  # rounded up to whole rotations
    first = plan.jobs[:3]
    assert len({job.seed for job in first}) == 1
    assert [job.specs[0] for job in first] == ["greedy", "random", "ismcts:iterations=5"]
    assert plan.jobs[3].seed != plan.jobs[0].seed
    alone = Plan.build("castle", players=2, bots=["greedy"], games=5, seed=1)
    assert len(alone.jobs) == 5 and len({job.seed for job in alone.jobs}) == 5


def test_sweeps_play_the_grid_on_the_same_deals() -> None:
    sweep = parse_sweep("castle", ["memory=open,hidden", "variant=base,characters"])
    plan = Plan.build("castle", players=2, bots=["random"], games=2, options=sweep, seed=3)
    assert len(plan.jobs) == 8
    labels = [job.sweep for job in plan.jobs[:4]]
    assert labels == ["memory=open variant=base", "memory=open variant=characters",
                      "memory=hidden variant=base", "memory=hidden variant=characters"]
    assert len({job.seed for job in plan.jobs[:4]}) == 1  # paired: one deal per game number
    row = play_row(plan.jobs[3])
    assert json.loads(row["options"])["variant"] == "characters"
    assert row["sweep"] == "memory=hidden variant=characters"
    # castle's collector reads only the final state: ended without per-action hooks
    assert row["ca_turns"] == row["ca_built"] + row["ca_returned"] + row["ca_removed"] > 0


def test_more_games_extend_a_plan_without_renumbering() -> None:
    sweep = {"rebid": ["feasible", "physical"]}
    small = Plan.build("five_towers", players=2, bots=["greedy", "random"], games=4,
                       options=sweep, seed=5)
    large = Plan.build("five_towers", players=2, bots=["greedy", "random"], games=10,
                       options=sweep, seed=5)
    assert large.jobs[:len(small.jobs)] == small.jobs


@pytest.mark.parametrize("build, error, words", [
    (lambda: Plan.build("chess", 2, ["random"], 1), UnknownGame, "unknown game"),
    (lambda: Plan.build("castle", 7, ["random"], 1), InvalidOptions, "2 to 4 players"),
    (lambda: Plan.build("castle", 2, ["wizard"], 1), UnknownBot, "unknown bot"),
    (lambda: Plan.build("castle", 2, ["random"], 0), InvalidOptions, "--games"),
    (lambda: Plan.build("castle", 2, [], 1), InvalidOptions, "--bots"),
    (lambda: Plan.build("castle", 2, ["random"], 1, parse_sweep("castle", ["memory=open,x"])),
     InvalidOptions, "memory"),
    (lambda: Plan.build("castle", 2, ["random"], 1, parse_sweep("castle", ["max_turns=5,five"])),
     InvalidOptions, "max_turns"),
    (lambda: parse_sweep("castle", ["max_turns=5,5"]), InvalidOptions, "distinct"),
    (lambda: Plan.build("castle", 2, ["random"], 1, parse_sweep("castle", ["colour=red"])),
     InvalidOptions, "unknown option"),
])
def test_bad_arguments_are_refused_in_one_line(build, error, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as caught:
        build()
    message = str(caught.value)
    assert words in message and "\n" not in message


def test_a_huge_plan_is_made_as_its_games_are_asked_for() -> None:
    plan = Plan.build("castle", players=2, bots=["random", "greedy"], games=10**8, seed=3)
    assert len(plan.jobs) == 10**8  # no hundred million jobs in memory: made on demand
    last = plan.jobs[-1]
    assert last.index == 10**8 - 1 and last.specs == ("greedy", "random")
    assert last.seed == plan.jobs[-2].seed != plan.jobs[-3].seed  # one deal, both rotations
    small = Plan.build("castle", players=2, bots=["random", "greedy"], games=6, seed=3)
    assert plan.jobs[:6] == small.jobs  # more games extend the plan, renumbering nothing
