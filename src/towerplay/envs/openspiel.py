"""Every towerplay game as an OpenSpiel Python game: ``python_towerplay_<game>``.

    import pyspiel
    from towerplay.envs import openspiel
    openspiel.register_all()
    game = pyspiel.load_game("python_towerplay_five_towers", {"players": 3})

Sequential, constant-sum (the winners share 1: returns always sum to 1), terminal rewards;
imperfect information where the game hides something.

Chance is *explicit* but coarse: a new initial state opens with :data:`SEED_BYTES` chance
nodes, each of 256 equally likely outcomes, that draw the engine's seed byte by byte
(``seed * 2**32 + those bytes``, ``seed`` a game parameter); the deal and every later draw
follow from it. So a state is rebuilt from its history (OpenSpiel's way:
``serialize_game_and_state``, replays, trajectory tools), clones and new states consume no
randomness (whoever samples the chance nodes owns it), and the engine keeps its own
shuffles instead of every draw becoming a chance node of its own (which would need a
second, chance-driven implementation of each game's rules).
Serialized states carry the engine's full position (its save format), so a resampled state
round-trips too.

``clone()`` is the engine's ``copy()``; ``resample_from_infostate`` the kernel's
``determinize``. Observations (string: the seat's view as JSON; tensor: the game's observer)
hold what the seat sees now. Information states have perfect recall: they are written from
what a seat that forgets nothing knows (for castle under ``memory=hidden``: every number
seen and put back, and the removed cards, which ``determinize`` keeps too), plus the seat's
log (string) or its history of moves as seen (tensor); see :class:`TowerplayObserver`.
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
SEED_BYTES = 4
"""How many chance nodes open a game: each draws one byte of the engine's seed."""
BYTE = 256
_BYTES = [(outcome, 1.0 / BYTE) for outcome in range(BYTE)]
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
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if cls.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(info.IMPERFECT_INFORMATION if cls.hidden_information
                     else info.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
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
        self.base_seed = int(params.pop("seed"))
        self.setup = Setup.load(name, players, params)
        self.chance = games.game_class(name).chance
        info = self.setup.game.info(players)
        super().__init__(spec, pyspiel.GameInfo(
            num_distinct_actions=info.num_actions,
            max_chance_outcomes=BYTE if self.chance else 0,
            num_players=players, min_utility=info.min_utility,
            max_utility=info.max_utility, utility_sum=1.0,
            max_game_length=info.max_game_length),
            {"players": players, "seed": self.base_seed, **params})

    def new_initial_state(self) -> TowerplayState:
        """The first opening chance node (no engine state yet: it consumes no randomness)."""
        state = TowerplayState(self)
        if not self.chance:
            state.cell.state = self.setup.game.start(players=self.setup.players,
                                                     seed=self.base_seed)
        return state

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> TowerplayObserver:
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return TowerplayObserver(self.setup, perfect_recall=recall)


class Cell:
    """The engine state inside an OpenSpiel state (``None`` before the deal, while the seed's
    bytes are drawn). OpenSpiel's ``Clone`` deep-copies a Python state's attributes and its
    serialization pickles them: this copies through the engine's ``copy()`` and pickles the
    engine's saved position.

    ``memo`` keeps what the observers wrote for this position (information-state and
    observation strings and tensors, by kind and player) until the next action: OpenSpiel's
    ISMCTS asks for a node's information-state string two or three times (the node's
    look-up, then its creation), and building one (the view and the whole log as JSON) costs
    more than a step of the engine. A clone is the same position, so it keeps them."""

    __slots__ = ("memo", "seed", "setup", "state")

    def __init__(self, setup: Setup, state: State[Any] | None = None,
                 seed: tuple[int, ...] = (),
                 memo: dict[tuple[Any, ...], Any] | None = None) -> None:
        self.setup, self.state, self.seed = setup, state, seed
        self.memo: dict[tuple[Any, ...], Any] = {} if memo is None else memo

    def __deepcopy__(self, memo: dict[int, Any]) -> Cell:
        return Cell(self.setup, None if self.state is None else self.state.copy(), self.seed,
                    dict(self.memo))

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.setup.game
        saved = None if self.state is None else self.state.to_json()
        return (_rebuild, (game.name, game.options_dict(), self.setup.players, saved,
                           self.seed))


def _rebuild(name: str, options: dict[str, Any], players: int,
             saved: dict[str, Any] | None, seed: tuple[int, ...] = ()) -> Cell:
    setup = Setup.load(name, players, options)
    return Cell(setup, None if saved is None else setup.game.from_json(saved), seed)


class TowerplayState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a towerplay state."""

    def __init__(self, game: TowerplayGame, inner: State[Any] | None = None) -> None:
        super().__init__(game)
        self.cell = Cell(game.setup, inner)

    @property
    def inner(self) -> State[Any]:
        """The engine state (an error before the opening chance node is resolved)."""
        state = self.cell.state
        if state is None:
            raise pyspiel.SpielError("the deal (the opening chance node) is not done yet")
        return state

    def current_player(self) -> int:
        state = self.cell.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = state.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.cell.state is not None:
            return []
        return list(_BYTES)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.cell.state
        if state is None or player != state.to_move:
            return []
        return self.cell.setup.legal_ids(state)

    def _apply_action(self, action: int) -> None:
        cell = self.cell
        cell.memo = {}  # a new position: what the observers wrote is stale
        if cell.state is None:
            cell.seed += (action,)
            if len(cell.seed) == SEED_BYTES:
                seed = self.get_game().base_seed
                for byte in cell.seed:
                    seed = seed << 8 | byte
                cell.state = cell.setup.game.start(players=cell.setup.players, seed=seed)
            return
        cell.state.apply(cell.setup.game.action_from_id(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(self.cell.setup.game.action_from_id(action))

    def is_terminal(self) -> bool:
        state = self.cell.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self.cell.state
        if state is None or not state.is_over:
            return [0.0] * self.cell.setup.players
        return [float(r) for r in state.rewards()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the player cannot tell from this one (the kernel's determinization),
        made without copying this one first. Its history stays this state's (OpenSpiel
        keeps it), though the guessed position need not follow from that deal."""
        if self.cell.state is None:
            return self.clone()
        rng = random.Random(int(probability_sampler() * 2 ** 52))
        guess = self.inner.determinize(player_id, rng)
        cell = self.cell
        self.cell = _Handover(cell.setup, guess)
        try:
            return self.clone()  # OpenSpiel's clone keeps the C++ history; takes ``guess``
        finally:
            self.cell = cell

    def __str__(self) -> str:
        state = self.cell.state
        return "deal pending" if state is None else json.dumps(state.view(None),
                                                               sort_keys=True)


class _Handover(Cell):
    """A cell whose deep copy hands its state over instead of copying it."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Cell:
        return Cell(self.setup, self.state, self.seed)


class TowerplayObserver:
    """OpenSpiel's PyObserver: the view as text, the observer's vector as tensor.

    With perfect recall (the information state) both are written from what a seat that
    forgets nothing knows (:meth:`Observer.recall_view`), and the tensor adds the seat's
    history: for each log entry it sees, in order, the mover (one-hot), the action's id
    over ``num_actions`` when the seat sees that very action, and a flag when it sees the
    entry otherwise (a reveal showing a card, a concealed placement)."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(setup.observer.shape, np.float32)
        self.dict = {"observation": self.tensor}
        if perfect_recall:
            length = setup.game.info(setup.players).max_game_length
            self.history = np.zeros((length, setup.players + 2), np.float32)
            self.dict["history"] = self.history

    def set_from(self, state: TowerplayState, player: int) -> None:
        memo, key = state.cell.memo, ("tensor", self.perfect_recall, player)
        kept = memo.get(key)
        if kept is not None:
            for buffer, values in zip(self.dict.values(), kept, strict=True):
                np.copyto(buffer, values)
            return
        self._write(state, player)
        memo[key] = tuple(buffer.copy() for buffer in self.dict.values())

    def _write(self, state: TowerplayState, player: int) -> None:
        inner = state.cell.state
        if inner is None:
            self.tensor.fill(0.0)
            if self.perfect_recall:
                self.history.fill(0.0)
        elif self.perfect_recall:
            self.setup.observer.recalled(inner, player, out=self.tensor)
            self._history(inner, player)
        else:
            self.setup.observer.observation(inner, player, out=self.tensor)

    def _history(self, inner: State[Any], player: int) -> None:
        rows, players = self.history, self.setup.players
        rows.fill(0.0)
        action_id, scale = self.setup.game.action_id, 1.0 / self.setup.num_actions
        slot = 0
        for index, (action, mover) in enumerate(zip(inner.history, inner.movers, strict=True)):
            line = inner.log_line(index, player)
            if line is None:
                continue
            row = rows[slot]
            row[mover] = 1.0
            if line == str(action):
                row[players] = action_id(action) * scale
            else:
                row[players + 1] = 1.0
            slot += 1

    def string_from(self, state: TowerplayState, player: int) -> str:
        memo, key = state.cell.memo, ("string", self.perfect_recall, player)
        text = memo.get(key)
        if text is None:
            text = memo[key] = self._string(state, player)
        return text

    def _string(self, state: TowerplayState, player: int) -> str:
        inner = state.cell.state
        if inner is None:
            return "deal pending"
        observer = self.setup.observer
        if self.perfect_recall:
            view = observer.recall_view(inner, player)
            view["log"] = inner.log(player)
        else:
            view = observer.view(inner, player)
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
