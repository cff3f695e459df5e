"""``towerplay score five_towers``: score a 5 Towers game played on a real table.

    towerplay score five_towers "candy: 15 12 9 0" "sand: 7 6" --torn 2 [--json]
    towerplay score five_towers --player "candy: 15 12 9 0; sand: 7 6" --torn 2 \
                                --player "tree: 9 5 0" --torn 0 [--json]

The first form scores one player; the second a whole table (one ``--player`` per seat, in
seat order; ``--torn`` once per ``--player`` in the same order, or ``torn N`` inside the
player's text), with the winners by the rulebook's rule: tied players all share the win.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

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


TIE_RULE = "the highest total wins; tied players all share the win, with no tie-break"


def parse_player(text: str, players: int | None = None) -> tuple[dict[str, tuple[int, ...]],
                                                                 int | None]:
    """One player's towers and tear-downs from ``"candy: 15 12 9 0; sand: 7 6; torn 2"``
    (``torn`` optional: ``None``; an empty text is a player with no towers).

    >>> parse_player("candy: 15 12 9 0; sand 7 6; torn: 2")
    ({'candy': (15, 12, 9, 0), 'sand': (7, 6)}, 2)
    >>> parse_player("")
    ({}, None)
    """
    towers, torn = [], None
    for part in text.split(";"):
        words = part.replace(":", " ").split()
        if not words or words == ["none"]:
            continue
        if words[0].lower() == "torn":
            if torn is not None or len(words) != 2 or not (
                    words[1].isascii() and words[1].isdigit()):
                raise InvalidOptions(f"{part.strip()!r}: write the tear-downs once, as "
                                     f"'torn N' (N = 0 or more)")
            torn = int(words[1])
        else:
            towers.append(part)
    return parse_towers(towers, players), torn


def score_table(players_towers: list[dict[str, tuple[int, ...]]],
                torn: list[int]) -> dict[str, Any]:
    """Every player's breakdown and the winners (JSON-ready).

    >>> table = score_table([{"candy": (15, 12, 9, 0)}, {"tree": (9, 5, 0)}, {}], [0, 0, 0])
    >>> [p["total"] for p in table["players"]], table["winners"]
    ([12, 9, 0], [0])
    """
    results = [{"seat": seat, **scoring.breakdown(towers, count)}
               for seat, (towers, count) in enumerate(zip(players_towers, torn))]
    best = max(r["total"] for r in results)
    winners = [r["seat"] for r in results if r["total"] == best]
    return {"players": results, "winners": winners, "tie": len(winners) > 1,
            "tie_rule": TIE_RULE}


def _check_table(players_towers: list[dict[str, tuple[int, ...]]], torn: list[int],
                 players: int | None) -> None:
    """Refuse a table whose towers hold more copies of a card, or more cards with the
    torn-down ones, than the deck has."""
    size = 110 if players is None or players >= 4 else 80
    copies: Counter[tuple[str, int]] = Counter()
    for towers in players_towers:
        copies.update((name, v) for name, values in towers.items() for v in values)
    for (name, value), count in sorted(copies.items()):
        if count > copies_in_deck(players, value):
            raise InvalidOptions(f"the towers hold {count} {name}{value}, but the {size}-card "
                                 f"deck has only {copies_in_deck(players, value)}")
    built = sum(len(t) for towers in players_towers for t in towers.values())
    if built + sum(torn) > size:
        raise InvalidOptions(f"--torn: the towers' {built} cards and {sum(torn)} torn-down "
                             f"cards exceed the {size}-card deck")


def _torn_counts(torn: list[int], inline: list[int | None], table: bool) -> list[int]:
    """Each player's tear-downs: ``--torn`` once per player in order, or ``torn N`` in the
    player's text, never both; 0 when neither is given."""
    for count in torn:
        if count is None or count < 0:
            raise InvalidOptions(f"--torn must be 0 or more (got {count})")
    if torn and len(torn) != len(inline):
        what = "--player" if table else "player"
        raise InvalidOptions(f"--torn is given {len(torn)} times for {len(inline)} {what}(s): "
                             f"give it once per {what}, in the same order")
    if torn and any(count is not None for count in inline):
        raise InvalidOptions("give the tear-downs either with --torn or as 'torn N' in "
                             "--player, not both")
    return list(torn) if torn else [count or 0 for count in inline]


def score_command(
    towers: list[str] = typer.Argument(None, help='one player: one tower per argument, '
                                       '"suit: values bottom to top", e.g. "candy: 15 12 9 0"'),
    player: list[str] = typer.Option(None, "--player", help='a whole table: one per seat, '
                                     'its towers separated by ";", e.g. "candy: 15 12 9 0; '
                                     'sand: 7 6" ("" for no towers; "torn N" may be added)'),
    torn: list[int] = typer.Option(None, "--torn", help="cards torn down: once for the "
                                   "player, or once per --player in the same order"),
    players: int | None = typer.Option(None, "--players", help="2-5; 2-3 players use the "
                                       "80-card deck (no duplicate cards); default: the "
                                       "number of --player given"),
    json_out: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Score a 5 Towers game: one player's towers, or a whole table with --player (capped
    towers doubled, tallest-tower bonus, tear-down penalty; ties share the win)."""
    if players is not None and not 2 <= players <= 5:
        raise InvalidOptions(f"--players must be 2 to 5 (got {players})")
    if player:
        _score_table(player, list(torn or []), players, json_out)
        return
    if not towers and not torn:
        raise InvalidOptions('nothing to score: give one player\'s towers as arguments, e.g. '
                             '"candy: 15 12 9 0" "sand: 7 6", or a whole table with --player')
    counts = _torn_counts(list(torn or []), [None], table=False)
    parsed = parse_towers(list(towers or []), players)
    _check_table([parsed], counts, players)
    result = scoring.breakdown(parsed, counts[0])
    if json_out:
        print(json.dumps(result))
        return
    _print_player("5 Towers score", result)


def _score_table(texts: list[str], torn: list[int], players: int | None,
                 json_out: bool) -> None:
    """``--player`` given: score every seat, then name the winners."""
    if len(texts) > 5:
        raise InvalidOptions(f"{len(texts)} --player: 5 Towers has 2 to 5 players")
    if players is None and len(texts) >= 2:
        players = len(texts)
    if players is not None and players < len(texts):
        raise InvalidOptions(f"--players {players} but {len(texts)} --player given")
    parsed = []
    for seat, text in enumerate(texts):
        try:
            parsed.append(parse_player(text, players))
        except InvalidOptions as problem:
            raise InvalidOptions(f"seat {seat}: {problem}") from None
    counts = _torn_counts(torn, [count for _, count in parsed], table=True)
    _check_table([towers for towers, _ in parsed], counts, players)
    table = score_table([towers for towers, _ in parsed], counts)
    if json_out:
        print(json.dumps(table))
        return
    for result in table["players"]:
        _print_player(f"seat {result['seat']}", result)
    winners = table["winners"]
    best = table["players"][winners[0]]["total"]
    names = " and ".join(f"seat {seat}" for seat in winners)
    verdict = (f"{names} share the win with {best}" if table["tie"]
               else f"{names} wins with {best}")
    print(f"{verdict} ({TIE_RULE})")


def _print_player(title: str, result: dict[str, Any]) -> None:
    """One player's breakdown as a table."""
    from rich.console import Console
    from rich.table import Table

    from towerplay.games.five_towers.render import COLOURS

    table = Table(title=title)
    for column in ("tower", "cards (bottom → top)", "capped", "points"):
        table.add_column(column)
    for name, row in result["towers"].items():
        table.add_row(f"[{COLOURS[name]}]{name}[/]", " ".join(map(str, row["cards"])),
                      "yes ×2" if row["capped"] else "no", str(row["points"]))
    table.add_row("tallest", result["tallest"] or "—", "", f"+{result['bonus']}")
    table.add_row("torn down", f"{result['torn']} card(s)", "", str(result["penalty"]))
    table.add_row("[bold]total[/]", "", "", f"[bold]{result['total']}[/]")
    Console(highlight=False).print(table)
