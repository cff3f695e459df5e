"""Play one game between bots, reproducibly from one match seed."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from towerplay import bots as bot_registry
from towerplay.bots.base import Bot
from towerplay.core.game import Game
from towerplay.core.rng import derive_seed
from towerplay.core.state import State


def seat_bots(specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each with its own generator derived from the match seed."""
    return [bot_registry.load(spec, seed=derive_seed(seed, "bot", seat))
            for seat, spec in enumerate(specs)]


def play_match(game: Game, specs: Sequence[str], seed: int,
               on_move: Callable[[State, object], None] | None = None) -> State:
    """Play a whole game with one bot per seat (``specs``) and return the final state.

    The same game, specs and seed always give the same game.

    >>> from towerplay import games
    >>> final = play_match(games.load("five_towers"), ["random", "greedy"], seed=5)
    >>> final.is_over
    True
    >>> final.to_json() == play_match(games.load("five_towers"), ["random", "greedy"], 5).to_json()
    True
    """
    state = game.start(players=len(specs), seed=seed)
    players = seat_bots(specs, seed)
    while not state.is_over:
        action = players[state.to_move].act(state)
        state.apply(action)
        if on_move is not None:
            on_move(state, action)
    return state
