"""Python bytecodes a random action costs: the raw engine, the PettingZoo env with a free
observer, and with the game's observer (same seeds; counted, not timed).

    .venv/bin/python benchmarks/count_rl_opcodes.py                  # every game, 2 players
    .venv/bin/python benchmarks/count_rl_opcodes.py castle --top 15  # where the env's go

On a machine shared with other work, timings move by a third from run to run; a count of
the interpreter's steps does not, so it tells which of two versions does less and where
an env step's work goes. It leaves out what C does inside one call (a numpy call counts
as one call, however long), so it complements ``bench_rl.py``, never replaces it.
"""
from __future__ import annotations

import functools
import random
import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

import numpy as np
import typer

from towerplay import games
from towerplay.core.observer import Observer
from towerplay.envs import pettingzoo


def raw(name: str, players: int, count: int) -> int:
    game, rng, steps = games.load(name), random.Random(0), 0
    for seed in range(count):
        state = game.start(players=players, seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def aec(name: str, players: int, count: int) -> int:
    """The loop of ``bench_rl.py``: ``last()`` at every step, a random id from the mask."""
    env, rng, steps = pettingzoo.env(name, players=players), random.Random(0), 0
    for seed in range(count):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def counted(play: Callable[[], int]) -> tuple[int, Counter[str], Counter[str]]:
    """``play()``'s steps, its bytecodes by function and its calls into C by name."""
    ops: Counter[str] = Counter()
    calls: Counter[str] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            ops[frame.f_code.co_qualname] += 1
        return trace

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "c_call":
            calls[getattr(arg, "__qualname__", str(arg))] += 1

    sys.setprofile(profile)
    sys.settrace(trace)
    try:
        steps = play()
    finally:
        sys.settrace(None)
        sys.setprofile(None)
    return steps, ops, calls


def main(names: list[str] = typer.Argument(None, help="games (default: all)"),
         players: int = typer.Option(2, help="seats per game"),
         count: int = typer.Option(10, "--games", help="games per measurement"),
         top: int = typer.Option(0, help="also list the functions with most bytecodes")
         ) -> None:
    for name in names or games.names():
        made = pettingzoo.env(name, players=players)
        made.reset(seed=0)  # (imports, observer built)
        owner = observation_owner(made.unwrapped.setup.observer)
        real = owner.observation
        env = functools.partial(aec, name, players, count)
        for label, play in (("raw engine", functools.partial(raw, name, players, count)),
                            ("env, free observer", env), ("env", env)):
            if label == "env, free observer":
                owner.observation = _zeros  # type: ignore[method-assign]
            try:
                steps, ops, calls = counted(play)
            finally:
                owner.observation = real  # type: ignore[method-assign]
            print(f"{name} {label}: {sum(ops.values()) / steps:,.0f} bytecodes and "
                  f"{sum(calls.values()) / steps:.1f} calls into C an action")
            if top and label == "env":
                for function, number in ops.most_common(top):
                    print(f"    {number / steps:7.1f}  {function}")


def observation_owner(observer: Observer[Any]) -> type[Observer[Any]]:
    """The class whose ``observation`` the game's observer runs (``Observer`` itself, or
    a game's that overrides it): where a free observer is patched in."""
    return next(cls for cls in type(observer).__mro__ if "observation" in vars(cls))


def _zeros(self: Observer[Any], state: Any, seat: int | None,
           out: np.ndarray | None = None) -> np.ndarray:
    return np.zeros(self.shape, np.float32) if out is None else out


if __name__ == "__main__":
    typer.run(main)
