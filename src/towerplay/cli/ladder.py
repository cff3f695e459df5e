"""``towerplay ladder``: seat-rotated games between bots, with win rates and ratings."""
from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from towerplay import bots as bot_registry
from towerplay import games
from towerplay.cli.app import app, console, friendly, language
from towerplay.cli.play import parse_options
from towerplay.core import Game, InvalidOptions
from towerplay.core.events import Event
from towerplay.i18n import game_title, translator
from towerplay.sim.backends import check_backend
from towerplay.sim.ladder import report_tables, run_ladder


@app.command()
@friendly
def ladder(
    game_name: str = typer.Argument(..., metavar="GAME", help="a game id (see `towerplay games`)"),
    players: int = typer.Option(2, "--players", "-p", metavar="N", help="seats at each table"),
    bots: str = typer.Option(
        None, "--bots", metavar="SPECS", help="bot specs separated by commas, e.g. "
        "random,greedy,ismcts:iterations=500,c=0.5,ismcts:seconds=1 (a comma followed by "
        "key=value continues the bot before; ';' always separates)"),
    bot: list[str] = typer.Option([], "--bot", metavar="SPEC",
                                  help="one bot spec (repeatable; commas allowed)"),
    games_count: int = typer.Option(200, "--games", "-n", metavar="N", help="games to play "
                                    "(rounded up to whole seat rotations)"),
    workers: int = typer.Option(None, "--workers", "-w", metavar="N", help="worker processes "
                                "(default: all cores)"),
    backend: str = typer.Option("processes", "--backend", help="processes or ray"),
    address: str = typer.Option(None, "--address", help="a Ray cluster's address "
                                "(with --backend ray; default: start a local Ray)"),
    seed: int = typer.Option(0, metavar="N", help="seed of the whole ladder (deals and bots)"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                     help="a game option (repeatable)"),
    self_play: bool = typer.Option(False, "--self-play", help="with one bot spec: play it "
                                   "against itself"),
    json_out: bool = typer.Option(False, "--json", help="print the report as JSON"),
) -> None:
    """Play bots against each other from every seat and rank them.

    Prints each bot's win rate with a 95% confidence interval (Wilson), mean score,
    OpenSkill rating (Plackett-Luce, multiplayer) and time per move, then a head-to-head
    table.
    """
    game = games.load(game_name, **parse_options(game_name, option))
    specs = bot_registry.split_specs(bots or "") + [b.strip() for b in bot if b.strip()]
    if not specs:
        raise InvalidOptions(Event.of("cli.name_bots_ladder"))
    check_arguments(game, players, specs, games_count, workers, self_play)
    check_backend(backend, workers or 1, address)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), transient=json_out)
    with progress:
        task = progress.add_task(escape(translator("web", language())(
            "cli.progress_ladder", game=game_title(game.name, language()))), total=None)

        def advance(_result: object) -> None:
            progress.advance(task)

        total = -(-games_count // players) * players
        progress.update(task, total=total)
        report = run_ladder(game, players, specs, games_count, seed=seed, workers=workers,
                            on_result=advance, backend=backend, address=address)
    if json_out:
        typer.echo(json.dumps(report, indent=1))
    else:
        # a file or pipe gets a console wide enough that bot specs are never cut
        out = console if console.is_terminal else Console(highlight=False, width=200)
        for table in report_tables(report, language()):
            out.print(table)


def check_arguments(game: Game[Any, Any], players: int, specs: list[str], games_count: int,
                    workers: int | None, self_play: bool) -> None:
    """Refuse a bad ladder before any progress bar is drawn or worker started."""
    game.check_players(players)
    for spec in specs:
        bot_registry.load(spec, seed=0)
    if len(specs) == 1 and not self_play:
        raise InvalidOptions(Event.of("cli.one_bot", bot=specs[0]))
    if games_count < 1:
        raise InvalidOptions(Event.of("cli.games_positive", got=repr(games_count)))
    if workers is not None and workers < 1:
        raise InvalidOptions(Event.of("cli.workers_positive", got=repr(workers)))
