"""What a seat of 5 Towers may know, as a fixed-size vector (for learning agents).

It reads what every seat sees (straight from the state's fields): the round and piles, the
auction, the display, the builder's hand, the face-up discard pile and every player's
towers.
"""
from __future__ import annotations

from towerplay.core.observer import Observer, Vector
from towerplay.games.five_towers.cards import SUITS
from towerplay.games.five_towers.game import FiveTowers
from towerplay.games.five_towers.state import (NO_CAP, PASSED, PHASE_NAMES, UNACTED,
                                                  FiveTowersState)

BID_SLOTS = ("none", "pass", 0, 1, 2, 3, 4, 5)
SCALARS = ("round", "pile", "final_round", "draw_size", "to_take", "high_bid")
TOWER_NAMES = [(f"tower_{suit}", f"tower_{suit}_size_top") for suit in SUITS]
BID_INDEX = {UNACTED: 0, PASSED: 1, **{bid: BID_SLOTS.index(bid) for bid in range(6)}}


class FiveTowersObserver(Observer[FiveTowersState]):
    """Reads the state's fields directly (building the view, card names and all, cost more
    than the encoding): every one of them is public but the draw pile, of which it reads
    the size alone, as the view shows it."""

    def encode_state(self, state: FiveTowersState, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        n = self.players
        high, high_seat = state.high_bid()
        for key, value in (("seat", seat), ("to_move", state.to_move),
                           ("opener", state.opener), ("builder", state.builder),
                           ("high_bidder", high_seat if high >= 0 else None)):
            vector.name(key)
            vector.one_hot(value, n)  # (a builder of -1: nobody, all zero)
        vector.name("phase")
        vector.one_hot(state.phase, len(PHASE_NAMES))
        vector.name("scalars")  # SCALARS, scaled
        vector.counts([state.round / 30, float(state.reshuffled), float(state.final),
                       len(state.draw) / 110, state.need / 5,
                       -0.2 if high < 0 else high / 5])
        for index, bid in enumerate(state.bids):
            vector.name("bid", index)
            vector.one_hot(BID_INDEX[bid], len(BID_SLOTS))
        vector.name("rebid_caps")
        vector.counts([1.0 if cap == NO_CAP else cap / 6 for cap in state.caps])
        for pile, cards in (("display", state.display), ("hand", state.hand),
                            ("discard", state.discard)):
            vector.name(pile)  # how many of each of the 80 card kinds
            vector.tally(cards, 80)
        towers = state.towers
        for index in range(n):
            for s, (counts, size_top) in enumerate(TOWER_NAMES):
                tower = towers[index * 5 + s]
                vector.name(counts, index)  # counts of values 0-15
                vector.tally(tower, 16)
                vector.name(size_top, index)
                vector.counts([len(tower) / 16, tower[-1] / 15 if tower else -1.0])
        vector.name("torn")
        vector.counts([torn / 10 for torn in state.torn])
        vector.name("score")
        vector.counts([score / 50 for score in state.scores()])
        vector.name("torn_this_round")
        vector.one_hot(state.torn_now if state.torn_now >= 0 else None, len(SUITS))


def make_observer(game: FiveTowers, players: int) -> FiveTowersObserver:
    return FiveTowersObserver(game, players)
