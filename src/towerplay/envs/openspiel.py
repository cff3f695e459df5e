"""Every towerplay game as an OpenSpiel Python game: ``python_towerplay_<game>``.

    import pyspiel
    from towerplay.envs import openspiel
    openspiel.register_all()
    game = pyspiel.load_game("python_towerplay_five_towers", {"players": 3})

Sequential, general-sum, terminal rewards (the winners share 1); imperfect information
where the game hides something. Chance is *sampled* from a seed (a game parameter): each
new initial state takes the next seed of the game's own generator, so a run is
reproducible. Information-state strings are the seat's whole view with its log (perfect
recall); observation strings leave the log out. Tensors are the game's observer (both);
``resample_from_infostate`` is the kernel's ``determinize``.
"""
from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from towerplay import games
from towerplay.core.game import Game
from towerplay.core.state import State
from towerplay.envs.common import Setup

PREFIX = "python_towerplay_"
_PARAM_TYPES = (bool, int, float, str)


def short_name(game: str) -> str:
    """``five_towers`` -> ``python_towerplay_five_towers``."""
    return PREFIX + game


def _options(game_class: type[Game[Any, Any]]) -> dict[str, Any]:
    """The options OpenSpiel can carry as parameters (plain values with a default)."""
    options = {}
    for name, field in game_class.options_type.model_fields.items():
        if isinstance(field.default, _PARAM_TYPES):
            options[name] = field.default
    return options


def game_type(name: str) -> pyspiel.GameType:
    cls = games.game_class(name)
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(name), long_name=f"towerplay {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC if cls.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(info.IMPERFECT_INFORMATION if cls.hidden_information
                     else info.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": cls.min_players, "seed": 0, **_options(cls)})


class TowerplayGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """A towerplay game with its options, as OpenSpiel sees it."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        spec = game_type(name)
        params = {**spec.parameter_specification, **(params or {})}
        players = int(params.pop("players"))
        self.seeds = random.Random(int(params.pop("seed")))
        self.setup = Setup.load(name, players, params)
        info = self.setup.game.info(players)
        super().__init__(spec, pyspiel.GameInfo(
            num_distinct_actions=info.num_actions, max_chance_outcomes=0,
            num_players=players, min_utility=info.min_utility,
            max_utility=info.max_utility, utility_sum=None,
            max_game_length=info.max_game_length), {"players": players, **params})

    def new_initial_state(self) -> TowerplayState:
        state = self.setup.game.start(players=self.setup.players,
                                      seed=self.seeds.getrandbits(63))
        return TowerplayState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> TowerplayObserver:
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return TowerplayObserver(self.setup, perfect_recall=recall)


class TowerplayState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a towerplay state."""

    def __init__(self, game: TowerplayGame, state: State[Any]) -> None:
        super().__init__(game)
        self.setup = game.setup
        self.inner = state

    def current_player(self) -> int:
        seat = self.inner.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.inner.to_move:
            return []
        action_id = self.setup.game.action_id
        return [action_id(action) for action in self.inner.legal_actions()]

    def _apply_action(self, action: int) -> None:
        self.inner.apply(self.setup.game.action_from_id(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.setup.game.action_from_id(action))

    def is_terminal(self) -> bool:
        return self.inner.is_over

    def returns(self) -> list[float]:
        if not self.inner.is_over:
            return [0.0] * self.inner.players
        return [float(r) for r in self.inner.rewards()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the player cannot tell from this one (the kernel's determinization)."""
        rng = random.Random(int(probability_sampler() * 2 ** 52))
        clone = self.clone()
        clone.inner = self.inner.determinize(player_id, rng)
        return clone

    def __str__(self) -> str:
        return json.dumps(self.inner.view(None), sort_keys=True)


class TowerplayObserver:
    """OpenSpiel's PyObserver: the view as text, the observer's vector as tensor."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(setup.observer.shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TowerplayState, player: int) -> None:
        self.tensor[:] = self.setup.observation(state.inner, player)

    def string_from(self, state: TowerplayState, player: int) -> str:
        view = state.inner.view(player)
        if not self.perfect_recall:
            view.pop("log", None)
        return json.dumps(view, sort_keys=True)


def _game_class(name: str) -> type[TowerplayGame]:
    """A class per game (OpenSpiel registers factories called with the parameters)."""

    def __init__(self: TowerplayGame, params: dict[str, Any] | None = None) -> None:
        TowerplayGame.__init__(self, name, params)

    return type(f"Towerplay_{name}", (TowerplayGame,), {"__init__": __init__})


def register_all() -> list[str]:
    """Register every towerplay game with OpenSpiel (once); return their short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in games.names():
        short = short_name(name)
        if short not in registered:
            pyspiel.register_game(game_type(name), _game_class(name))
        names.append(short)
    return names
