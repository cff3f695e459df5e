"""What a seat of the toy game knows, as a vector: its hand, the total, the cards played."""
from __future__ import annotations

from typing import Any

from towerplay.core.observer import Observer, Vector

from tests.toy.game import CARDS, HAND, TARGET, ToyGame, ToyState


class ToyObserver(Observer[ToyState]):
    def encode(self, view: dict[str, Any], vector: Vector) -> None:
        seat = view["seat"]
        vector.name("seat")
        vector.one_hot(seat, self.players)
        vector.name("to_move")
        vector.one_hot(view["to_move"], self.players)
        hand = view["hand"] or []
        vector.name("hand")  # how many of each value 1-9
        vector.counts(hand.count(value) for value in range(1, 10))
        vector.name("played")
        vector.counts(view["played"].count(value) for value in range(1, 10))
        vector.name("total")
        vector.scalar(view["total"] / TARGET)
        vector.name("deck")
        vector.scalar(view["deck"] / len(CARDS))
        vector.name("hand_sizes")
        vector.counts(size / HAND for size in view["hand_sizes"])


def make_observer(game: ToyGame, players: int) -> ToyObserver:
    return ToyObserver(game, players)
