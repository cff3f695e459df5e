"""``towerplay score blueprints``: the table-top scoring assistant for one building."""
from __future__ import annotations

import json
from typing import TypedDict

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from towerplay.core.events import Event, Seq, Term
from towerplay.games.blueprints.cards import blueprint_text, parse_blueprint
from towerplay.games.blueprints.scoring import (
    breakdown,
    building_text,
    check_building,
    parse_building,
    prize_magnitudes,
)
from towerplay.games.summaries import default_language
from towerplay.i18n import translator


class BuildingScore(TypedDict):
    """One building's round points by part, the Prizes it qualifies for, and its notation."""

    bonus: int
    wood: int
    recycled: int
    stone: int
    glass: int
    total: int
    prizes: list[str]
    blueprint: str
    building: str


def score_building(blueprint: str, building: str,
                   wood_only_counts_wood: bool = False) -> BuildingScore:
    """The breakdown of one building on one blueprint, with the Prizes it qualifies for.

    Raises InvalidOptions (with the reason) for an impossible blueprint or building.

    >>> score_building("X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , .")["total"]
    27
    """
    layout = parse_blueprint(blueprint)
    stacks = parse_building(building)
    check_building(stacks, layout)
    parts = breakdown(stacks, layout, wood_only_counts_wood)
    return BuildingScore(bonus=parts["bonus"], wood=parts["wood"], recycled=parts["recycled"],
                         stone=parts["stone"], glass=parts["glass"], total=parts["total"],
                         prizes=[p for p, m in prize_magnitudes(stacks).items() if m],
                         blueprint=blueprint_text(layout), building=building_text(stacks))


def score_command(
    blueprint: str = typer.Option(..., "--blueprint", help="the card, e.g. 'X1 31 1X'"),
    building: str = typer.Option(..., "--building",
                                 help="row by row, e.g. '. , W3 / G5+R5+S6 , W4 / R1 , .'"),
    wood_only_counts_wood: bool = typer.Option(False, "--wood-only-counts-wood",
                                               help="house rule: wood counts wood only"),
    json_out: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Score a finished Blueprints building: the bonus and each material, and its Prizes."""
    result = score_building(blueprint, building, wood_only_counts_wood)
    if json_out:
        print(json.dumps(result))
        return
    tr = translator("blueprints", default_language())
    table = Table(title=tr("blueprints.score_title", blueprint=result["blueprint"]))
    table.add_column(tr("blueprints.score_part"))
    table.add_column(tr("blueprints.score_points"), justify="right")
    rows = ((tr("blueprints.score_bonus"), result["bonus"]),
            (f"[dark_orange]{tr.term('wood')}[/]", result["wood"]),
            (f"[green]{tr.term('recycled')}[/]", result["recycled"]),
            (f"[grey50]{tr.term('stone')}[/]", result["stone"]),
            (f"[bright_cyan]{tr.term('glass')}[/]", result["glass"]))
    for label, points in rows:
        table.add_row(label, str(points))
    table.add_row(f"[bold]{tr('blueprints.score_total')}[/]", f"[bold]{result['total']}[/]")
    console = Console(highlight=False)
    console.print(table)
    prizes = Seq(tuple(Term(p) for p in result["prizes"]),
                 empty=Event.of("blueprints.score_no_prize"))
    console.print(escape(tr.event(Event.of("blueprints.score_prizes", prizes=prizes))))
