"""The toy game (tests/toy) and what the bot tests build on it: hand-made positions,
poisoned states that refuse to show hidden parts, and a variant whose log reveals draws."""
from __future__ import annotations

import random
from typing import Any

from towerplay.core.events import Event

from tests.toy.game import CARDS, PLAYS, TARGET, Play, ToyGame, ToyState
from tests.toy.heuristics import HEURISTICS, ToyHeuristics

__all__ = ["CARDS", "HEURISTICS", "PLAYS", "TARGET", "Play", "ToyGame", "ToyHeuristics",
           "ToyState", "position", "poisoned", "PoisonError", "RevealGame", "RevealState"]


def position(hands: list[list[int]], total: int, played: list[int],
             to_move: int = 0) -> ToyState:
    """A hand-made position; the deck holds the remaining cards in a fixed order."""
    state = ToyGame().start(players=len(hands), seed=0)
    rest = list(CARDS)
    for card in played + [c for h in hands for c in h]:
        rest.remove(card)
    state.hands = [list(h) for h in hands]
    state.deck = rest
    state.total = total
    state.played = list(played)
    state.to_move = to_move
    state._legal = None
    return state


class PoisonError(AssertionError):
    """Raised when someone reads a poisoned (hidden) part of a state."""


class Poison(list):
    """A list whose contents may not be read; only its length (public) is allowed."""

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise PoisonError("hidden information was read")

    __iter__ = __getitem__ = __contains__ = __reversed__ = _refuse
    pop = remove = index = count = sort = __eq__ = _refuse

    def __repr__(self) -> str:
        return f"<poison of {len(self)}>"

    def __bool__(self) -> bool:
        return len(self) > 0

    def copy(self) -> Poison:
        return Poison([0] * len(self))


def poisoned(state: ToyState, seat: int) -> ToyState:
    """The state with every part that ``seat`` cannot see replaced by :class:`Poison`."""
    new = state.copy()
    new.hands = [h if s == seat else Poison(h) for s, h in enumerate(new.hands)]
    new.deck = Poison(new.deck)
    return new


class RevealState(ToyState):
    """The toy game where each seat's log also shows it the card it drew."""

    __slots__ = ("drawn",)

    def _apply(self, action: Play) -> None:
        seat = self.to_move
        before = len(self.deck)
        super()._apply(action)
        self.drawn.append(self.hands[seat][-1] if len(self.deck) < before else None)

    def _copy(self) -> RevealState:
        new = super()._copy()
        new.drawn = self.drawn.copy()
        return new

    def _log_event(self, index: int, seat: int | None) -> Event | None:
        text = str(self.history[index])
        card = self.drawn[index]
        if self.movers[index] == seat and card is not None:
            text = f"{text}, drew {card}"  # (a test's game: its line as the kernel's words)
        return Event.of("core.move", action=text)

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        super()._redeal(seat, rng, recall)
        self.drawn = [card if mover == seat else None
                      for card, mover in zip(self.drawn, self.movers, strict=True)]


class RevealGame(ToyGame):
    name = "toy_reveal"
    state_type = RevealState

    def _setup(self, state: RevealState) -> None:
        super()._setup(state)
        state.drawn = []
