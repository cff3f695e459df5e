"""What a seat of Budowa Zamku may know, as a fixed-size vector (for learning agents).

It reads the seat's view alone: the face-down table (with the numbers the memory option
lets the seat see), the card just turned up, the last round's reveals, every castle and
the removed cards.
"""
from __future__ import annotations

from typing import Any

from towerplay.core.observer import Observer, Vector
from towerplay.games.castle.cards import COLUMNS, HIGHEST, POSITIONS, ROWS, parse_position
from towerplay.games.castle.game import Castle
from towerplay.games.castle.state import RESULTS, CastleState


class CastleObserver(Observer[CastleState]):
    def encode(self, view: dict[str, Any], vector: Vector) -> None:
        n = self.players
        vector.one_hot(view["seat"], n)
        vector.one_hot(view["to_move"], n)
        table = view["table"]
        for row in ROWS:
            for column in range(1, COLUMNS + 1):
                card = table.get(f"{row}{column}")
                vector.counts([card is not None, card / HIGHEST if isinstance(card, int) else 0])
        revealed = view["revealed"]
        vector.one_hot(parse_position(revealed["pos"]) if revealed else None, POSITIONS)
        vector.scalar(revealed["card"] / HIGHEST if revealed else 0)
        recent = view["recent"]
        for slot in range(n):  # the last round's reveals, oldest first
            reveal = recent[slot] if slot < len(recent) else None
            vector.one_hot(parse_position(reveal["pos"]) if reveal else None, POSITIONS)
            vector.one_hot(RESULTS.index(reveal["result"]) if reveal else None, len(RESULTS))
            vector.scalar((reveal["card"] or 0) / HIGHEST if reveal else 0)
        for castle in view["castles"]:
            vector.counts(float(card in castle) for card in range(1, HIGHEST + 1))
        removed = view.get("removed", [])
        vector.counts(float(card in removed) for card in range(1, HIGHEST + 1))
        vector.scalar(view.get("removed_count", len(removed)) / POSITIONS)
        vector.counts(float(used) for used in view.get("wizard_used", [False] * n))
        vector.counts(points / 30 for points in view.get("points", [0] * n))
        vector.counts([view["face_down"] / POSITIONS,
                       view["idle_turns"] / max(1, view["stall_limit"])])


def make_observer(game: Castle, players: int) -> CastleObserver:
    return CastleObserver(game, players)
