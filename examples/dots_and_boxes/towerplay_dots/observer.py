"""What a seat of Dots and Boxes sees, as a vector for learning agents: the lines drawn
and who took each box (all of it public)."""
from __future__ import annotations

from typing import cast

from towerplay.core.observer import Observer, Vector
from towerplay.core.views import View
from towerplay_dots.game import LARGEST, LINES, DotsAndBoxes, DotsState, DotsView


class DotsObserver(Observer[DotsState]):
    def encode(self, view: View, vector: Vector) -> None:
        view = cast(DotsView, view)
        vector.name("seat")
        vector.one_hot(view["seat"], self.players)
        vector.name("to_move")
        vector.one_hot(view["to_move"], self.players)
        drawn = set(view["lines"])
        vector.name("lines")
        vector.counts(1.0 if str(line) in drawn else 0.0 for line in LINES)
        vector.name("boxes")  # per box of the largest grid: which seat took it
        owners = [owner for row in view["boxes"] for owner in row]
        owners += [None] * (LARGEST * LARGEST - len(owners))
        for owner in owners:
            vector.one_hot(owner, self.players)


def make_observer(game: DotsAndBoxes, players: int) -> DotsObserver:
    return DotsObserver(game, players)
