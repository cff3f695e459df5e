"""Many games of one kind stepped in one call, as numpy arrays (self-play).

    from towerplay.envs.vector import VectorEnv
    envs = VectorEnv("five_towers", players=3, num_envs=64, seed=1)
    obs, mask, to_move = envs.reset()
    while training:
        actions = policy(obs, mask)                       # one dense action id per game
        obs, mask, to_move, rewards, terminated = envs.step(actions)

Each row is one game: ``obs`` (float32, ``(num_envs, observation size)``) and ``mask`` (int8,
``(num_envs, num_actions)``) are those of the seat to move there (``to_move``, int64), as in
the PettingZoo env. ``rewards`` (float32, ``(num_envs, players)``) is zero until a game ends;
then it holds every seat's reward (the share of the win; ``reward=`` and
``perfect_recall=`` as in the other envs), ``terminated`` is true for that row, and the
row is already reset: its ``obs``, ``mask`` and ``to_move`` are the next game's first
decision (same-step auto-reset). Games are seeded from ``seed``, one after another.

An action the mask forbids raises :class:`IllegalAction` naming the row before any game
moves, or with ``illegal="terminate"`` ends that game with -1 for the offender, 0 for the
others.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.core.events import Event
from towerplay.core.state import State
from towerplay.envs.common import Setup, check_illegal

Step = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64],
             npt.NDArray[np.float32], npt.NDArray[np.bool_]]


class VectorEnv:
    """``num_envs`` games of ``game`` at ``players`` seats, stepped together."""

    def __init__(self, game: str, players: int = 2, num_envs: int = 16, *,
                 seed: int | None = None, illegal: str = "raise", reward: str = "share",
                 perfect_recall: bool = False, **options: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidOptions(Event.of("env.num_envs", got=repr(num_envs)))
        self.setup = Setup.load(game, players, options, perfect_recall=perfect_recall,
                                reward=reward)
        self.illegal = check_illegal(illegal)
        self.num_envs, self.players = num_envs, players
        self.observation_shape = self.setup.observer.shape
        self.num_actions = self.setup.num_actions
        self._seeds = random.Random(seed)
        self.states: list[State[Any]] = []
        self._ids: list[list[int]] = []

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32],
                                                      npt.NDArray[np.int8],
                                                      npt.NDArray[np.int64]]:
        """Start ``num_envs`` new games; their observations, masks and seats to move."""
        if seed is not None:
            self._seeds.seed(seed)
        self.states = [self._start() for _ in range(self.num_envs)]
        self._ids = [self.setup.legal_ids(state) for state in self.states]
        obs, to_move = self._buffers()
        for row in range(self.num_envs):
            self._observe(row, obs, to_move)
        return obs, self._masks(), to_move

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> Step:
        """Apply one action id per game; see the module's docstring for what comes back."""
        if not self.states:
            raise InvalidOptions(Event.of("env.reset_first"))
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise IllegalAction(Event.of("env.actions_shape", games=self.num_envs,
                                         dtype=str(actions.dtype), shape=str(actions.shape)))
        illegal = self._illegal_rows(actions)
        obs, to_move = self._buffers()
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        terminated = np.zeros(self.num_envs, np.bool_)
        space, setup = self.setup.game.action_space, self.setup
        for row, action in enumerate(actions.tolist()):
            state = self.states[row]
            if row in illegal:
                rewards[row, state.to_move] = -1.0
                self._restart(row)
                terminated[row] = True
            else:
                state.apply(space[action])
                if state.is_over:
                    rewards[row] = setup.rewards(state)
                    self._restart(row)
                    terminated[row] = True
                else:
                    self._ids[row] = setup.legal_ids(state)
            self._observe(row, obs, to_move)
        return obs, self._masks(), to_move, rewards, terminated

    def _illegal_rows(self, actions: npt.NDArray[np.integer[Any]]) -> set[int]:
        """The rows whose action is not legal (raising at the first, under ``raise``)."""
        rows = set()
        for row, action in enumerate(actions.tolist()):
            if action not in self._ids[row]:
                if self.illegal == "raise":
                    raise IllegalAction(Event.of("env.not_legal", row=row, action=action,
                                                 legal=str(self._ids[row][:12])))
                rows.add(row)
        return rows

    def _start(self) -> State[Any]:
        state: State[Any] = self.setup.game.start(players=self.players,
                                                  seed=self._seeds.getrandbits(63))
        return state

    def _restart(self, row: int) -> None:
        state = self.states[row] = self._start()
        self._ids[row] = self.setup.legal_ids(state)

    def _buffers(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]:
        return (np.empty((self.num_envs, *self.observation_shape), np.float32),
                np.empty(self.num_envs, np.int64))

    def _masks(self) -> npt.NDArray[np.int8]:
        """Every row's mask, set in one numpy call from the legal ids worked out already."""
        mask = np.zeros((self.num_envs, self.num_actions), np.int8)
        width = self.num_actions
        mask.reshape(-1)[[row * width + index for row, ids in enumerate(self._ids)
                          for index in ids]] = 1
        return mask

    def _observe(self, row: int, obs: npt.NDArray[np.float32],
                 to_move: npt.NDArray[np.int64]) -> None:
        state = self.states[row]
        seat = state.to_move
        to_move[row] = -1 if seat is None else seat  # (never None: ended games restart)
        self.setup.observation(state, seat, obs[row])
