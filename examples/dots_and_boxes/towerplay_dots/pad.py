"""What people at a paper grid type into the Dots and Boxes scoring pad (``pad.js``) for a
finished game: the grid's size and each player's boxes. A test may type finished games
into the pad and hold its totals and winners to the engine's, as the project's
``tests/server/test_pads_match_the_engine.py`` does for every pad it finds.

>>> from towerplay_dots.game import DotsAndBoxes
>>> typed({"players": 2, "taken": [3, 1]}, DotsAndBoxes(size=2))
{'players': 2, 'options': {'size': '2'}, 'seats': [{'boxes': '3'}, {'boxes': '1'}]}
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from towerplay.core.game import Game

VARIANTS: tuple[dict[str, Any], ...] = ({}, {"size": 2}, {"size": 5})
"""The option sets whose games the pad scores as the engine does: every grid size."""


def typed(view: Mapping[str, Any], game: Game[Any, Any]) -> dict[str, Any]:
    """The pad's input (``score(input, data)`` of ``pad.js``) for the finished game
    ``view`` shows (anyone's view: every box is public)."""
    return {"players": view["players"], "options": {"size": str(game.options_dict()["size"])},
            "seats": [{"boxes": str(count)} for count in view["taken"]]}
