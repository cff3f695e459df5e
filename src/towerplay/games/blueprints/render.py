"""The terminal picture of a Blueprints position (rich markup), drawn from the seat's view.

Everything comes from ``state.view(seat)``, so the picture can show nothing the seat may
not know. Every word comes from the ``blueprints`` catalogue in the translator's language
(the web board's keys where the board says the same thing, ``render.*`` for the
terminal's own lines); dice keep the notation's material letters (W3), which the bag's
legend names; seats are numbered from 1, as people count.

>>> from towerplay import games
>>> view = games.load("blueprints").start(players=2, seed=1).view(0)
>>> "Your blueprint" in draw(view) and "Pool" in draw(view)
True
>>> "Twój Projekt" in draw(view, Translator("blueprints", "pl"))
True
"""
from __future__ import annotations

from towerplay.games.blueprints.dice import MATERIAL_NAMES, MATERIALS
from towerplay.games.blueprints.views import BlueprintsView
from towerplay.i18n import Translator, seat_label

STYLE = {"W": "dark_orange", "R": "green", "S": "bold grey58", "G": "bright_cyan"}
NAMES = dict(zip(MATERIALS, MATERIAL_NAMES, strict=True))
SCORE_PARTS = ("bonus", "wood", "recycled", "stone", "glass")
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



def grid(blueprint: str, building: str, tr: Translator) -> list[str]:
    """The blueprint and building as a 3×2 grid of stacks: ``[target] dice bottom→top``."""
    heights = "".join(blueprint.split())
    rows = [row.split(",") for row in building.split("/")]
    labels = [tr("render.row", n=r + 1) for r in range(3)]
    width = max(len(label) for label in labels) + 2
    lines = [" " * width + tr("render.column", n=1).ljust(CELL_WIDTH)
             + tr("render.column", n=2)]
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
        lines.append(labels[r].ljust(width) + "".join(cells).rstrip())
    return lines


def _cards(cards: list[str] | None, tr: Translator) -> str:
    """The Award and Prize cards a seat won, by name."""
    if cards is None:
        return tr("cards_hidden")
    return ", ".join(tr.term(c) for c in cards) or tr("no_cards")


def status(view: BlueprintsView, tr: Translator) -> str:
    """Whose eyes, and the game's state: the round, who does what, the first player."""
    seat = view["seat"]
    eyes = tr("render.spectator") if seat is None else tr("seat_name", n=seat + 1)
    if view["is_over"]:
        names = ", ".join(seat_label(view, w, tr) for w in view["winners"])
        state = tr("render.over", count=len(view["winners"]), names=names)
    else:
        state = tr("render.status", round=view["round"], who=seat_label(view, view["to_move"], tr),
                   doing=tr(f"step_{view['step']}"),
                   first=seat_label(view, view["first_player"], tr))
    return f"[bold]Blueprints[/] ({eyes}) · {state}"


def draw(view: BlueprintsView, tr: Translator | None = None) -> str:
    """The whole situation as the view's seat sees it (``None``: a spectator), in
    ``tr``'s language."""
    tr = tr or Translator("blueprints", "en")
    seat = view["seat"]
    first, second = view["demand"]
    bag = " ".join(f"{paint(m, m)} {n}" for m, n in view["bag"].items())
    legend = ", ".join(f"{m} {tr.term(NAMES[m])}" for m in MATERIALS)
    demand = tr("demand", first=paint(first, tr.term(NAMES[first])),
                second=paint(second, tr.term(NAMES[second])))
    lines = [status(view, tr), f"{demand} · {tr('bag', bag=bag, legend=legend)}",
             f"{tr('pool', count=len(view['pool']))} {dice(view['pool'])}"]
    if view["discards"]:
        lines.append(tr("discarded", dice=dice(view["discards"])))
    if view["hand"] and not view["is_over"]:
        holder = seat_label(view, view["to_move"], tr)
        lines.append(f"{tr('holds', who=holder)} {die(view['hand'])}")
    lines.append("")
    for s, info in enumerate(view["seats"]):
        vp = "?" if info["vp"] is None else f"{info['vp']:g}"
        line = tr("seat_line", who=seat_label(view, s, tr), vp=vp, taken=len(info["taken"]))
        lines.append(f"{line}: {dice(info['taken'])} · "
                     f"{tr('cards_line', cards=_cards(info['cards'], tr))}")
        blueprint, built = info["blueprint"], info["building"]  # (shown together)
        if blueprint is not None and built is not None and (s == seat or view["is_over"]):
            title = (tr("own_heading", blueprint=blueprint) if s == seat else
                     tr("render.blueprint_of", who=seat_label(view, s, tr),
                        blueprint=blueprint))
            lines.append(f"  {title}:")
            lines += ["  " + line for line in grid(blueprint, built, tr)]
            if info["removed"]:
                lines.append(f"  {tr('removed', dice=dice(info['removed']))}")
    if view["results"]:
        lines += ["", *round_scores(view, tr)]
    if view["is_over"] and "breakdown" in view:
        lines += final_scores(view, tr)
    return "\n".join(lines)


def round_scores(view: BlueprintsView, tr: Translator) -> list[str]:
    """The latest round scored: each building's points, by part, and what it won."""
    last = view["results"][-1]
    lines = [f"{tr('round_scored', n=last['round'])}:"]
    for s, result in enumerate(last["seats"]):
        score = result["score"]
        sums = " + ".join(f"{tr.term(k)} {score[k]}" for k in SCORE_PARTS)
        award = last["awards"].get(str(s))
        prizes = [p for p, w in last["prizes"].items() if w == s]
        won = ", ".join(tr.term(c) for c in ([award] if award else []) + prizes)
        removed = result.get("removed")
        lines.append("  " + tr("building_points", count=score["total"], who=seat_label(view, s, tr),
                               card=result["card"], blueprint=result["blueprint"])
                     + f": {sums}" + (f" · {won}" if won else "")
                     + (f" · {tr('removed_dice', dice=dice(removed))}" if removed else ""))
    return lines


def final_scores(view: BlueprintsView, tr: Translator) -> list[str]:
    """The end screen's score sheet: each seat's VP, card by card, round by round."""
    lines = ["", f"[bold]{tr('render.final')}[/]"]
    for seat, parts in enumerate(view["breakdown"]):
        lines.append("  [bold]" + tr("final_seat", who=seat_label(view, seat, tr),
                                     vp=f"{view['scores'][seat]:g}") + "[/]")
        width = max((len(label) for label, _ in parts), default=0)
        lines += [f"    {label.ljust(width)} {points:>2}" for label, points in parts]
    return lines


DRAWS_BREAKDOWN = True
"""The end screen above shows the score breakdown (the terminal need not add it)."""
