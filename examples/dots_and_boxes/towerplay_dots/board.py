"""The web app's Dots and Boxes board, drawn from a seat's view alone: one SVG panel (its
viewBox 380 wide, as every board's) with the dots, the lines drawn, each taken box
marked by its owner's number (never by colour alone), and — for the seat to move only —
every line still free as a button sending its notation.

>>> from towerplay_dots.game import DotsAndBoxes
>>> state = DotsAndBoxes().start(players=2, seed=1)
>>> 'data-action="h 0 0"' in draw(state.view(0))
True
>>> "data-action" in draw(state.view(1))
False
>>> "Kropki" in draw(state.view(0), Translator("dots", "pl"))
True
"""
from __future__ import annotations

from towerplay.core.svg import clickable, num, panel, panels, text
from towerplay.i18n import Translator, seat_label
from towerplay_dots.game import LINES, DotsView, Line

WIDTH = 380
MARGIN = 30
SEAT_INK = ("#b03030", "#2a7a2a", "#2d5fbf", "#8a6d00")


def draw(view: DotsView, tr: Translator | None = None) -> str:
    """The board of ``view`` (any seat's or a spectator's) in ``tr``'s language."""
    tr = tr or Translator("dots", "en")
    size = view["size"]
    step = (WIDTH - 2 * MARGIN) / size
    grid = [box(view, r, c, step, tr) for r in range(size) for c in range(size)
            if view["boxes"][r][c] is not None]
    drawn, legal = set(view["lines"]), set(view.get("legal", ()))
    grid += [edge(line, step, str(line) in drawn, str(line) in legal, tr)
             for line in LINES if line.fits(size)]
    grid += [f'<circle cx="{num(MARGIN + c * step)}" cy="{num(MARGIN + r * step)}" r="4" '
             f'fill="#222"/>' for r in range(size + 1) for c in range(size + 1)]
    height = 2 * MARGIN + size * step
    grid += [text(MARGIN, height + 18 * (seat + 1), tally(view, seat, tr), size=13,
                  fill=SEAT_INK[seat]) for seat in range(view["players"])]
    body = "".join(grid)
    return panels("dots", "dots", [panel("dots", height + 18 * view["players"] + 12, body,
                                         tr("dots.board"))])


def edge(line: Line, step: float, drawn: bool, legal: bool, tr: Translator) -> str:
    """A line: drawn (black), free (a faint dash), or free and clickable (a wide target)."""
    x1, y1 = MARGIN + line.col * step, MARGIN + line.row * step
    x2, y2 = (x1, y1 + step) if line.vertical else (x1 + step, y1)
    ink = ('stroke="#222" stroke-width="5"' if drawn
           else 'stroke="#bbb" stroke-width="2" stroke-dasharray="4 4"')
    shown = (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" {ink} '
             f'stroke-linecap="round"/>')
    if not legal:
        return shown
    target = (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
              f'stroke="transparent" stroke-width="16"/>')
    return clickable(str(line), tr("dots.line", line=str(line)), shown + target)


def box(view: DotsView, row: int, col: int, step: float, tr: Translator) -> str:
    """A taken box: its owner's colour, and its owner's number in it."""
    owner = view["boxes"][row][col]
    assert owner is not None
    x, y = MARGIN + col * step, MARGIN + row * step
    label = tr("dots.box_of", seat=seat_label(view, owner, tr))
    return clickable(None, label, f'<rect x="{num(x)}" y="{num(y)}" width="{num(step)}" '
                     f'height="{num(step)}" fill="{SEAT_INK[owner]}" fill-opacity="0.25"/>'
                     + text(x + step / 2, y + step / 2 + 6, str(owner + 1), "middle", 18,
                            "bold", SEAT_INK[owner]))


def tally(view: DotsView, seat: int, tr: Translator) -> str:
    """``seat 1: 3 boxes`` (the winners marked at the end)."""
    line = tr("dots.tally", seat=seat_label(view, seat, tr), count=view["taken"][seat])
    return tr("dots.winner", line=line) if seat in view.get("winners", ()) else line
