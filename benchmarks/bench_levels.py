"""The time a bot level takes per move, over whole games of every registered game.

    .venv/bin/python benchmarks/bench_levels.py [--level expert] [--games 1] [--seed 0]
        [--game castle] [--players 2]

The level sits in seat 0 of each game (at 2 players and at each game's most), the other
seats are ``greedy`` (fast, so the run is short); every one of the level's moves is timed
(``Bot.act``: determinizing and searching), and the median and slowest move of each game
are printed, in wall-clock seconds and in CPU seconds of this process (what the move costs
an idle core: on a machine shared with other work the wall clock runs slower). Each row is
printed as soon as it is measured, with the load average.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from rich.console import Console
from rich.table import Table

from towerplay import bots, games


def move_times(game_name: str, players: int, level: str,
               seed: int) -> list[tuple[float, float]]:
    """Wall-clock and CPU seconds of each of the level's moves in one game."""
    state = games.load(game_name).start(players=players, seed=seed)
    seats = [bots.load(level if seat == 0 else "greedy", seed=seed + seat)
             for seat in range(players)]
    times = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        started, cpu = time.perf_counter(), time.process_time()
        action = seats[seat].act(state)
        if seat == 0:
            times.append((time.perf_counter() - started, time.process_time() - cpu))
        state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--games", type=int, default=1, help="games per game and size")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, action="append",
                        help="only these player counts (default: 2 and the most)")
    args = parser.parse_args()
    table = Table(title=f"{args.level} = {bots.LEVELS.get(args.level, args.level)}: "
                        "seconds per move")
    for column in ("game", "players", "games", "moves", "median s", "slowest s",
                   "slowest CPU s", "load"):
        table.add_column(column, justify="left" if column == "game" else "right")
    console = Console()
    for name in args.game or games.names():
        game = games.load(name)
        for players in args.players or sorted({2, game.max_players}):
            times = [t for k in range(args.games)
                     for t in move_times(name, players, args.level, args.seed + k)]
            wall = [t[0] for t in times]
            row = (name, str(players), str(args.games), str(len(times)),
                   f"{statistics.median(wall):.2f}", f"{max(wall):.2f}",
                   f"{max(t[1] for t in times):.2f}", f"{os.getloadavg()[0]:.1f}")
            console.print(" ".join(row))
            table.add_row(*row)
    console.print(table)


if __name__ == "__main__":
    main()
