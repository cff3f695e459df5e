"""The fair match against OpenSpiel (``benchmarks/bench_vs_openspiel.py``) sets both sides up
alike: the same playout evaluator, budget, exploration constant and move set, a seeded
resampler, and games that replay the same from their seed."""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pyspiel
import pytest

from towerplay.bots.ismcts import ISMCTSBot
from towerplay.envs import openspiel

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "bench_vs_openspiel.py"


@pytest.fixture(scope="module")
def bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_vs_openspiel", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    openspiel.register_all()
    return module


def dealt(name: str, seed: int = 5) -> pyspiel.State:
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2, "seed": seed})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(7)
    return state


@pytest.mark.parametrize("policy", ["random", "game"])
@pytest.mark.parametrize("iterations", [100, 1000])
def test_both_sides_get_the_same_evaluator_budget_c_and_moves(bench: Any, policy: str,
                                                              iterations: int) -> None:
    state = dealt("castle")
    duel = bench.Duel("castle", 0, "ismcts", policy, iterations, 0.7)
    ours, theirs = bench.bots_for(duel, state.get_game(), seed=11)
    settings = ours.settings(state.inner.game)  # after the game's search defaults
    evaluator = theirs._evaluator
    assert isinstance(ours, ISMCTSBot) and type(evaluator) is bench.Playout
    assert settings.rollout == evaluator.policy == policy  # one playout policy
    assert settings.iterations == theirs._max_simulations == iterations
    assert settings.c == theirs._uct_c == 0.7
    # ours: every legal move, playouts to the end judged by win shares, a fresh tree
    assert (settings.narrow, settings.depth, settings.score_weight) == (False, None, 0.0)
    assert (settings.reuse, settings.opponents) == (False, "tree")
    assert theirs._resampler_cb is not None


def test_the_evaluator_plays_out_with_the_policy_our_search_uses(bench: Any) -> None:
    state = dealt("castle")
    inner = state.inner
    assert bench.policy_function(inner.game, "game") == inner.game.heuristics.rollout_action
    for policy in ("random", "game"):
        values = bench.Playout(policy, random.Random(3)).evaluate(state)
        step, rng, copy = bench.policy_function(inner.game, policy), random.Random(3), inner.copy()
        while copy.to_move is not None:
            copy.apply(step(copy, rng))
        assert list(values) == copy.rewards() and 0 <= min(values) <= max(values) <= 1
    assert state.inner is inner and not inner.is_over  # the state searched is untouched
    with pytest.raises(ValueError, match="expected one of random, game"):
        bench.Playout("greedy", random.Random(1))


def test_openspiels_resampler_is_seeded(bench: Any) -> None:
    state = dealt("castle")
    duel = bench.Duel("castle", 0, "ismcts", "random", 10, 0.7)
    guesses = []
    for _ in range(2):
        _ours, theirs = bench.bots_for(duel, state.get_game(), seed=11)
        guesses.append([str(theirs.resample_from_infostate(state)) for _ in range(3)])
    assert guesses[0] == guesses[1]


def test_a_game_is_reproducible_and_counts_only_searched_decisions(bench: Any) -> None:
    duel = bench.Duel("castle", 1, "ismcts", "game", 3, 0.7)
    first, again = bench.play(duel), bench.play(duel)
    assert first.share == again.share and first.decisions == again.decisions
    assert 0 <= first.share <= 1 and first.decisions > 0
    assert first.our_iterations <= 3 * first.decisions
    assert first.their_iterations == 3 * first.their_decisions
    summary = bench.summary([first, again])
    assert summary["games"] == 2 and summary["ci"][0] <= summary["win_rate"] <= summary["ci"][1]
