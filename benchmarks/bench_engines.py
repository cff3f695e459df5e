"""Rules-engine throughput on one core: random-playout actions/s, games/s, copy()/s.

    .venv/bin/python benchmarks/bench_engines.py            # every game, 3 players
    .venv/bin/python benchmarks/bench_engines.py five_towers --players 4 --seconds 5 --json
    .venv/bin/python benchmarks/bench_engines.py --cpu-time   # CPU seconds: a loaded machine

Each figure is measured over whole random games (seeded), so it includes game setup,
legal-action generation, validation in ``apply`` and the game's end.
"""
from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

import typer
from rich.console import Console
from rich.table import Table

from towerplay import games

TARGETS = {"five_towers": 100_000, "castle": 100_000, "blueprints": 100_000,
           "skytopia": 30_000}


def playouts(name: str, players: int, seconds: float,
             clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    """Play seeded random games for about ``seconds`` of ``clock``; return actions/s and
    games/s."""
    game = games.load(name)
    rng = random.Random(0)
    actions = finished = 0
    copies: list = []
    start = clock()
    while clock() - start < seconds or finished == 0:
        state = game.start(players=players, seed=finished)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
            if actions % 97 == 0:
                copies.append(state.copy())
        finished += 1
    elapsed = clock() - start
    return {"actions_per_s": actions / elapsed, "games_per_s": finished / elapsed,
            "actions_per_game": actions / finished, "copies_per_s": copy_rate(copies, clock)}


def copy_rate(samples: list, clock: Callable[[], float], repeat: int = 20) -> float:
    """copy()/s over positions sampled from real games (early, middle and late)."""
    start = clock()
    for _ in range(repeat):
        for state in samples:
            state.copy()
    return repeat * len(samples) / (clock() - start)


def main(names: list[str] = typer.Argument(None, help="games (default: all)"),
         players: int = typer.Option(3, help="seats per game"),
         seconds: float = typer.Option(3.0, help="seconds of play per game"),
         as_json: bool = typer.Option(False, "--json", help="print JSON instead of a table"),
         cpu_time: bool = typer.Option(False, "--cpu-time",
                                       help="time by this process's CPU seconds, not the wall "
                                            "clock (steadier on a shared machine)")
         ) -> None:
    clock = time.process_time if cpu_time else time.perf_counter
    results = {name: playouts(name, players, seconds, clock) for name in names or games.names()}
    if as_json:
        print(json.dumps(results, indent=1))
        return
    per = "CPU second" if cpu_time else "second"
    table = Table(title=f"random playouts, {players} players, one core, per {per}")
    for column in ("game", "actions/s", "target", "games/s", "actions/game", "copy()/s"):
        table.add_column(column, justify="right")
    for name, r in results.items():
        ok = r["actions_per_s"] >= TARGETS.get(name, 0)
        table.add_row(name, f"[{'green' if ok else 'red'}]{r['actions_per_s']:,.0f}[/]",
                      f"{TARGETS.get(name, 0):,}", f"{r['games_per_s']:,.1f}",
                      f"{r['actions_per_game']:,.0f}", f"{r['copies_per_s']:,.0f}")
    Console().print(table)


if __name__ == "__main__":
    typer.run(main)
