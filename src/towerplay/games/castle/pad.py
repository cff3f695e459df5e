"""What people at a real table type into the Budowa Zamku scoring pad (``pad.js``) for a
finished game: each castle's wall cards, left to right, and the variant. The suite types
every game of a sweep of finished games into the pad and holds the pad's totals, rows
and winners to the engine's (tests/server/test_pads_match_the_engine.py).

>>> from towerplay import games
>>> game = games.load("castle", variant="characters")
>>> typed({"players": 2, "castles": [[1, 4, 9], [1]]}, game)  # doctest: +NORMALIZE_WHITESPACE
{'players': 2, 'options': {'variant': 'characters', 'pair_cards': False},
 'seats': [{'castle': '4 9'}, {'castle': ''}]}
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from towerplay.core.game import Game

VARIANTS: tuple[dict[str, Any], ...] = (
    {}, {"variant": "characters"}, {"memory": "open", "end": "table_empty"},
    {"variant": "characters", "wizard_tile_gap": True, "pair_cards": True, "first_player": 1})
"""The option sets whose games the pad scores as the engine does: the game's variants (the
pad scores with the shipped cards)."""


def typed(view: Mapping[str, Any], game: Game[Any, Any]) -> dict[str, Any]:
    """The pad's input (``score(input, data)`` of ``pad.js``) for the finished game
    ``view`` shows (anyone's view: the castles are public)."""
    options = game.options_dict()
    return {"players": view["players"],
            "options": {"variant": options["variant"], "pair_cards": options["pair_cards"]},
            "seats": [{"castle": " ".join(map(str, castle[1:]))} for castle in view["castles"]]}
