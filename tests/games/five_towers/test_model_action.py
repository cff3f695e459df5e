"""5 Towers' model of a greedy opponent for the search (``ismcts:opponents=model``)."""
from __future__ import annotations

import random

import pytest

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.core.memo import Memo
from towerplay.games.five_towers import heuristics
from towerplay.games.five_towers.state import BIDDING, FiveTowersState

GAME = games.load("five_towers")


def _positions(seed: int, players: int = 2, rebid: str = "feasible") -> list[FiveTowersState]:
    """Every position of a greedy game (copies), for comparing the model with greedy."""
    state = games.load("five_towers", rebid=rebid).start(players=players, seed=seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_over:
        seen.append(state.copy())
        state.apply(heuristics.greedy_action(state, rng))
    return seen


@pytest.mark.parametrize("seed, players, rebid", [(1, 2, "feasible"), (2, 3, "feasible"),
                                                   (1, 2, "physical")])
def test_in_a_shown_round_the_model_is_the_greedy_move(seed: int, players: int,
                                                       rebid: str) -> None:
    positions = _positions(seed, players, rebid)
    bids = [s for s in positions if s.phase == BIDDING and len(s.legal_actions()) > 1]
    assert len(bids) > 10
    for state in positions:
        if not state.doomed:  # a doomed bid's moves are random, for greedy too
            expected = heuristics.greedy_action(state.copy(), random.Random(0))
            assert heuristics.model_action(state, random.Random(0)) == expected
            # remembered: asked again, the same move
            assert heuristics.model_action(state, random.Random(5)) == expected


def test_in_a_guessed_round_the_playout_policy_stands_in() -> None:
    state = GAME.start(players=2, seed=3)
    world = state.determinize(0, random.Random(1))
    while world.round == state.round:  # play on into a round the seat has not seen
        world.apply(heuristics.greedy_action(world, random.Random(0)))
    assert world.round > world.known_round and world.phase == BIDDING
    assert (heuristics.model_action(world, random.Random(4))
            == heuristics.rollout_action(world, random.Random(4)))


def test_the_model_is_the_same_whatever_the_order_of_the_draw_pile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # nothing remembered: every move is worked out from each position itself
    monkeypatch.setattr(heuristics, "_BIDS", Memo(maxsize=1))
    monkeypatch.setattr(heuristics, "_BUILDS", Memo(maxsize=1))
    checked = 0
    for state in _positions(4)[::5]:
        expected = heuristics.model_action(state.copy(), random.Random(0))
        for order in range(3):
            other = state.copy()
            random.Random(order).shuffle(other.draw)
            assert heuristics.model_action(other, random.Random(0)) == expected
        checked += 1
    assert checked > 10


def test_a_search_with_modelled_opponents_is_seeded() -> None:
    state = _positions(6)[30]
    while state.phase != BIDDING:
        state.apply(heuristics.greedy_action(state, random.Random(0)))
    spec = "ismcts:iterations=80,opponents=model"
    first = bots.load(spec, seed=2).analyse(state, state.to_move)
    assert first.stats == bots.load(spec, seed=2).analyse(state, state.to_move).stats
    assert first.iterations == 80
    assert ISMCTSBot(seed=2, iterations=80, opponents="model").act(state) in \
        state.legal_actions()
