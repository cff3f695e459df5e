"""``towerplay replay``: verify a record; step through it as a spectator sees it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from towerplay import games
from towerplay.cli.app import app, console, friendly
from towerplay.cli.terminal import show_result
from towerplay.core import Record, State

STEP_PROMPT = "[dim]Enter: next, b: back, q: quit[/dim] "


@app.command()
@friendly
def replay(
    path: Path = typer.Argument(..., metavar="RECORD", help="a game record (JSON)"),
    step: bool = typer.Option(False, "--step", help="step through the game: Enter for the "
                              "next move, b to go back, q to quit"),
) -> None:
    """Verify a record and show its final position, or step through it.

    Everything is shown as a spectator sees it; the seed (which rebuilds every hidden
    card) only once the game is over.
    """
    record = Record.load(path)
    final = record.replay()
    if step and not step_through(record):
        return
    seed = f", seed {record.seed}" if final.is_over else ""
    console.print(f"[green]record verified[/green]: {escape(final.game.title)}, "
                  f"{record.players} players{seed}, {len(record.actions)} "
                  f"action{'' if len(record.actions) == 1 else 's'}")
    if final.is_over:
        show_result(final, record.seats)
    else:
        console.print(games.render_text(final, None))
        console.print(f"the game is in progress: seat {final.to_move} to move")


def step_through(record: Record) -> bool:
    """Show each position and the move that led to it, forward with Enter and back with
    ``b``. Returns whether the end was reached (``False``: ``q`` or end of input)."""
    states: list[State[Any]] = []
    source = record.states()
    index = 0
    while True:
        while len(states) <= index:
            states.append(next(source))
        show_step(states[index], index, len(record.actions))
        answer = ask_step()
        if answer == "q":
            return False
        if answer == "b":
            index = max(index - 1, 0)
        elif index == len(record.actions):
            return True
        else:
            index += 1


def show_step(state: State[Any], index: int, total: int) -> None:
    """The position after ``index`` actions and the last move, as a spectator sees them."""
    console.rule(f"after {index} of {total} actions")
    if index > 0:
        line = state.log_line(index - 1, None)
        shown = f"[bold]{escape(line)}[/bold]" if line is not None else "[dim]a hidden move[/dim]"
        console.print(f"seat {state.movers[index - 1]} played {shown}")
    console.print(games.render_text(state, None))


def ask_step() -> str:
    """``""`` (next), ``"b"`` (back) or ``"q"`` (quit, also at the end of input)."""
    while True:
        try:
            answer = console.input(STEP_PROMPT).strip().lower()
        except EOFError:
            return "q"
        if answer in ("", "b", "q"):
            return answer
        console.print("[red]press Enter for the next move, b to go back, q to quit[/red]")
