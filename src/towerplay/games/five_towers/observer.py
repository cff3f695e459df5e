"""What a seat of 5 Towers may know, as a fixed-size vector (for learning agents).

It reads what every seat sees (straight from the state's fields): the round and piles, the
auction, the display, the builder's hand, the face-up discard pile and every player's
towers.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.observer import Cells, Observer, Vector, moved_cells, recount
from towerplay.games.five_towers import scoring
from towerplay.games.five_towers.cards import SUITS
from towerplay.games.five_towers.game import FiveTowers
from towerplay.games.five_towers.state import NO_CAP, PASSED, PHASE_NAMES, UNACTED, FiveTowersState

BID_SLOTS = ("none", "pass", 0, 1, 2, 3, 4, 5)
TOWER_NAMES = [(f"tower_{suit}", f"tower_{suit}_size_top") for suit in SUITS]
BID_INDEX = {UNACTED: 0, PASSED: 1, **{bid: BID_SLOTS.index(bid) for bid in range(6)}}
TOWER = 18  # a tower's features: counts of values 0-15, size, top
Towers = tuple[tuple[int, ...], ...]  # one seat's five towers, one a suit


def towers_block(towers: Towers) -> npt.NDArray[np.float32]:
    """Towers (a seat's five, one a suit) as the observation writes them (TOWER floats
    each)."""
    out = np.zeros(TOWER * len(towers), np.float32)
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

    seat_blind = True  # (all it encodes is public: only the seat one-hot differs)

    def __init__(self, game: FiveTowers, players: int) -> None:
        self._blocks = Memo[Towers, npt.NDArray[np.float32]](1 << 10)
        self._tower_blocks = Memo[tuple[int, ...], npt.NDArray[np.float32]](1 << 10)
        self._who_stores = Memo[tuple[Any, ...], tuple[tuple[int, float], ...]](1 << 10)
        self._names = [[(f"{name}[{index}]", s * TOWER + offset)
                        for s, names in enumerate(TOWER_NAMES)
                        for name, offset in zip(names, (0, 16), strict=True)]
                       for index in range(players)]
        super().__init__(game, players)
        self._who_at = [*((self.offsets[key], players) for key in
                          ("to_move", "opener", "builder", "high_bidder")),
                        (self.offsets["phase"], len(PHASE_NAMES))]  # (_head_keys' who)
        self._seat_at = [(self.offsets[f"tower_candy[{index}]"], self.offsets["torn"] + index,
                          self.offsets["score"] + index) for index in range(players)]

    def encode_state(self, state: FiveTowersState, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        self._write_head(state, seat, vector)
        for pile, cards in (("display", state.display), ("hand", state.hand),
                            ("discard", state.discard)):
            vector.name(pile)  # how many of each of the 80 card kinds
            vector.tally(cards, 80)  # (they change at most steps: a Memo would miss)
        self._write_towers(state, vector)
        vector.name("torn_this_round")
        vector.one_hot(state.torn_now if state.torn_now >= 0 else None, len(SUITS))

    def _write_head(self, state: FiveTowersState, seat: int | None, vector: Vector) -> None:
        """Who is who, the phase, the round's numbers and the auction."""
        n = self.players
        high, high_seat = state.high_bid()
        for key, value in (("seat", seat), ("to_move", state.to_move),
                           ("opener", state.opener), ("builder", state.builder),
                           ("high_bidder", high_seat if high >= 0 else None)):
            vector.name(key)
            vector.one_hot(value, n)  # (a builder of -1: nobody, all zero)
        vector.name("phase")
        vector.one_hot(state.phase, len(PHASE_NAMES))
        vector.name("scalars")  # round, pile, final round, draw size, to take, high bid
        vector.counts([state.round / 30, float(state.reshuffled), float(state.final),
                       len(state.draw) / 110, state.need / 5,
                       -0.2 if high < 0 else high / 5])
        for index, bid in enumerate(state.bids):
            vector.name("bid", index)
            vector.one_hot(BID_INDEX[bid], len(BID_SLOTS))
        vector.name("rebid_caps")
        vector.counts([1.0 if cap == NO_CAP else cap / 6 for cap in state.caps])

    def _write_towers(self, state: FiveTowersState, vector: Vector) -> None:
        """Every seat's towers, the torn cards and the scores."""
        towers, torn = state.towers, state.torn
        scores = []
        for index in range(self.players):
            block, total = self._seat_towers(tuple(towers[index * 5:index * 5 + 5]),
                                             torn[index])
            vector.copy(block, self._names[index])
            scores.append(total)
        vector.name("torn")
        vector.counts([value / 10 for value in torn])
        vector.name("score")
        vector.counts([score / 50 for score in scores])

    def _seat_towers(self, mine: Towers, torn: int) -> tuple[npt.NDArray[np.float32], int]:
        """One seat's towers as written, and its score (towers are tuples: each seat's are
        worked out once)."""
        block = self._blocks.get(mine)
        if block is None:
            block = self._blocks.put(mine, towers_block(mine))
        return block, scoring.total(mine, torn)  # (a memo of it would miss: 97% of calls)

    def keep(self, state: FiveTowersState, seat: int | None, vector: Vector) -> list[Any]:
        """The vector afresh, and the piles, towers and torn cards it was written from."""
        self.encode_state(state, seat, vector)
        high = state.high_bid()
        return [state.display.copy(), state.hand.copy(), state.discard.copy(),
                state.towers.copy(), state.torn.copy(), *self._head_keys(state, high),
                state.bids.copy(), state.caps.copy(), state.torn_now, high]

    def refresh(self, state: FiveTowersState, seat: int | None,
                buffer: npt.NDArray[np.float32], cells: Cells,
                kept: list[Any]) -> None:
        """Rewrites the head (it changes at every step, and is short), the piles and
        towers that changed and the last one-hot."""
        at = self.offsets
        self._refresh_head(state, buffer, cells, kept)
        display, hand, discard = state.display, state.hand, state.discard
        if display != kept[0]:  # (cards laid on a pile are counted on)
            recount(buffer, cells, at["display"], 80, kept[0], display)
            kept[0] = display.copy()
        if hand != kept[1]:
            recount(buffer, cells, at["hand"], 80, kept[1], hand)
            kept[1] = hand.copy()
        if discard != kept[2]:
            recount(buffer, cells, at["discard"], 80, kept[2], discard)
            kept[2] = discard.copy()
        towers, torn = state.towers, state.torn
        if towers != kept[3] or torn != kept[4]:
            self._refresh_towers(towers, torn, cells, kept[3], kept[4])
            kept[3], kept[4] = towers.copy(), torn.copy()
        torn_now = state.torn_now
        if torn_now != kept[9]:  # (one cell off, one on: cheaper than clearing the slice)
            base = at["torn_this_round"]
            if 0 <= kept[9] < len(SUITS):
                cells[base + kept[9]] = 0.0
            if 0 <= torn_now < len(SUITS):
                cells[base + torn_now] = 1.0
            kept[9] = torn_now

    @staticmethod
    def _head_keys(state: FiveTowersState, high_bid: tuple[int, int]
                   ) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """What the head's one-hots and its scalars are written from (``high_bid``: the
        state's, which :meth:`_refresh_head` works out only when a bid changed)."""
        high, high_seat = high_bid
        return ((state.to_move, state.opener, state.builder,
                 high_seat if high >= 0 else None, state.phase),
                (state.round, state.reshuffled, state.final, len(state.draw), state.need,
                 high))

    def _refresh_head(self, state: FiveTowersState, buffer: npt.NDArray[np.float32],
                      cells: Cells, kept: list[Any]) -> None:
        """What changed of :meth:`_write_head` (but the seat: a kept vector's own)."""
        at = self.offsets
        bids = state.bids
        if bids != kept[7]:
            base = at["bid[0]"]
            for index, (was, bid) in enumerate(zip(kept[7], bids, strict=True)):
                if was != bid:
                    cells[base + index * len(BID_SLOTS) + BID_INDEX[was]] = 0.0
                    cells[base + index * len(BID_SLOTS) + BID_INDEX[bid]] = 1.0
            kept[7] = bids.copy()
            kept[10] = state.high_bid()  # (it reads the bids alone)
        who, scalars = self._head_keys(state, kept[10])
        old = kept[5]
        if who != old:  # (at most steps: the stores of each change are worked out once)
            kept[5] = who
            moved = (old, who)
            stores = self._who_stores.get(moved)
            if stores is None:
                stores = self._who_stores.put(moved, self._moved_cells(old, who))
            for index, value in stores:
                cells[index] = value
        old = kept[6]
        if scalars != old:  # (as _write_head scales them)
            kept[6] = scalars
            base = at["scalars"]
            round_, reshuffled, final, draw, need, high = scalars
            if need != old[4]:  # (the cards to take and the high bid change most)
                cells[base + 4] = need / 5
            if high != old[5]:
                cells[base + 5] = -0.2 if high < 0 else high / 5
            if scalars[:4] != old[:4]:  # (a card drawn, a new round: a few times a round)
                cells[base] = round_ / 30
                cells[base + 1] = float(reshuffled)
                cells[base + 2] = float(final)
                cells[base + 3] = draw / 110
        if state.caps != kept[8]:
            kept[8] = state.caps.copy()
            base = at["rebid_caps"]
            for index, cap in enumerate(state.caps):
                cells[base + index] = 1.0 if cap == NO_CAP else cap / 6

    def _moved_cells(self, old: tuple[Any, ...], who: tuple[Any, ...]
                     ) -> tuple[tuple[int, float], ...]:
        """The stores that bring the who-is-who one-hots from ``old`` to ``who`` (as
        :meth:`_head_keys` gives them): each that moved has its old cell turned off and its
        new one on."""
        def at(values: tuple[Any, ...]) -> tuple[int, ...]:  # (each one-hot's 1, or -1)
            return tuple(base + value if value is not None and 0 <= value < size else -1
                         for (base, size), value in zip(self._who_at, values, strict=True))
        return moved_cells(at(old), at(who))

    def _refresh_towers(self, towers: list[tuple[int, ...]], torn: list[int],
                        cells: Cells, old: list[tuple[int, ...]],
                        old_torn: list[int]) -> None:
        """The towers, torn cards and score of each seat whose towers or torn cards
        changed (the builder's, mostly)."""
        for index, (base, torn_at, score_at) in enumerate(self._seat_at):
            mine, was_mine = towers[index * 5:index * 5 + 5], old[index * 5:index * 5 + 5]
            if mine == was_mine and torn[index] == old_torn[index]:
                continue
            for suit, (tower, was) in enumerate(zip(mine, was_mine, strict=True)):
                if tower != was:  # (a turn builds on one or two towers of a seat)
                    self._refresh_tower(tower, was, base + suit * TOWER, cells)
            cells[torn_at] = torn[index] / 10
            cells[score_at] = scoring.total(mine, torn[index]) / 50

    def _refresh_tower(self, tower: tuple[int, ...], was: tuple[int, ...], at: int,
                       cells: Cells) -> None:
        """One tower's features at ``cells[at:]`` brought from ``was`` to ``tower``: cards
        laid on top or torn down counted on or off, else the tower's block copied (as
        :func:`towers_block` writes them)."""
        size, old = len(tower), len(was)
        if size > old and tower[:old] == was:
            for value in tower[old:]:
                if 0 <= value < 16:
                    cells[at + value] += 1.0
        elif size < old and was[:size] == tower:
            for value in was[size:]:
                if 0 <= value < 16:
                    cells[at + value] -= 1.0  # (exact: small whole numbers, 1 - 1 is +0)
        else:
            block = self._tower_blocks.get(tower)
            if block is None:
                block = self._tower_blocks.put(tower, towers_block((tower,)))
            cells[at:at + TOWER] = block
            return
        cells[at + 16] = size / 16
        cells[at + 17] = tower[-1] / 15 if tower else -1.0


def make_observer(game: FiveTowers, players: int) -> FiveTowersObserver:
    return FiveTowersObserver(game, players)
