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

A server cuts each board once, where it draws it (:meth:`Cut.of`), and patches the cuts:
a board is patched to as the new one, then from as the old one, and splitting it was half
of a patch's cost.
"""
from __future__ import annotations

from dataclasses import dataclass

Patch = list[list[int] | str]
"""Items: ``[a, b]``, the old board's pieces ``a`` to ``b - 1``; a text, new pieces."""

CUT = "<text "
"""Where a board is cut into pieces: at each SVG text (a board's texts and the shapes
between them are what a move changes piece by piece)."""


@dataclass(frozen=True, eq=False)
class Cut:
    """A board cut into its pieces, with where each piece first stands (a cut is its own
    key: the same board drawn twice is cut twice)."""

    board: str
    pieces: list[str]
    first: dict[str, int]

    @classmethod
    def of(cls, board: str) -> Cut:
        """``board`` cut at each :data:`CUT`.

        >>> Cut.of("a<text b<text a").first
        {'a': 0, 'b': 1}
        """
        pieces = board.split(CUT)
        return cls(board, pieces, {piece: index
                                   for index, piece in reversed(list(enumerate(pieces)))})


def patch(old: str | Cut, new: str | Cut) -> Patch:
    """What turns ``old`` into ``new``: the runs of old pieces that ``new`` has again,
    the rest as text (each new piece is looked for among the old ones, first where the
    run it continues would go on)."""
    olds = old.pieces if isinstance(old, Cut) else old.split(CUT)
    where = old.first if isinstance(old, Cut) else Cut.of(old).first
    news = new.pieces if isinstance(new, Cut) else new.split(CUT)
    items: Patch = []
    start = end = -1  # the run of old pieces being copied (none: -1)
    fresh: list[str] = []  # new pieces not yet written
    for piece in news:
        if 0 <= end < len(olds) and olds[end] == piece:
            end += 1
            continue
        found = where.get(piece)
        if end >= 0:
            items.append([start, end])
            start = end = -1
        if found is None:
            fresh.append(piece)
            continue
        if fresh:
            items.append(CUT.join(fresh))
            fresh = []
        start, end = found, found + 1
    if end >= 0:
        items.append([start, end])
    if fresh:
        items.append(CUT.join(fresh))
    return items


def patched(old: str, items: Patch) -> str:
    """The board that ``items`` (a :func:`patch`) makes of ``old``.

    >>> patched("a<text b", [[1, 2], "c", [0, 1]])
    'b<text c<text a'
    """
    olds, pieces = old.split(CUT), []
    for item in items:
        pieces += item.split(CUT) if isinstance(item, str) else olds[item[0]:item[1]]
    return CUT.join(pieces)
