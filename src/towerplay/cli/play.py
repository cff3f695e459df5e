"""``towerplay games``, ``play`` and ``replay``: the terminal front end."""
from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table

from towerplay import bots, games
from towerplay.arena.match import seat_bots
from towerplay.cli.app import app, console, friendly
from towerplay.core import Game, InvalidOptions, Record, State, TowerplayError, fresh_seed

HUMAN = "human"


def parse_options(game_name: str, pairs: list[str]) -> dict[str, object]:
    """``["rebid=physical"]`` → ``{"rebid": "physical"}``, typed by the game's options
    (``max_turns=50`` → 50); the game then validates the values strictly."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise InvalidOptions(f"an option must look like name=value (got {pair!r})")
        options[key.strip()] = value.strip()
    return games.game_class(game_name).options_from_text(options)


@app.command("games")
def list_games() -> None:
    """The games, their player counts and options."""
    table = Table(title="towerplay games")
    for column in ("id", "title", "players", "options (default)"):
        table.add_column(column)
    for name in games.names():
        cls = games.game_class(name)
        options = "\n".join(f"{o}={default} [dim]({allowed})[/dim]"
                            for o, allowed, default in cls.describe_options())
        table.add_row(name, cls.title, f"{cls.min_players}–{cls.max_players}", options or "—")
    console.print(table)


@app.command()
@friendly
def play(
    game_name: str = typer.Argument(..., metavar="GAME", help="a game id (see `towerplay games`)"),
    seats: str = typer.Option("human,greedy,greedy", help="one per seat: human or a bot spec, "
                              "separated by commas (a comma followed by key=value continues "
                              "the bot before; ';' always separates)"),
    seed: int = typer.Option(None, help="seed for a reproducible game (random if omitted)"),
    record: Path = typer.Option(None, help="write the game record (JSON) to this file"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option name=value"),
) -> None:
    """Play a game in the terminal: humans at the keyboard, bots in the other seats."""
    game = games.load(game_name, **parse_options(game_name, option))
    specs = split_seats(seats)
    seed = fresh_seed() if seed is None else seed
    run_table(game.start(players=len(specs), seed=seed), specs, record)


@app.command()
@friendly
def resume(
    path: Path = typer.Argument(..., help="a record of an unfinished game (`play --record`)"),
    seats: str = typer.Option(None, help="who sits where now (default: the record's seats)"),
    record: Path = typer.Option(None, help="where to write the record (default: PATH)"),
) -> None:
    """Go on with a game stopped earlier, from its record."""
    saved = Record.load(path)
    state = saved.replay()
    specs = split_seats(seats) if seats else saved.seats
    if len(specs) != state.players:
        raise InvalidOptions(f"the game has {state.players} seats; give them with --seats "
                             f"(got {len(specs)})")
    run_table(state, specs, record or path)


def run_table(state: State, specs: list[str], record: Path | None) -> None:
    """Play ``state`` to the end (or until stopped), then write the record if asked."""
    game = state.game
    players = {seat: bot for seat, bot in enumerate(seat_bots(
        [s if s != HUMAN else "random" for s in specs], state.seed)) if specs[seat] != HUMAN}
    console.print(f"[bold]{game.title}[/bold] — seed {state.seed}; seats: "
                  + ", ".join(f"{i}: {escape(s)}" for i, s in enumerate(specs)))
    try:
        while not state.is_over:
            seat = state.to_move
            if seat in players:
                with console.status(f"seat {seat} ({specs[seat]}) is thinking…"):
                    action = players[seat].act(state)
                state.apply(action)
                announce(state, seat, specs)
            else:
                state.apply(ask_human(game, state))
    except (EOFError, KeyboardInterrupt):
        console.print("\n[yellow]game stopped[/yellow]")
    finally:
        if record is not None:
            Record.from_state(state, seats=specs).save(record)
            console.print(f"record written to {record}")
    if state.is_over:
        show_result(game, state, specs)


def announce(state: State, seat: int, specs: list[str]) -> None:
    """Tell the humans at the table what a bot did, as much as they may know of it."""
    humans = [s for s, spec in enumerate(specs) if spec == HUMAN]
    if not humans:
        return
    viewer = humans[0] if len(humans) == 1 else None  # hot-seat: everyone sees the screen
    text = state.log_line(len(state.history) - 1, viewer)
    if text is not None:
        console.print(f"  seat {seat} ({specs[seat]}): [bold]{text}[/bold]")


def split_seats(seats: str) -> list[str]:
    """Seats text → specs (see :func:`towerplay.bots.split_specs`); bots are checked now,
    so an unknown one fails before the game starts."""
    specs = bots.split_specs(seats)
    for spec in specs:
        if spec != HUMAN:
            bots.bot_class(bots.parse_spec(spec)[0])
    return specs


def ask_human(game: Game, state: State):  # noqa: ANN201 - an Action
    """Show the position to the seat to move and read a legal action (number or text)."""
    seat = state.to_move
    console.rule(f"seat {seat} to move")
    console.print(games.render_text(state, seat))
    legal = state.legal_actions()
    console.print("  ".join(f"[cyan]{i}[/cyan]) {a}" for i, a in enumerate(legal, 1)))
    while True:
        text = console.input(f"seat {seat}> ").strip()
        if text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            console.print(f"[red]choose a number from 1 to {len(legal)}[/red]")
            continue
        try:
            action = game.parse_action(state, text)
        except TowerplayError as error:
            console.print(f"[red]{escape(str(error))}[/red]")
            continue
        if action in legal:
            return action
        console.print(f"[red]'{escape(str(action))}' is not legal now; type a number or one of the actions "
                      f"listed[/red]")


def show_result(game: Game, state: State, seats: list[str]) -> None:
    console.rule("game over")
    console.print(games.render_text(state, None))
    table = Table(title="result")
    for column in ("seat", "player", "score", ""):
        table.add_column(column)
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        name = seats[seat] if seat < len(seats) else "?"
        table.add_row(str(seat), name, f"{score:g}", "[bold green]wins[/]" if seat in winners
                      else "")
    console.print(table)


@app.command()
@friendly
def replay(
    path: Path = typer.Argument(..., help="a game record written by `towerplay play --record`"),
    step: bool = typer.Option(False, "--step", help="step through the game, Enter for each move"),
) -> None:
    """Verify a record and show its final position, or step through it."""
    record = Record.load(path)
    final = record.replay()
    game = final.game
    if step:
        for index, state in enumerate(record.states()):
            console.rule(f"after {index} of {len(record.actions)} actions")
            console.print(games.render_text(state, None))
            if index < len(record.actions):
                console.print(f"next: seat {final.movers[index]} plays "
                              f"[bold]{record.actions[index]}[/bold]")
                try:
                    if console.input("[dim]Enter: next, q: quit[/dim] ").strip() == "q":
                        return
                except EOFError:
                    return
    console.print(f"[green]record verified[/green]: {game.title}, {record.players} players, "
                  f"seed {record.seed}, {len(record.actions)} actions")
    if final.is_over:
        show_result(game, final, record.seats)
    else:
        console.print(games.render_text(final, None))
        console.print(f"the game is in progress: seat {final.to_move} to move")
