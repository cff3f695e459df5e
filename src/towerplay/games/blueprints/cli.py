"""``towerplay score blueprints``: the table-top scoring assistant for one building."""
from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from towerplay.games.blueprints.cards import blueprint_text, parse_blueprint
from towerplay.games.blueprints.scoring import (PRIZE_TITLES, breakdown, building_text,
                                                check_building, parse_building,
                                                prize_magnitudes)


def score_building(blueprint: str, building: str,
                   wood_only_counts_wood: bool = False) -> dict[str, object]:
    """The breakdown of one building on one blueprint, with the Prizes it qualifies for.

    Raises InvalidOptions (with the reason) for an impossible blueprint or building.

    >>> score_building("X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , .")["total"]
    27
    """
    layout = parse_blueprint(blueprint)
    stacks = parse_building(building)
    check_building(stacks, layout)
    result: dict[str, object] = dict(breakdown(stacks, layout, wood_only_counts_wood))
    result["prizes"] = [p for p, m in prize_magnitudes(stacks).items() if m]
    result["blueprint"] = blueprint_text(layout)
    result["building"] = building_text(stacks)
    return result


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
    table = Table(title=f"Building on {result['blueprint']}")
    table.add_column("part")
    table.add_column("points", justify="right")
    names = {"bonus": "blueprint bonus", "wood": "[dark_orange]wood[/]",
             "recycled": "[green]recycled[/]", "stone": "[grey50]stone[/]",
             "glass": "[bright_cyan]glass[/]"}
    for key, label in names.items():
        table.add_row(label, str(result[key]))
    table.add_row("[bold]total[/]", f"[bold]{result['total']}[/]")
    console = Console(highlight=False)
    console.print(table)
    prizes: list[str] = result["prizes"]  # type: ignore[assignment]
    console.print("qualifies for: " + (", ".join(PRIZE_TITLES[p] for p in prizes)
                                       if prizes else "no Prize"))
