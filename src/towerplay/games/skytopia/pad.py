"""What people at a real table type into the Skytopia scoring pad (``pad.js``) for a
finished game: the Guild Masters in play, and each city's PP on the track, Tower cards
and crest kinds per colour, Laboratories, coins and golems on the Market. The suite
types every game of a sweep of finished games into the pad and holds the pad's totals,
rows and winners to the engine's (tests/server/test_pads_match_the_engine.py).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from towerplay.core.game import Game
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.effects import GOLEMS
from towerplay.games.skytopia.scoring import city_summary

VARIANTS: tuple[dict[str, Any], ...] = (
    {}, {"tiebreak_coins": "total"}, {"abilities": "draft", "sides": "choose"},
    {"sides": "b", "market_size": 2})
"""The option sets whose games the pad scores as the engine does (it scores with the
shipped components)."""


def typed(view: Mapping[str, Any], game: Game[Any, Any]) -> dict[str, Any]:
    """The pad's input (``score(input, data)`` of ``pad.js``) for the finished game
    ``view`` shows (anyone's view: the cities are public)."""
    comp = game.comp  # type: ignore[attr-defined]  # (Skytopia's components)
    keys = {card.ident: key for key, card in enumerate(comp.cards)}
    stacks = {guild.ident: guild.stack for guild in comp.guilds}
    options: dict[str, Any] = {f"guild_{stacks[ident]}": ident
                               for ident in view["guild_masters"]}
    options["tiebreak_coins"] = game.options_dict()["tiebreak_coins"]
    return {"players": view["players"], "options": options,
            "seats": [city(comp, keys, seat) for seat in view["cities"]]}


def city(comp: Any, keys: Mapping[str, int], seat: Mapping[str, Any]) -> dict[str, str]:
    """One city as the pad's fields (blank where the pad reads blank as 0)."""
    towers = [[keys[ident] for ident in seat["towers"][colour]] for colour in COLOURS]
    cards, crests, _ = city_summary(comp, towers)
    labs = sum(1 for tower in towers for key in tower if comp.cards[key].endgame)
    fields = {"track": str(seat["pp"]), "labs": str(labs), "coins": str(seat["coins"]),
              "golems": str(GOLEMS - seat["golems_on_board"])}
    for colour, count, kinds in zip(COLOURS, cards, crests, strict=True):
        fields[colour] = str(count)
        fields[f"crests_{colour}"] = str(kinds)
    return fields
