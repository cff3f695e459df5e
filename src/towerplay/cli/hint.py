"""``towerplay hint``: what the search thinks of each move in a game in progress."""
from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from towerplay import games
from towerplay.arena.hints import DEFAULT_ITERATIONS, analyse
from towerplay.cli.app import app, console, friendly
from towerplay.core import InvalidOptions, Record


@app.command()
@friendly
def hint(
    path: Path = typer.Argument(..., metavar="RECORD", help="record of a game in progress "
                                "(JSON: game, options, players, seed, actions)"),
    seconds: float = typer.Option(None, "--seconds", "-s", help="thinking time instead of "
                                  "iterations"),
    iterations: int = typer.Option(None, "--iterations", "-i", help="search iterations "
                                   f"(default {DEFAULT_ITERATIONS}; reproducible with "
                                   "--seed)"),
    seed: int = typer.Option(None, help="seed of the search"),
    board: bool = typer.Option(False, "--board", help="also show the position as that seat "
                               "sees it"),
    json_out: bool = typer.Option(False, "--json", help="print the hint as JSON"),
) -> None:
    """Rank the legal moves of the seat to move by estimated win chance.

    Uses only what that seat may know: hidden parts are guessed afresh in every search
    iteration. Moves the seat cannot tell apart are one line; with one choice nothing is
    searched.
    """
    if seconds is not None and seconds <= 0:
        raise InvalidOptions(f"--seconds must be positive (got {seconds})")
    if iterations is not None and iterations < 1:
        raise InvalidOptions(f"--iterations must be at least 1 (got {iterations})")
    state = Record.load(path).replay()
    result = analyse(state, seconds, iterations, seed)
    seat = state.to_move
    if json_out:
        typer.echo(json.dumps({
            "game": state.game.name, "turn": len(state.history), "seat": seat,
            "iterations": result.iterations, "seconds": round(result.seconds, 3),
            "actions": [{"action": str(s.action), "alike": s.alike,
                         "win": s.win if result.iterations else None, "visits": s.visits}
                        for s in result.stats]}, indent=1))
        return
    if board:
        console.print(games.render_text(state, seat))
    table = Table(title=f"{state.game.title}: hints for seat {seat} at turn "
                        f"{len(state.history)} ({result.iterations} iterations, "
                        f"{result.seconds:.1f} s)")
    for column in ("#", "action", "win chance", "visits"):
        table.add_column(column, justify="left" if column == "action" else "right")
    for place, stat in enumerate(result.stats, 1):
        alike = f" (or {stat.alike - 1} alike)" if stat.alike > 1 else ""
        chance = f"{stat.win:.0%}" if result.iterations else "—"
        table.add_row(str(place), str(stat.action) + alike, chance, str(stat.visits))
    console.print(table)
