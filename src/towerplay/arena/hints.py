"""A hint: the search's view of a position for the seat to move, from only what that seat
may know (``towerplay hint`` and the web table's hint button both ask here).

The default budget is :data:`DEFAULT_ITERATIONS` (with a seed, the same hint every time);
the seat's memory is the game's (``Game.recall``); actions the seat cannot tell apart are
one entry (``ActionStat.alike`` of them), and a position with one choice is not searched
(``iterations`` 0, win chance NaN).

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> analysis = analyse(state, iterations=50, seed=1)
>>> sorted(str(s.action) for s in analysis.stats) == sorted(map(str, state.legal_actions()))
True
"""
from __future__ import annotations

from typing import Any

from towerplay.bots.ismcts import Analysis, ISMCTSBot
from towerplay.core import Event, InvalidOptions, State, fresh_seed

DEFAULT_ITERATIONS = 2000
"""The search's iterations when neither seconds nor iterations are given (about 2 s)."""


def analyse(state: State[Any], seconds: float | None = None, iterations: int | None = None,
            seed: int | None = None, recall: float | None = None) -> Analysis:
    """Search the position for the seat to move, from only what that seat may know and
    remembers (``recall``, default the game's)."""
    seat = state.to_move
    if seat is None:
        raise InvalidOptions(Event.of("core.hint_over"))
    if seconds is None and iterations is None:
        iterations = DEFAULT_ITERATIONS
    bot = ISMCTSBot(seed=fresh_seed() if seed is None else seed, seconds=seconds,
                    iterations=iterations, forced=True)
    memory = state.game.recall() if recall is None else recall
    seen = state.determinize(seat, bot.rng, recall=memory)  # never the true state
    return bot.analyse(seen, seat)
