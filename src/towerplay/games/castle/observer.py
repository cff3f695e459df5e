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
from towerplay.games.castle.cards import HIGHEST, POSITIONS, Reveal
from towerplay.games.castle.game import Castle
from towerplay.games.castle.scoring import points
from towerplay.games.castle.state import RESULTS, CastleState

CARDS = HIGHEST  # castle and removed cards 1..HIGHEST, as a multi-hot
RESULT_INDEX = {result: index for index, result in enumerate(RESULTS)}


def castle_block(castle: tuple[int, ...]) -> npt.NDArray[np.float32]:
    """A castle's cards as a multi-hot over 1..HIGHEST."""
    vector = Vector(np.zeros(CARDS, np.float32))
    vector.tally([card - 1 for card in castle], CARDS)
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
            vector.copy(block)
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
        """The vector afresh, and the fields :meth:`refresh` compares: the seat to move,
        the card turned up and where, the face-down positions (and numbers, when shown),
        the last round's reveals, the castles, the removed cards and the Wizards."""
        self.encode_state(state, seat, vector)
        shown = state.game.options.memory == "open"
        pending = state.pending
        return [state.to_move, pending, state.grid[pending] if pending >= 0 else 0,
                state.down.copy(), state.known.copy() if shown else None,
                state.reveals[-self.players:], [c.copy() for c in state.castles],
                state.removed.copy(), state.wizard_used.copy()]

    def refresh(self, state: CastleState, seat: int | None, buffer: npt.NDArray[np.float32],
                cells: Cells, kept: list[Any]) -> None:
        """Rewrites what changed: a turn changes a few table positions, the reveal records
        and now and then a castle or the removed cards; the rest stays."""
        n, at = self.players, self.offsets
        to_move = state.to_move
        if to_move != kept[0]:
            base = at["to_move"]
            if kept[0] is not None:
                cells[base + kept[0]] = 0.0
            if to_move is not None:
                cells[base + to_move] = 1.0
            kept[0] = to_move
        self._refresh_table(state, cells, kept)
        recent = state.reveals[-n:]
        if recent != kept[5]:
            kept[5] = recent
            self._refresh_recent(recent, buffer, cells)
        if state.castles != kept[6] or state.removed != kept[7] \
                or state.wizard_used != kept[8]:
            self._refresh_castles(state, buffer, cells, kept)
        down, pending = len(state.down), state.pending
        cells[at["face_down"]] = (down - (pending >= 0)) / POSITIONS
        cells[at["idle_turns"]] = state.idle / max(1, n * down)

    def _refresh_table(self, state: CastleState, cells: Cells, kept: list[Any]) -> None:
        """The positions whose face-down flag or number changed, and the card turned up."""
        grid, pending, down = state.grid, state.pending, state.down
        card = grid[pending] if pending >= 0 else 0
        if pending == kept[1] and card == kept[2] and down == kept[3] and kept[4] is None:
            return  # (a card put back unseen: nothing on the table changed)
        at = self.offsets
        changed: set[int] = set()
        if down != kept[3]:
            old = kept[3]
            gone = sum(old) - sum(down)  # (one card taken: its position, found in C)
            where = old.index(gone) if len(down) == len(old) - 1 and gone in old else -1
            if where >= 0 and old[where + 1:] == down[where:] and old[:where] == down[:where]:
                changed.add(gone)
            else:
                changed.update(set(old).symmetric_difference(down))
            kept[3] = down.copy()
        known = state.known
        if kept[4] is not None and known != kept[4]:
            changed.update(p for p, (new, old) in enumerate(zip(known, kept[4])) if new != old)
            kept[4] = known.copy()
        if pending != kept[1] or card != kept[2]:
            revealed = at["revealed_position"]
            if kept[1] >= 0:
                cells[revealed + kept[1]] = 0.0
                changed.add(kept[1])
            if pending >= 0:
                cells[revealed + pending] = 1.0
                changed.add(pending)
            cells[at["revealed_card"]] = card / HIGHEST
            kept[1], kept[2] = pending, card
        table, shown = at["table"], kept[4] is not None
        for p in changed:
            there = p in down
            cells[table + 2 * p] = 1.0 if there else 0.0
            cells[table + 2 * p + 1] = (grid[p] / HIGHEST if p == pending else
                                        known[p] / HIGHEST if shown and there else 0.0)

    def _refresh_recent(self, recent: list[Reveal], buffer: npt.NDArray[np.float32],
                        cells: Cells) -> None:
        """The last round's reveals (as :meth:`_write_recent` writes them)."""
        base, width = self._recent
        buffer[base:base + self.players * width] = 0.0
        for slot, (_, _, position, card, result, _) in enumerate(recent):
            at = base + slot * width
            cells[at + position] = 1.0
            cells[at + POSITIONS + RESULT_INDEX[result]] = 1.0
            if card:
                cells[at + POSITIONS + len(RESULTS)] = card / HIGHEST

    def _refresh_castles(self, state: CastleState, buffer: npt.NDArray[np.float32],
                         cells: Cells, kept: list[Any]) -> None:
        """The castles that changed, the removed cards, the Wizards and the points."""
        at, castles = self.offsets, state.castles
        for index, (castle, old) in enumerate(zip(castles, kept[6])):
            if castle != old:
                key = tuple(castle)
                block = self._castles.get(key)
                if block is None:
                    block = self._castles.put(key, castle_block(key))
                base = self._castle_at[index]
                cells[base:base + CARDS] = block
        kept[6] = [castle.copy() for castle in castles]
        removed = state.removed
        if removed != kept[7]:
            kept[7] = removed.copy()
            base = at["removed"]
            if state.game.options.memory == "open":
                buffer[base:base + CARDS] = 0.0
                Vector.at(buffer, base).tally([card - 1 for card in removed], CARDS)
            cells[at["removed_count"]] = len(removed) / POSITIONS
        if state.game.wizard_card:
            kept[8] = state.wizard_used.copy()
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

    def recall_view(self, state: CastleState, seat: int | None) -> dict[str, Any]:
        """Under hidden memory a seat that forgets nothing still knows every number it saw
        turned up and put back, and the removed cards (the open-memory table)."""
        view = self.view(state, seat)
        view.update(state.recall())
        return view


def make_observer(game: Castle, players: int) -> CastleObserver:
    return CastleObserver(game, players)
