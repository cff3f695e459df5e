"""``towerplay hint``: what the search thinks of each move in a game in progress."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from towerplay import games
from towerplay.arena.hints import DEFAULT_ITERATIONS, analyse
from towerplay.bots.ismcts import Analysis
from towerplay.cli.app import app, console, friendly, language
from towerplay.cli.play import LANG_HELP
from towerplay.core import InvalidOptions, Record, State
from towerplay.core.events import Event
from towerplay.i18n import game_title, translator


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
    lang: str = typer.Option(None, "--lang", metavar="en|pl|hu", help=LANG_HELP),
) -> None:
    """Rank the legal moves of the seat to move by estimated win chance.

    Uses only what that seat may know: hidden parts are guessed afresh in every search
    iteration. Moves the seat cannot tell apart are one line; with one choice nothing is
    searched.
    """
    if seconds is not None and seconds <= 0:
        raise InvalidOptions(Event.of("cli.seconds_positive", got=seconds))
    if iterations is not None and iterations < 1:
        raise InvalidOptions(Event.of("cli.iterations_positive", got=iterations))
    said = language(lang)
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
        console.print(games.render_text(state, seat, said))
    console.print(hint_table(state, result, said))


def hint_table(state: State[Any], result: Analysis, lang: str) -> Table:
    """The ranked moves as a table in ``lang`` (each move worded as its button says it;
    seats counted from 1)."""
    words, moves = translator("web", lang), translator(state.game.name, lang)
    seat = state.to_move
    table = Table(title=words("cli.hint_title", game=game_title(state.game.name, lang),
                              n=(seat or 0) + 1, turn=len(state.history),
                              iterations=result.iterations, seconds=f"{result.seconds:.1f}"))
    for key in ("cli.hint_place", "cli.hint_action", "cli.hint_win", "cli.hint_visits"):
        table.add_column(words(key), justify="left" if key == "cli.hint_action" else "right")
    for place, stat in enumerate(result.stats, 1):
        alike = (" " + words("cli.hint_alike", count=stat.alike - 1)) if stat.alike > 1 else ""
        chance = f"{stat.win:.0%}" if result.iterations else "—"
        table.add_row(str(place), escape(moves.action(str(stat.action))) + alike, chance,
                      str(stat.visits))
    return table
