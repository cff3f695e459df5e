"""``towerplay sim``: many seat-rotated games between bots, one row per game in a file."""
from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task,
                           TextColumn, TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

from towerplay import bots as bot_registry
from towerplay.cli.app import app, friendly
from towerplay.sim.backends import check_backend
from towerplay.sim.plan import Plan, parse_sweep
from towerplay.sim.runner import describe, run
from towerplay.sim.store import format_of


class SpeedColumn(ProgressColumn):
    """Games per second over the last seconds (rich's own speed estimate)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("— games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")


@app.command()
@friendly
def sim(
    game_name: str = typer.Argument(..., metavar="GAME", help="a game id (see `towerplay games`)"),
    players: int = typer.Option(2, "--players", "-p", help="seats at each table"),
    bots: str = typer.Option(..., "--bots", help="bot specs separated by commas, e.g. "
                             "greedy,random,ismcts:iterations=200 (a comma followed by "
                             "key=value continues the bot before; ';' always separates)"),
    games_count: int = typer.Option(1000, "--games", "-n", help="games per option set "
                                    "(rounded up to whole seat rotations)"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option name=value; "
                                     "name=v1,v2 sweeps the values (every combination "
                                     "plays)"),
    workers: int = typer.Option(1, "--workers", "-w", help="worker processes (or Ray CPUs)"),
    backend: str = typer.Option("processes", "--backend", help="processes or ray"),
    address: str = typer.Option(None, "--address", help="a Ray cluster's address "
                                "(with --backend ray; default: start a local Ray)"),
    seed: int = typer.Option(0, "--seed", help="seed of the whole run (deals and bots)"),
    out: Path = typer.Option(..., "--out", help="rows file: .jsonl, .csv or .parquet; "
                             "running again with the same file resumes it"),
) -> None:
    """Play bots against each other from every seat and write one row per game.

    Rows: seed, options, bots per seat, scores, ranks, winners, length, the first player
    and the game's own statistics. Read them with `towerplay report FILE`.
    """
    format_of(out)
    check_backend(backend, workers, address)
    specs = bot_registry.split_specs(bots)
    plan = Plan.build(game_name, players, specs, games_count, parse_sweep(game_name, option),
                      seed=seed)
    stderr = Console(stderr=True)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), SpeedColumn(), TimeElapsedColumn(),
                        TextColumn("ETA"), TimeRemainingColumn(), console=stderr)
    with progress:
        task = progress.add_task(f"{game_name} sim", total=len(plan.jobs))

        def started(done: int, total: int) -> None:
            progress.reset(task, completed=done, total=total)

        outcome = run(plan, out, workers=workers, backend=backend, address=address,
                      on_row=lambda _row: progress.advance(task), on_start=started)
    stderr.print(describe(outcome, out), highlight=False, soft_wrap=True)
