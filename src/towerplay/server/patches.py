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

    >>> Cut("a<text b<text a").first
    {'a': 0, 'b': 1}
    """

    def __init__(self, board: str) -> None:
        self.board = board

    @cached_property
    def pieces(self) -> tuple[str, ...]:
        """The board cut at each :data:`CUT` (a tuple: texts alone, so the garbage
        collector stops tracking it after one look, while a list it walks every time)."""
        return tuple(self.board.split(CUT))

    @cached_property
    def first(self) -> dict[str, int]:
        """Where each piece first stands."""
        pieces = self.pieces  # (reversed: the first of equal pieces is the one kept)
        return dict(zip(reversed(pieces), range(len(pieces) - 1, -1, -1), strict=True))


def patch(old: str | Cut, new: str | Cut) -> Patch:
    """What turns ``old`` into ``new``: the runs of old pieces that ``new`` has again,
    the rest as text. Each new piece is looked for first where the run it continues
    would go on, then where it would stand had the pieces since the run been changed in
    place (a move mostly rewrites pieces where they are: the runs then stay in step),
    then anywhere among the old pieces."""
    before, after = (side if isinstance(side, Cut) else Cut(side) for side in (old, new))
    olds, news = before.pieces, after.pieces
    items: Patch = []
    start = end = 0  # the run of old pieces being copied: olds[start:end] (none: equal)
    fresh: list[str] = []  # new pieces not yet written
    for piece in news:
        if start < end < len(olds) and olds[end] == piece:
            end += 1
            continue
        if start < end:
            items.append([start, end])
        in_place = end + len(fresh)
        found = in_place if in_place < len(olds) and olds[in_place] == piece \
            else before.first.get(piece)
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


def patched(old: str, items: Patch) -> str:
    """The board that ``items`` (a :func:`patch`) makes of ``old``.

    >>> patched("a<text b", [[1, 2], "c", [0, 1]])
    'b<text c<text a'
    """
    olds, pieces = old.split(CUT), []
    for item in items:
        pieces += item.split(CUT) if isinstance(item, str) else olds[item[0]:item[1]]
    return CUT.join(pieces)
