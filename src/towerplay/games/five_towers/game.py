"""The 5 Towers game class: options, the action space, notation and metadata."""
from __future__ import annotations

from typing import Literal

from towerplay.core import Game, IllegalAction, Options
from towerplay.core.events import Event
from towerplay.games.five_towers import cards, scoring
from towerplay.games.five_towers.cards import ALL_ACTIONS, NOTATION, Action
from towerplay.games.five_towers.state import FiveTowersState

MAX_REBIDS = 5
"""In the physical mode a failed bid is bid again strictly lower (at least 1): at most five
failed attempts a round."""


class FiveTowersOptions(Options):
    """``rebid``: "feasible" offers only bids that can be built (the digital default);
    "physical" allows any bid and plays the rulebook's re-bid procedure when the winner
    cannot place all taken cards."""

    rebid: Literal["feasible", "physical"] = "feasible"


class FiveTowers(Game[FiveTowersState, Action]):
    """5 Towers (Kasper Lapp, Deep Print Games 2023) for 2–5 players.

    >>> from towerplay import games
    >>> state = games.load("five_towers").start(players=3, seed=1)
    >>> [str(a) for a in state.legal_actions()][:2], len(state.display)
    (['bid 0', 'bid 1'], 5)
    """

    name = "five_towers"
    title = "5 Towers"
    min_players = 2
    max_players = 5
    variants = ({}, {"rebid": "physical"})
    rules_version = "1"
    options_type = FiveTowersOptions
    score_labels = staticmethod(scoring.labels)
    state_type = FiveTowersState
    action_space = ALL_ACTIONS
    notation = NOTATION
    options: FiveTowersOptions

    def _setup(self, state: FiveTowersState) -> None:
        state.setup(cards.deck(state.players))

    def parse_notation(self, text: str) -> Action:
        """The action written as ``text``; the error names what was expected (a card, a
        suit, a bid from 0 to 5)."""
        if not isinstance(text, str):
            raise IllegalAction(Event.of("core.not_text", type=type(text).__name__))
        return cards.parse_action_text(text)

    def reveals(self, before: FiveTowersState, action: Action,
                after: FiveTowersState) -> bool:
        """Only a new round shows anything: its display, the next five cards of the draw
        pile (rules §Round). A bid, a pass, a take from the display (already face up), a
        tear-down or a placement that leaves the round going shows nothing."""
        return after.round != before.round

    def max_game_length(self, players: int) -> int:
        """A proven bound. Each round shows up to 5 cards of the draw pile and the game
        ends when the second pile (the reshuffled discards, at most the whole deck) runs
        out, so there are at most ``2 · ceil(deck / 5)`` rounds. A round holds one lap of
        bids, then at most 5 takes, one tear-down choice and 5 placements; in the physical
        mode each of at most :data:`MAX_REBIDS` failed attempts adds as many again plus a
        new bid."""
        rounds = 2 * -(-len(cards.deck(players)) // 5)
        attempt = 5 + 1 + 5
        per_round = players + attempt
        if self.options.rebid == "physical":
            per_round += MAX_REBIDS * (attempt + 1)
        return rounds * per_round
