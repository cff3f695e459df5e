"""The terminal picture of a Blueprints position (rich markup), drawn from the seat's view.

Everything comes from ``state.view(seat)``, so the picture can show nothing the seat may
not know.

>>> from towerplay import games
>>> view = games.load("blueprints").start(players=2, seed=1).view(0)
>>> "Your blueprint" in draw(view) and "Pool" in draw(view)
True
"""
from __future__ import annotations

from typing import Any

from towerplay.games.blueprints.dice import MATERIAL_NAMES, MATERIALS
from towerplay.games.blueprints.scoring import PRIZE_TITLES

STYLE = {"W": "dark_orange", "R": "green", "S": "bold grey58", "G": "bright_cyan"}
NAMES = dict(zip(MATERIALS, MATERIAL_NAMES))
CELL_WIDTH = 22


def paint(material: str, text: str) -> str:
    """``text`` in the colour of ``material`` (a letter W, R, S or G)."""
    return f"[{STYLE[material]}]{text}[/]"


def die(text: str) -> str:
    """A die in its material's colour, e.g. ``[green]R5[/]``."""
    return paint(text[0], text)


def dice(texts: list[str]) -> str:
    """Dice in their colours, separated by spaces (``-`` for none)."""
    return " ".join(die(t) for t in texts) if texts else "-"


def grid(blueprint: str, building: str) -> list[str]:
    """The blueprint and building as a 3×2 grid of stacks: ``[target] dice bottom→top``."""
    heights = "".join(blueprint.split())
    rows = [row.split(",") for row in building.split("/")]
    lines = [" " * 7 + "column 1".ljust(CELL_WIDTH) + "column 2"]
    for r in range(3):
        cells = []
        for c in range(2):
            target = heights[r * 2 + c]
            stack = rows[r][c].strip()
            if target == "X":
                plain, marked = "////", "[dim]////[/]"
            else:
                parts = [] if stack == "." else stack.split("+")
                plain = f"[{target}] " + " ".join(parts)
                marked = f"\\[{target}] " + " ".join(die(p) for p in parts)
            cells.append(marked + " " * max(CELL_WIDTH - len(plain), 1))
        lines.append(f"row {r + 1}  " + "".join(cells).rstrip())
    return lines


def _cards(cards: list[str] | None) -> str:
    """The Award and Prize cards a seat won, by name."""
    if cards is None:
        return "cards hidden"
    names = [PRIZE_TITLES.get(c, c.capitalize()) for c in cards]
    return ", ".join(names) if names else "no cards yet"


def draw(view: dict[str, Any]) -> str:
    """The whole situation as the view's seat sees it (``None``: a spectator)."""
    seat = view["seat"]
    who = "spectator" if seat is None else f"seat {seat}"
    if view["is_over"]:
        status = f"game over · winners: {', '.join(f'seat {w}' for w in view['winners'])}"
    else:
        status = (f"round {view['round']}/3 · seat {view['to_move']} to {view['step']}"
                  f" · first player: seat {view['first_player']}")
    first, second = view["demand"]
    bag = " ".join(f"{paint(m, m)} {n}" for m, n in view["bag"].items())
    lines = [f"[bold]Blueprints[/] ({who}) · {status}",
             f"In-Demand: 1st {paint(first, NAMES[first])}, "
             f"2nd {paint(second, NAMES[second])} · bag: {bag}",
             f"Pool: {dice(view['pool'])}"]
    if view["discards"]:
        lines.append(f"Discarded: {dice(view['discards'])}")
    if view["hand"] and not view["is_over"]:
        lines.append(f"Seat {view['to_move']} holds {die(view['hand'])} (to place)")
    lines.append("")
    for s, info in enumerate(view["seats"]):
        vp = "?" if info["vp"] is None else f"{info['vp']:g}"
        mark = " [bold](you)[/]" if s == seat else ""
        lines.append(f"seat {s}{mark}: took {dice(info['taken'])} ({len(info['taken'])}/6)"
                     f" · VP {vp} ({_cards(info['cards'])})")
        if info["building"] is not None and (s == seat or view["is_over"]):
            title = "Your blueprint" if s == seat else f"Seat {s}'s blueprint"
            lines.append(f"  {title} {info['blueprint']} and building:")
            lines += ["  " + line for line in grid(info["blueprint"], info["building"])]
            if info["removed"]:
                lines.append(f"  removed: {dice(info['removed'])}")
    if view["results"]:
        last = view["results"][-1]
        lines += ["", f"Round {last['round']} scores:"]
        for s, result in enumerate(last["seats"]):
            score = result["score"]
            award = last["awards"].get(str(s))
            prizes = [PRIZE_TITLES[p] for p, w in last["prizes"].items() if w == s]
            won = ", ".join(([award.capitalize()] if award else []) + prizes) or "-"
            lines.append(f"  seat {s}: {score['total']} (bonus {score['bonus']}, wood "
                         f"{score['wood']}, recycled {score['recycled']}, stone "
                         f"{score['stone']}, glass {score['glass']}) on {result['blueprint']}:"
                         f" {result['building']} · won {won}")
    if view["is_over"] and "breakdown" in view:
        lines += final_scores(view["breakdown"], view["scores"])
    return "\n".join(lines)


def final_scores(breakdown: list[list[list[Any]]], scores: list[int]) -> list[str]:
    """The end screen's score sheet: each seat's VP, card by card, round by round."""
    lines = ["", "[bold]Final score[/] (VP; the building points only decide the Awards):"]
    for seat, parts in enumerate(breakdown):
        lines.append(f"  seat {seat}: [bold]{scores[seat]:g} VP[/]")
        width = max((len(label) for label, _ in parts), default=0)
        lines += [f"    {label.ljust(width)} {points:>2}" for label, points in parts]
    return lines


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
