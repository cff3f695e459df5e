"""PettingZoo AEC environments for every game.

    from towerplay.envs.pettingzoo import env, five_towers_v0
    e = five_towers_v0.env(players=3)          # or env("five_towers", players=3, **options)
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``seat_0``, ``seat_1``, …; an observation is a dict with ``observation`` (the
seat's fixed-size vector: only what that seat may know) and ``action_mask`` over the dense
action ids (zero when the seat is not to move). Rewards come at the end: the winners share 1.
``render_mode="ansi"`` returns the terminal picture of the seat to move.
"""
from __future__ import annotations

import functools
import random
from types import SimpleNamespace
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from towerplay import games
from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.envs.common import OBSERVATION_BOUND, Setup

VERSION = 0
"""Raised whenever a change could change learning results (PettingZoo's convention)."""


class TowerplayEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """One towerplay game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise InvalidOptions(f"render_mode must be None or 'ansi' (got {render_mode!r})")
        self.setup = Setup.load(game, players, options)
        self.metadata = {**self.metadata, "name": f"{game}_v{VERSION}"}
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        shape = self.setup.observer.shape
        space = spaces.Dict({
            "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.setup.num_actions,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.setup.num_actions)
                              for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state_: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        return {"observation": self.setup.observation(self.state_, seat),
                "action_mask": self.setup.mask(self.state_, seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.state_ = self.setup.game.start(players=self.setup.players,
                                            seed=self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_move]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        if action is None:
            raise IllegalAction(f"{agent} is to move: give an action id, not None")
        move = self.setup.game.action_from_id(int(action))
        state.apply(move)  # IllegalAction if the mask did not allow it
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            rewards = state.rewards()
            self.rewards = {a: float(rewards[s]) for s, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            self.agent_selection = self._next_alive(agent)
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[state.to_move]

    def _next_alive(self, agent: str) -> str:
        """After the end each agent is visited once more, to see its final reward."""
        order = self.possible_agents
        return order[(order.index(agent) + 1) % len(order)]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self.state_.to_move
        return games.render_text(self.state_, seat)

    def close(self) -> None:
        self.state_ = None


def raw_env(game: str, players: int = 2, render_mode: str | None = None,
            **options: Any) -> TowerplayEnv:
    """The bare environment (no order-enforcing wrappers)."""
    return TowerplayEnv(game, players, render_mode, **options)


def env(game: str, players: int = 2, render_mode: str | None = None,
        **options: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment of ``game`` with PettingZoo's standard wrappers."""
    wrapped: Any = raw_env(game, players, render_mode, **options)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _versioned(game: str) -> SimpleNamespace:
    return SimpleNamespace(env=functools.partial(env, game),
                           raw_env=functools.partial(raw_env, game))


def __getattr__(name: str) -> SimpleNamespace:
    """``five_towers_v0`` and the like: a module-like object with ``env`` and ``raw_env``."""
    game, _, version = name.rpartition("_v")
    if game in games.names() and version == str(VERSION):
        return _versioned(game)
    raise AttributeError(name)
