"""What a 5 Towers position records between moves: the phase of the round, the marks in
the bid list, and the position kept aside while an invalid bid plays out.

The state stores phases and marks as plain ints, compared in the hot loop and written as
numbers in saved positions; the enums name them.

>>> Phase(TAKING).name, PHASE_NAMES[TAKING], BidMark(PASSED).name
('TAKING', 'take', 'PASSED')
>>> [BIDDING, OVER], [UNACTED, PASSED]
([0, 4], [-2, -1])
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Phase(IntEnum):
    """The step of a round whose move is due (rules/five_towers.md §3)."""

    BIDDING = 0  # one lap of bids, from the start player
    TAKING = 1   # the auction winner takes its cards from the display, one at a time
    TEARING = 2  # it tears down one tower top card, or not
    PLACING = 3  # it places the taken cards, one at a time
    OVER = 4     # the game has ended: nobody moves


BIDDING, TAKING, TEARING, PLACING, OVER = map(int, Phase)
"""The phases as plain ints (``state.phase`` holds one)."""
PHASE_NAMES = ("bid", "take", "teardown", "place", "over")
"""The name of each phase in views and observations, by phase."""


class BidMark(IntEnum):
    """What ``state.bids`` holds for a seat that has no bid standing (bids are 0-5)."""

    UNACTED = -2  # has not bid yet this lap (or must bid again, after a failed bid)
    PASSED = -1   # passed; below every bid, so the high bid ignores it


UNACTED, PASSED = map(int, BidMark)
"""The marks as plain ints."""
NO_CAP = 6
"""``state.caps`` of a seat that has not failed a bid this round: any bid up to 5 is open
(after a failed bid in the physical mode, its cap is that bid: a re-bid must be lower)."""
NOBODY = -1
"""``state.builder`` while nobody has won the auction."""
NOT_TORN = -1
"""``state.torn_now`` while the builder has torn nothing down this round."""
EVERY_ROUND = 1 << 30
"""``known_round`` of a true state: it knows the display of every round it reaches."""


class SavedPosition(NamedTuple):
    """The builder's position before an invalid bid (physical mode), restored once no taken
    card can be placed: the rulebook undoes the attempt and the seat bids again."""

    display: tuple[int, ...]               # the display the bid was made on (sorted)
    towers: tuple[tuple[int, ...], ...]    # the builder's 5 towers, suit order
    torn: int                              # the builder's torn-down count
