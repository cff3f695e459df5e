"""The Skytopia game: options, notation hooks and front-end hooks.

>>> from towerplay import games
>>> game = games.load("skytopia")
>>> state = game.start(players=2, seed=1)
>>> state.view(0)["phase"], len(state.legal_actions()) > 10
('phase 2: assign a golem', True)
>>> games.load("skytopia", market_size=7)
Traceback (most recent call last):
...
towerplay.core.errors.InvalidOptions: skytopia: option 'market_size': Input should be less than or equal to 4 (got 7)
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from towerplay.core import Game, Options
from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia.components import load_components
from towerplay.games.skytopia.state import MAX_ACTIONS, SkytopiaState


class SkytopiaOptions(Options):
    """Skytopia's options (every variant of the rulebook, and the component file)."""

    abilities: Literal["deal", "draft"] = Field(
        "deal", description="deal the Ability tiles at random, or draft them (variant)")
    sides: Literal["a", "b", "choose"] = Field(
        "a", description="every player uses side A, side B, or chooses their own side")
    preliminary_turn: bool = Field(
        False, description="the Preliminary Turn variant replaces the setup golem placement")
    market_size: int = Field(
        0, ge=0, le=4, description="cards per Market column (0: the player count; "
                                   "3 for the harder 4-player game)")
    tiebreak_coins: Literal["mod5", "total"] = Field(
        "mod5", description="second tie-break: coins not converted to PP, or all coins")
    components: str = Field(
        "", description="path of a components file (TOML/JSON) replacing the shipped, "
                          "provisional reconstruction")


class Skytopia(Game[SkytopiaState, A.Act]):
    """Skytopia (Ivan Lashin): golems on a Market of Tower cards, timed by the Chronometer."""

    name = "skytopia"
    title = "Skytopia"
    min_players = 2
    max_players = 4
    variants = ({}, {"abilities": "draft", "sides": "choose", "preliminary_turn": True},
                {"sides": "b", "market_size": 3})
    rules_version = "1"
    options_type = SkytopiaOptions
    state_type = SkytopiaState
    action_space = A.ACTIONS
    notation = A.NOTATION
    options: SkytopiaOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.comp = load_components(self.options.components or None)

    def _setup(self, state: SkytopiaState) -> None:
        state.setup()

    def parse_notation(self, text: str) -> A.Act:
        """The action written as ``text``; the error lists the notation's forms."""
        return A.parse(text)

    def max_game_length(self, players: int) -> int:
        """A cap the game enforces: it ends once ``MAX_ACTIONS`` actions have been played
        (far beyond any real game: the Market decks run out long before)."""
        return MAX_ACTIONS
