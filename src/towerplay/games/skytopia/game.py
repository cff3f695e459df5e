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

import random
from typing import Any, Literal

from pydantic import Field

from towerplay.core import Game, Options
from towerplay.core.state import State

from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia.cli import score_command
from towerplay.games.skytopia.components import load_components
from towerplay.games.skytopia.state import SkytopiaState


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


class Skytopia(Game):
    """Skytopia (Ivan Lashin): golems on a Market of Tower cards, timed by the Chronometer."""

    name = "skytopia"
    title = "Skytopia"
    min_players = 2
    max_players = 4
    variants = ({}, {"abilities": "draft", "sides": "choose", "preliminary_turn": True},
                {"sides": "b", "market_size": 3})
    rules_version = "1"
    Options = SkytopiaOptions
    search_defaults = {"depth": 10}
    """Playouts of ten random actions judged by :meth:`evaluate` (the static estimate of
    each seat's final score): six times the iterations of full random playouts, and a
    steadier judgement: at one second a move it beat greedy in 85% (74-92%) of 60 games."""
    State = SkytopiaState
    notation = A.NOTATION
    score_command = staticmethod(score_command)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.comp = load_components(self.options.components or None)

    def _setup(self, state: State) -> None:
        state.setup()  # type: ignore[attr-defined]

    def parse_notation(self, text: str) -> A.Act:
        return A.parse(text)

    @property
    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def action_id(self, action: A.Act) -> int:
        return A.action_id(action)

    def action_from_id(self, action_id: int) -> A.Act:
        return A.action_from_id(action_id)

    def render(self, state: State, seat: int | None) -> str:
        from towerplay.games.skytopia.render import render

        return render(state, seat)  # type: ignore[arg-type]

    def greedy_action(self, state: State, rng: random.Random) -> A.Act:
        from towerplay.games.skytopia.heuristics import greedy_action

        return greedy_action(state, rng)  # type: ignore[arg-type]

    def rollout_action(self, state: State, rng: random.Random) -> A.Act:
        from towerplay.games.skytopia.heuristics import rollout_action

        return rollout_action(state, rng)  # type: ignore[arg-type]

    def evaluate(self, state: State) -> list[float]:
        """Each seat's estimated final score (the greedy bot's static evaluation)."""
        from towerplay.games.skytopia.heuristics import evaluate

        return [evaluate(state, seat) for seat in range(state.players)]  # type: ignore[arg-type]

