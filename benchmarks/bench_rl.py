"""RL interfaces against the raw engine, one core, same seeds, same run: random actions/s.

    .venv/bin/python benchmarks/bench_rl.py                    # every game, 2 players
    .venv/bin/python benchmarks/bench_rl.py castle --players 3 --rounds 3 --json
    .venv/bin/python benchmarks/bench_rl.py --cpu-time --rounds 9    # on a busy machine

Per game: the raw engine (``state.apply(random legal)``, nothing observed), the PettingZoo
AEC env (standard wrappers; ``last()`` gives the observation and mask at every step), the
batched env (``VectorEnv``, 64 games a call, observations and masks of every row) and
OpenSpiel (``pyspiel`` with ``observation_tensor`` at every step). For reference, measured in
the same run: PettingZoo's connect_four (``pettingzoo.classic``, observation and mask at
every step) and OpenSpiel's C++ hearts (``information_state_tensor`` at every step: hearts
has no observation tensor).
"""
from __future__ import annotations

import functools
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
import typer
from rich.console import Console
from rich.table import Table

from towerplay import games
from towerplay.core.observer import Observer
from towerplay.envs import openspiel, pettingzoo

try:
    from towerplay.envs.vector import VectorEnv
except ImportError:  # an older towerplay (before/after figures): no batched env
    VectorEnv = None  # type: ignore[assignment,misc]

BATCH = 64
clock = time.perf_counter
"""What the figures are timed by: wall time, or with ``--cpu-time`` this process's CPU time
(steadier on a machine shared with other work: time spent waiting for a core is left out)."""


def timed(play: Callable[[int], int], seconds: float) -> float:
    """Actions/s of ``play(game_index) -> actions`` over whole games for ``seconds``."""
    actions = index = 0
    start = clock()
    while clock() - start < seconds or index == 0:
        actions += play(index)
        index += 1
    return actions / (clock() - start)


def raw(name: str, players: int, seconds: float) -> float:
    game, rng = games.load(name), random.Random(0)

    def play(index: int) -> int:
        state = game.start(players=players, seed=index)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        return len(state.history)

    return timed(play, seconds)


def aec(make: Callable[[], object], seconds: float) -> float:
    """A PettingZoo AEC env driven as its docs show, a random legal action from the mask."""
    env, rng = make(), random.Random(0)

    def play(index: int) -> int:
        env.reset(seed=index)  # type: ignore[attr-defined]
        steps = 0
        for _ in env.agent_iter():  # type: ignore[attr-defined]
            obs, _, termination, truncation, _ = env.last()  # type: ignore[attr-defined]
            if termination or truncation:
                env.step(None)  # type: ignore[attr-defined]
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))  # type: ignore[attr-defined]
            steps += 1
        return steps

    return timed(play, seconds)


def batched(name: str, players: int, seconds: float) -> float:
    if VectorEnv is None:
        return float("nan")
    envs, rng = VectorEnv(name, players, BATCH, seed=0), np.random.default_rng(0)
    _, mask, _ = envs.reset()
    steps = 0
    start = clock()
    while clock() - start < seconds:
        _, mask, *_ = envs.step((rng.random(mask.shape) * mask).argmax(axis=1))
        steps += BATCH
    return steps / (clock() - start)


def spiel(game: pyspiel.Game, seconds: float, tensor: str = "observation_tensor") -> float:
    rng = random.Random(0)

    def play(index: int) -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            getattr(state, tensor)(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return timed(play, seconds)


def main(names: list[str] = typer.Argument(None, help="games (default: all)"),
         players: int = typer.Option(2, help="seats per game"),
         seconds: float = typer.Option(0.5, help="seconds per measurement"),
         rounds: int = typer.Option(5, help="rounds; each figure is its best round"),
         cpu_time: bool = typer.Option(False, "--cpu-time",
                                       help="time by this process's CPU time, not wall "
                                            "time (steadier on a shared machine)"),
         stub: bool = typer.Option(False, "--stub-observer",
                                   help="observers write zeros at no cost: what the envs "
                                        "cost without the observation"),
         as_json: bool = typer.Option(False, "--json", help="print JSON (the summary and "
                                      "every round) instead of a table")
         ) -> None:
    """Every figure is the best of ``rounds`` short measurements taken in turns (raw
    engine, PettingZoo, VectorEnv, pyspiel, raw engine…), so that load from other work on
    the machine hits the compared figures alike instead of whichever ran during it; beside
    each share of the raw engine, its lowest and highest round by round."""
    openspiel.register_all()
    global clock
    if cpu_time:
        clock = time.process_time
    from pettingzoo.classic import connect_four_v3

    measures: dict[str, dict[str, Callable[[], float]]] = {}
    for name in names or games.names():
        if stub:  # (Observer's, or the game observer's own where it overrides it)
            observer = pettingzoo.env(name, players=players).unwrapped.setup.observer
            owner = next(cls for cls in type(observer).__mro__ if "observation" in vars(cls))
            owner.observation = _zeros  # type: ignore[attr-defined]
        spiel_game = pyspiel.load_game(openspiel.short_name(name), {"players": players})
        measures[name] = {
            "raw": functools.partial(raw, name, players, seconds),
            "pettingzoo": functools.partial(
                aec, functools.partial(pettingzoo.env, name, players=players), seconds),
            "vector": functools.partial(batched, name, players, seconds),
            "pyspiel": functools.partial(spiel, spiel_game, seconds),
        }
    measures["reference"] = {
        "pettingzoo connect_four": functools.partial(aec, connect_four_v3.env, seconds),
        "pyspiel C++ hearts": functools.partial(spiel, pyspiel.load_game("hearts"), seconds,
                                                "information_state_tensor"),
    }
    rounds_taken: dict[str, dict[str, list[float]]] = {
        name: {key: [] for key in group} for name, group in measures.items()}
    for _ in range(rounds):
        for name, group in measures.items():
            for key, measure in group.items():
                rounds_taken[name][key].append(measure())
    results = summarize(rounds_taken)
    if as_json:
        print(json.dumps({"best": results, "rounds": rounds_taken}, indent=1))
        return
    show(results, players)


def summarize(taken: dict[str, dict[str, list[float]]]) -> dict[str, dict[str, Any]]:
    """Each figure's best round (as ``timeit`` takes the fastest: on a quiet core, other
    work only ever slows a round), each interface's share of the raw engine from the two
    best figures, and the lowest and highest share taken round by round (the two measured
    a second apart): how far one round could mislead.

    >>> summarize({"g": {"raw": [100.0, 80.0, 90.0], "pettingzoo": [30.0, 20.0, 27.0]}})
    {'g': {'raw': 100.0, 'pettingzoo': 30.0, 'share': {'pettingzoo': [0.3, 0.25, 0.3]}}}
    """
    results: dict[str, dict[str, Any]] = {}
    for name, group in taken.items():
        results[name] = {key: max(rates) for key, rates in group.items()}
        if "raw" in group:
            best = results[name]["raw"]
            results[name]["share"] = {
                key: [results[name][key] / best, min(shares), max(shares)]
                for key, rates in group.items() if key != "raw"
                for shares in [[rate / raw for rate, raw in zip(rates, group["raw"], strict=True)]]}
    return results


def _zeros(self: Observer[Any], state: Any, seat: int | None,
           out: np.ndarray | None = None) -> np.ndarray:
    return np.zeros(self.shape, np.float32) if out is None else out


def show(results: dict[str, dict[str, float]], players: int) -> None:
    table = Table(title=f"random actions/s, {players} players, one core, best round (share "
                  "of the raw engine; its lowest–highest round by round)")
    for column in ("game", "raw engine", "PettingZoo AEC", f"VectorEnv ×{BATCH}", "pyspiel"):
        table.add_column(column, justify="right")
    for name, r in results.items():
        if name == "reference":
            continue
        cells = [f"{r[k]:,.0f} ({share[0]:.1%}; {share[1]:.0%}–{share[2]:.0%})"
                 for k in ("pettingzoo", "vector", "pyspiel") for share in [r["share"][k]]]
        table.add_row(name, f"{r['raw']:,.0f}", *cells)
    console = Console()
    console.print(table)
    for label, rate in results["reference"].items():
        console.print(f"{label}: {rate:,.0f} actions/s")


if __name__ == "__main__":
    typer.run(main)
