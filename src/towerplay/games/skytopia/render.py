"""The terminal picture of a Skytopia position (rich markup), drawn from a seat's view: the
Chronometer with its costs, the Market with its golems, every city's Towers, coins and PP,
and the pending decision.

Symbols: ``✱`` marks the build value of the Chronometer (a golem showing it completes its
card now); ``seat 1:5 (2 rd)`` is seat 1's golem showing 5, two rounds from completing;
``⚙`` introduces the golems on a card; ``g1: 2 (4c, 2rd)`` offers a golem on g1 showing 2 for
4 coins, completing in 2 rounds.

>>> from towerplay import games
>>> view = games.load("skytopia").start(players=2, seed=1).view(0)
>>> "Chronometer" in draw(view) and "seat 0 (you)" in draw(view)
True
"""
from __future__ import annotations

from typing import Any

from rich.markup import escape

from towerplay.games.skytopia.components import COLOURS

STYLE = {"blue": "bold blue", "gold": "bold yellow", "red": "bold dark_orange",
         "purple": "bold magenta"}
SEAT_STYLE = ("cyan", "green", "red", "white")
GOLEMS = 5


def _seat(p: int, seat: int | None) -> str:
    you = " (you)" if p == seat else ""
    return f"[{SEAT_STYLE[p % 4]}]seat {p}{you}[/]"


def _card(view: dict[str, Any], ident: str) -> str:
    card = view["cards"][ident]
    crest = card["crest"] or "-"
    return (f"[{STYLE[card['colour']]}]{escape(ident)}[/] ({escape(crest)}) "
            f"{escape(card['name'])}")


def _when(rounds: int) -> str:
    return "done now" if rounds == 0 else f"{rounds} rd"


def chronometer(view: dict[str, Any]) -> list[str]:
    """The dial from the build symbol: value, cost in coins, rounds to complete."""
    values, costs, rounds = ["value "], ["cost  "], ["rounds"]
    for distance, value in enumerate(view["chronometer"]):
        cost = view["costs"][str(value)]
        values.append(f"{value:>4}")
        costs.append("   ✱" if cost is None else f"{cost:>4}")
        rounds.append("   -" if distance == 0 else f"{distance:>4}")
    return ["[bold]Chronometer[/] (✱ = build value, cost in coins, rounds to complete)",
            "  " + "".join(values), "  " + "".join(costs), "  " + "".join(rounds)]


def market(view: dict[str, Any], seat: int | None) -> list[str]:
    sizes = ", ".join(f"{COLOURS[i]} {n}" for i, n in enumerate(view["deck_sizes"]))
    lines = [f"[bold]Market[/] (cards left in the decks: {sizes})"]
    for name, slot in view["market"].items():
        text = _card(view, slot["card"]) if slot["card"] else "[dim](empty)[/]"
        golems = ", ".join(f"[{SEAT_STYLE[owner % 4]}]seat {owner}[/]:{value}"
                           f"[dim]({_when(rounds)})[/]"
                           for (owner, value), rounds in zip(slot["golems"], slot["rounds"]))
        lines.append(f"  {name}  {text}" + (f"  ⚙ {golems}" if golems else ""))
    return lines


def cities(view: dict[str, Any], seat: int | None) -> list[str]:
    lines = []
    for p, city in enumerate(view["cities"]):
        ability = "-" if city["ability"] is None else \
            escape(f"{city['ability']}: {city['ability_text']}")
        lines.append(f"{_seat(p, seat)}: {city['coins']} coins · {city['pp']} PP · "
                     f"{city['golems_on_board']}/{GOLEMS} golems on board · ability {ability}")
        for colour, tower in city["towers"].items():
            cards = " | ".join(_card(view, ident) for ident in tower) or "[dim]-[/]"
            lines.append(f"    [{STYLE[colour]}]{colour:>6}[/]: Foundation | {cards}")
    return lines


def placements(view: dict[str, Any]) -> list[str]:
    """The seat to move's placement choices, card by card: value (cost, rounds)."""
    chosen: dict[str, list[int]] = {}
    for action in view.get("legal", []):
        if action.startswith("place "):
            name, value = action[6:].split(":")
            chosen.setdefault(name, []).append(int(value))
    if not chosen:
        return []
    rounds = {value: distance for distance, value in enumerate(view["chronometer"])}
    lines = ["[bold]Your placements[/] (value: coins, rounds to complete)"]
    for name, values in chosen.items():
        lines.append(f"  {name}: " + "  ".join(
            f"{v} ({view['costs'][str(v)]}c, {rounds[v]}rd)" for v in values))
    return lines


def abilities(view: dict[str, Any]) -> list[str]:
    """What each Ability tile and side does, while tiles or sides are being chosen."""
    tiles = view.get("ability_tiles")
    if not tiles:
        return []
    mover = view["to_move"]
    if view["phase"] == "ability draft":
        title = "[bold]Ability tiles to draft[/] (the tile's colour, side A, side B)"
        shown = [(f"draft t{list(tiles).index(t) + 1}", t) for t in view["draft_pool"] or []]
    else:  # the side choice: the tile of the seat choosing
        title = f"[bold]Sides of seat {mover}'s Ability tile[/]"
        tile = view["cities"][mover]["ability"][:-1] if mover is not None else None
        shown = [("tile", tile)] if tile in tiles else []
    lines = [title]
    for label, ident in shown:
        tile = tiles[ident]
        lines += [f"  {label}: {escape(ident)} ([{STYLE[tile['colour']]}]{tile['colour']}[/])",
                  f"      side a: {escape(tile['A'])}", f"      side b: {escape(tile['B'])}"]
    return lines


def breakdown(view: dict[str, Any]) -> list[str]:
    """The end screen: every seat's final score by source."""
    lines = ["[bold]Final scores by source[/]"]
    seat = view["seat"]
    for p, parts in enumerate(view.get("breakdown", [])):
        text = " + ".join(f"{escape(label)} {points}" for label, points in parts)
        lines.append(f"  {_seat(p, seat)}: {text} = [bold]{view['scores'][p]}[/]")
    return lines


def draw(view: dict[str, Any]) -> str:
    """Everything the view shows; the face-down decks show only their sizes."""
    seat = view["seat"]
    mover = "" if view["is_over"] else f" · {_seat(view['to_move'], seat)} to move"
    final = f" (final round {view['final_round']})" if view["final_round"] else ""
    lines = [f"[bold]Skytopia[/] · round {view['round']}{final} · first player "
             f"{_seat(view['first_player'], seat)} · {view['phase']}{mover}"]
    if view["provisional"]:
        lines.append("[dim]component data: PROVISIONAL (a reconstruction, not the printed "
                     "cards; see 'towerplay rules skytopia')[/]")
    lines += chronometer(view)
    lines += market(view, seat)
    lines.append("[bold]Guild Masters[/]:")
    lines += [f"  {escape(text)}" for text in view["guild_texts"]]
    lines.append("[bold]Foundations[/] (bottom of every Tower, crest in brackets): "
                 + "; ".join(
        escape(name.replace(" Foundation:", f" ({crest}):"))
        for name, crest in zip(view["foundations"], view["foundation_crests"])))
    lines += cities(view, seat)
    if view["pending"]:
        lines.append(f"[bold]Now[/]: {escape(view['pending']['effect'])}")
    if view["completed"]:
        lines.append("[bold]Completed, to stack[/]: "
                     + ", ".join(_card(view, ident) for ident in view["completed"]))
    lines += abilities(view)
    lines += placements(view)
    if view["is_over"]:
        lines += breakdown(view)
        lines.append("[bold]Final scores[/]: " + ", ".join(
            f"{_seat(p, seat)} {score:g}" for p, score in enumerate(view["scores"]))
            + f" · winners: {', '.join(f'seat {w}' for w in view['winners'])}")
    return "\n".join(lines)


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
