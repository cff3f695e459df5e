"""The four built-in games, registered in the kernel's registry
(:mod:`towerplay.core.registry`), whose functions this package offers as well:
``towerplay.games.load("five_towers")``.
"""
from __future__ import annotations

from towerplay.core.errors import InvalidOptions, UnknownGame
from towerplay.core.registry import (companion, game_class, load, names, register,
                                     render_text)

BUILT_IN = {
    "five_towers": "towerplay.games.five_towers:FiveTowers",
    "castle": "towerplay.games.castle:Castle",
    "blueprints": "towerplay.games.blueprints:Blueprints",
    "skytopia": "towerplay.games.skytopia:Skytopia",
}
"""The games that come with towerplay: id -> ``"module:Class"``."""

for _name, _target in BUILT_IN.items():
    register(_name, _target)

__all__ = ["BUILT_IN", "InvalidOptions", "UnknownGame", "companion", "game_class", "load",
           "names", "register", "render_text"]
