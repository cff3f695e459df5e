"""What the RL adapters share: the game, its observer, spaces and seeds."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay import games
from towerplay.core.game import Game
from towerplay.core.observer import Observer
from towerplay.core.state import State

OBSERVATION_BOUND = 1e6
"""The observation spaces' bound: observers write counts and scores, never more than this."""


@dataclass
class Setup:
    """A game at a player count with what every adapter needs of it."""

    game: Game[Any, Any]
    players: int

    @classmethod
    def load(cls, name: str, players: int, options: dict[str, Any]) -> Setup:
        game = games.load(name, **options)
        game.check_players(players)
        return cls(game, players)

    @functools.cached_property
    def observer(self) -> Observer[Any]:
        """The game's observer (built on first use: searches over strings never need it)."""
        return self.game.observer(self.players)

    @property
    def num_actions(self) -> int:
        return self.game.num_actions

    def observation(self, state: State[Any], seat: int) -> npt.NDArray[np.float32]:
        return self.observer.observation(state, seat)

    def mask(self, state: State[Any], seat: int) -> npt.NDArray[np.int8]:
        """The legal dense ids of ``seat`` (all zero when it is not to move)."""
        if state.to_move != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        return np.asarray(self.game.action_mask(state), dtype=np.int8)
