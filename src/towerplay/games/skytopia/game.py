"""The Skytopia game: options, notation hooks and front-end hooks.

>>> from towerplay import games
>>> game = games.load("skytopia")
>>> state = game.start(players=2, seed=1)
>>> state.view(0)["phase"], len(state.legal_actions()) > 10
('phase 2: assign a golem', True)
>>> games.load("skytopia", market_size=7)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
towerplay.core.errors.InvalidOptions: option “Market column size” ('market_size'): expected a
number of at most 4 (got 7)
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from towerplay.core import Event, Game, InvalidOptions, Options
from towerplay.core.game import FILE
from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia import events
from towerplay.games.skytopia.components import load_components, option_data
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
    components: Annotated[dict[str, Any] | None, FILE, BeforeValidator(option_data)] = Field(
        None, description="a components file (TOML, or JSON by suffix) replacing the shipped, "
                          "provisional reconstruction: give its path; the option keeps the "
                          "file's data, so records replay without the file")


class Skytopia(Game[SkytopiaState, A.Act]):
    """Skytopia (Ivan Lashin): golems on a Market of Tower cards, timed by the Chronometer."""

    name = "skytopia"
    title = "Skytopia"
    component_file = "components.toml"
    min_players = 2
    max_players = 4
    variants = ({}, {"abilities": "draft", "sides": "choose", "preliminary_turn": True},
                {"sides": "b", "market_size": 2})
    rules_version = "1"
    options_type = SkytopiaOptions
    state_type = SkytopiaState
    action_space = A.ACTIONS
    notation = A.NOTATION
    score_labels = staticmethod(events.score_labels)
    options: SkytopiaOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.comp = load_components(self.options.components)

    def check_players(self, players: object) -> None:
        """The seat count must suit the game and the Market: ``market_size`` may only be
        lower than the player count (the rulebook's harder variant), never higher."""
        super().check_players(players)
        assert isinstance(players, int)  # (checked above)
        size = self.options.market_size
        if size > players:
            raise InvalidOptions(Event.of("skytopia.market_size_players", size=size,
                                          players=players))

    def _setup(self, state: SkytopiaState) -> None:
        state.setup()

    def parse_notation(self, text: str) -> A.Act:
        """The action written as ``text``; the error lists the notation's forms."""
        return A.parse(text)

    def reveals(self, before: SkytopiaState, action: A.Act, after: SkytopiaState) -> bool:
        """Only the decks are hidden: an action that draws a Tower card onto the Market
        (a turn's end refills it) reveals; any other shows nothing."""
        return sum(map(len, after.decks)) != sum(map(len, before.decks))

    def max_game_length(self, players: int) -> int:
        """A cap the game enforces: it ends once ``MAX_ACTIONS`` actions have been played
        (far beyond any real game: the Market decks run out long before)."""
        return MAX_ACTIONS
