"""What a seat sees of a 5 Towers position (:meth:`.FiveTowersState.view`): the types of
its keys. All is public but the draw pile's order (the view gives its cards by suit).

>>> from towerplay import games
>>> view: FiveTowersView = games.load("five_towers").start(players=2, seed=1).view(0)
>>> view["phase"], view["round"], view["draw_size"], len(view["display"])
('bid', 1, 75, 5)
"""
from typing import NotRequired

from typing_extensions import TypedDict

from towerplay.core.views import Breakdown, View


class FiveTowersPart(TypedDict):
    """The game's own keys (:meth:`.FiveTowersState._view`)."""

    round: int
    pile: int
    """1 or 2: the second pile is the discards, reshuffled once."""
    final_round: bool
    phase: str
    opener: int
    bids: list[int | str | None]
    """Each seat's bid this lap: a number, ``"pass"``, or ``None`` (not yet bid)."""
    high_bid: int | None
    high_bidder: int | None
    rebid_caps: list[int | None]
    """A seat's re-bid must stay below its cap (``None``: no failed bid)."""
    builder: int | None
    to_take: int
    hand: list[str]
    torn_this_round: str | None
    display: list[str]
    draw_size: int
    draw_cards: dict[str, list[int]]
    """The draw pile's values by suit, sorted (its order hidden)."""
    discard: list[str]
    towers: list[dict[str, list[int]]]
    """Each seat's towers by suit, values bottom to top (empty towers left out)."""
    torn: list[int]
    torn_cards: list[list[str]]
    score: list[float]
    unbuildable_bids: NotRequired[list[int]]
    """The bids the seat to move could only not build (in its own view, while bidding)."""
    breakdown: NotRequired[Breakdown]


class FiveTowersView(View, FiveTowersPart):
    """A 5 Towers view: the kernel's keys and the game's."""
