"""The two simple bots: uniformly random, and the game's own greedy heuristic (which may
slip: ``greedy:slip=0.3`` plays a random legal move instead, three moves in ten).

>>> from towerplay import bots
>>> bots.load("greedy:slip=0.3", seed=1).spec
'greedy:slip=0.3'
"""
from __future__ import annotations

from pydantic import Field

from towerplay.bots.base import Bot, BotOptions
from towerplay.core.state import A, State


class RandomBot(Bot):
    """Picks a legal action uniformly at random."""

    name = "random"
    quick = True

    def perceive(self, state: State[A], seat: int) -> State[A]:
        """The true ``state`` itself, no determinization: a random bot reads only the
        mover's legal actions, which its seat knows anyway (the table loop's cost is then
        the engine's; see docs/speed.md)."""
        return state

    def choose(self, state: State[A], seat: int) -> A:
        legal: list[A] = state.legal_actions()
        return self.rng.choice(legal)


class GreedyOptions(BotOptions):
    """Options of the greedy bot."""

    slip: float = Field(0.0, ge=0.0, le=1.0, description="the chance of a random legal "
                        "move instead of the greedy one, at each decision (a weaker level "
                        "that still plays sensibly most of the time)")


class GreedyBot(Bot):
    """Plays the game's heuristic (``game.heuristics.greedy_action``), which lives in the
    game package; with ``slip`` it plays a random legal move instead, that often."""

    name = "greedy"
    quick = True
    options_type = GreedyOptions
    options: GreedyOptions

    def perceive(self, state: State[A], seat: int) -> State[A]:
        """The true ``state`` where the game's greedy reads only what the seat knows and
        this bot forgets nothing (``greedy_reads_view``): a determinization would cost more
        than the choice itself. Otherwise a determinization, as every bot gets."""
        if self.options.recall == 1.0 and state.game.heuristics.greedy_reads_view:
            return state
        return super().perceive(state, seat)

    def choose(self, state: State[A], seat: int) -> A:
        slip = self.options.slip
        if slip and self.rng.random() < slip:
            legal: list[A] = state.legal_actions()
            return self.rng.choice(legal)
        action: A = state.game.heuristics.greedy_action(state, self.rng)
        return action
