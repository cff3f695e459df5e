"""``towerplay score skytopia``: the final tally of one city of a table game.

Example (the rulebook's, Magda, 72 PP)::

    towerplay score skytopia --track 45 --guild mechanics --guild builders \\
        --guild merchants --tower blue=1 --tower gold=3 --tower purple=1 \\
        --crests gold=2 --labs 1 --coins 22 --golems 2
"""
from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Param, Term
from towerplay.games.skytopia.components import COLOURS, Components, load_components
from towerplay.games.skytopia.effects import GOLEMS
from towerplay.games.skytopia.scoring import final_tally, guild_index
from towerplay.games.summaries import default_language
from towerplay.i18n import translator


def _pairs(option: str, items: list[str], upper: dict[str, int],
           lower: dict[str, int] | None = None) -> dict[str, int]:
    """Parse ``colour=N`` items; N must lie in ``lower[colour]..upper[colour]``."""
    out: dict[str, int] = {}
    for item in items:
        colour, eq, number = item.partition("=")
        colour = colour.strip().lower()
        if not eq or colour not in COLOURS:
            raise refused("pair_form", option=option, colours=", ".join(COLOURS),
                          got=repr(item)[:40])
        if colour in out:
            raise refused("pair_twice", option=option, colour=Term(colour))
        try:
            n = int(number)
        except ValueError:
            raise refused("pair_whole", option=option, colour=Term(colour),
                          got=repr(number)[:40]) from None
        low = (lower or {}).get(colour, 0)
        if not low <= n <= upper[colour]:
            raise refused("pair_range", option=option, colour=Term(colour), n=n, low=low,
                          high=upper[colour])
        out[colour] = n
    return out


def tally_city(comp: Components, track: int, guilds: list[str], towers: list[str],
               crests: list[str], labs: int, coins: int, golems: int) -> dict[str, Any]:
    """Validate a table game's numbers and score them; :class:`InvalidOptions` if impossible."""
    for name, value in (("--track", track), ("--labs", labs), ("--coins", coins),
                        ("--golems", golems)):
        if value < 0:
            raise refused("negative", option=name, got=value)
    if golems > GOLEMS:
        raise refused("golems", most=GOLEMS, got=golems)
    indices = [guild_index(comp, g.strip().lower()) for g in guilds]
    if len(set(indices)) != len(indices):
        raise refused("guild_twice")
    stacks = [comp.guilds[i].stack for i in indices]
    if len(set(stacks)) != len(stacks):
        raise refused("guild_stack")
    deck = {col: sum(card.colour == i for card in comp.cards[:comp.n_cards])
            for i, col in enumerate(COLOURS)}
    cards = _pairs("--tower", towers, deck)
    kinds = len(comp.crests)
    # every card and every Foundation shows a crest: a Tower has 1 kind (its Foundation's)
    # up to one more per card
    crest_upper = {col: min(kinds, cards.get(col, 0) + 1) for col in COLOURS}
    crest_lower = dict.fromkeys(COLOURS, 1)
    crest_counts = _pairs("--crests", crests, crest_upper, crest_lower)
    for col in COLOURS:  # a bare Foundation: its one crest, nothing to ask
        if not cards.get(col, 0):
            crest_counts.setdefault(col, 1)
    for i, col in enumerate(COLOURS):
        if col not in crest_counts and cards.get(col, 0) and any(
                comp.guilds[g].kind == "crest_types" and comp.guilds[g].tower == i
                for g in indices):
            raise refused("crests_needed", colour=Term(col), typed=col)
    lab_pp = max((card.endgame for card in comp.cards), default=0)
    lab_cards = sum(card.endgame > 0 for card in comp.cards)
    purple = cards.get("purple", 0)
    if labs > min(purple, lab_cards):
        raise refused("labs", labs=labs, purple=purple, cards=lab_cards)
    return final_tally(comp, indices, track, [cards.get(c, 0) for c in COLOURS],
                       [crest_counts.get(c, 0) for c in COLOURS], labs * lab_pp, coins,
                       golems)


def score_command(
    track: int = typer.Option(0, "--track", help="PP on the score track (add 50 per flip)"),
    guild: list[str] = typer.Option([], "--guild", help="a Guild Master in play (repeat; "
                                    "e.g. mechanics, builders, merchants)"),
    tower: list[str] = typer.Option([], "--tower", help="COLOUR=N: Tower cards in that "
                                    "Tower, Foundation not counted (repeat)"),
    crests: list[str] = typer.Option([], "--crests", help="COLOUR=K: different crests in "
                                     "that Tower, the Foundation's included (repeat)"),
    labs: int = typer.Option(0, "--labs", help="Laboratory cards in your city"),
    coins: int = typer.Option(0, "--coins", help="coins you hold"),
    golems: int = typer.Option(0, "--golems", help="your golems still on Market cards"),
    components: str | None = typer.Option(None, "--components",  # noqa: UP007
                                             help="a components file (default: shipped)"),
    json_out: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Score one Skytopia city at the end of a table game."""
    comp = load_components(components)
    result = tally_city(comp, track, guild, tower, crests, labs, coins, golems)
    if json_out:
        typer.echo(json.dumps(result))
        return
    tr = translator("skytopia", default_language())
    names = {guild.ident: guild.name for guild in comp.guilds}
    table = Table(title=tr("skytopia.score_title"), show_header=False)
    table.add_row(tr("skytopia.score_track"), str(result["track"]))
    for ident, points in result["guilds"].items():
        table.add_row(escape(tr("skytopia.score_guild_row", guild=tr.term(names[ident]))),
                      str(points))
    table.add_row(tr("skytopia.score_labs_row"), str(result["laboratories"]))
    table.add_row(tr("skytopia.score_coins", coins=coins), str(result["coins"]))
    table.add_row(tr("skytopia.score_golems_row"), str(result["golems"]))
    table.add_row(f"[bold]{tr('skytopia.score_total')}[/]", f"[bold]{result['total']}[/]")
    Console(highlight=False).print(table)


def refused(key: str, /, **params: Param) -> InvalidOptions:
    """The scoring assistant's refusal ``skytopia.score_<key>`` (worded by the catalogues
    in the reader's language)."""
    return InvalidOptions(Event.of(f"skytopia.score_{key}", **params))
