"""``towerplay report``: a balance report (HTML page, PNG plots) from simulation rows."""
from __future__ import annotations

from pathlib import Path

import typer

from towerplay.cli.app import app, console, friendly
from towerplay.core.errors import InvalidOptions
from towerplay.sim.runner import rows_of
from towerplay.sim.store import OutputError


@app.command()
@friendly
def report(
    rows_file: Path = typer.Argument(..., metavar="FILE", help="rows written by `towerplay "
                                     "sim` (.jsonl, .csv or .parquet)"),
    html_out: Path = typer.Option(None, "--html", help="write a self-contained HTML page"),
    png: Path = typer.Option(None, "--png", help="write each plot as a PNG into this folder"),
) -> None:
    """Win rates by turn order, seat and bot (95% intervals), OpenSkill ratings, score and
    length distributions, the game's own statistics, sweeps side by side."""
    if html_out is None and png is None:
        raise InvalidOptions("say what to write: --html report.html and/or --png DIR")
    rows = rows_of(rows_file)
    if not rows:
        raise InvalidOptions(f"{rows_file} holds no games yet")
    games = {row.get("game") for row in rows}
    players = {row.get("players") for row in rows}
    if len(games) > 1 or len(players) > 1:
        raise InvalidOptions(f"{rows_file} mixes games or player counts; report one at a time")
    from towerplay.sim.report import write_report

    try:
        written = list(write_report(rows, html_out, png, source=str(rows_file)))
    except OSError as error:  # a read-only folder, a full disk, a path through a file
        raise OutputError.of(html_out if html_out is not None else png, error) from None
    for path in written:
        console.print(f"wrote {path}", highlight=False, soft_wrap=True)
