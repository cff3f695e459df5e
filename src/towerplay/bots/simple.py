"""The two simple bots: uniformly random, and the game's own greedy heuristic."""
from __future__ import annotations

from towerplay.bots.base import Bot
from towerplay.core.state import Action, State


class RandomBot(Bot):
    """Picks a legal action uniformly at random."""

    name = "random"

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyBot(Bot):
    """Plays the game's heuristic (``game.heuristics.greedy_action``), which lives in the
    game package."""

    name = "greedy"

    def choose(self, state: State, seat: int) -> Action:
        return state.game.heuristics.greedy_action(state, self.rng)
