"""What a seat of Budowa Zamku may know, as a fixed-size vector (for learning agents).

It reads what the seat's view shows (straight from the state's fields): the face-down table
(with the numbers the memory option lets the seat see), the card just turned up, the last
round's reveals, every castle and the removed cards.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.observer import Cells, Observer, Vector
from towerplay.games.castle.cards import GOAL, HIGHEST, POSITIONS, Reveal
from towerplay.games.castle.game import Castle
from towerplay.games.castle.scoring import points
from towerplay.games.castle.state import RESULTS, CastleState
from towerplay.games.castle.views import CastleView

CARDS = HIGHEST  # castle and removed cards 1..HIGHEST, as a multi-hot
RESULT_INDEX = {result: index for index, result in enumerate(RESULTS)}


CASTLE = CARDS + 2  # a castle's floats: its cards, then its last card and its size


def castle_block(castle: tuple[int, ...]) -> npt.NDArray[np.float32]:
    """A castle's cards as a multi-hot over 1..HIGHEST, then its last card (/HIGHEST) and
    its elements (/GOAL): what a castle can still take turns on its last card, which a
    learner would otherwise have to find as the multi-hot's highest one."""
    vector = Vector(np.zeros(CASTLE, np.float32))
    vector.tally([card - 1 for card in castle], CARDS)
    vector.counts([castle[-1] / HIGHEST, len(castle) / GOAL])
    return vector.buffer


class CastleObserver(Observer[CastleState]):
    """Reads the state's fields directly (the view's position names cost more than the
    encoding): all are public but where the face-down cards lie, of which it reads the
    numbers only as the view shows them (the card turned up; under open memory, or with
    ``recall``, those seen and put back). What changes a few times a game (each castle
    and its points) is written from blocks kept in a :class:`Memo`."""

    seat_blind = True  # (all it encodes is public: only the seat one-hot differs)

    def __init__(self, game: Castle, players: int) -> None:
        self._castles = Memo[tuple[int, ...], npt.NDArray[np.float32]](1 << 10)
        self._points = Memo[tuple[int, ...], float](1 << 10)
        super().__init__(game, players)
        self._recent = (self.offsets["recent_position[0]"], POSITIONS + len(RESULTS) + 1)
        self._castle_at = [self.offsets[f"castle[{index}]"] for index in range(players)]
        self._table = self.offsets["table"]

    def encode_state(self, state: CastleState, seat: int | None, vector: Vector,
                     recall: bool = False) -> None:
        n, game = self.players, state.game
        shown = recall or game.options.memory == "open"
        vector.name("seat")
        vector.one_hot(seat, n)
        vector.name("to_move")
        vector.one_hot(state.to_move, n)
        vector.name("table")  # per position: face down there, the number seen (/HIGHEST)
        grid, known, pending, down = state.grid, state.known, state.pending, state.down
        cells = vector.block(2 * POSITIONS)
        cells[0::2][down] = 1.0  # (down changes every other turn: a Memo would miss half)
        if shown:
            cells[1::2][down] = np.asarray(known, np.float32)[down] / HIGHEST
        if pending >= 0:
            cells[2 * pending + 1] = grid[pending] / HIGHEST
        vector.name("revealed_position")
        vector.one_hot(pending if pending >= 0 else None, POSITIONS)
        vector.name("revealed_card")
        vector.scalar(grid[pending] / HIGHEST if pending >= 0 else 0)
        self._write_recent(state.reveals[-n:], vector)
        self._write_castles(state, [tuple(castle) for castle in state.castles], shown, vector)
        vector.name("face_down")
        vector.scalar((len(state.down) - (pending >= 0)) / POSITIONS)
        vector.name("idle_turns")
        vector.scalar(state.idle / max(1, n * len(state.down)))

    def _write_recent(self, recent: Sequence[Reveal], vector: Vector) -> None:
        """The last round's reveals, oldest first."""
        for slot in range(self.players):
            reveal = recent[slot] if slot < len(recent) else None
            vector.name("recent_position", slot)
            vector.one_hot(reveal[2] if reveal else None, POSITIONS)
            vector.name("recent_result", slot)
            vector.one_hot(RESULT_INDEX[reveal[4]] if reveal else None, len(RESULTS))
            vector.name("recent_card", slot)
            vector.scalar(reveal[3] / HIGHEST if reveal else 0)

    def _write_castles(self, state: CastleState, castles: Sequence[tuple[int, ...]],
                       shown: bool, vector: Vector) -> None:
        """Every castle, the removed cards (``shown``: which), the Wizards, points."""
        n, game = self.players, state.game
        for index, castle in enumerate(castles):
            vector.name("castle", index)
            block = self._castles.get(castle)
            if block is None:
                block = self._castles.put(castle, castle_block(castle))
            vector.copy(block, [(f"castle_top_size[{index}]", CARDS)])
        removed = state.removed
        vector.name("removed")
        vector.tally([card - 1 for card in removed] if shown else [], CARDS)
        vector.name("removed_count")
        vector.scalar(len(removed) / POSITIONS)
        wizard = bool(game.wizard_card)
        vector.name("wizard_used")
        vector.counts([float(used) for used in state.wizard_used] if wizard else [0.0] * n)
        vector.name("points")
        vector.counts([self._score(castle) for castle in castles] if wizard else [0.0] * n)

    def keep(self, state: CastleState, seat: int | None, vector: Vector) -> list[Any]:
        """The vector afresh, and what :meth:`refresh` follows: the reveal records seen
        (how many, the last two, the last round's), the seat to move and the card turned
        up. Every action appends a record or replaces the last by its resolution, each a
        new tuple, so the records tell what happened since."""
        self.encode_state(state, seat, vector)
        reveals = state.reveals
        return [len(reveals), reveals[-1] if reveals else None,
                reveals[-2] if len(reveals) > 1 else None,
                state.to_move, state.pending, reveals[-self.players:]]

    def refresh(self, state: CastleState, seat: int | None, buffer: npt.NDArray[np.float32],
                cells: Cells, kept: list[Any]) -> None:
        """Follows the reveal records since the last look: each record's position gets its
        table cells anew, a card built or inserted rewrites its castle, a removed card is
        counted on; then the reveal's one-hots, the last round's records and the seat to
        move. A record list that is not the one seen (shorter, or an earlier record
        replaced) is written afresh."""
        reveals = state.reveals
        seen, now, last = kept[0], len(reveals), kept[1]
        if now == seen and (not now or reveals[-1] is last):
            return  # (no action since)
        if now < seen or (seen > 1 and reveals[seen - 2] is not kept[2]):
            self._rewrite(state, seat, buffer, kept)
            return
        start = seen
        if seen and reveals[seen - 1] is not last:  # the last record seen, resolved since
            if last[4] != "revealed" or reveals[seen - 1][:4] != last[:4]:
                self._rewrite(state, seat, buffer, kept)
                return
            start = seen - 1
        self._follow(state, reveals, start, cells)
        kept[0], kept[1], kept[2] = now, reveals[-1], reveals[-2] if now > 1 else None
        recent = reveals[-self.players:]
        self._refresh_recent(recent, kept[5], cells)
        kept[5] = recent
        at = self.offsets
        to_move, pending = state.to_move, state.pending
        if to_move != kept[3]:
            base = at["to_move"]
            if kept[3] is not None:
                cells[base + kept[3]] = 0.0
            if to_move is not None:
                cells[base + to_move] = 1.0
            kept[3] = to_move
        if pending != kept[4]:
            base = at["revealed_position"]
            if kept[4] >= 0:
                cells[base + kept[4]] = 0.0
            if pending >= 0:
                cells[base + pending] = 1.0
            cells[at["revealed_card"]] = state.grid[pending] / HIGHEST if pending >= 0 else 0.0
            kept[4] = pending
        down = len(state.down)
        cells[at["face_down"]] = (down - (pending >= 0)) / POSITIONS
        cells[at["idle_turns"]] = state.idle / max(1, self.players * down)

    def _rewrite(self, state: CastleState, seat: int | None,
                 buffer: npt.NDArray[np.float32], kept: list[Any]) -> None:
        buffer.fill(0.0)
        kept[:] = self.keep(state, seat, Vector(buffer))

    def _follow(self, state: CastleState, records: list[Reveal], start: int,
                cells: Cells) -> None:
        """What the records from ``start`` changed: their positions' table cells (from the
        state now: a card taken leaves 0 in the grid), the castles built on and the cards
        removed."""
        grid, known, pending = state.grid, state.known, state.pending
        shown = state.game.options.memory == "open"
        table, castles = self._table, set()
        for index in range(start, len(records)):
            _, mover, position, card, result, _ = records[index]
            there = grid[position] != 0
            cells[table + 2 * position] = 1.0 if there else 0.0
            cells[table + 2 * position + 1] = (
                grid[position] / HIGHEST if position == pending else
                known[position] / HIGHEST if shown and there else 0.0)
            if result == "built" or result == "inserted":
                castles.add(mover)
            elif result == "removed":
                at = self.offsets
                if shown:
                    cells[at["removed"] + card - 1] += 1.0
                cells[at["removed_count"]] = len(state.removed) / POSITIONS
        if castles:
            self._refresh_castles(state, castles, cells)

    def _refresh_recent(self, recent: list[Reveal], old: list[Reveal], cells: Cells) -> None:
        """The last round's records (as :meth:`_write_recent` writes them), slot by slot:
        a slot whose record changed has the old one's one-hots cleared."""
        base, width = self._recent
        card_at = POSITIONS + len(RESULTS)
        for slot, record in enumerate(recent):
            before = old[slot] if slot < len(old) else None
            if record is before:
                continue
            at = base + slot * width
            if before is not None:
                cells[at + before[2]] = 0.0
                cells[at + POSITIONS + RESULT_INDEX[before[4]]] = 0.0
            cells[at + record[2]] = 1.0
            cells[at + POSITIONS + RESULT_INDEX[record[4]]] = 1.0
            cells[at + card_at] = record[3] / HIGHEST

    def _refresh_castles(self, state: CastleState, seats: set[int], cells: Cells) -> None:
        """The castles of ``seats``, and with the Wizard every seat's use and points."""
        castles = state.castles
        for seat in seats:
            key = tuple(castles[seat])
            block = self._castles.get(key)
            if block is None:
                block = self._castles.put(key, castle_block(key))
            base = self._castle_at[seat]
            cells[base:base + CASTLE] = block
        if state.game.wizard_card:
            at = self.offsets
            wizard, points = at["wizard_used"], at["points"]
            for seat in range(self.players):
                cells[wizard + seat] = float(state.wizard_used[seat])
                cells[points + seat] = self._score(tuple(castles[seat]))

    def _score(self, castle: tuple[int, ...]) -> float:
        """A castle's points, scaled."""
        score = self._points.get(castle)
        if score is None:
            game = self.game
            score = self._points.put(castle, points(castle, game.characters,
                                                    game.pair_cards) / 30)
        return score

    def recall_view(self, state: CastleState, seat: int | None) -> CastleView:
        """Under hidden memory a seat that forgets nothing still knows every number it saw
        turned up and put back, and the removed cards (the open-memory table)."""
        view = state.view(seat, log=False)  # (what self.view gives, typed)
        recall = state.recall()
        view["table"], view["removed"] = recall["table"], recall["removed"]
        return view


def make_observer(game: Castle, players: int) -> CastleObserver:
    return CastleObserver(game, players)
