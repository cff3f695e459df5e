"""``towerplay score five_towers``: score a 5 Towers game played on a real table.

    towerplay score five_towers "candy: 15 12 9 0" "sand: 7 6" --torn 2 [--json]
"""
from __future__ import annotations

import json
from collections import Counter

import typer

from towerplay.core import InvalidOptions
from towerplay.games.five_towers import rules, scoring
from towerplay.games.five_towers.cards import SUITS, copies_in_deck


def parse_towers(texts: list[str], players: int | None = None) -> dict[str, tuple[int, ...]]:
    """``["candy: 15 12 9 0"]`` → ``{"candy": (15, 12, 9, 0)}``, refusing impossible towers.

    >>> parse_towers(["candy: 15 12 9 0", "sand 7,6"])
    {'candy': (15, 12, 9, 0), 'sand': (7, 6)}
    >>> parse_towers(["candy: 3 7"])
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: candy tower 3 7: a 7 cannot go on a 3 (each card must be lower than the one below it, except on an 8 or for a 9)
    """
    towers: dict[str, tuple[int, ...]] = {}
    for text in texts:
        name, values = _parse_one(text)
        if name in towers:
            raise InvalidOptions(f"two {name} towers: a player has at most one tower per suit")
        _check_tower(name, values, players)
        towers[name] = values
    return towers


def _parse_one(text: str) -> tuple[str, tuple[int, ...]]:
    words = text.replace(":", " ").replace(",", " ").split()
    if not words:
        raise InvalidOptions('an empty tower: write a tower as "suit: values bottom to top", '
                             'e.g. "candy: 15 12 9 0"')
    name = words[0].lower()
    if name not in SUITS:
        raise InvalidOptions(f"unknown suit {words[0]!r} in {text!r}: expected one of "
                             f"{', '.join(SUITS)}")
    values = []
    for word in words[1:]:
        if not (word.isascii() and word.isdigit()) or int(word) > 15:
            raise InvalidOptions(f"{name} tower: {word!r} is not a card value (0 to 15)")
        values.append(int(word))
    if not values:
        raise InvalidOptions(f"the {name} tower has no cards: list its values bottom to top")
    return name, tuple(values)


def _check_tower(name: str, values: tuple[int, ...], players: int | None) -> None:
    shown = " ".join(map(str, values))
    for below, above in zip(values, values[1:]):
        if below == 0:
            raise InvalidOptions(f"{name} tower {shown}: nothing may go on a 0 (a tower top)")
        if not rules.can_place(below, above):
            raise InvalidOptions(
                f"{name} tower {shown}: a {above} cannot go on a {below} (each card must be "
                f"lower than the one below it, except on an 8 or for a 9)")
    for value, count in Counter(values).items():
        if count > copies_in_deck(players, value):
            deck = "110-card" if players is None or players >= 4 else "80-card"
            raise InvalidOptions(f"{name} tower {shown}: the {deck} deck has only "
                                 f"{copies_in_deck(players, value)} {name}{value}")


def score_command(
    towers: list[str] = typer.Argument(..., help='one tower per argument, "suit: values bottom '
                                       'to top", e.g. "candy: 15 12 9 0"'),
    torn: int = typer.Option(0, "--torn", help="how many cards the player tore down"),
    players: int | None = typer.Option(None, "--players", help="2-5; 2-3 players use the "
                                       "80-card deck (no duplicate cards)"),
    json_out: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Score one player's towers in 5 Towers (doubled when capped, tallest-tower bonus,
    tear-down penalty)."""
    if torn is None or torn < 0:
        raise InvalidOptions(f"--torn must be 0 or more (got {torn})")
    if players is not None and not 2 <= players <= 5:
        raise InvalidOptions(f"--players must be 2 to 5 (got {players})")
    parsed = parse_towers(towers, players)
    size = 110 if players is None or players >= 4 else 80
    built = sum(map(len, parsed.values()))
    if torn + built > size:
        raise InvalidOptions(f"--torn {torn}: that many torn-down cards and the towers' "
                             f"{built} cards exceed the {size}-card deck")
    result = scoring.breakdown(parsed, torn)
    if json_out:
        print(json.dumps(result))
        return
    from rich.console import Console
    from rich.table import Table

    from towerplay.games.five_towers.render import COLOURS

    table = Table(title="5 Towers score")
    for column in ("tower", "cards (bottom → top)", "capped", "points"):
        table.add_column(column)
    for name, row in result["towers"].items():
        table.add_row(f"[{COLOURS[name]}]{name}[/]", " ".join(map(str, row["cards"])),
                      "yes ×2" if row["capped"] else "no", str(row["points"]))
    table.add_row("tallest", result["tallest"] or "—", "", f"+{result['bonus']}")
    table.add_row("torn down", f"{torn} card(s)", "", str(result["penalty"]))
    table.add_row("[bold]total[/]", "", "", f"[bold]{result['total']}[/]")
    Console(highlight=False).print(table)
