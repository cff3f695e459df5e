"""``towerplay replay``: verify a record; step through it as a spectator sees it, every
word in the chosen language (``--lang``)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from towerplay import games
from towerplay.cli.app import app, console, friendly, language
from towerplay.cli.play import LANG_HELP
from towerplay.cli.terminal import show_result, title
from towerplay.core import Record, State
from towerplay.i18n import Translator, translator


@app.command()
@friendly
def replay(
    path: Path = typer.Argument(..., metavar="RECORD", help="a game record (JSON)"),
    step: bool = typer.Option(False, "--step", help="step through the game: Enter for the "
                              "next move, b to go back, q to quit"),
    lang: str = typer.Option(None, "--lang", metavar="en|pl|hu", help=LANG_HELP),
) -> None:
    """Verify a record and show its final position, or step through it.

    Everything is shown as a spectator sees it; the seed (which rebuilds every hidden
    card) only once the game is over.
    """
    lang = language(lang)
    said = translator("web", lang)
    record = Record.load(path)
    final = record.replay()
    if step and not step_through(record, lang):
        return
    facts = [title(final.game.name, lang), said("cli.players", count=record.players)]
    if final.is_over:
        facts.append(said("cli.seed", seed=record.seed))
    facts.append(said("cli.actions", count=len(record.actions)))
    console.print(f"[green]{escape(said('cli.verified'))}[/green]: {escape(', '.join(facts))}")
    if final.is_over:
        show_result(final, record.seats, lang=lang)
    else:
        console.print(games.render_text(final, None, lang))
        assert final.to_move is not None  # (a game not over has a seat to move)
        console.print(escape(said("cli.in_progress", n=final.to_move + 1)))


def step_through(record: Record, lang: str = "en") -> bool:
    """Show each position and the move that led to it, forward with Enter and back with
    ``b``. Returns whether the end was reached (``False``: ``q`` or end of input)."""
    states: list[State[Any]] = []
    source = record.states()
    said = translator("web", lang)
    index = 0
    while True:
        while len(states) <= index:
            states.append(next(source))
        show_step(states[index], index, len(record.actions), lang)
        answer = ask_step(said)
        if answer == "q":
            return False
        if answer == "b":
            index = max(index - 1, 0)
        elif index == len(record.actions):
            return True
        else:
            index += 1


def show_step(state: State[Any], index: int, total: int, lang: str = "en") -> None:
    """The position after ``index`` actions and the last move, as a spectator sees them."""
    said, words = translator("web", lang), translator(state.game.name, lang)
    console.rule(escape(said("cli.step", index=index, total=total)))
    if index > 0:
        line = words.logged(state, index - 1, None)
        shown = (f"[bold]{escape(line)}[/bold]" if line is not None
                 else f"[dim]{escape(said('cli.hidden_move'))}[/dim]")
        played = escape(said("cli.played", n=state.movers[index - 1] + 1, move="\0"))
        console.print(played.replace("\0", shown))
    console.print(games.render_text(state, None, lang))


def ask_step(said: Translator | None = None) -> str:
    """``""`` (next), ``"b"`` (back) or ``"q"`` (quit, also at the end of input)."""
    said = said or translator("web", "en")
    while True:
        try:
            answer = console.input(said("cli.step_prompt")).strip().lower()
        except EOFError:
            return "q"
        if answer in ("", "b", "q"):
            return answer
        console.print(f"[red]{escape(said('cli.step_help'))}[/red]")
