"""A hint: the search's view of a position for the seat to move, from only what that seat
may know (``towerplay hint`` and the web table's hint button both ask here).

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> analysis = analyse(state, iterations=50, seed=1)
>>> sorted(str(s.action) for s in analysis.stats) == sorted(map(str, state.legal_actions()))
True
"""
from __future__ import annotations

from typing import Any

from towerplay.bots.ismcts import Analysis, ISMCTSBot
from towerplay.core import InvalidOptions, State, fresh_seed

DEFAULT_SECONDS = 2.0
"""The search's thinking time when neither seconds nor iterations are given."""


def analyse(state: State[Any], seconds: float | None = None, iterations: int | None = None,
            seed: int | None = None) -> Analysis:
    """Search the position for the seat to move, from only what that seat may know."""
    seat = state.to_move
    if seat is None:
        raise InvalidOptions("the game is over: there is no move to hint")
    if seconds is None and iterations is None:
        seconds = DEFAULT_SECONDS
    bot = ISMCTSBot(seed=fresh_seed() if seed is None else seed, seconds=seconds,
                    iterations=iterations, forced=True)
    seen = state.determinize(seat, bot.rng)  # the true state is never searched
    return bot.analyse(seen, seat)
