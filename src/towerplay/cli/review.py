"""``towerplay review``: where did each seat lose win chance in a finished game?"""
from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from towerplay.arena.review import DEFAULT_ITERATIONS, SEARCHES, THRESHOLDS, Review, review
from towerplay.cli.app import app, console, friendly, language, require
from towerplay.cli.play import LANG_HELP
from towerplay.core import InvalidOptions, Record
from towerplay.core.events import Event
from towerplay.i18n import game_title, translator

MARK_STYLE = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}


@app.command("review")
@friendly
def review_command(
    path: Path = typer.Argument(..., metavar="RECORD", help="a game record (JSON)"),
    seat: list[int] = typer.Option([], "--seat", metavar="N",
                                   help="review this seat (repeat; default: every seat)"),
    seconds: float = typer.Option(None, "--seconds", "-s", metavar="SECONDS",
                                  help="search time per decision instead of iterations "
                                       "(not reproducible)"),
    iterations: int = typer.Option(None, "--iterations", "-i", metavar="K",
                                   help="iterations of each of a decision's "
                                        f"{SEARCHES} searches (default "
                                        f"{DEFAULT_ITERATIONS})"),
    recall: float = typer.Option(None, "--recall", metavar="R",
                                 help="share of the cards seen and put back that a seat "
                                      "remembers, 0 to 1 (default: the game's, e.g. 0 where "
                                      "its options leave the cards put back to memory)"),
    seed: int = typer.Option(0, metavar="SEED", help="seed of the searches"),
    json_out: bool = typer.Option(False, "--json", help="print the review as JSON"),
    png: Path = typer.Option(None, "--png", metavar="FILE",
                             help="draw each seat's win chance over the game"),
    lang: str = typer.Option(None, "--lang", metavar="en|pl|hu", help=LANG_HELP),
) -> None:
    """Search every decision again from what its seat knew then; mark the costly ones.

    Marks: inaccuracy, mistake and blunder lose 5, 10 and 20 points of win chance against
    the best move found, in each of two independent searches by more than twice its
    standard error (docs/review.md).
    Moves the seat could not tell apart are one choice. Ctrl-C stops and keeps what is
    reviewed.
    """
    said = language(lang)
    if seconds is not None and seconds <= 0:
        raise InvalidOptions(Event.of("cli.seconds_positive", got=seconds))
    if iterations is not None and iterations < 1:
        raise InvalidOptions(Event.of("cli.iterations_positive", got=iterations))
    if recall is not None and not 0 <= recall <= 1:
        raise InvalidOptions(Event.of("cli.recall_range", got=recall))
    if png is not None:  # (before the search: the plot needs matplotlib)
        require("sim", "towerplay review --png", "matplotlib")
    record = Record.load(path)
    columns = (*Progress.get_default_columns()[:2], BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    progress = Progress(*columns, console=console, transient=True, disable=json_out)
    task = progress.add_task(translator("web", said)("cli.reviewing"), total=None)

    def advance(done: int, total: int) -> None:  # drawn from the first decision on, so
        if not progress.live.is_started:  # that a refusal before it stays one line
            progress.start()
        progress.update(task, completed=done, total=total)
    try:
        result = review(record, [n - 1 for n in seat] or None,  # people count from 1
                        iterations=iterations, seconds=seconds, seed=seed, recall=recall,
                        on_decision=advance)
    finally:
        if progress.live.is_started:
            progress.stop()
    if png is not None:
        draw_graph(result, png, said)
    if json_out:
        typer.echo(json.dumps(result.to_json(), indent=1))
        return
    show(result, said)
    if png is not None:
        console.print(escape(translator("web", said)("cli.review_graph_written",
                                                     path=str(png))))


def show(result: Review, lang: str = "en") -> None:
    """The costliest decisions and each seat's accuracy, in ``lang`` (seats counted from
    1, moves worded as their buttons say them)."""
    words, moves = translator("web", lang), translator(result.game, lang)
    if not result.complete:
        console.print(f"[yellow]{escape(words('cli.review_stopped'))}[/yellow]")
    table = Table(title=words("cli.review_costliest"))
    for column in COLUMNS:
        table.add_column(words(f"cli.review_column_{column}"),
                         justify="right" if column in ("win", "best_win", "loss", "noise")
                         else "left")
    for d in result.costliest():
        alike = (" " + words("cli.hint_alike", count=d.best_alike - 1)
                 if d.best_alike > 1 else "")
        table.add_row(str(d.index + 1), str(d.seat + 1), escape(moves.action(d.played)),
                      f"{d.played_chance:.0%}", escape(moves.action(d.best)) + alike,
                      f"{d.best_chance:.0%}", f"{100 * d.loss:.0f}",
                      f"{100 * d.noise:.0f}",
                      f"[{MARK_STYLE[d.mark]}]{escape(words(f'mark.{d.mark}'))}[/]"
                      if d.mark else "")
    console.print(table)
    for seat, loss in result.accuracy().items():
        marks = [d.mark for d in result.decisions if d.seat == seat]
        counts = ", ".join(words(f"cli.review_count_{name}", n=marks.count(name))
                           for name, _ in reversed(THRESHOLDS))
        console.print(escape(words("cli.review_accuracy", seat=seat + 1, loss=f"{100 * loss:.1f}",
                                   decisions=len(marks), counts=counts)))


COLUMNS = ("move", "seat", "played", "win", "better", "best_win", "loss", "noise", "mark")
"""The table's columns (``cli.review_column_<name>``)."""


def draw_graph(result: Review, path: Path, lang: str = "en") -> None:
    """Each seat's win chance (best move) at its decisions, marked decisions highlighted;
    its words in ``lang``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    words = translator("web", lang)
    fig, ax = plt.subplots(figsize=(8, 3.5))
    for seat in result.seats:
        mine = [d for d in result.decisions if d.seat == seat]
        who = words("cli.seat", n=seat + 1)
        line = ax.plot([d.index + 1 for d in mine], [d.best_chance for d in mine],
                       label=who)[0]
        for name, marker in (("blunder", "X"), ("mistake", "v"), ("inaccuracy", ".")):
            hits = [d for d in mine if d.mark == name]
            ax.scatter([d.index + 1 for d in hits], [d.played_chance for d in hits],
                       marker=marker, color=line.get_color(), s=60,
                       label=f"{who}: {words(f'mark.{name}')}" if hits else None)
    ax.set(xlabel=words("cli.review_column_move"), ylabel=words("cli.hint_win"), ylim=(0, 1),
           title=words("cli.review_graph_title", game=game_title(result.game, lang)))
    ax.legend(fontsize="small", ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
