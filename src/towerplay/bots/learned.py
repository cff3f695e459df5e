"""The ``learned`` bot: it plays the policy trained for the game at hand.

The policies are numpy arrays shipped in ``towerplay/bots/policies`` (one JSON file per
game and player count, :mod:`towerplay.bots.policy`), trained by the recipe in docs/rl.md
(``python -m towerplay.envs.ppo``; each file records its command and seed). Playing needs
numpy alone. Like every bot it decides on a determinization of its seat's knowledge: it
writes that seat's observation (with perfect recall where the policy was trained so) and
plays the legal action of the highest logit, so it plays the same move in the same
position.

>>> from towerplay import bots, games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> bot = bots.load("learned", seed=1)
>>> bot.check_game(state.game, state.players)
>>> bot.act(state) in state.legal_actions()
True
>>> bot.check_game(games.load("skytopia"), 2)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
towerplay.core.errors.InvalidOptions: the learned bot has no policy for 'skytopia' at 2 players;
it plays: 'castle' at 2 players, 'five_towers' at 2 players
"""
from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np

from towerplay import games
from towerplay.bots.base import Bot
from towerplay.bots.policy import shipped
from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.core.game import Game
from towerplay.core.observer import Observer
from towerplay.core.state import A, State


class LearnedBot(Bot):
    """Plays the shipped policy of the game and player count at hand."""

    name = "learned"
    quick = True  # a small network's forward pass

    def check_game(self, game: Game[Any, Any], players: int) -> None:
        """Refuse (:class:`InvalidOptions`) a game or player count without a policy, or
        options that change the observation the policy reads."""
        policy = shipped(game.name, players)
        size = observer_for(game, players).shape[0]
        if size != policy.observation_size:
            raise InvalidOptions(Event.of("core.learned_observation", game=repr(game.name),
                                          expected=policy.observation_size, got=size))

    def choose(self, state: State[A], seat: int) -> A:
        game = state.game
        policy = shipped(game.name, state.players)
        observer = observer_for(game, state.players)
        write = observer.recalled if policy.perfect_recall else observer.observation
        mask = np.asarray(game.action_mask(state), np.int8)
        action: A = game.action_from_id(policy.best(write(state, seat), seat, mask))
        return action


def observer_for(game: Game[Any, Any], players: int) -> Observer[Any]:
    """The observer of ``game`` (by its id and options) at ``players`` seats, built once."""
    options = json.dumps(game.options_dict(), sort_keys=True, default=str)
    return _observer(game.name, options, players)


@cache
def _observer(name: str, options: str, players: int) -> Observer[Any]:
    return games.load(name, **json.loads(options)).observer(players)
