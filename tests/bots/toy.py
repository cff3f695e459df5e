"""A tiny hidden-card game for testing search bots (not registered in ``towerplay.games``).

*Pile*: cards 1..9, twice each (18 cards), are shuffled; every seat gets a hand of 3 hidden
cards. In turn each seat plays one card onto a shared total, then draws a card if the
draw pile has one. Reaching exactly 15 wins at once; going over 15 loses at once (everyone
else shares the win). When every hand is empty the game is a draw.

>>> game = ToyGame()
>>> state = game.start(players=2, seed=1)
>>> sorted(state.hands[state.to_move]) == state.view(state.to_move)["hand"]
True
"""
from __future__ import annotations

import random
from typing import Any, NamedTuple

from towerplay.core import Game, State, chance
from towerplay.core.heuristics import Heuristics

TARGET = 15
HAND = 3
CARDS = tuple(sorted(list(range(1, 10)) * 2))


class Play(NamedTuple):
    """Play a card of that value: ``play 5``."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


PLAYS = tuple(Play(v) for v in range(1, 10))


class ToyState(State):
    __slots__ = ("hands", "deck", "total", "played", "loser", "winner")

    def _legal_actions(self) -> list[Play]:
        return [PLAYS[v - 1] for v in sorted(set(self.hands[self.to_move]))]

    def _apply(self, action: Play) -> None:
        seat = self.to_move
        hand = self.hands[seat]
        hand.remove(action.card)
        self.played.append(action.card)
        self.total += action.card
        if self.total == TARGET:
            self.winner, self.to_move = seat, None
            return
        if self.total > TARGET:
            self.loser, self.to_move = seat, None
            return
        if self.deck:
            hand.append(self.deck.pop())
        self.to_move = (seat + 1) % self.players
        if not any(self.hands):
            self.to_move = None

    def _copy(self) -> ToyState:
        new = self._copy_base()
        new.hands = [h.copy() for h in self.hands]
        new.deck = self.deck.copy()
        new.total = self.total
        new.played = self.played.copy()
        new.loser = self.loser
        new.winner = self.winner
        return new

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"total": self.total, "deck": len(self.deck), "played": list(self.played),
                "hand": sorted(self.hands[seat]) if seat is not None else None,
                "hand_sizes": [len(h) for h in self.hands]}

    def _to_json(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "deck": list(self.deck),
                "total": self.total, "played": list(self.played), "loser": self.loser,
                "winner": self.winner}

    def _load_json(self, data: dict[str, Any]) -> None:
        self.hands = [list(h) for h in data["hands"]]
        self.deck = list(data["deck"])
        self.total = data["total"]
        self.played = list(data["played"])
        self.loser = data["loser"]
        self.winner = data["winner"]

    def scores(self) -> list[float]:
        if self.winner is not None:
            return [1.0 if s == self.winner else 0.0 for s in range(self.players)]
        if self.loser is not None:
            return [0.0 if s == self.loser else 1.0 for s in range(self.players)]
        return [0.0] * self.players

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        # Unseen cards: everything not played and not in the seat's own hand. Only the
        # sizes of the other hands and of the deck are read (they are public).
        unseen = list(CARDS)
        for card in self.played:
            unseen.remove(card)
        if seat is not None:
            for card in self.hands[seat]:
                unseen.remove(card)
        rng.shuffle(unseen)
        for other in range(self.players):
            if other != seat:
                size = len(self.hands[other])
                self.hands[other] = [unseen.pop() for _ in range(size)]
        self.deck = unseen[:len(self.deck)]


class ToyGame(Game["ToyState", Play]):
    """The *Pile* toy game (2-3 players)."""

    name = "toy_pile"
    title = "Pile (test game)"
    min_players = 2
    max_players = 3
    state_type = ToyState
    action_space = PLAYS
    notation = "play N: play a card of value N (1-9)."
    heuristics_module = __name__

    def max_game_length(self, players: int) -> int:
        return len(CARDS)  # one card a move, never more than the whole deck

    def _setup(self, state: ToyState) -> None:
        deck = list(CARDS)
        chance(state.seed, "deal").shuffle(deck)
        state.hands = [[deck.pop() for _ in range(HAND)] for _ in range(state.players)]
        state.deck = deck
        state.total = 0
        state.played = []
        state.loser = state.winner = None
        state.to_move = 0



class ToyHeuristics(Heuristics[ToyState, Play]):
    """The toy game's knowledge for bots: a greedy move; the rest are the defaults."""

    def greedy_action(self, state: ToyState, rng: random.Random) -> Play:
        """Win now if possible, otherwise play the largest card that does not bust."""
        legal = state.legal_actions()
        room = TARGET - state.total
        safe = [a for a in legal if a.card <= room]
        exact = [a for a in safe if a.card == room]
        if exact:
            return exact[0]
        return max(safe) if safe else legal[0]


HEURISTICS = ToyHeuristics()


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

    def _log_entry(self, index: int, seat: int | None) -> str | None:
        text = str(self.history[index])
        card = self.drawn[index]
        if self.movers[index] == seat and card is not None:
            return f"{text}, drew {card}"
        return text

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        super()._redeal(seat, rng, recall)
        self.drawn = [card if mover == seat else None
                      for card, mover in zip(self.drawn, self.movers)]


class RevealGame(ToyGame):
    name = "toy_reveal"
    State = RevealState

    def _setup(self, state: RevealState) -> None:
        super()._setup(state)
        state.drawn = []
