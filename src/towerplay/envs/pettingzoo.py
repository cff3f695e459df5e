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
seat's fixed-size vector: only what that seat may know; its layout is
``env.unwrapped.setup.observer.layout()``) and ``action_mask`` over the dense action ids
(zero when the seat is not to move); ``perfect_recall=True`` writes all the seat has seen
(castle's cards seen and put back), not only what it sees now. Rewards come at the end:
the winners share 1 (``reward="win_loss"``: +1 / 0 / -1; ``"margin"``: the score lead;
``envs.common.REWARDS``).
``state()`` is every seat's observation concatenated, for centralized critics.
``illegal="terminate"`` ends the episode with -1 for a seat that plays an action its mask
forbids (as PettingZoo's ``TerminateIllegalWrapper``); the default raises ``IllegalAction``.
``render_mode="ansi"`` returns the terminal picture of the seat to move, as ANSI text.
``env()`` checks what PettingZoo's order-enforcing and out-of-bounds wrappers check, without
them (their attribute forwarding cost more per step than the game; ``wrapped=True`` adds them).
"""
from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from towerplay import games
from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.core.events import Event
from towerplay.envs.common import (
    LONG_MASK,
    OBSERVATION_BOUND,
    RENDER_FPS,
    Setup,
    ansi,
    check_illegal,
    check_render_mode,
)

VERSION = 0
"""Raised whenever a change could change learning results (PettingZoo's convention)."""
INT8 = np.dtype(np.int8)


class TowerplayEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """One towerplay game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "render_fps": RENDER_FPS,
                "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, render_mode: str | None = None,
                 illegal: str = "raise", reward: str = "share", perfect_recall: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.illegal = check_illegal(illegal)
        self.setup = Setup.load(game, players, options, perfect_recall=perfect_recall,
                                reward=reward)
        self.metadata = {**self.metadata, "name": f"{game}_v{VERSION}"}
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        shape = self.setup.observer.shape
        space = spaces.Dict({
            "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.setup.num_actions,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.setup.num_actions)
                              for agent in self.possible_agents}
        self.state_space = spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND,
                                      (shape[0] * players,), np.float32)
        self._seeds = random.Random()
        self.agents: list[str] = []
        self.state_: Any = None
        self._ids: list[int] | None = None  # the legal ids of this decision, once worked out
        self._observation = self.setup.observe
        self._space = self.setup.game.action_space
        self._num_actions = self.setup.num_actions
        self._rewarded = False  # whether some reward of the last step is not zero

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        seat, state = self._seats[agent], self.state_
        if state is None:
            state = self._state()  # (its one-line error)
        if seat != state.to_move:  # (Setup.mask inlined: it runs at every step)
            flags = bytearray(self._num_actions)
        else:
            ids = self._ids
            if ids is None:
                ids = self._ids = self.setup.legal_ids(state)
            if len(ids) < LONG_MASK:
                flags = bytearray(self._num_actions)
                for index in ids:
                    flags[index] = 1
            else:  # (from the last long list's mask, where it is the same or one id less)
                flags = bytearray(self.setup.mask_bytes(ids))
        return {"observation": self._observation(state, seat),
                "action_mask": np.frombuffer(flags, INT8)}  # (a keyword costs twice)

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """As ``AECEnv.agent_iter``: the agent to act until none is left (or ``max_iter``
        steps), as a generator (its resumption costs less than an iterator object's
        ``__next__`` call, at every step)."""
        return _agent_iter(self, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As ``AECEnv.last``, without its checks and lookups (it runs at every step)."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def state(self) -> npt.NDArray[np.float32]:
        """Every seat's observation, concatenated (see :attr:`state_space`)."""
        return self.setup.central(self._state())

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.state_ = self.setup.game.start(players=self.setup.players,
                                            seed=self._seeds.getrandbits(63))
        self._ids = None
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._rewarded = False
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_move]

    def step(self, action: int | None) -> None:
        state = self.state_
        if state is None:
            state = self._state()  # (its one-line error)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(Event.of("env.action_none", agent=agent))
        try:
            index = int(action)
            # the space's own object when in range; else action_from_id's one-line error
            move = (self._space[index] if 0 <= index < self._num_actions
                    else self.setup.game.action_from_id(index))
            state.apply(move)  # IllegalAction if the mask did not allow it
        except IllegalAction:
            if self.illegal == "raise":
                raise
            self._end_illegal(agent)
            return
        self._ids = None
        self._cumulative_rewards[agent] = 0.0
        if state.to_move is None:  # (is_over, without the property's call)
            rewards = self.setup.rewards(state)
            self.rewards = {a: float(rewards[s]) for s, a in enumerate(self.possible_agents)}
            self._rewarded = True
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            self.agent_selection = self._next_alive(agent)
        else:
            if self._rewarded:
                self.rewards = {a: 0.0 for a in self.agents}
                self._rewarded = False
            self.agent_selection = self.possible_agents[state.to_move]

    def _end_illegal(self, agent: str) -> None:
        """The episode ends: -1 for ``agent``, 0 for the others (nothing else changes)."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
        self._rewarded = True
        self.terminations = {a: True for a in self.agents}
        self.infos[agent] = {**self.infos[agent], "illegal": True}
        self._accumulate_rewards()

    def _next_alive(self, agent: str) -> str:
        """After the end each agent is visited once more, to see its final reward."""
        order = self.possible_agents
        return order[(order.index(agent) + 1) % len(order)]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self._state()
        return ansi(state, state.to_move)

    def close(self) -> None:
        self.state_ = None

    def _state(self) -> Any:
        """The game, or the one-line error PettingZoo's order-enforcing wrapper would give."""
        state = self.state_
        if state is None:
            raise InvalidOptions(Event.of("env.reset_first_agents"))
        return state


def _agent_iter(env: TowerplayEnv, max_iter: int) -> Iterator[str]:
    while env.agents and max_iter > 0:
        max_iter -= 1
        yield env.agent_selection


def raw_env(game: str, players: int = 2, render_mode: str | None = None,
            **options: Any) -> TowerplayEnv:
    """The environment itself (what :func:`env` gives unless asked for the wrappers)."""
    return TowerplayEnv(game, players, render_mode, **options)


def env(game: str, players: int = 2, render_mode: str | None = None,
        wrapped: bool = False, **options: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment of ``game``. It checks by itself what PettingZoo's standard wrappers
    check (reset first, action ids in range: one-line errors), for their forwarding of every
    attribute cost more per step than the game itself; ``wrapped=True`` adds them anyway."""
    bare: Any = raw_env(game, players, render_mode, **options)
    if not wrapped:
        return bare
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(bare))


def _versioned(game: str) -> SimpleNamespace:
    return SimpleNamespace(env=functools.partial(env, game),
                           raw_env=functools.partial(raw_env, game))


def __getattr__(name: str) -> SimpleNamespace:
    """``five_towers_v0`` and the like: a module-like object with ``env`` and ``raw_env``."""
    game, _, version = name.rpartition("_v")
    if game in games.names() and version == str(VERSION):
        return _versioned(game)
    raise AttributeError(name)
