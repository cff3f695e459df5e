"""Board patches: a client that asks for them (``?patch=1``, as the table page does) gets
each board after its first as what changed since the board it has, not whole: a move
changes a few pieces of a 20-35 kB board, so a patch is an eighth to a third of it
(fewer bytes to a phone, less for the server to send).

A board is cut into pieces at every :data:`CUT` (each text of the SVG starts one); a
patch is a list of items, each either ``[a, b]`` (the old board's pieces ``a`` to ``b - 1``
again) or a text (new pieces, cut where it holds a :data:`CUT`), and the new board is
its pieces joined with :data:`CUT` again. The page's ``patched()`` (static/table.js)
is :func:`patched` in JavaScript.

>>> old = 'A<text x="1">1</text><text x="2">2</text>'
>>> new = 'A<text x="1">1</text><text x="2">3</text>'
>>> patch(old, new)
[[0, 2], 'x="2">3</text>']
>>> patched(old, patch(old, new)) == new
True

A server keeps each board it sends as a :class:`Cut`, cut once: a board is patched to
as the new one, then from as the old one, and splitting it was half of a patch's cost.
"""
from __future__ import annotations

from functools import cached_property

Patch = list[list[int] | str]
"""Items: ``[a, b]``, the old board's pieces ``a`` to ``b - 1``; a text, new pieces."""

CUT = "<text "
"""Where a board is cut into pieces: at each SVG text (a board's texts and the shapes
between them are what a move changes piece by piece)."""


class Cut:
    """A board, cut into its pieces when it is first patched to or from (then kept: a
    board is patched to as the new one, then from as the old one). A cut is its own key:
    the same board drawn twice is two cuts.

    >>> Cut("a<text b<text a").pieces
    ('a', 'b', 'a')
    """

    def __init__(self, board: str) -> None:
        self.board = board

    @cached_property
    def pieces(self) -> tuple[str, ...]:
        """The board cut at each :data:`CUT` (a tuple: texts alone, so the garbage
        collector stops tracking it after one look, while a list it walks every time)."""
        return tuple(self.board.split(CUT))


NEAR = 16
"""How far (in pieces, either side) a new piece is looked for around where it would stand
in the old board: a move rewrites pieces in place, or shifts those after a piece it adds
or removes by a few. Over random three-player games, every old piece a new board has
again was found within 16 in castle and Blueprints, all but 0.3% in 5 Towers and 0.03%
in Skytopia, so its patches grew by 2% at most (5 Towers). Looking anywhere (a
dictionary of the old board's pieces) hashed every piece of every board: without it 5
Towers' largest boards patch in a fifth to three tenths less time
(benchmarks/results/boards-2026-12-04b)."""


def patch(old: str | Cut, new: str | Cut) -> Patch:
    """What turns ``old`` into ``new``: the runs of old pieces that ``new`` has again,
    the rest as text. Each new piece is looked for first where the run it continues
    would go on, then where it would stand had the pieces since the run been changed in
    place (a move mostly rewrites pieces where they are: the runs then stay in step),
    then among the old pieces within :data:`NEAR` of there."""
    olds, news = (side.pieces if isinstance(side, Cut) else tuple(side.split(CUT))
                  for side in (old, new))
    count = len(olds)
    items: Patch = []
    start = end = 0  # the run of old pieces being copied: olds[start:end] (none: equal)
    fresh: list[str] = []  # new pieces not yet written
    for piece in news:
        if start < end < count and olds[end] == piece:
            end += 1
            continue
        if start < end:
            items.append([start, end])
        found = near(olds, piece, end + len(fresh))
        if found is None:
            start = end
            fresh.append(piece)
            continue
        if fresh:
            items.append(CUT.join(fresh))
            fresh = []
        start, end = found, found + 1
    if start < end:
        items.append([start, end])
    if fresh:
        items.append(CUT.join(fresh))
    return items


def near(olds: tuple[str, ...], piece: str, place: int) -> int | None:
    """Where ``piece`` stands among ``olds``: at ``place``, else the first within
    :data:`NEAR` of it (``None``: not there).

    >>> near(("a", "b", "c", "b"), "b", 3), near(("a", "b"), "b", 0), near(("a",), "c", 0)
    (3, 1, None)
    """
    if place < len(olds) and olds[place] == piece:
        return place
    try:  # (tuple.index: compared in C, at once unless the pieces are alike)
        return olds.index(piece, max(place - NEAR, 0), place + NEAR)
    except ValueError:
        return None


def patched(old: str, items: Patch) -> str:
    """The board that ``items`` (a :func:`patch`) makes of ``old``.

    >>> patched("a<text b", [[1, 2], "c", [0, 1]])
    'b<text c<text a'
    """
    olds, pieces = old.split(CUT), []
    for item in items:
        pieces += item.split(CUT) if isinstance(item, str) else olds[item[0]:item[1]]
    return CUT.join(pieces)
