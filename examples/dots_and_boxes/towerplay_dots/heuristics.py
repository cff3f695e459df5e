"""What a greedy Dots and Boxes player knows: take a box when one is offered, and never
draw a box's third side (which offers it to the next player) while a safe line is left."""
from __future__ import annotations

import random

from towerplay.core.heuristics import Heuristics
from towerplay_dots.game import DotsState, Line, sides


def sides_drawn(state: DotsState, line: Line) -> list[int]:
    """How many sides each box beside ``line`` has before it is drawn."""
    return [sum(state.drawn[side] for side in sides(*box)) for box in line.boxes(state.size)]


class DotsHeuristics(Heuristics[DotsState, Line]):
    """The greedy move; searches use the kernel's defaults."""

    def greedy_action(self, state: DotsState, rng: random.Random) -> Line:
        """A line that takes a box, else a safe one, else any (at random among equals).

        >>> from towerplay_dots.game import DotsAndBoxes
        >>> state = DotsAndBoxes(size=2).start(players=2, seed=1)
        >>> for line in ("h 0 0", "v 0 0", "h 1 0"):
        ...     state.apply(line)
        >>> str(HEURISTICS.greedy_action(state, random.Random(1)))
        'v 0 1'
        """
        legal = state.legal_actions()
        taking = [line for line in legal if 3 in sides_drawn(state, line)]
        safe = [line for line in legal if 2 not in sides_drawn(state, line)]
        return rng.choice(taking or safe or legal)


HEURISTICS = DotsHeuristics()
