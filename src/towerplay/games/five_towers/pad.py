"""What people at a real table type into the 5 Towers scoring pad (``pad.js``) for a
finished game: each player's towers, bottom to top, and the cards torn down. The suite
types every game of a sweep of finished games into the pad and holds the pad's totals,
rows and winners to the engine's (tests/server/test_pads_match_the_engine.py).

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> typed(state.view(None), state.game)["seats"][0]
{'candy': '', 'scary': '', 'tree': '', 'scrap': '', 'sand': '', 'torn': ''}
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from towerplay.core.game import Game
from towerplay.games.five_towers.cards import SUITS

VARIANTS: tuple[dict[str, Any], ...] = ({}, {"rebid": "physical"})
"""The option sets whose games the pad scores as the engine does: all (scoring has none)."""


def typed(view: Mapping[str, Any], game: Game[Any, Any]) -> dict[str, Any]:
    """The pad's input (``score(input)`` of ``pad.js``) for the finished game ``view``
    shows (anyone's view: towers and tear-downs are public)."""
    seats = []
    for towers, torn in zip(view["towers"], view["torn"], strict=True):
        fields = {suit: " ".join(map(str, towers.get(suit) or ())) for suit in SUITS}
        seats.append({**fields, "torn": str(torn) if torn else ""})
    return {"players": view["players"], "options": {}, "seats": seats}
