"""What a seat of 5 Towers may know, as a fixed-size vector (for learning agents).

It reads what every seat sees (straight from the state's fields): the round and piles, the
auction, the display, the builder's hand, the face-up discard pile and every player's
towers.
"""
from __future__ import annotations

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.observer import Observer, Vector
from towerplay.games.five_towers import scoring
from towerplay.games.five_towers.cards import SUITS
from towerplay.games.five_towers.game import FiveTowers
from towerplay.games.five_towers.state import (NO_CAP, PASSED, PHASE_NAMES, UNACTED,
                                                  FiveTowersState)

BID_SLOTS = ("none", "pass", 0, 1, 2, 3, 4, 5)
SCALARS = ("round", "pile", "final_round", "draw_size", "to_take", "high_bid")
TOWER_NAMES = [(f"tower_{suit}", f"tower_{suit}_size_top") for suit in SUITS]
BID_INDEX = {UNACTED: 0, PASSED: 1, **{bid: BID_SLOTS.index(bid) for bid in range(6)}}
TOWER = 18  # a tower's features: counts of values 0-15, size, top
Towers = tuple[tuple[int, ...], ...]  # one seat's five towers, one a suit


def towers_block(towers: Towers) -> npt.NDArray[np.float32]:
    """One seat's five towers as the observation writes them (per suit: TOWER floats)."""
    out = np.zeros(TOWER * len(SUITS), np.float32)
    for s, tower in enumerate(towers):
        for value in tower:
            if 0 <= value < 16:
                out[s * TOWER + value] += 1.0
        out[s * TOWER + 16] = len(tower) / 16
        out[s * TOWER + 17] = tower[-1] / 15 if tower else -1.0
    return out


class FiveTowersObserver(Observer[FiveTowersState]):
    """Reads the state's fields directly (building the view, card names and all, cost more
    than the encoding): every one of them is public but the draw pile, of which it reads
    the size alone, as the view shows it."""

    def __init__(self, game: FiveTowers, players: int) -> None:
        self._blocks = Memo[Towers, npt.NDArray[np.float32]](1 << 10)
        self._totals = Memo[tuple[Towers, int], int](1 << 10)
        self._names = [[(f"{name}[{index}]", s * TOWER + offset)
                        for s, names in enumerate(TOWER_NAMES)
                        for name, offset in zip(names, (0, 16))] for index in range(players)]
        super().__init__(game, players)

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
            vector.tally(cards, 80)  # (they change at most steps: a Memo would miss)
        towers, torn, blocks, totals = state.towers, state.torn, self._blocks, self._totals
        scores = []
        for index in range(n):  # towers are tuples: one seat's are worked out once
            mine = tuple(towers[index * 5:index * 5 + 5])
            block = blocks.get(mine)
            if block is None:
                block = blocks.put(mine, towers_block(mine))
            vector.copy(block, self._names[index])
            scored = (mine, torn[index])
            total = totals.get(scored)
            if total is None:
                total = totals.put(scored, scoring.total(mine, torn[index]))
            scores.append(total)
        vector.name("torn")
        vector.counts([value / 10 for value in torn])
        vector.name("score")
        vector.counts([score / 50 for score in scores])
        vector.name("torn_this_round")
        vector.one_hot(state.torn_now if state.torn_now >= 0 else None, len(SUITS))


def make_observer(game: FiveTowers, players: int) -> FiveTowersObserver:
    return FiveTowersObserver(game, players)
