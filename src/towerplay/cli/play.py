"""``towerplay games``, ``rules``, ``play`` and ``resume``: the terminal front end."""
from __future__ import annotations

from pathlib import Path

import typer
from rich.markdown import Markdown
from rich.markup import escape

from towerplay import bots, games
from towerplay.arena.table import HUMAN, SEAT_KINDS
from towerplay.cli.app import app, console, friendly, language
from towerplay.cli.records import check_new_record, new_record_path
from towerplay.cli.terminal import run_table, show_rules
from towerplay.core import InvalidOptions, Record, fresh_seed
from towerplay.core.events import Event
from towerplay.core.game import choices
from towerplay.core.record import check_writable
from towerplay.games.summaries import default_language, notation_text, rules_text
from towerplay.i18n import game_title, options_from_words, seat_kind, translator

LANG_HELP = "the language of every word shown (default: from LC_ALL/LANG, else en)"
SEATS_HELP = ("one per seat: human or a bot spec, separated by commas (a comma followed by "
              "key=value continues the bot before; ';' always separates)")


def parse_options(game_name: str, pairs: list[str]) -> dict[str, object]:
    """``["rebid=physical"]`` → ``{"rebid": "physical"}``, typed by the game's options
    (``max_turns=50`` → 50), a choice also by its words (``rebid=fizyczna``); the game
    then validates the values strictly."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise InvalidOptions(Event.of("cli.option_form", got=repr(pair)))
        options[key.strip()] = value.strip()
    return options_from_words(games.game_class(game_name), options)


@app.command("games")
@friendly
def list_games(
    lang: str = typer.Option(None, "--lang", metavar="en|pl|hu", help=LANG_HELP),
) -> None:
    """The games, their player counts and options (each option on its own line, with
    what it sets in the chosen language)."""
    said = language(lang)
    words, named = translator("web", said), translator("options", said)
    for name in games.names():
        cls = games.game_class(name)
        players = words("cli.player_range", low=cls.min_players, high=cls.max_players)
        console.print(f"[bold]{name}[/bold] — {escape(game_title(name, said))}, {players}")
        seats = cls.options_type.seat_options()
        for option, allowed, default in cls.describe_options():
            if option in seats:  # a seat as people count it; none given: drawn at random
                allowed = words("cli.seat_values", high=cls.max_players)
                default = words("cli.seat_random") if default == "None" else default
            elif said != "en":
                allowed, default = worded_values(name, option, allowed, default, said)
            console.print(f"  -o {option}=…  {escape(allowed)} [dim]"
                          f"({escape(words('cli.default', value=default))})[/dim]")
            if named.has(f"{name}.{option}"):
                console.print(f"     [dim]{escape(named.raw(f'{name}.{option}'))}[/dim]")
    console.print(f"[dim]{escape(words('cli.rules_hint'))}[/dim]")


def worded_values(game: str, option: str, allowed: str, default: str,
                  lang: str) -> tuple[str, str]:
    """An option's values and default as ``towerplay games`` shows them in ``lang``: a
    choice or yes/no by its words (what may be typed: ``wykonalna | fizyczna``), other
    types as they are."""
    cls = games.game_class(game)
    named, said = translator("options", lang), translator("core", lang)
    values = [str(v) for v in choices(cls.options_type, option) if isinstance(v, str)]
    words = {repr(v): named.raw(f"{game}.{option}.{v}").partition(" (")[0]
             for v in values if named.has(f"{game}.{option}.{v}")}
    if cls.options_type.model_fields[option].annotation is bool:
        words = {"True": said("core.word.true"), "False": said("core.word.false")}
    if not words:
        return allowed, default
    return " | ".join(words.values()), words.get(default, default)


@app.command("rules")
@friendly
def rules_command(
    game_name: str = typer.Argument(..., metavar="GAME", help="a game id (see `towerplay games`)"),
    lang: str = typer.Option(None, "--lang", metavar="en|pl|hu", help=LANG_HELP),
) -> None:
    """A game's rules summary and its action notation."""
    game = games.game_class(game_name)
    if lang is None and default_language() == "en":
        show_rules(game, "en")
        return
    text = rules_text(game.name, language(lang))
    console.print(Markdown(text))
    console.print(f"[bold]{escape(translator('web', language(lang))('cli.notation'))}[/bold] "
                  f"{escape(notation_text(game.name, language(lang)))}")


@app.command()
@friendly
def play(
    game_name: str = typer.Argument(..., metavar="GAME", help="a game id (see `towerplay games`)"),
    seats: str = typer.Option("human,greedy,greedy", metavar="SEATS", help=SEATS_HELP),
    seed: int = typer.Option(None, metavar="N", help="seed for a reproducible game (random if "
                             "omitted; shown when the game is over)"),
    record: Path = typer.Option(None, metavar="PATH", help="the record file (default: a new "
                                "file in $TOWERPLAY_HOME/games or ~/.local/share/towerplay/games)"),
    no_record: bool = typer.Option(False, "--no-record", help="do not record the game"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="bots only: show only the end, "
                               "not every move"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                     help="a game option (repeatable)"),
    lang: str = typer.Option(None, "--lang", metavar="en|pl|hu", help=LANG_HELP),
) -> None:
    """Play a game in the terminal: humans at the keyboard, bots in the other seats.

    The game is recorded after every move; `towerplay resume RECORD` goes on with it.
    """
    game = games.load(game_name, **parse_options(game_name, option))
    specs = split_seats(seats)
    game.check_players(len(specs))
    if no_record and record is not None:
        raise InvalidOptions(Event.of("cli.record_or_not"))
    if record is not None:
        check_new_record(record)
    elif not no_record:
        record = new_record_path(game.name)
    seed = fresh_seed() if seed is None else seed
    status = run_table(game.start(players=len(specs), seed=seed), specs, record, quiet,
                       language(lang))
    raise typer.Exit(status)


@app.command()
@friendly
def resume(
    path: Path = typer.Argument(..., metavar="RECORD", help="the record of a stopped game"),
    seats: str = typer.Option(None, metavar="SEATS", help="who sits where now (default: the "
                              "record's seats)"),
    record: Path = typer.Option(None, metavar="PATH", help="where to go on recording "
                                "(default: RECORD itself)"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="bots only: show only the end"),
    lang: str = typer.Option(None, "--lang", metavar="en|pl|hu", help=LANG_HELP),
) -> None:
    """Go on with a game stopped earlier, from its record (in the language it was played
    in, unless --lang says another)."""
    saved = Record.load(path)
    said = language(lang if lang is not None else saved.lang)
    state = saved.replay()
    specs = split_seats(seats) if seats else saved.seats
    if len(specs) != state.players:
        raise InvalidOptions(Event.of("core.seat_count", seats=state.players, got=len(specs)))
    target = record or path
    check_writable(target)
    raise typer.Exit(run_table(state, specs, target, quiet, said))


def split_seats(seats: str) -> list[str]:
    """Seats text → specs (see :func:`towerplay.bots.split_specs`; a seat kind may be given
    by its name in any of our languages: ``człowiek,bot zachłanny``); bots are checked now,
    so an unknown one fails before the game starts."""
    specs = [seat_kind(spec, SEAT_KINDS) for spec in bots.split_specs(seats)]
    for spec in specs:
        if spec != HUMAN:
            bots.load(spec, seed=0)  # (a level or a bot, and its options)
    return specs
