"""Dots and Boxes on a terminal, drawn from a seat's view only: the grid (``o`` dots,
``---`` and ``|`` lines, each taken box its owner's number) and the boxes each seat took.

>>> from towerplay_dots.game import DotsAndBoxes
>>> print(draw(DotsAndBoxes(size=2).start(players=2, seed=1).view(0)))
o   o   o
<BLANKLINE>
o   o   o
<BLANKLINE>
o   o   o
seat 1 (you): 0 boxes
seat 2: 0 boxes
"""
from __future__ import annotations

from towerplay.i18n import Translator, seat_label
from towerplay_dots.game import DotsView, Line


def draw(view: DotsView, tr: Translator | None = None) -> str:
    """The picture of ``view`` in ``tr``'s language (English when none is given)."""
    tr = tr or Translator("dots", "en")
    size, drawn = view["size"], set(view["lines"])
    rows = []
    for r in range(size + 1):
        rows.append("".join("o" + ("---" if str(Line(False, r, c)) in drawn else "   ")
                            for c in range(size)) + "o")
        if r < size:
            rows.append("".join(
                ("|" if str(Line(True, r, c)) in drawn else " ") + cell(view, r, c)
                for c in range(size)) + ("|" if str(Line(True, r, size)) in drawn else ""))
    rows = [row.rstrip() for row in rows]
    rows += [tr("dots.tally", seat=seat_label(view, seat, tr), count=view["taken"][seat])
             for seat in range(view["players"])]
    return "\n".join(rows)


def cell(view: DotsView, row: int, col: int) -> str:
    owner = view["boxes"][row][col]
    return "   " if owner is None else f" {owner + 1} "
