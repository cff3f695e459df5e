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
from itertools import pairwise
from typing import Any

import typer

from towerplay.core import InvalidOptions
from towerplay.core.events import Event, Param, Seat, Seq, Term
from towerplay.games.five_towers import rules, scoring
from towerplay.games.five_towers.cards import SUITS, copies_in_deck
from towerplay.games.summaries import default_language
from towerplay.i18n import Translator, translator, typed_choice


def parse_towers(texts: list[str], players: int | None = None) -> dict[str, tuple[int, ...]]:
    """``["candy: 15 12 9 0"]`` → ``{"candy": (15, 12, 9, 0)}``, refusing impossible towers.

    >>> parse_towers(["candy: 15 12 9 0", "sand 7,6"])
    {'candy': (15, 12, 9, 0), 'sand': (7, 6)}
    >>> parse_towers(["cukierkowa: 15 12 9 0", "Homok 7"])  # a suit in any of our languages
    {'candy': (15, 12, 9, 0), 'sand': (7,)}
    >>> parse_towers(["candy: 3 7"])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: candy tower 3 7: a 7 cannot go on a 3 (each card must
    be lower than the one below it, except on an 8 or for a 9)
    """
    towers: dict[str, tuple[int, ...]] = {}
    for text in texts:
        name, values = _parse_one(text)
        if name in towers:
            raise refused("twice", suit=Term(name))
        _check_tower(name, values, players)
        towers[name] = values
    return towers


def _parse_one(text: str) -> tuple[str, tuple[int, ...]]:
    words = text.replace(":", " ").replace(",", " ").split()
    if not words:
        raise refused("empty")
    name = typed_choice(words[0], SUITS, "five_towers", "term.{}")  # candy, cukierkowa…
    if name is None:
        raise refused("unknown_suit", got=repr(words[0]), text=repr(text),
                      known=Seq(tuple(Term(suit) for suit in SUITS)))
    values = []
    for word in words[1:]:
        if not (word.isascii() and word.isdigit()) or int(word) > 15:
            raise refused("not_value", suit=Term(name), got=repr(word))
        values.append(int(word))
    if not values:
        raise refused("no_cards", suit=Term(name))
    return name, tuple(values)


def _check_tower(name: str, values: tuple[int, ...], players: int | None) -> None:
    shown = " ".join(map(str, values))
    for below, above in pairwise(values):
        if below == 0:
            raise refused("on_top", suit=Term(name), tower=shown)
        if not rules.can_place(below, above):
            raise refused("cannot_place", suit=Term(name), tower=shown, above=above,
                          below=below)
    for value, count in Counter(values).items():
        if count > copies_in_deck(players, value):
            raise refused("copies", suit=Term(name), tower=shown, deck=deck_size(players),
                          copies=copies_in_deck(players, value), card=card(name, value))


def refused(key: str, /, **params: Param) -> InvalidOptions:
    """The scoring assistant's refusal ``five_towers.score_<key>`` (worded by the
    catalogues in the reader's language)."""
    return InvalidOptions(Event.of(f"five_towers.score_{key}", **params))


def card(suit: str, value: int) -> Event:
    """A card as the log names it (``candy9``)."""
    return Event.of("five_towers.card", suit=Term(suit), value=value)


def deck_size(players: int | None) -> int:
    """The cards of the deck a table of ``players`` uses (no count: the full deck)."""
    return 110 if players is None or players >= 4 else 80


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
                raise refused("torn_form", got=repr(part.strip()))
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
               for seat, (towers, count) in enumerate(zip(players_towers, torn, strict=True))]
    best = max(r["total"] for r in results)
    winners = [r["seat"] for r in results if r["total"] == best]
    return {"players": results, "winners": winners, "tie": len(winners) > 1,
            "tie_rule": TIE_RULE}


def _check_table(players_towers: list[dict[str, tuple[int, ...]]], torn: list[int],
                 players: int | None) -> None:
    """Refuse a table whose towers hold more copies of a card, or more cards with the
    torn-down ones, than the deck has."""
    size = deck_size(players)
    copies: Counter[tuple[str, int]] = Counter()
    for towers in players_towers:
        copies.update((name, v) for name, values in towers.items() for v in values)
    for (name, value), count in sorted(copies.items()):
        if count > copies_in_deck(players, value):
            raise refused("table_copies", held=count, card=card(name, value), deck=size,
                          copies=copies_in_deck(players, value))
    built = sum(len(t) for towers in players_towers for t in towers.values())
    if built + sum(torn) > size:
        raise refused("deck_size", built=built, torn=sum(torn), deck=size)


def _torn_counts(torn: list[int], inline: list[int | None], table: bool) -> list[int]:
    """Each player's tear-downs: ``--torn`` once per player in order, or ``torn N`` in the
    player's text, never both; 0 when neither is given."""
    for count in torn:
        if count is None or count < 0:
            raise refused("torn_negative", got=repr(count))
    if torn and len(torn) != len(inline):
        raise refused("torn_table" if table else "torn_player", count=len(torn),
                      n=len(inline))
    if torn and any(count is not None for count in inline):
        raise refused("torn_both")
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
        raise refused("players", got=players)
    if player:
        _score_table(player, list(torn or []), players, json_out)
        return
    if not towers and not torn:
        raise refused("nothing")
    counts = _torn_counts(list(torn or []), [None], table=False)
    parsed = parse_towers(list(towers or []), players)
    _check_table([parsed], counts, players)
    result = scoring.breakdown(parsed, counts[0])
    if json_out:
        print(json.dumps(result))
        return
    _print_player(words()("five_towers.score_title"), result)


def _score_table(texts: list[str], torn: list[int], players: int | None,
                 json_out: bool) -> None:
    """``--player`` given: score every seat, then name the winners."""
    if len(texts) > 5:
        raise refused("too_many", n=len(texts))
    if players is None and len(texts) >= 2:
        players = len(texts)
    if players is not None and players < len(texts):
        raise refused("fewer", players=players, n=len(texts))
    parsed = []
    for seat, text in enumerate(texts):
        try:
            parsed.append(parse_player(text, players))
        except InvalidOptions as problem:
            raise refused("seat", seat=Seat(seat), problem=problem.event) from None
    counts = _torn_counts(torn, [count for _, count in parsed], table=True)
    _check_table([towers for towers, _ in parsed], counts, players)
    table = score_table([towers for towers, _ in parsed], counts)
    if json_out:
        print(json.dumps(table))
        return
    tr = words()
    for result in table["players"]:
        _print_player(tr("seat_name", n=result["seat"] + 1), result)
    winners = table["winners"]
    best = table["players"][winners[0]]["total"]
    names = Seq(tuple(Event.of("cli.seat", n=Seat(w)) for w in winners),
                "and")
    print(tr.event(Event.of("five_towers.score_share" if table["tie"]
                            else "five_towers.score_wins", names=names, best=best)))


def _print_player(title: str, result: dict[str, Any]) -> None:
    """One player's breakdown as a table."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from towerplay.games.five_towers.render import COLOURS

    tr = words()
    table = Table(title=escape(title))
    for column in ("tower", "cards", "capped", "points"):
        table.add_column(tr(f"five_towers.score_column_{column}"))
    for name, row in result["towers"].items():
        table.add_row(f"[{COLOURS[name]}]{escape(tr.term(name))}[/]",
                      " ".join(map(str, row["cards"])),
                      tr("five_towers.score_capped" if row["capped"]
                         else "five_towers.score_not_capped"), str(row["points"]))
    tallest = result["tallest"]
    table.add_row(tr("five_towers.score_tallest"), tr.term(tallest) if tallest else "—", "",
                  f"+{result['bonus']}")
    table.add_row(tr("five_towers.score_torn"),
                  tr("five_towers.score_torn_cards", count=result["torn"]), "",
                  str(result["penalty"]))
    table.add_row(f"[bold]{tr('five_towers.score_total')}[/]", "", "",
                  f"[bold]{result['total']}[/]")
    Console(highlight=False).print(table)


def words() -> Translator:
    """The game's words in the environment's language (LC_ALL, LANG)."""
    return translator("five_towers", default_language())
