"""What a seat of Budowa Zamku may know, as a fixed-size vector (for learning agents).

It reads the seat's view alone: the face-down table (with the numbers the memory option
lets the seat see), the card just turned up, the last round's reveals, every castle and
the removed cards.
"""
from __future__ import annotations

from typing import Any

from towerplay.core.observer import Observer, Vector
from towerplay.games.castle.cards import HIGHEST, POSITIONS, parse_position, position_name
from towerplay.games.castle.game import Castle
from towerplay.games.castle.state import RESULTS, CastleState


NAMES = [position_name(pos) for pos in range(POSITIONS)]
CARDS = HIGHEST  # castle and removed cards 1..HIGHEST, as a multi-hot


class CastleObserver(Observer[CastleState]):
    def encode(self, view: dict[str, Any], vector: Vector) -> None:
        n = self.players
        vector.name("seat")
        vector.one_hot(view["seat"], n)
        vector.name("to_move")
        vector.one_hot(view["to_move"], n)
        vector.name("table")  # per position: face down there, the number seen (/HIGHEST)
        table = view["table"]
        cells: list[float] = []
        for name in NAMES:
            card = table.get(name)
            cells += (card is not None, card / HIGHEST if isinstance(card, int) else 0.0)
        vector.counts(cells)
        revealed = view["revealed"]
        vector.name("revealed_position")
        vector.one_hot(parse_position(revealed["pos"]) if revealed else None, POSITIONS)
        vector.name("revealed_card")
        vector.scalar(revealed["card"] / HIGHEST if revealed else 0)
        recent = view["recent"]
        for slot in range(n):  # the last round's reveals, oldest first
            reveal = recent[slot] if slot < len(recent) else None
            vector.name("recent_position", slot)
            vector.one_hot(parse_position(reveal["pos"]) if reveal else None, POSITIONS)
            vector.name("recent_result", slot)
            vector.one_hot(RESULTS.index(reveal["result"]) if reveal else None, len(RESULTS))
            vector.name("recent_card", slot)
            vector.scalar((reveal["card"] or 0) / HIGHEST if reveal else 0)
        for seat, castle in enumerate(view["castles"]):
            vector.name("castle", seat)
            vector.tally((card - 1 for card in castle), CARDS)
        removed = view.get("removed", [])
        vector.name("removed")
        vector.tally((card - 1 for card in removed), CARDS)
        vector.name("removed_count")
        vector.scalar(view.get("removed_count", len(removed)) / POSITIONS)
        vector.name("wizard_used")
        vector.counts([float(used) for used in view.get("wizard_used", [False] * n)])
        vector.name("points")
        vector.counts([points / 30 for points in view.get("points", [0] * n)])
        vector.name("face_down")
        vector.scalar(view["face_down"] / POSITIONS)
        vector.name("idle_turns")
        vector.scalar(view["idle_turns"] / max(1, view["stall_limit"]))


    def recall_view(self, state: CastleState, seat: int | None) -> dict[str, Any]:
        """Under hidden memory a seat that forgets nothing still knows every number it saw
        turned up and put back, and the removed cards (the open-memory table)."""
        view = self.view(state, seat)
        view.update(state.recall())
        return view


def make_observer(game: Castle, players: int) -> CastleObserver:
    return CastleObserver(game, players)
