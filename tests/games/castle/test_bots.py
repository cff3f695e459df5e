"""Bots on Budowa Zamku: greedy beats random, the rollout policy plays legal games."""
from __future__ import annotations

import random

import pytest

from towerplay import games
from towerplay.arena import play_match

GAMES = 200


@pytest.mark.parametrize("variant", ["base", "characters"])
def test_greedy_beats_random_at_two_players(variant: str) -> None:
    game = games.load("castle", variant=variant)
    won = 0.0
    for seed in range(GAMES):
        seats = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        final = play_match(game, seats, seed=seed)
        won += final.rewards()[seats.index("greedy")]
    rate = won / GAMES
    print(f"greedy vs random ({variant}): {rate:.1%} of {GAMES} games")
    assert rate >= 0.7


def test_perfect_memory_beats_forgetting() -> None:
    game = games.load("castle")
    won = 0.0
    for seed in range(60):
        seats = ["greedy", "greedy:recall=0.2"][:: 1 if seed % 2 == 0 else -1]
        won += play_match(game, seats, seed=seed).rewards()[seats.index("greedy")]
    assert won / 60 >= 0.6


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "characters"])
def test_rollout_and_greedy_play_whole_games(players: int, variant: str) -> None:
    game = games.load("castle", variant=variant)
    for policy in (game.rollout_action, game.greedy_action):
        for seed in range(5):
            state = game.start(players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                action = policy(state, rng)
                assert action in state.legal_actions()
                state.apply(action)
            assert state.winners()


def test_bots_are_reproducible() -> None:
    game = games.load("castle", variant="characters")
    one = play_match(game, ["greedy", "greedy:recall=0.5", "random"], seed=3)
    two = play_match(game, ["greedy", "greedy:recall=0.5", "random"], seed=3)
    assert one.to_json() == two.to_json()
