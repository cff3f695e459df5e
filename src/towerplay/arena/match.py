"""Play one game between bots, reproducibly from one match seed."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from towerplay.arena.table import StatsHook, Table, bots_for_seats
from towerplay.bots.base import Bot
from towerplay.core.game import Game
from towerplay.core.state import State


def play_match(game: Game[Any, Any], specs: Sequence[str], seed: int,
               on_move: Callable[[State[Any], object], None] | None = None,
               hooks: Sequence[StatsHook[Any]] = ()) -> State[Any]:
    """Play a whole game with one bot per seat (``specs``) and return the final state.

    The same game, specs and seed always give the same game.

    >>> from towerplay import games
    >>> final = play_match(games.load("five_towers"), ["random", "greedy"], seed=5)
    >>> final.is_over
    True
    >>> final.to_json() == play_match(games.load("five_towers"), ["random", "greedy"], 5).to_json()
    True
    """
    table = Table(game.start(players=len(specs), seed=seed), specs, hooks=hooks)
    for _ in table.play_bots():
        if on_move is not None:
            on_move(table.state, table.state.history[-1])
    return table.state


def seat_bots(specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each with its own generator derived from the match seed."""
    bots = bots_for_seats(specs, seed)
    return [bots[seat] for seat in range(len(specs))]


__all__ = ["play_match", "seat_bots"]
