"""Every game's own policies (greedy bot, playout policy, evaluation) over every variant:
always legal, games end, values per seat."""
from __future__ import annotations

import random

import pytest

from towerplay import games

CASES = [pytest.param(name, options, id=f"{name}-{i}") for name in games.names()
         for i, options in enumerate(games.game_class(name).variants)]


@pytest.mark.parametrize("name,options", CASES)
@pytest.mark.parametrize("policy", ["greedy_action", "rollout_action"])
def test_policies_play_legal_moves_to_the_end(name: str, options: dict, policy: str) -> None:
    game = games.load(name, **options)
    for players in (game.min_players, game.max_players):
        state = game.start(players=players, seed=players)
        rng = random.Random(players)
        choose = getattr(game.heuristics, policy)
        while not state.is_over:
            action = choose(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
            if len(state.history) % 25 == 0:
                values = game.heuristics.evaluate(state)
                assert len(values) == players and all(isinstance(v, (int, float))
                                                      for v in values)


@pytest.mark.parametrize("name,options", CASES)
def test_search_actions_are_a_subset_of_the_legal_ones(name: str, options: dict) -> None:
    game = games.load(name, **options)
    for players in (game.min_players, game.max_players):
        state = game.start(players=players, seed=players + 1)
        rng = random.Random(players)
        while not state.is_over:
            legal = state.legal_actions()
            candidates = game.heuristics.search_actions(state, rng)
            assert candidates and set(candidates) <= set(legal)
            assert state.legal_actions() == legal  # asking does not change the position
            state.apply(game.heuristics.rollout_action(state, rng))
