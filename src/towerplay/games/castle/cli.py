"""``towerplay score castle``: score the castles of a game played at the table.

One argument per seat, the wall cards of that seat's castle from left to right (the start
tile 1 may be given or left out)::

    towerplay score castle "2 5 9 17 26 30" "3 8 12 40" [--variant characters] [--json]

Seats are counted from 1 in the order of the arguments on screen, from 0 in the JSON
output (as records count them). Texts are in the environment's language (LC_ALL, LANG).
"""
from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Seat, Seq
from towerplay.games.castle.cards import (
    KING,
    QUEEN,
    WIZARD_FLAG,
    Characters,
    default_characters,
    load_characters,
)
from towerplay.games.castle.scoring import (
    base_winners,
    check_castles,
    points_breakdown,
    variant_winners,
)
from towerplay.games.summaries import default_language
from towerplay.i18n import english, translator


def parse_castle(text: str, seat: int) -> list[int]:
    """``"2 5 9"`` (or ``"1,2,5,9"``) as a castle with its start tile.

    >>> parse_castle("2 5 9", 0), parse_castle("1, 2, 5", 1), parse_castle("", 2)
    ([1, 2, 5, 9], [1, 2, 5], [1])
    """
    words = text.replace(",", " ").split()
    if not all(w.isascii() and w.isdigit() for w in words):  # int() takes '١٧', '+3'
        raise InvalidOptions(Event.of("castle.score_numbers", seat=Seat(seat),
                                      got=repr(text)[:60]))
    cards = [int(w) for w in words]
    return cards if cards[:1] == [1] else [1, *cards]


def score_table(texts: list[str], variant: str = "base", cards: str | None = None,
                pair_cards: bool = False) -> dict[str, Any]:
    """The scoring of a table game as JSON-ready data; :class:`InvalidOptions` if the
    castles are impossible.

    >>> score_table(["2 5 9", "3 8"])["winners"]
    [0]
    >>> score_table(["2 5", "5 9"])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: impossible castles: card 5 is in the castles of seat 1
    and seat 2: each number exists once
    """
    return scored(texts, variant, cards, pair_cards)[0]


def scored(texts: list[str], variant: str = "base", cards: str | None = None,
           pair_cards: bool = False) -> tuple[dict[str, Any], Event]:
    """:func:`score_table`'s data and why its winners won (to be worded)."""
    if variant not in ("base", "characters"):
        raise InvalidOptions(Event.of("castle.score_variant", got=repr(variant)[:40]))
    if not 2 <= len(texts) <= 4:
        raise InvalidOptions(Event.of("castle.score_seats", got=len(texts)))
    castles = [parse_castle(text, seat) for seat, text in enumerate(texts)]
    deck = default_characters() if cards is None else load_characters(cards)
    try:
        check_castles(castles)
    except InvalidOptions as error:
        raise InvalidOptions(Event.of("castle.score_impossible", problem=error.event)) \
            from None
    rows: list[dict[str, Any]] = []
    if variant == "base":
        winners = base_winners(castles)
        totals = [len(c) for c in castles]
        for seat, castle in enumerate(castles):
            rows.append({"seat": seat, "castle": castle, "elements": len(castle),
                         "last": castle[-1], "total": len(castle)})
        reason = _base_reason(castles, winners)
        result: dict[str, Any] = {}
    else:
        winners = variant_winners(castles, deck, pair_cards)
        totals = []
        for seat, castle in enumerate(castles):
            parts = points_breakdown(castle, deck, pair_cards)
            totals.append(parts["total"])
            rows.append({"seat": seat, "castle": castle, "elements": len(castle),
                         "last": castle[-1], **parts})
        reason = _variant_reason(castles, totals, winners, deck)
        result = {"cards_file": deck.source, "provisional": deck.provisional,
                  "pair_cards": pair_cards}
    return {"game": "castle", "variant": variant, "total": totals, "seats": rows,
            "winners": winners, "reason": english(reason), **result}, reason


def _base_reason(castles: list[list[int]], winners: list[int]) -> Event:
    sizes = [len(c) for c in castles]
    best = max(sizes)
    if len(winners) > 1:
        return Event.of("castle.score_draw_tiles")
    if sizes.count(best) > 1:
        return Event.of("castle.score_tie_highest", n=best, card=castles[winners[0]][-1])
    return Event.of("castle.score_largest", n=best)


def _variant_reason(castles: list[list[int]], totals: list[int], winners: list[int],
                    deck: Characters) -> Event:
    best = max(totals)
    if totals.count(best) == 1:
        return Event.of("castle.score_most_points", n=best)
    if len(winners) > 1:
        return Event.of("castle.score_draw_points", n=best)
    for name, bit in (("king", KING), ("queen", QUEEN), ("wizard", WIZARD_FLAG)):
        if any(deck.flags[c] & bit for c in castles[winners[0]][1:]):
            return Event.of(f"castle.score_tie_{name}", n=best)
    return Event.of("castle.score_tie", n=best)  # pragma: no cover - one of them is held


def score_command(
    castles: list[str] = typer.Argument(
        ..., help="one argument per seat (the first seat first): the wall cards of that castle, "
                  "left to right, e.g. \"2 5 9 17 26 30\""),
    variant: str = typer.Option("base", "--variant",
                                help="base (most elements) or characters (points)"),
    cards: str | None = typer.Option(  # noqa: UP007 - typer needs Optional here
        None, "--cards", help="character composition file (TOML/JSON) for --variant "
                              "characters; default: the shipped PROVISIONAL one"),
    pair_cards: bool = typer.Option(
        False, "--pair-cards", help="a card showing a knight and a princess is one pair "
                                    "card worth 1 point (default: pairs are collected)"),
    json_out: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Score a Budowa Zamku game played at the table (one castle per seat)."""
    data, reason = scored(castles, variant, cards, pair_cards)
    console = Console(highlight=False)
    if json_out:
        typer.echo(json.dumps(data))
        return
    tr = translator("castle", default_language())
    table = Table(title=tr(f"castle.score_title_{variant}"))
    table.add_column(tr("castle.score_column_seat"))
    table.add_column(tr("castle.score_column_castle"))
    table.add_column(tr("castle.score_column_elements"), justify="right")
    if variant == "characters":
        for name in ("cards", "king", "queen", "knights", "princesses", "pairs"):
            table.add_column(tr(f"castle.score_column_{name}"), justify="right")
    table.add_column(tr("castle.score_column_total"), justify="right", style="bold")
    for row in data["seats"]:
        cells = [str(row["seat"] + 1), " ".join(map(str, row["castle"])),
                 str(row["elements"])]
        if variant == "characters":
            cells += [str(row[k]) for k in ("cards", "king", "queen", "knights",
                                             "princesses", "pairs")]
        mark = " ★" if row["seat"] in data["winners"] else ""
        table.add_row(*cells, f"{row['total']}{mark}")
    console.print(table)
    names = Seq(tuple(Event.of("cli.seat", n=Seat(w)) for w in data["winners"]))
    console.print(f"[bold green]{escape(tr('castle.score_winners', count=len(names.items)))}"
                  f"[/] {escape(tr.param(names))} — {escape(tr.event(reason))}")
    if variant == "characters" and data["provisional"]:
        console.print(f"[yellow]{escape(tr('castle.score_note'))}[/] "
                      f"{escape(tr('castle.score_provisional'))}")
