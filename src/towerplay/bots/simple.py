"""The two simple bots: uniformly random, and the game's own greedy heuristic."""
from __future__ import annotations

from towerplay.bots.base import Bot
from towerplay.core.state import A, State


class RandomBot(Bot):
    """Picks a legal action uniformly at random."""

    name = "random"

    def act(self, state: State[A]) -> A:
        """A legal action of the true ``state``, with no determinization: the mover's legal
        actions are what its seat knows anyway, and nothing else is read (the table loop's
        cost is then the engine's; see docs/speed.md)."""
        if state.to_move is None:
            return super().act(state)  # refused there, in the usual words
        return self.choose(state, state.to_move)

    def choose(self, state: State[A], seat: int) -> A:
        legal: list[A] = state.legal_actions()
        return self.rng.choice(legal)


class GreedyBot(Bot):
    """Plays the game's heuristic (``game.heuristics.greedy_action``), which lives in the
    game package."""

    name = "greedy"

    def choose(self, state: State[A], seat: int) -> A:
        action: A = state.game.heuristics.greedy_action(state, self.rng)
        return action
