"""Playing a whole game with its statistics collector (``games/<name>/stats.py``), for
the games' statistics tests."""
from __future__ import annotations

from typing import Any

from towerplay import games
from towerplay.arena.table import Table


def played_with_stats(name: str, seed: int, players: int, bots: str,
                      **options: Any) -> tuple[Any, dict[str, Any]]:
    """The final state of a game of ``bots`` in every seat, and its statistics row."""
    game = games.load(name, **options)
    module = games.companion(name, "stats")
    assert module is not None, f"{name} has no statistics"
    stats = module.make_stats(game, players)
    table = Table(game.start(players=players, seed=seed), [bots] * players, hooks=[stats])
    for _ in table.play_bots():
        pass
    return table.state, stats.row()
