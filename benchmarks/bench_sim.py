"""Simulation throughput: games/s per game with random and greedy bots on 1 and 2 worker
processes and on a local Ray with 2 CPUs, and the per-game overhead of the simulation
machinery (statistics hooks, rows, the file, the progress bar) over the bare table loop.

    .venv/bin/python benchmarks/bench_sim.py                       # every game, 3 players
    .venv/bin/python benchmarks/bench_sim.py castle --games 200 --no-ray --json

Throughput is wall-clock time of ``towerplay.sim.runner.run`` writing a JSON-lines file
(Ray is started before timing: its start-up takes seconds and is paid once per run). The
overhead is CPU time of the same random-bot games played twice in this process, bare
(``Table`` + ``play_bots``) and through the machinery, best of ``--repeats``.
"""
from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table as RichTable

from towerplay import games
from towerplay.arena.table import Table
from towerplay.sim.plan import Plan
from towerplay.sim.play import configured, play_row
from towerplay.sim.runner import run
from towerplay.sim.store import Appender

GAMES = ("five_towers", "castle", "blueprints", "skytopia")
GREEDY_SHARE = {"five_towers": 4, "castle": 1, "blueprints": 2, "skytopia": 10}
"""Greedy games are this many times slower: play that many times fewer of them."""


def throughput(name: str, players: int, bot: str, games_count: int, workers: int,
               backend: str) -> float:
    """Games per second of a whole run into a fresh file."""
    plan = Plan.build(name, players, [bot], games_count, seed=1)
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        run(plan, Path(folder) / "rows.jsonl", workers=workers, backend=backend)
        return games_count / (time.perf_counter() - started)


def overhead(name: str, players: int, games_count: int, repeats: int) -> dict[str, float]:
    """CPU seconds per game, bare loop vs the simulation machinery, random bots."""
    plan = Plan.build(name, players, ["random"], games_count, seed=2)
    game = configured(name, plan.sets[0])
    bare_best = machinery_best = float("inf")
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(repeats):
            started = time.process_time()
            for job in plan.jobs:
                table = Table(game.start(players=players, seed=job.seed), job.specs)
                for _moves in table.play_bots():
                    pass
            bare_best = min(bare_best, time.process_time() - started)
            appender = Appender(Path(folder) / "rows.jsonl", "jsonl")
            with Progress(console=Console(quiet=True)) as progress:
                task = progress.add_task("sim", total=len(plan.jobs))
                started = time.process_time()
                for job in plan.jobs:
                    appender.write(play_row(job))
                    progress.advance(task)
                appender.close()
                machinery_best = min(machinery_best, time.process_time() - started)
    return {"bare_ms": 1000 * bare_best / games_count,
            "machinery_ms": 1000 * machinery_best / games_count,
            "overhead": machinery_best / bare_best - 1}


def main(names: list[str] = typer.Argument(None, help="games (default: all four)"),
         players: int = typer.Option(3, help="seats"),
         games_count: int = typer.Option(120, "--games", help="random-bot games per figure"),
         repeats: int = typer.Option(3, help="overhead: best of this many"),
         ray: bool = typer.Option(True, help="also measure a local Ray with 2 CPUs"),
         json_out: bool = typer.Option(False, "--json")) -> None:
    """Print the figures (or JSON)."""
    if ray:
        import ray as ray_module
        ray_module.init(num_cpus=2, include_dashboard=False, logging_level="ERROR",
                        log_to_driver=False)
    results: dict[str, Any] = {}
    setups = [(1, "processes"), (2, "processes")] + ([(2, "ray")] if ray else [])
    for name in names or GAMES:
        games.game_class(name)
        entry: dict[str, Any] = {}
        for workers, backend in setups:  # warm up: workers start and import the game
            throughput(name, players, "random", 4 * workers, workers, backend)
        for bot in ("random", "greedy"):
            count = games_count if bot == "random" else max(8, games_count // GREEDY_SHARE[name])
            for workers, backend in setups:
                entry[f"{bot} {backend} x{workers}"] = throughput(name, players, bot, count,
                                                                   workers, backend)
        entry["overhead"] = overhead(name, players, games_count, repeats)
        results[name] = entry
    if json_out:
        typer.echo(json.dumps(results, indent=1))
        return
    show(results, setups)


def show(results: dict[str, Any], setups: list[tuple[int, str]]) -> None:
    """A table of games/s, scaling ratios and overheads."""
    table = RichTable(title="towerplay sim: games/s (wall clock), overhead (CPU time)")
    table.add_column("game")
    table.add_column("bots")
    for workers, backend in setups:
        table.add_column(f"{backend} x{workers}", justify="right")
    table.add_column("2 procs / 1", justify="right")
    table.add_column("bare ms/game", justify="right")
    table.add_column("sim ms/game", justify="right")
    table.add_column("overhead", justify="right")
    for name, entry in results.items():
        for bot in ("random", "greedy"):
            speeds = [entry[f"{bot} {backend} x{workers}"] for workers, backend in setups]
            cost = entry["overhead"]
            extra = ([f"{cost['bare_ms']:.2f}", f"{cost['machinery_ms']:.2f}",
                      f"{cost['overhead']:+.1%}"] if bot == "random" else ["", "", ""])
            table.add_row(name, bot, *[f"{s:.1f}" for s in speeds],
                          f"{speeds[1] / speeds[0]:.2f}", *extra)
    Console(width=150).print(table)


if __name__ == "__main__":
    typer.run(main)
