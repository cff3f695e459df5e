"""Shared fixtures: the registered games and their player counts."""
from __future__ import annotations

import os

from towerplay import games


def game_player_counts() -> list[tuple[str, int]]:
    """(game id, players) for every registered game and every allowed player count."""
    pairs = []
    for name in games.names():
        cls = games.game_class(name)
        pairs += [(name, n) for n in range(cls.min_players, cls.max_players + 1)]
    return pairs


UPDATE_GOLDEN = os.environ.get("UPDATE_GOLDEN") == "1"
