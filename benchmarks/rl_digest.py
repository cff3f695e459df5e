"""A digest of every observation and mask the PettingZoo env hands out, for checking that a
speed change keeps them bit for bit: run it in two trees and compare the lines.

    PYTHONPATH=src:. .venv/bin/python benchmarks/rl_digest.py               # every game
    PYTHONPATH=src:. .venv/bin/python benchmarks/rl_digest.py castle --games 4

Per game, variant and player count: random games (seeds 0..N-1, actions from the mask), the
seat to move's observation, mask, reward and termination at every step; at random steps also
every other seat's, the spectator's and ``recalled`` vectors, and now and then a copied
state's vector and ``state()``. Prints the steps and a SHA-256 prefix of it all.
"""
from __future__ import annotations

import hashlib
import random

import numpy as np
import typer

from towerplay import games
from towerplay.envs import pettingzoo

from tests.conftest import game_player_counts


def digest(name: str, players: int, options: dict[str, object], count: int) -> tuple[int, str]:
    env = pettingzoo.env(name, players=players, **options)
    observer, h, rng, steps = env.setup.observer, hashlib.sha256(), random.Random(1), 0
    for seed in range(count):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            h.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            h.update(repr((agent, reward, termination)).encode())
            if rng.random() < 0.3:
                for other in env.possible_agents:
                    seen = env.observe(other)
                    h.update(seen["observation"].tobytes() + seen["action_mask"].tobytes())
                h.update(observer.observation(env.state_, None).tobytes())
                h.update(observer.recalled(env.state_, 0).tobytes())
                if rng.random() < 0.2:
                    copy = env.state_.copy()
                    h.update(observer.observation(copy, copy.to_move).tobytes())
                    h.update(env.state().tobytes())
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, h.hexdigest()[:16]


def main(names: list[str] = typer.Argument(None, help="games (default: all)"),
         count: int = typer.Option(10, "--games", help="games per variant and player count")
         ) -> None:
    for name, players in game_player_counts():
        if name in games.names() and (not names or name in names):
            for options in games.game_class(name).variants:
                steps, text = digest(name, players, options, count)
                print(name, players, options, steps, text, flush=True)


if __name__ == "__main__":
    typer.run(main)
