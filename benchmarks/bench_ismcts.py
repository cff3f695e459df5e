"""ISMCTS iterations per second for every registered game (one core).

    .venv/bin/python benchmarks/bench_ismcts.py [--seconds 3] [--game five_towers] [--players 3]
        [--spec ismcts:depth=40] [--cpu-time]

Each measurement searches from a few positions of a seeded game (the start and positions
reached by the game's rollout policy), with a time budget, and divides the iterations run
by the time spent (wall clock, or with ``--cpu-time`` this process's CPU seconds, the
steadier figure on a shared machine; the search's own budget stays wall time). Playout
length is the mean number of actions from those positions to the end of the game under the
rollout policy.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from towerplay import bots, games


def policy(game: Any) -> Any:
    """The game's playout policy (its heuristics; before them, the Game itself held it)."""
    return getattr(game, "heuristics", game)


def positions(game: Any, players: int, count: int, seed: int) -> list[Any]:
    """The start of a seeded game and ``count - 1`` positions further into it."""
    state = game.start(players=players, seed=seed)
    rng = random.Random(seed)
    length = 0
    probe = state.copy()
    while not probe.is_over:
        probe.apply(policy(game).rollout_action(probe, rng))
        length += 1
    found = [state.copy()]
    for k in range(1, count):
        target = k * length // (count + 1)
        while len(state.history) < target and not state.is_over:
            state.apply(policy(game).rollout_action(state, rng))
        if not state.is_over:
            found.append(state.copy())
    return found


def playout_length(game: Any, state: Any, rng: random.Random) -> int:
    probe = state.copy()
    steps = 0
    while not probe.is_over:
        probe.apply(policy(game).rollout_action(probe, rng))
        steps += 1
    return steps


def measure(name: str, players: int, seconds: float, spec: str,
            clock: Any = time.perf_counter) -> dict[str, float]:
    game = games.load(name)
    spots = positions(game, players, 3, seed=1)
    iterations = 0
    spent = 0.0
    lengths = []
    for index, state in enumerate(spots):
        budget = f"forced=true,seconds={seconds / len(spots)}"  # search even forced moves
        bot = bots.load(f"{spec}{',' if ':' in spec else ':'}{budget}", seed=index)
        seat = state.to_move
        started = clock()
        result = bot.analyse(state.determinize(seat, bot.rng), seat)
        spent += clock() - started
        iterations += result.iterations
        lengths.append(playout_length(game, state, random.Random(index)))
    return {"iterations": iterations, "seconds": spent, "rate": iterations / spent,
            "playout": sum(lengths) / len(lengths)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="search time per game")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, action="append",
                        help="player counts (default: 2 and 3)")
    parser.add_argument("--spec", default="ismcts", help="the bot spec (no budget)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="divide by this process's CPU seconds, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_time else time.perf_counter
    console = Console()
    table = Table(title=f"ISMCTS iterations per second, one core ({args.spec})")
    for column in ("game", "players", "iterations", "seconds", "iterations/s", "playout"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in args.game or games.names():
        cls = games.game_class(name)
        for players in args.players or [2, 3]:
            if not cls.min_players <= players <= cls.max_players:
                continue
            with console.status(f"{name}, {players} players"):
                row = measure(name, players, args.seconds, args.spec, clock)
            table.add_row(name, str(players), str(row["iterations"]), f"{row['seconds']:.1f}",
                          f"{row['rate']:,.0f}", f"{row['playout']:.0f}")
    console.print(table)


if __name__ == "__main__":
    main()
