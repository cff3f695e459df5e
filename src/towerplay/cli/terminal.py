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

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table as RichTable

from towerplay import games
from towerplay.arena.table import HUMAN, MoveRefused, SeatEvent, Table
from towerplay.cli.app import console, number, program
from towerplay.cli.records import Stopped, stop_on_signals
from towerplay.core import BadRecord, Game, Record, State, TowerplayError
from towerplay.core.events import Event, Seat
from towerplay.core.game import cut
from towerplay.games import summaries
from towerplay.i18n import Translator, folded, localized_breakdown, translator, word

MAX_INPUT_CHARS = 200
"""The longest line read as an action (notations are a few words)."""

HELP_WORDS = ("help", "?")
UNDO_WORDS = ("undo", "cofnij", "visszavonás", "vissza")
"""What takes back the last action at the prompt, in English, Polish and Hungarian."""


def rules_text(game_name: str, lang: str | None = None) -> str | None:
    """The game's rules summary in ``lang`` (default: the environment's language;
    ``None``: it has none)."""
    try:
        return summaries.rules_text(game_name, lang or summaries.default_language())
    except TowerplayError:
        return None


def show_rules(game: Game[Any, Any] | type[Game[Any, Any]], lang: str | None = None) -> None:
    """Print the rules summary (rich Markdown) and the action notation in ``lang``."""
    lang = lang or summaries.default_language()
    said = translator("web", lang)
    text = rules_text(game.name, lang)
    if text is None:
        console.print(f"[yellow]{escape(said('cli.no_rules', title=game.title))}[/yellow]")
    else:
        console.print(Markdown(text))
    console.print(f"[bold]{escape(said('cli.notation'))}[/bold] "
                  f"{escape(summaries.notation_text(game.name, lang))}")


class Screen:
    """What the terminal shows: announcements, hot-seat hand-overs, the position."""

    def __init__(self, specs: list[str], quiet: bool = False, lang: str = "en") -> None:
        self.specs = specs
        self.lang = lang
        """The language of the screen's words (the web catalogue's ``cli.*``) and moves."""
        self.said = translator("web", lang)
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
                who = escape(self.said("cli.seat_of", n=event.mover + 1,
                                       spec=kind(self.specs[event.mover], self.lang)))
                line = word(event.event, self.lang)
                console.print(f"  {who}: [bold]{escape(line)}[/bold]")

    def hand_over(self, table: Table[Any], seat: int) -> None:
        """Hot-seat: clear the screen and wait for ``seat`` to take the keyboard before
        its secrets are drawn, then recap the moves made since it last looked."""
        if len(self.humans) < 2 or self.facing == seat:
            return
        console.clear()
        console.input(f"[bold]{escape(self.said('cli.hand_over', n=seat + 1))}[/bold]")
        console.clear()
        self.facing = seat
        state = table.state
        since = self.seen.get(seat, 0)
        words = translator(state.game.name, self.lang)
        for index in range(since, len(state.history)):
            line = words.logged(state, index, seat)
            if line is not None:
                who = self.said("cli.seat", n=state.movers[index] + 1)
                console.print(f"  {escape(who)}: {escape(line)}")
        self.seen[seat] = len(state.history)


def human_turn(table: Table[Any], screen: Screen) -> None:
    """One decision of the person to move: made at once if only one action is legal, else
    read from the keyboard (a number, the action's text, or help)."""
    state = table.state
    seat = state.to_move
    assert seat is not None
    screen.hand_over(table, seat)
    legal = state.legal_actions()
    said, words = screen.said, translator(state.game.name, screen.lang)
    who = said("cli.seat", n=seat + 1)
    if len(legal) == 1:
        table.submit(seat, str(legal[0]), table.version)
        line = words.logged(state, len(state.history) - 1, seat)  # the screen faces ``seat``
        console.print(f"  {escape(who)}: [bold]{escape(line or str(legal[0]))}[/bold] "
                      f"[dim]{escape(said('cli.only_choice'))}[/dim]")
        return
    console.rule(escape(said("cli.to_move", n=seat + 1)))
    console.print(games.render_text(state, seat, screen.lang))
    console.print("  ".join(f"[cyan]{i}[/cyan]) {escape(label(words, a))}"
                            for i, a in enumerate(legal, 1)))
    while True:
        text = console.input(said("cli.prompt", n=seat + 1)).strip()
        if text.lower() in UNDO_WORDS:
            if take_back(table, screen.lang):
                return
            continue
        action = choose(state.game, legal, text, screen.lang)
        if action is None:
            continue
        try:
            table.submit(seat, action, table.version)
            return
        except MoveRefused as refusal:
            console.print(f"[red]{escape(word(refusal.event, screen.lang))}[/red]",
                          soft_wrap=True)


def take_back(table: Table[Any], lang: str) -> bool:
    """The last action taken back, where the rules allow it (its mover a person: the
    people here share the keyboard), said in ``lang``; else why not. Whether it was."""
    movers = table.state.movers
    seat = movers[-1] if movers else table.state.to_move
    assert seat is not None  # (a person is to move)
    try:
        table.undo(seat, table.version)
    except MoveRefused as refusal:
        console.print(f"[red]{escape(word(refusal.event, lang))}[/red]", soft_wrap=True)
        return False
    undone = Event.of("core.table.undone", seat=Seat(seat))
    console.print(f"  [bold]{escape(word(undone, lang))}[/bold]")
    return True


def label(words: Translator, action: object) -> str:
    """An action as the page's button words it, its notation (what may be typed) after
    it where the two differ by more than spacing and case (either may be typed).

    >>> from towerplay.i18n import Translator
    >>> label(Translator("five_towers", "en"), "take sand7")
    'take sand 7'
    >>> label(Translator("five_towers", "pl"), "take sand7")
    'weź piaskową 7 (take sand7)'
    """
    notation = str(action)
    worded = words.action(notation)
    alike = folded(worded).replace(" ", "") == folded(notation).replace(" ", "")
    return worded if alike else f"{worded} ({notation})"


def choose(game: Game[Any, Any], legal: list[Any], text: str,
           lang: str = "en") -> str | None:
    """The action text meant by a line typed at the prompt, or ``None`` after answering
    it (help, a bad number, an over-long line) in ``lang``."""
    said = translator("web", lang)
    if not text:  # an empty line asks again, silently
        return None
    if text.lower() in HELP_WORDS:
        show_rules(game, lang)
        return None
    if len(text) > MAX_INPUT_CHARS:
        console.print(f"[red]{escape(said('cli.too_long', limit=MAX_INPUT_CHARS, text=cut(text)))}"
                      f"[/red]", soft_wrap=True)
        return None
    if text.isdigit():
        if 1 <= int(text) <= len(legal):
            return str(legal[int(text) - 1])
        console.print(f"[red]{escape(said('cli.choose_number', n=len(legal)))}[/red]")
        return None
    return worded_action(translator(game.name, lang), legal, text)


def worded_action(words: Translator, legal: list[Any], text: str) -> str:
    """The notation of the legal action whose button words ``text`` says (*weź
    cukierkową 4*, case and spacing aside), else ``text`` itself (a notation, or a refusal
    to come)."""
    wanted = folded(text)
    return next((str(action) for action in legal
                 if folded(words.action(str(action))) == wanted), text)


def bot_turn(table: Table[Any], screen: Screen) -> None:
    """Let the bot to move think (with a spinner) and announce its move."""
    seat = table.bot_to_move()
    assert seat is not None
    with console.status(escape(screen.said("cli.thinking", n=seat + 1,
                                           spec=kind(table.seats[seat], screen.lang)))):
        events = table.play_bot()
    screen.announce(events)


def run_table(state: State[Any], specs: list[str], record: Path | None,
              quiet: bool = False, lang: str = "en") -> int:
    """Play ``state`` to the end or until stopped, saving the record after every action,
    every word in ``lang``. Returns the exit status: 0, or 128 + the signal that stopped
    the game."""
    said = translator("web", lang)
    table: Table[Any] = Table(state, specs)
    if record is not None:
        try:
            Record.from_state(state, seats=specs, lang=lang).save(record)
        except OSError as error:
            raise BadRecord(Event.of("cli.cannot_write", path=str(record),
                                     problem=str(error.strerror))) from None
        table.on_action.append(saver(record, specs, lang))
    console.print(f"[bold]{escape(title(state.game.name, lang))}[/bold] — "
                  + escape(said("cli.seats")) + ": "
                  + ", ".join(f"{i + 1}: {escape(kind(s, lang))}" for i, s in enumerate(specs))
                  + (f"; {escape(said('cli.recording', path=record))}" if record else ""),
                  soft_wrap=True)
    screen = Screen(specs, quiet, lang)
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
            stopped(record, lang)
        except (OSError, SystemExit):  # the terminal is gone (rich exits on a broken
            pass                           # pipe): the record is saved all the same
    if table.is_over:
        show_result(table.state, specs, record, lang)
    return status


def kind(spec: str, lang: str) -> str:
    """A seat's spec as people call it in ``lang`` (``greedy`` → *bot zachłanny*: the
    lobby's names of the seat kinds); a spec with options as typed (it is notation)."""
    words = translator("web", lang)
    key = f"web.kind.{spec}"
    return words(key) if words.has(key) else spec


def title(game: str, lang: str) -> str:
    """A game's title as published in ``lang`` (as the pages show it)."""
    words = translator("web", lang)
    key = f"title.{game}"
    return words.raw(key) if words.has(key) else games.game_class(game).title


def saver(path: Path, specs: list[str], lang: str = "en") -> Callable[[Table[Any]], None]:
    """The ``on_action`` callback writing the record (atomically) after every action. If
    the disk refuses (full, removed), the game goes on and the next action tries again:
    the person is told once, not stopped."""
    failing = False

    def save(table: Table[Any]) -> None:
        nonlocal failing
        try:
            Record.from_state(table.state, seats=specs, lang=lang).save(path)
        except OSError as error:
            if not failing:
                said = translator("web", lang)("cli.cannot_save", path=path,
                                               problem=error.strerror)
                console.print(f"[red]{escape(said)}[/red]", soft_wrap=True)
            failing = True
        else:
            failing = False
    return save


def stopped(record: Path | None, lang: str = "en") -> None:
    """The stop message, with the exact command that goes on with the game.

    Said through a new console: the signal that stopped the game may have come in the
    middle of the shared console's bookkeeping (rich counts nested output in a property,
    and an exception between its read and its write leaves every later line buffered for
    ever), and it may have come mid-spinner, with the cursor hidden."""
    said = translator("web", lang)
    console = Console(highlight=False)
    console.show_cursor(True)
    if record is None:
        console.print(f"\n[yellow]{escape(said('cli.stopped'))}[/yellow] "
                      f"{escape(said('cli.not_recorded'))}")
        return
    console.print(f"\n[yellow]{escape(said('cli.stopped'))}[/yellow]; "
                  f"{escape(said('cli.go_on'))} "
                  f"[bold]{escape(resume_hint(record, lang))}[/bold]",
                  soft_wrap=True)


def resume_hint(record: Path, lang: str) -> str:
    """The command that goes on with a stopped game, in the language it was played in:
    runnable as it is, also where the virtualenv is not active."""
    said = "" if lang == summaries.default_language() else f" --lang {lang}"
    return f"{program()} resume {shlex.quote(str(record))}{said}"


def show_result(state: State[Any], seats: list[str], record: Path | None = None,
                lang: str = "en") -> None:
    """The end screen: the final position, scores with their breakdown, the winners, and
    the seed (safe to show now: nothing is hidden any more), in ``lang``."""
    said = translator("web", lang)
    console.rule(escape(said("cli.game_over")))
    console.print(games.render_text(state, None, lang))
    view = localized_breakdown({**state.view(None), "game": state.game.name}, lang)
    winners = state.winners()
    table = RichTable(title=said("cli.result"))
    for column in ("cli.seat_column", "cli.player", "cli.score"):
        table.add_column(escape(said(column)))
    table.add_column("")
    for seat, score in enumerate(state.scores()):
        name = kind(seats[seat], lang) if seat < len(seats) else "?"
        table.add_row(str(seat + 1), escape(name), number(score),
                      f"[bold green]{escape(said('cli.wins'))}[/]" if seat in winners else "")
    console.print(table)
    breakdown = view.get("breakdown")
    drawn = getattr(games.companion(state.game.name, "render"), "DRAWS_BREAKDOWN", False)
    if isinstance(breakdown, list) and not drawn:  # (a game's own picture may show it)
        show_breakdown(breakdown, lang)
    names = ", ".join(said("cli.seat", n=w + 1) for w in winners)
    won = said("cli.winner" if len(winners) == 1 else "cli.winners", names=names)
    console.print(f"[bold green]{escape(won)}[/bold green]; "
                  f"{escape(said('cli.seed', seed=state.seed))}"
                  + (f"; {escape(said('cli.record', path=record))}" if record else ""),
                  soft_wrap=True)


def show_breakdown(breakdown: list[Any], lang: str = "en") -> None:
    """Each seat's score as the rulebook adds it up (``[label, points]`` pairs per seat):
    one line per item, then the seat's total."""
    said = translator("web", lang)
    table = RichTable(title=said("cli.breakdown"))
    table.add_column(escape(said("cli.seat_column")))
    table.add_column(escape(said("cli.item")))
    table.add_column(escape(said("cli.points")), justify="right")
    for seat, pairs in enumerate(breakdown):
        items = [(str(pair[0]), pair[1]) for pair in pairs
                 if isinstance(pair, (list, tuple)) and len(pair) == 2
                 and isinstance(pair[1], (int, float))]
        for index, (label, points) in enumerate(items):
            table.add_row(str(seat + 1) if index == 0 else "", escape(label), number(points))
        table.add_row("" if items else str(seat + 1), f"[bold]{escape(said('cli.total'))}[/bold]",
                      f"[bold]{number(sum(points for _, points in items))}[/bold]",
                      end_section=True)
    console.print(table)
