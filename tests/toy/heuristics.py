"""The toy game's knowledge for bots: a greedy move; the rest are the kernel's defaults."""
from __future__ import annotations

import random

from towerplay.core.heuristics import Heuristics

from tests.toy.game import TARGET, Play, ToyState


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
