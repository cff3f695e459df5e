"""What a seat of 5 Towers may know, as a fixed-size vector (for learning agents).

It reads the seat's view alone: the round and piles, the auction, the display, the
builder's hand, the face-up discard pile and every player's towers.
"""
from __future__ import annotations

from typing import Any

from towerplay.core.observer import Observer, Vector
from towerplay.games.five_towers.cards import SUITS, parse_card
from towerplay.games.five_towers.game import FiveTowers
from towerplay.games.five_towers.state import PHASE_NAMES, FiveTowersState

BID_SLOTS = ("none", "pass", 0, 1, 2, 3, 4, 5)


SCALARS = ("round", "pile", "final_round", "draw_size", "to_take", "high_bid")


class FiveTowersObserver(Observer[FiveTowersState]):
    def encode(self, view: dict[str, Any], vector: Vector) -> None:
        n = self.players
        for key in ("seat", "to_move", "opener", "builder", "high_bidder"):
            vector.name(key)
            vector.one_hot(view[key], n)
        vector.name("phase")
        vector.one_hot(PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES))
        vector.name("scalars")  # SCALARS, scaled
        vector.counts([view["round"] / 30, view["pile"] - 1, float(view["final_round"]),
                       view["draw_size"] / 110, view["to_take"] / 5,
                       -0.2 if view["high_bid"] is None else view["high_bid"] / 5])
        for seat, bid in enumerate(view["bids"]):
            vector.name("bid", seat)
            vector.one_hot(BID_SLOTS.index("none" if bid is None else bid), len(BID_SLOTS))
        vector.name("rebid_caps")
        vector.counts([1.0 if cap is None else cap / 6 for cap in view["rebid_caps"]])
        for pile in ("display", "hand", "discard"):
            vector.name(pile)  # how many of each of the 80 card kinds
            vector.tally(map(parse_card, view[pile]), 80)
        for seat, towers in enumerate(view["towers"]):
            for suit in SUITS:
                tower = towers.get(suit, [])
                vector.name(f"tower_{suit}", seat)  # counts of values 0-15
                vector.tally(tower, 16)
                vector.name(f"tower_{suit}_size_top", seat)
                vector.counts([len(tower) / 16, tower[-1] / 15 if tower else -1.0])
        vector.name("torn")
        vector.counts([torn / 10 for torn in view["torn"]])
        vector.name("score")
        vector.counts([score / 50 for score in view["score"]])
        torn_now = view["torn_this_round"]
        vector.name("torn_this_round")
        vector.one_hot(None if torn_now is None else SUITS.index(torn_now), len(SUITS))


def make_observer(game: FiveTowers, players: int) -> FiveTowersObserver:
    return FiveTowersObserver(game, players)
