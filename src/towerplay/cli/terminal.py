"""The terminal table: people at the keyboard, bots in the other seats, one
:class:`~towerplay.arena.table.Table` driving the turns.

What is shown follows the views: a seat sees its own secrets only on its own turn (with
several people at one keyboard the screen is cleared and the keyboard passed first), bots'
moves are announced as the watching seat may see them, and the match seed — which rebuilds
every hidden card — is shown only once the game is over.
"""
from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table as RichTable

from towerplay import games
from towerplay.arena.table import HUMAN, Refusal, SeatEvent, Table
from towerplay.cli.app import console, number
from towerplay.cli.records import Stopped, stop_on_signals
from towerplay.core import BadRecord, Game, Record, State, TowerplayError
from towerplay.core.game import cut
from towerplay.games import summaries
from towerplay.i18n import translator, word

MAX_INPUT_CHARS = 200
"""The longest line read as an action (notations are a few words)."""

HELP_WORDS = ("help", "?")


def rules_text(game_name: str) -> str | None:
    """The game's rules summary in the environment's language (``None``: it has none)."""
    try:
        return summaries.rules_text(game_name, summaries.default_language())
    except TowerplayError:
        return None


def show_rules(game: Game[Any, Any] | type[Game[Any, Any]]) -> None:
    """Print the rules summary (rich Markdown) and the action notation."""
    text = rules_text(game.name)
    if text is None:
        console.print(f"[yellow]no rules summary for {game.title} yet[/yellow]")
    else:
        console.print(Markdown(text))
    console.print(f"[bold]Notation.[/bold] {escape(game.notation)}")


class Screen:
    """What the terminal shows: announcements, hot-seat hand-overs, the position."""

    def __init__(self, specs: list[str], quiet: bool = False, lang: str = "en") -> None:
        self.specs = specs
        self.lang = lang
        """The language the moves are worded in (the screen's other words are English)."""
        self.humans = [seat for seat, spec in enumerate(specs) if spec == HUMAN]
        self.quiet = quiet
        self.facing: int | None = None
        """The seat whose secrets may be on screen now (hot-seat)."""
        self.seen: dict[int, int] = {}
        """Per person, the table version when their screen was last cleared."""

    @property
    def viewer(self) -> int | None:
        """Whose eyes the announcements are for: the one person at the table, or (no
        person, or several sharing the screen) a spectator."""
        return self.humans[0] if len(self.humans) == 1 else None

    def announce(self, events: list[SeatEvent]) -> None:
        """Print a move as the viewer sees it (nothing if it sees nothing of it)."""
        if not self.humans and self.quiet:
            return
        for event in events:
            if event.seat == self.viewer and event.event is not None:
                who = f"seat {event.mover} ({escape(self.specs[event.mover])})"
                line = word(event.event, self.lang)
                console.print(f"  {who}: [bold]{escape(line)}[/bold]")

    def hand_over(self, table: Table[Any], seat: int) -> None:
        """Hot-seat: clear the screen and wait for ``seat`` to take the keyboard before
        its secrets are drawn, then recap the moves made since it last looked."""
        if len(self.humans) < 2 or self.facing == seat:
            return
        console.clear()
        console.input(f"[bold]pass the keyboard to seat {seat}[/bold], then press Enter ")
        console.clear()
        self.facing = seat
        state = table.state
        since = self.seen.get(seat, 0)
        words = translator(state.game.name, self.lang)
        for index in range(since, len(state.history)):
            line = words.logged(state, index, seat)
            if line is not None:
                console.print(f"  seat {state.movers[index]}: {escape(line)}")
        self.seen[seat] = len(state.history)


def human_turn(table: Table[Any], screen: Screen) -> None:
    """One decision of the person to move: made at once if only one action is legal, else
    read from the keyboard (a number, the action's text, or help)."""
    state = table.state
    seat = state.to_move
    assert seat is not None
    screen.hand_over(table, seat)
    legal = state.legal_actions()
    if len(legal) == 1:
        table.submit(seat, str(legal[0]), table.version)
        line = translator(state.game.name, screen.lang).logged(  # the screen faces ``seat``
            state, len(state.history) - 1, seat)
        console.print(f"  seat {seat}: [bold]{escape(line or str(legal[0]))}[/bold] "
                      f"[dim](the only choice)[/dim]")
        return
    console.rule(f"seat {seat} to move")
    console.print(games.render_text(state, seat))
    console.print("  ".join(f"[cyan]{i}[/cyan]) {escape(str(a))}"
                            for i, a in enumerate(legal, 1)))
    while True:
        text = console.input(f"seat {seat} ([dim]? for help[/dim])> ").strip()
        action = choose(state.game, legal, text)
        if action is None:
            continue
        try:
            table.submit(seat, action, table.version)
            return
        except Refusal as refusal:
            console.print(f"[red]{escape(refusal.message)}[/red]", soft_wrap=True)


def choose(game: Game[Any, Any], legal: list[Any], text: str) -> str | None:
    """The action text meant by a line typed at the prompt, or ``None`` after answering
    it (help, a bad number, an over-long line)."""
    if not text:  # an empty line asks again, silently
        return None
    if text.lower() in HELP_WORDS:
        show_rules(game)
        return None
    if len(text) > MAX_INPUT_CHARS:
        console.print(f"[red]an action is a short text (at most {MAX_INPUT_CHARS} "
                      f"characters): {escape(cut(text))}[/red]", soft_wrap=True)
        return None
    if text.isdigit():
        if 1 <= int(text) <= len(legal):
            return str(legal[int(text) - 1])
        console.print(f"[red]choose a number from 1 to {len(legal)}[/red]")
        return None
    return text


def bot_turn(table: Table[Any], screen: Screen) -> None:
    """Let the bot to move think (with a spinner) and announce its move."""
    seat = table.bot_to_move()
    assert seat is not None
    with console.status(f"seat {seat} ({escape(table.seats[seat])}) is thinking…"):
        events = table.play_bot()
    screen.announce(events)


def run_table(state: State[Any], specs: list[str], record: Path | None,
              quiet: bool = False) -> int:
    """Play ``state`` to the end or until stopped, saving the record after every action.
    Returns the exit status: 0, or 128 + the signal that stopped the game."""
    table: Table[Any] = Table(state, specs)
    if record is not None:
        try:
            Record.from_state(state, seats=specs).save(record)
        except OSError as error:
            raise BadRecord(f"cannot write record {record}: {error.strerror}") from None
        table.on_action.append(saver(record, specs))
    console.print(f"[bold]{escape(state.game.title)}[/bold] — seats: "
                  + ", ".join(f"{i}: {escape(s)}" for i, s in enumerate(specs))
                  + (f"; recording to {escape(str(record))}" if record else ""),
                  soft_wrap=True)
    screen = Screen(specs, quiet)
    status = 0
    try:
        with stop_on_signals():
            while not table.is_over:
                if table.human_to_move():
                    human_turn(table, screen)
                else:
                    bot_turn(table, screen)
    except (EOFError, KeyboardInterrupt, Stopped) as stop:
        status = 128 + stop.signum if isinstance(stop, Stopped) else 0
        try:
            stopped(record)
        except (OSError, SystemExit):  # the terminal is gone (rich exits on a broken
            pass                           # pipe): the record is saved all the same
    if table.is_over:
        show_result(table.state, specs, record)
    return status


def saver(path: Path, specs: list[str]) -> Callable[[Table[Any]], None]:
    """The ``on_action`` callback writing the record (atomically) after every action. If
    the disk refuses (full, removed), the game goes on and the next action tries again:
    the person is told once, not stopped."""
    failing = False

    def save(table: Table[Any]) -> None:
        nonlocal failing
        try:
            Record.from_state(table.state, seats=specs).save(path)
        except OSError as error:
            if not failing:
                console.print(f"[red]cannot save the record {escape(str(path))}: "
                              f"{escape(str(error.strerror))}; the game goes on[/red]",
                              soft_wrap=True)
            failing = True
        else:
            failing = False
    return save


def stopped(record: Path | None) -> None:
    """The stop message, with the exact command that goes on with the game."""
    if record is None:
        console.print("\n[yellow]game stopped[/yellow] (not recorded: --no-record)")
        return
    console.print(f"\n[yellow]game stopped[/yellow]; go on with: "
                  f"[bold]towerplay resume {escape(shlex.quote(str(record)))}[/bold]",
                  soft_wrap=True)


def show_result(state: State[Any], seats: list[str], record: Path | None = None) -> None:
    """The end screen: the final position, scores with their breakdown, the winners, and
    the seed (safe to show now: nothing is hidden any more)."""
    console.rule("game over")
    console.print(games.render_text(state, None))
    view = state.view(None)
    winners = state.winners()
    table = RichTable(title="result")
    for column in ("seat", "player", "score", ""):
        table.add_column(column)
    for seat, score in enumerate(state.scores()):
        name = seats[seat] if seat < len(seats) else "?"
        table.add_row(str(seat), escape(name), number(score),
                      "[bold green]wins[/]" if seat in winners else "")
    console.print(table)
    breakdown = view.get("breakdown")
    drawn = getattr(games.companion(state.game.name, "render"), "DRAWS_BREAKDOWN", False)
    if isinstance(breakdown, list) and not drawn:  # (a game's own picture may show it)
        show_breakdown(breakdown)
    names = ", ".join(f"seat {w}" for w in winners)
    console.print(f"[bold green]{'winner' if len(winners) == 1 else 'winners'}: {names}"
                  f"[/bold green]; seed {state.seed}"
                  + (f"; record {escape(str(record))}" if record else ""), soft_wrap=True)


def show_breakdown(breakdown: list[Any]) -> None:
    """Each seat's score as the rulebook adds it up (``[label, points]`` pairs per seat):
    one line per item, then the seat's total."""
    table = RichTable(title="score breakdown")
    table.add_column("seat")
    table.add_column("item")
    table.add_column("points", justify="right")
    for seat, pairs in enumerate(breakdown):
        items = [(str(pair[0]), pair[1]) for pair in pairs
                 if isinstance(pair, (list, tuple)) and len(pair) == 2
                 and isinstance(pair[1], (int, float))]
        for index, (label, points) in enumerate(items):
            table.add_row(str(seat) if index == 0 else "", escape(label), number(points))
        table.add_row("" if items else str(seat), "[bold]total[/bold]",
                      f"[bold]{number(sum(points for _, points in items))}[/bold]",
                      end_section=True)
    console.print(table)
