"""What Budowa Zamku says, as events (:mod:`towerplay.core.events`): each move of the log.
The catalogues word them (``castle.*`` keys).

Every seat sees the same log. A reveal names its card while the table still shows it (the
last round) or under ``memory=open``; older numbers are left to the players' memory.

>>> from towerplay import games
>>> from towerplay.i18n import word
>>> state = games.load("castle").start(players=2, seed=1)
>>> state.apply("reveal a1")
>>> word(log_event(state, 0), "en")
'reveal a1: 41'
"""
from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from towerplay.core.events import Event
from towerplay.games.castle.cards import position_name

if TYPE_CHECKING:
    from towerplay.games.castle.state import CastleState


def log_event(state: CastleState, index: int) -> Event:
    """The log entry of history entry ``index``, the same for every seat."""
    action = state.history[index]
    if action.verb != "reveal":
        if action.verb == "wizard":
            return Event.of("castle.wizard", n=action.arg)
        return Event.of(f"castle.{action.verb}")
    turn = bisect_left(state.reveals, index, key=lambda r: r[0])
    _, _, _, card, result, automatic = state.reveals[turn]
    pos = position_name(action.arg)
    end = f"_{result}" if automatic else ""  # resolved at once: returned or removed
    # hidden memory: a number is shown for the last round only (as at the table, where
    # it is seen until turned down again); older ones are left to the player's memory
    if card and (state.game.options.memory == "open"
                 or turn >= len(state.reveals) - state.players):
        return Event.of(f"castle.reveal_card{end}", pos=pos, card=card)
    return Event.of(f"castle.reveal{end}", pos=pos)
