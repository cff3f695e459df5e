"""*Pile*, a tiny hidden-card game: the fifth game, added by following
docs/adding-a-game.md. The tests register it (``toy_pile``) so every generic test covers it,
and the bot tests search it.

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

from typing_extensions import TypedDict

from towerplay.core import Game, State, chance
from towerplay.core.positions import check_ints, check_seat
from towerplay.core.views import View

TARGET = 15
HAND = 3
CARDS = tuple(sorted(list(range(1, 10)) * 2))


class Play(NamedTuple):
    """Play a card of that value: ``play 5``."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


PLAYS = tuple(Play(v) for v in range(1, 10))


class PilePart(TypedDict):
    """The game's own keys of a view: the total, the pile, the seat's hand."""

    total: int
    deck: int
    played: list[int]
    hand: list[int] | None
    hand_sizes: list[int]


class PileView(View, PilePart):
    """A Pile view: the kernel's keys and the game's."""


class ToyState(State[Play, PileView]):
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

    def _view(self, seat: int | None) -> PilePart:
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
        cards = [c for hand in self.hands for c in hand] + self.deck + self.played
        check_ints("cards", sorted(cards), len(CARDS), 1, 9)
        if sorted(cards) != list(CARDS) or self.total != sum(self.played):
            raise ValueError("hands, deck and played must hold the 18 cards; total their sum")
        check_seat("loser", self.loser, self.players, optional=True)
        check_seat("winner", self.winner, self.players, optional=True)

    def scores(self) -> list[float]:
        """1 for the winner (or for everyone but the loser); 0 otherwise."""
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
    hidden_information = True
    chance = True

    def max_game_length(self, players: int) -> int:
        """Each action plays one of the 18 cards, and no card comes back."""
        return len(CARDS)

    def _setup(self, state: ToyState) -> None:
        deck = list(CARDS)
        chance(state.seed, "deal").shuffle(deck)
        state.hands = [[deck.pop() for _ in range(HAND)] for _ in range(state.players)]
        state.deck = deck
        state.total = 0
        state.played = []
        state.loser = state.winner = None
        state.to_move = 0
