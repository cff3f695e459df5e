"""The terminal picture of Budowa Zamku, drawn from a seat's view only (so it cannot
show more than the view allows).

Every word comes from the ``castle`` catalogue in the translator's language (the web
board's keys where the board says the same thing, ``render.*`` for the terminal's own
lines); seats are numbered from 1, as people count.

>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=1)
>>> "castles" in draw(state.view(0))
True
>>> "zamki" in draw(state.view(0), Translator("castle", "pl"))
True
"""
from __future__ import annotations

from towerplay.games.castle.cards import COLUMNS, ROWS
from towerplay.games.castle.views import CastleView
from towerplay.i18n import Translator, seat_label

MARKS = {"king": ("K", "bold yellow"), "queen": ("Q", "bold magenta"),
         "wizard": ("W", "bold blue"), "knight": ("k", "cyan"), "princess": ("p", "pink1")}
SEAT_COLOURS = ("red", "green", "blue", "yellow")


def _mark(card: int, view: CastleView) -> str:
    figures = view.get("figures", {}).get(str(card), [])
    return "".join(f"[{style}]{letter}[/]" for name in figures
                   for letter, style in [MARKS[name]])


def _cell(pos: str, view: CastleView) -> str:
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



def _castle_line(seat: int, castle: list[int], view: CastleView, tr: Translator) -> str:
    turn = "▶ " if view["to_move"] == seat else "  "
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    cards = " ".join(f"{card}{_mark(card, view)}" for card in castle)
    extra = [tr("elements", count=len(castle))]
    if "points" in view:
        extra.append(tr("points", count=view["points"][seat]))
        if view["wizard_used"][seat]:
            extra.append(tr("wizard_used"))
    name = seat_label(view, seat, tr)
    return f"{turn}[{colour}]{name}[/]: {cards}[dim]  {', '.join(extra)}[/]"


def _end_lines(view: CastleView, tr: Translator) -> list[str]:
    """The winners and each seat's score, part by part (zero parts left out)."""
    winners = view["winners"]
    names = ", ".join(seat_label(view, w, tr) for w in winners)
    unit = "points" if view["variant"] == "characters" else "elements"
    lines = [f"[bold green]{tr('render.over', count=len(winners), names=names)}[/]"]
    for seat, parts in enumerate(view["breakdown"]):
        shown = " + ".join(f"{label} {points}" for label, points in parts if points)
        star = " ★" if seat in winners else ""
        total = tr(unit, count=view["scores"][seat]).replace(
            str(view["scores"][seat]), f"[bold]{view['scores'][seat]}[/]", 1)
        lines.append(f"  {seat_label(view, seat, tr)}: {shown or '0'} = {total}{star}")
    return lines


def _recent(view: CastleView, tr: Translator) -> str:
    """The moves of the last round: who revealed what where, and what became of it."""
    shown = "; ".join(tr("render.recent", who=tr("seat_name", n=r["seat"] + 1), pos=r["pos"],
                         card=r["card"] or "?", result=tr.term(r["result"]))
                      for r in view["recent"])
    return f"[dim]{tr('render.last_round', moves=shown)}[/]"


def draw(view: CastleView, tr: Translator | None = None) -> str:
    """Draw a view of :meth:`CastleState.view` as rich markup in ``tr``'s language."""
    tr = tr or Translator("castle", "en")
    variant = tr(f"variant.{'characters' if view['variant'] == 'characters' else 'base'}")
    head = tr("render.headline", variant=variant, memory=tr(f"memory.{view['memory']}"),
              turn=view["turn"])
    lines = [f"[bold]{head}[/]"]
    lines.append("     " + " ".join(f"{c:^3}" for c in range(1, COLUMNS + 1)))
    for row in ROWS:
        cells = " ".join(_cell(f"{row}{c}", view) for c in range(1, COLUMNS + 1))
        lines.append(f"  {row}  {cells}")
    legend = tr("render.legend." + view["memory"], n=view["face_down"])
    lines.append(f"[dim]{legend}[/]")
    if view["face_down"] == 1 and view["end"] == "last_revealed" and not view["revealed"]:
        lines.append(f"[bold]{tr('render.last_card')}[/]")
    if view["revealed"]:
        card = view["revealed"]["card"]
        lines.append(f"{tr('render.revealed', pos=view['revealed']['pos'])} "
                     f"[bold]{card}[/]{_mark(card, view)}")
    lines.append(f"[bold]{tr('render.castles')}[/]")
    for seat, castle in enumerate(view["castles"]):
        lines.append("  " + _castle_line(seat, castle, view, tr))
    if view["recent"]:
        lines.append(_recent(view, tr))
    if "removed" in view:
        cards = " ".join(map(str, view["removed"])) or "-"
        lines.append(f"[dim]{tr('render.removed', cards=cards)}[/]")
    else:
        lines.append(f"[dim]{tr('removed_count', count=view['removed_count'])}[/]")
    if view["is_over"]:
        lines += _end_lines(view, tr)
    elif view["idle_turns"]:
        idle = tr("render.idle", n=view["idle_turns"], limit=view["stall_limit"])
        lines.append(f"[dim]{idle}[/]")
    if view.get("provisional"):
        lines.append(f"[dim]{tr('render.provisional')}[/]")
    return "\n".join(lines)


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
