"""A Gymnasium environment: the agent plays one seat of a game against bots.

    from towerplay.envs.gymnasium import TowerplayGymEnv
    env = TowerplayGymEnv("five_towers", players=2, bots=["greedy"])
    obs, info = env.reset(seed=1)
    action = env.action_space.sample(obs["action_mask"])   # info["action_mask"] too
    obs, reward, terminated, truncated, info = env.step(action)

The other seats are played by bot specs through the kernel's table, so each bot sees only
a determinization of its seat's knowledge. The reward comes at the end: the agent's share
of the win (1 alone, 1/k in a k-way tie, 0 otherwise), or with ``reward="win_loss"`` +1 /
0 / -1, with ``reward="margin"`` its score less the best other score
(``envs.common.REWARDS``). An action the mask does not allow ends the episode with reward
-1 and ``info["illegal"]`` saying why (``illegal="raise"`` raises the table's
MoveRefused instead). ``render_mode="ansi"`` gives the seat's terminal picture as ANSI text.

``perfect_recall=True`` observes all the seat has seen (castle's cards seen and put back
under ``memory=hidden``), not only what it sees now. ``flat=True`` makes the observation the
vector alone (a ``Box``): the mask is then in ``info["action_mask"]`` and
:meth:`TowerplayGymEnv.action_masks`, which is what sb3-contrib's ``MaskablePPO`` reads:

    from sb3_contrib import MaskablePPO
    model = MaskablePPO("MlpPolicy", gymnasium.make("towerplay/Castle-v0", flat=True))

Once a game is over the mask allows every id: a masked sampler always has something to
draw, and under a vector env's next-step autoreset the action that follows only starts the
next game.

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
import numpy.typing as npt
from gymnasium import spaces

from towerplay.arena.table import HUMAN, MoveRefused, Table
from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.envs.common import OBSERVATION_BOUND, RENDER_FPS, Setup, ansi, check_render_mode

Observation = dict[str, Any] | npt.NDArray[np.float32]
"""``{"observation": vector, "action_mask": mask}``, or with ``flat=True`` the vector."""


class TowerplayGymEnv(gymnasium.Env[Observation, np.int64]):
    """``game`` at ``players`` seats; the agent sits at ``seat`` (``None``: a seat drawn at
    each reset), the others are ``bots`` (one spec for all, or one per other seat)."""

    metadata = {"render_modes": ["ansi"], "render_fps": RENDER_FPS}

    def __init__(self, game: str, players: int = 2, bots: Sequence[str] | str = "greedy",
                 seat: int | None = 0, render_mode: str | None = None,
                 illegal: str = "end", reward: str = "share", perfect_recall: bool = False,
                 flat: bool = False, **options: Any) -> None:
        check_render_mode(render_mode)
        self.setup = Setup.load(game, players, options, perfect_recall=perfect_recall,
                                reward=reward)
        specs = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
        if len(specs) != players - 1 or HUMAN in specs:
            raise InvalidOptions(Event.of("env.bot_specs", others=players - 1, got=str(specs)))
        if seat is not None and not 0 <= seat < players:
            raise InvalidOptions(Event.of("env.seat", last=players - 1, got=str(seat)))
        if illegal not in ("end", "terminate", "raise"):  # "terminate": as the other envs say
            raise InvalidOptions(Event.of("env.illegal_end", got=repr(illegal)))
        if not isinstance(flat, bool):
            raise InvalidOptions(Event.of("env.flat", got=repr(flat)))
        self.bots, self.seat_choice, self.render_mode = specs, seat, render_mode
        self.illegal, self.flat = illegal, flat
        vector = spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, self.setup.observer.shape,
                            np.float32)
        self.observation_space: spaces.Space[Any] = vector if flat else spaces.Dict({
            "observation": vector,
            "action_mask": spaces.Box(0, 1, (self.setup.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.setup.num_actions)
        self._seeds = random.Random()
        self.seat = seat or 0
        self.table: Table[Any] | None = None
        self.ended = False
        """Whether the episode is over (the game ended, or an illegal action ended it)."""

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
        self.ended = self.table.is_over
        return self._observe()

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool,
                                                     dict[str, Any]]:
        table = self._table()
        if self.ended:
            raise InvalidOptions(Event.of("env.episode_over"))
        move = self.setup.game.action_from_id(int(action))
        try:
            table.submit(self.seat, str(move), table.version)
        except MoveRefused as refusal:
            if self.illegal == "raise":
                raise
            self.ended = True
            obs, info = self._observe()
            return obs, -1.0, True, False, {**info, "illegal": str(refusal)}
        list(table.play_bots())
        over = self.ended = table.is_over
        reward = self.setup.rewards(table.state)[self.seat] if over else 0.0
        obs, info = self._observe()
        return obs, float(reward), over, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action ids now, True for each (sb3-contrib's ``MaskablePPO`` asks
        for them by this name); every id once the game is over."""
        return self._mask().astype(np.bool_)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return ansi(self._table().state, self.seat)

    def _table(self) -> Table[Any]:
        if self.table is None:
            raise InvalidOptions(Event.of("env.reset_first"))
        return self.table

    def _mask(self) -> npt.NDArray[np.int8]:
        """The seat's mask; every id once the episode is over."""
        table = self._table()
        if self.ended:
            return np.ones(self.setup.num_actions, np.int8)
        return self.setup.mask(table.state, self.seat)

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        """The observation and the info dict (whose mask is a copy: worked out once)."""
        table = self._table()
        vector = self.setup.observation(table.state, self.seat)
        mask = self._mask()
        info = {"action_mask": mask.copy(), "seat": self.seat, "version": table.version}
        return (vector if self.flat else {"observation": vector, "action_mask": mask}), info
