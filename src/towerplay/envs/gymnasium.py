"""A Gymnasium environment: the agent plays one seat of a game against bots.

    from towerplay.envs.gymnasium import TowerplayGymEnv
    env = TowerplayGymEnv("five_towers", players=2, bots=["greedy"])
    obs, info = env.reset(seed=1)
    action = env.action_space.sample(obs["action_mask"])   # info["action_mask"] too
    obs, reward, terminated, truncated, info = env.step(action)

The other seats are played by bot specs through the kernel's table, so each bot sees only
a determinization of its seat's knowledge. The reward comes at the end: the agent's share
of the win (1 alone, 1/k in a k-way tie, 0 otherwise). An action the mask does not allow
ends the episode with reward -1 and ``info["illegal"]`` saying why (``illegal="raise"``
raises the table's MoveRefused instead). ``render_mode="ansi"`` gives the seat's terminal
picture as ANSI text.

Each game is registered as ``towerplay/<Game>-v0`` on import of ``towerplay.envs``:

    import gymnasium, towerplay.envs
    env = gymnasium.make("towerplay/FiveTowers-v0", players=3, bots="random")
    envs = gymnasium.make_vec("towerplay/Castle-v0", num_envs=8, vectorization_mode="sync")
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from towerplay.arena.table import HUMAN, MoveRefused, Table
from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.envs.common import OBSERVATION_BOUND, Setup, ansi, check_render_mode

Observation = dict[str, Any]


class TowerplayGymEnv(gymnasium.Env[Observation, np.int64]):
    """``game`` at ``players`` seats; the agent sits at ``seat`` (``None``: a seat drawn at
    each reset), the others are ``bots`` (one spec for all, or one per other seat)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, players: int = 2, bots: Sequence[str] | str = "greedy",
                 seat: int | None = 0, render_mode: str | None = None,
                 illegal: str = "end", **options: Any) -> None:
        check_render_mode(render_mode)
        self.setup = Setup.load(game, players, options)
        specs = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
        if len(specs) != players - 1 or HUMAN in specs:
            raise InvalidOptions(Event.of("env.bot_specs", others=players - 1, got=str(specs)))
        if seat is not None and not 0 <= seat < players:
            raise InvalidOptions(Event.of("env.seat", last=players - 1, got=str(seat)))
        if illegal not in ("end", "terminate", "raise"):  # "terminate": as the other envs say
            raise InvalidOptions(Event.of("env.illegal_end", got=repr(illegal)))
        self.bots, self.seat_choice, self.render_mode = specs, seat, render_mode
        self.illegal = illegal
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND,
                                      self.setup.observer.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.setup.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.setup.num_actions)
        self._seeds = random.Random()
        self.seat = seat or 0
        self.table: Table[Any] | None = None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        players = self.setup.players
        self.seat = (self.seat_choice if self.seat_choice is not None
                     else self._seeds.randrange(players))
        specs = list(self.bots)
        specs.insert(self.seat, HUMAN)
        state = self.setup.game.start(players=players, seed=self._seeds.getrandbits(63))
        self.table = Table(state, specs)
        list(self.table.play_bots())
        obs = self._observe()
        return obs, self._info(obs)

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool,
                                                     dict[str, Any]]:
        table = self._table()
        move = self.setup.game.action_from_id(int(action))
        try:
            table.submit(self.seat, str(move), table.version)
        except MoveRefused as refusal:
            if self.illegal == "raise" or table.is_over:
                raise
            obs = self._observe()
            return obs, -1.0, True, False, {**self._info(obs), "illegal": str(refusal)}
        list(table.play_bots())
        over = table.is_over
        reward = table.state.rewards()[self.seat] if over else 0.0
        obs = self._observe()
        return obs, float(reward), over, False, self._info(obs)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return ansi(self._table().state, self.seat)

    def _table(self) -> Table[Any]:
        if self.table is None:
            raise InvalidOptions(Event.of("env.reset_first"))
        return self.table

    def _observe(self) -> Observation:
        state = self._table().state
        return {"observation": self.setup.observation(state, self.seat),
                "action_mask": self.setup.mask(state, self.seat)}

    def _info(self, obs: Observation) -> dict[str, Any]:
        """The info dict; its mask is a copy of the observation's (worked out once)."""
        return {"action_mask": obs["action_mask"].copy(), "seat": self.seat,
                "version": self._table().version}
