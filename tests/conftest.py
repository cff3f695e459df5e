"""Shared fixtures: the registered games and their player counts."""
from __future__ import annotations

import os
import tempfile

from towerplay import games

# Tests never write into the real home folder (default records, the server's database).
os.environ.setdefault("TOWERPLAY_HOME", tempfile.mkdtemp(prefix="towerplay-tests-"))

# The fifth game, made by following docs/adding-a-game.md: every generic test covers it.
games.register("toy_pile", "tests.toy:ToyGame")


def game_player_counts() -> list[tuple[str, int]]:
    """(game id, players) for every registered game and every allowed player count."""
    pairs = []
    for name in games.names():
        cls = games.game_class(name)
        pairs += [(name, n) for n in range(cls.min_players, cls.max_players + 1)]
    return pairs


def game_variant_cases(default_seeds: int = 4, variant_seeds: int = 2) -> list:
    """pytest params (game id, players, options, seed) over every player count and every
    variant the game declares (``Game.variants``); variants get fewer seeds."""
    import pytest

    cases = []
    for name, players in game_player_counts():
        for index, options in enumerate(games.game_class(name).variants):
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
            for seed in range(default_seeds if index == 0 else variant_seeds):
                cases.append(pytest.param(name, players, options, seed,
                                          id=f"{name}-{players}p-{label}-s{seed}"))
    return cases


UPDATE_GOLDEN = os.environ.get("UPDATE_GOLDEN") == "1"
