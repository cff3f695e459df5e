"""The terminal picture of Budowa Zamku, drawn from a seat's view only (so it cannot
show more than the view allows).

>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=1)
>>> "castles" in draw(state.view(0))
True
"""
from __future__ import annotations

from typing import Any

from towerplay.games.castle.cards import COLUMNS, ROWS

MARKS = {"king": ("K", "bold yellow"), "queen": ("Q", "bold magenta"),
         "wizard": ("W", "bold blue"), "knight": ("k", "cyan"), "princess": ("p", "pink1")}
SEAT_COLOURS = ("red", "green", "blue", "yellow")


def _mark(card: int, view: dict[str, Any]) -> str:
    figures = view.get("figures", {}).get(str(card), [])
    return "".join(f"[{style}]{letter}[/]" for name in figures
                   for letter, style in [MARKS[name]])


def _cell(pos: str, view: dict[str, Any]) -> str:
    value = view["table"].get(pos)
    revealed = view["revealed"]
    if value is None:
        return "[dim] · [/]"
    if revealed and revealed["pos"] == pos:
        return f"[bold black on yellow]{value:>3}[/]"
    if value == "?":
        return "[grey50]▒▒▒[/]"
    figures = view.get("figures", {}).get(str(value), [])
    text = f"{value:>2}{MARKS[figures[0]][0] if figures else ' '}"
    return f"[cyan]{text}[/]"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _castle_line(seat: int, castle: list[int], view: dict[str, Any]) -> str:
    you = " (you)" if view["seat"] == seat else ""
    turn = "▶ " if view["to_move"] == seat else "  "
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    cards = " ".join(f"{card}{_mark(card, view)}" for card in castle)
    extra = f"  {_count(len(castle), 'element')}"
    if "points" in view:
        extra += f", {_count(view['points'][seat], 'point')}"
        if view["wizard_used"][seat]:
            extra += ", Wizard used"
    return f"{turn}[{colour}]seat {seat}{you}[/]: {cards}[dim]{extra}[/]"


def _end_lines(view: dict[str, Any]) -> list[str]:
    """The winners and each seat's score, part by part (zero parts left out)."""
    winners = view["winners"]
    names = ", ".join(f"seat {w}" for w in winners)
    unit = "points" if view["variant"] == "characters" else "elements"
    lines = [f"[bold green]game over — winner{'s' if len(winners) > 1 else ''}: {names}[/]"]
    for seat, parts in enumerate(view["breakdown"]):
        shown = " + ".join(f"{label} {points}" for label, points in parts if points)
        star = " ★" if seat in winners else ""
        lines.append(f"  seat {seat}: {shown or '0'} = [bold]{view['scores'][seat]}[/] "
                     f"{unit}{star}")
    return lines


def draw(view: dict[str, Any]) -> str:
    """Draw a view of :meth:`CastleState.view` as rich markup."""
    variant = "character variant" if view["variant"] == "characters" else "base game"
    lines = [f"[bold]Budowa Zamku[/] — {variant}, memory {view['memory']}, "
             f"turn {view['turn']}"]
    lines.append("     " + " ".join(f"{c:^3}" for c in range(1, COLUMNS + 1)))
    for row in ROWS:
        cells = " ".join(_cell(f"{row}{c}", view) for c in range(1, COLUMNS + 1))
        lines.append(f"  {row}  {cells}")
    legend = "▒▒▒ face down"
    if view["memory"] == "open":
        legend += ", a [cyan]number[/] was seen and put back there"
    else:
        legend += " (memory hidden: remember what you saw!)"
    lines.append(f"[dim]{legend}; {view['face_down']} face down[/]")
    if view["face_down"] == 1 and view["end"] == "last_revealed" and not view["revealed"]:
        lines.append("[bold]one card left: the game ends once it is revealed[/]")
    if view["revealed"]:
        card = view["revealed"]["card"]
        lines.append(f"revealed at {view['revealed']['pos']}: [bold]{card}[/]"
                     f"{_mark(card, view)}")
    lines.append("[bold]castles[/]")
    for seat, castle in enumerate(view["castles"]):
        lines.append("  " + _castle_line(seat, castle, view))
    if view["recent"]:
        shown = "; ".join(f"seat {r['seat']} {r['pos']}: {r['card'] or '?'} {r['result']}"
                          for r in view["recent"])
        lines.append(f"[dim]last round: {shown}[/]")
    if "removed" in view:
        lines.append(f"[dim]removed: {' '.join(map(str, view['removed'])) or '-'}[/]")
    else:
        lines.append(f"[dim]removed: {_count(view['removed_count'], 'card')}[/]")
    if view["is_over"]:
        lines += _end_lines(view)
    elif view["idle_turns"]:
        lines.append(f"[dim]turns without a card built or removed: {view['idle_turns']} "
                     f"(the game stops at {view['stall_limit']})[/]")
    if view.get("provisional"):
        lines.append("[dim]characters: PROVISIONAL composition (option cards=PATH)[/]")
    return "\n".join(lines)


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
