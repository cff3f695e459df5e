"""``towerplay sim``: many seat-rotated games between bots, one row per game in a file."""
from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import Any, TextIO

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from towerplay import bots as bot_registry
from towerplay.cli.app import app, friendly, language
from towerplay.core.events import Event
from towerplay.i18n import game_title, translator, word
from towerplay.sim.analysis import file_metadata
from towerplay.sim.backends import check_backend
from towerplay.sim.plan import Plan, parse_sweep
from towerplay.sim.runner import Failure, Outcome, describe, run
from towerplay.sim.store import format_of

LINE_SECONDS = 10.0
"""Without a terminal: a progress line at least this often (and at every tenth)."""
INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


class SpeedColumn(ProgressColumn):
    """Games per second over the last seconds (rich's own speed estimate), in ``lang``."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.words = translator("web", lang)

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(self.words("cli.games_per_second", speed="—" if speed is None
                          else f"{speed:,.1f}"), style="cyan")


class Meter:
    """Counts the games of a run and shows how far it is: a rich bar on a terminal,
    otherwise a plain line at every tenth or every :data:`LINE_SECONDS`
    (``1200/5000 games, 240/s, eta 16 s``) that logs and CI keep readable."""

    def __init__(self, title: str, stream: TextIO, terminal: bool, lang: str = "en") -> None:
        self.stream = stream
        self.words = translator("web", lang)
        self.done = self.total = self.played = 0
        self.started = self.shown = self.first = time.monotonic()
        self.tenth = 0
        self.bar: Progress | None = None
        if terminal:
            self.bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                                MofNCompleteColumn(), SpeedColumn(lang), TimeElapsedColumn(),
                                TextColumn(escape(self.words("cli.eta"))),
                                TimeRemainingColumn(),
                                console=Console(file=stream), transient=False)
            self.task = self.bar.add_task(title, total=None)

    def __enter__(self) -> Meter:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def start(self, done: int, total: int) -> None:
        """The run found ``done`` of ``total`` games in its file."""
        self.done, self.total = done, total
        self.started = self.shown = self.first = time.monotonic()
        self.tenth = self._tenth()
        if self.bar is not None:
            self.bar.reset(self.task, completed=done, total=total)

    def advance(self, _game: dict[str, Any] | Failure) -> None:
        """One more game played."""
        self.done += 1
        self.played += 1
        if self.bar is not None:
            self.bar.advance(self.task)
            return
        now = time.monotonic()
        if self.played == 1:  # workers (or a Ray) are up: the speed counts from here
            self.first = self.shown = now
        if self._tenth() > self.tenth or now - self.shown >= LINE_SECONDS:
            self.tenth, self.shown = self._tenth(), now
            print(self.line(now), file=self.stream, flush=True)

    def _tenth(self) -> int:
        return 10 * self.done // self.total if self.total else 0

    def line(self, now: float) -> str:
        """``1200/5000 games, 240/s, eta 16 s``: the speed since the first game ended."""
        elapsed = now - self.first
        speed = (self.played - 1) / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = f"{left / speed:,.0f}" if speed > 0 else "—"
        return self.words("cli.meter", done=self.done, total=self.total,
                          speed=rate(speed), eta=eta)


def rate(speed: float) -> str:
    """Games a second as a progress line shows them: whole numbers where they are many,
    two significant digits where a game takes longer than a second (not ``0/s``).

    >>> rate(1234.5), rate(3.14159), rate(0.01234), rate(0.0)
    ('1,234', '3.1', '0.012', '0')
    """
    return f"{speed:,.0f}" if speed >= 10 or speed == 0 else f"{speed:.2g}"


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
    workers: int = typer.Option(None, "--workers", "-w", help="worker processes (default 1) "
                                "or Ray CPUs (default: all of the cluster's)"),
    backend: str = typer.Option("processes", "--backend", help="processes or ray"),
    address: str = typer.Option(None, "--address", help="a Ray cluster's address "
                                "(with --backend ray; default: start a local Ray)"),
    seed: int = typer.Option(0, "--seed", help="seed of the whole run (deals and bots)"),
    out: Path = typer.Option(..., "--out", help="rows file: .jsonl, .csv or .parquet; "
                             "running again with the same file resumes it"),
) -> None:
    """Play bots against each other from every seat and write one row per game.

    Rows: seed, options, bots per seat, scores, ranks, winners, length, the first player
    and the game's own statistics. Read them with
    `towerplay report FILE --html report.html`. Rows are written as they come; Ctrl-C
    keeps them, and the same command resumes the run.
    """
    said = language()
    format_of(out)
    check_backend(backend, workers, address)
    specs = bot_registry.split_specs(bots)
    plan = Plan.build(game_name, players, specs, games_count, parse_sweep(game_name, option),
                      seed=seed)
    if backend == "processes" and workers is None:
        workers = 1
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    title = translator("web", said)("cli.progress_sim", game=game_title(game_name, said))
    meter = Meter(escape(title), sys.stderr, errors.is_terminal, said)
    again = resume_command(game_name, players, bots, games_count, option, workers, backend,
                           address, seed, out)  # the run's own command: it also resumes it
    try:
        with meter:
            outcome = run(plan, out, workers=workers, backend=backend, address=address,
                          on_game=meter.advance, on_start=meter.start,
                          metadata=file_metadata(game_name, players, again, seed))
    except KeyboardInterrupt:
        errors.print(escape(word(Event.of("cli.interrupted", done=meter.done,
                                          total=meter.total, path=str(out),
                                          command=again), said)))
        raise typer.Exit(INTERRUPTED) from None
    errors.print(escape(summary(outcome, out, meter, said)))
    if outcome.failures:
        raise typer.Exit(1)


def summary(outcome: Outcome, out: Path, meter: Meter, lang: str = "en") -> str:
    """The end-of-run line in ``lang``: games, time, speed, where, failures."""
    if outcome.untouched:
        return describe(outcome, out, lang)
    seconds = time.monotonic() - meter.started
    speed = outcome.played / seconds if seconds > 0 else 0.0
    failed = (Event.of("cli.run_retry", n=len(outcome.failures)) if outcome.failures
              else Event.of("cli.run_no_failures"))
    timing = Event.of("cli.run_time", seconds=f"{seconds:,.1f}", speed=f"{speed:,.1f}")
    return "; ".join([describe(outcome, out, lang), word(timing, lang), word(failed, lang)])


def resume_command(game_name: str, players: int, bots: str, games_count: int,
                   option: list[str], workers: int | None, backend: str,
                   address: str | None, seed: int, out: Path) -> str:
    """The command line that continues this run (the same plan, the same file).

    >>> resume_command("castle", 2, "greedy,random", 6, ["memory=open"], 1, "processes",
    ...                None, 0, Path("my runs/c.csv"))  # doctest: +NORMALIZE_WHITESPACE
    "towerplay sim castle --players 2 --bots greedy,random --games 6 -o memory=open --workers 1
    --seed 0 --out 'my runs/c.csv'"
    """
    words = ["towerplay", "sim", game_name, "--players", str(players), "--bots", bots,
             "--games", str(games_count)]
    for pair in option:
        words += ["-o", pair]
    if workers is not None:
        words += ["--workers", str(workers)]
    if backend != "processes":
        words += ["--backend", backend]
    if address is not None:
        words += ["--address", address]
    words += ["--seed", str(seed), "--out", str(out)]
    return shlex.join(words)
