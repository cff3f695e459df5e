"""What people at a real table type into the Blueprints scoring pad (``pad.js``) for a
finished game: each round's In-Demand colours and first player, and each player's
blueprint and building of the round. The suite types every game of a sweep of finished
games into the pad and holds the pad's totals, rows and winners to the engine's
(tests/server/test_pads_match_the_engine.py).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from towerplay.core.game import Game

VARIANTS: tuple[dict[str, Any], ...] = (
    {}, {"wood_only_counts_wood": True}, {"prize_compare_magnitude": True},
    {"unplaceable": "deliberate", "awards_public": False})
"""The option sets whose games the pad scores as the engine does (it ranks a round's
ties by the later turn of that round, as the engine's default ``last_turn_tiebreak``)."""


def typed(view: Mapping[str, Any], game: Game[Any, Any]) -> dict[str, Any]:
    """The pad's input (``score(input)`` of ``pad.js``) for the finished game ``view``
    shows (anyone's view: the rounds' results are public)."""
    options = game.options_dict()
    chosen: dict[str, Any] = {"wood_only": options["wood_only_counts_wood"],
                              "prize_magnitude": options["prize_compare_magnitude"]}
    seats: list[dict[str, str]] = [{} for _ in range(view["players"])]
    for result in view["results"]:
        n = result["round"]
        chosen[f"r{n}_demand1"], chosen[f"r{n}_demand2"] = result["demand"]
        chosen[f"r{n}_first"] = str(result["first_player"])
        for fields, seat in zip(seats, result["seats"], strict=True):
            fields[f"r{n}_blueprint"] = seat["blueprint"]
            fields[f"r{n}_building"] = seat["building"]
    return {"players": view["players"], "options": chosen, "seats": seats}
