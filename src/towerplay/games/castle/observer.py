"""What a seat of Budowa Zamku may know, as a fixed-size vector (for learning agents).

It reads what the seat's view shows (straight from the state's fields): the face-down table
(with the numbers the memory option lets the seat see), the card just turned up, the last
round's reveals, every castle and the removed cards.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.memo import Memo
from towerplay.core.observer import Observer, Vector
from towerplay.games.castle.cards import HIGHEST, POSITIONS
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

    def __init__(self, game: Castle, players: int) -> None:
        self._castles = Memo[tuple[int, ...], npt.NDArray[np.float32]](1 << 10)
        self._points = Memo[tuple[int, ...], float](1 << 10)
        super().__init__(game, players)

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
        recent = state.reveals[-n:]
        for slot in range(n):  # the last round's reveals, oldest first
            reveal = recent[slot] if slot < len(recent) else None
            vector.name("recent_position", slot)
            vector.one_hot(reveal[2] if reveal else None, POSITIONS)
            vector.name("recent_result", slot)
            vector.one_hot(RESULT_INDEX[reveal[4]] if reveal else None, len(RESULTS))
            vector.name("recent_card", slot)
            vector.scalar(reveal[3] / HIGHEST if reveal else 0)
        castles = [tuple(castle) for castle in state.castles]
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
        vector.name("face_down")
        vector.scalar((len(state.down) - (pending >= 0)) / POSITIONS)
        vector.name("idle_turns")
        vector.scalar(state.idle / max(1, n * len(state.down)))

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
