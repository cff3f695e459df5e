"""The four built-in games, registered in the kernel's registry
(:mod:`towerplay.core.registry`), whose functions this package offers as well:
``towerplay.games.load("five_towers")``; and :func:`render_text`, any game drawn as text.
"""
from __future__ import annotations

import json
from typing import Any

from towerplay.core.errors import InvalidOptions, UnknownGame
from towerplay.core.registry import companion, folder, game_class, load, names, package, register
from towerplay.core.state import State
from towerplay.i18n import localized_breakdown, translator

BUILT_IN = {
    "five_towers": "towerplay.games.five_towers:FiveTowers",
    "castle": "towerplay.games.castle:Castle",
    "blueprints": "towerplay.games.blueprints:Blueprints",
    "skytopia": "towerplay.games.skytopia:Skytopia",
}
"""The games that come with towerplay: id -> ``"module:Class"``."""

for _name, _target in BUILT_IN.items():
    register(_name, _target)



def render_text(state: State[Any], seat: int | None, lang: str = "en") -> str:
    """The terminal picture of what ``seat`` sees in ``lang``, drawn by the game's
    ``render.draw(view, tr)`` from ``state.view(seat)`` alone (its score breakdown's labels
    in ``lang`` too; rich markup allowed); JSON if the game has none.

    >>> state = load("castle").start(players=2, seed=1)
    >>> render_text(state, 0, "pl").splitlines()[0]
    '[bold]Budowa Zamku — gra podstawowa, pamięć ukryta, tura 1[/]'
    """
    module = companion(state.game.name, "render")
    draw = getattr(module, "draw", None)
    if draw is None:
        return json.dumps(state.view(seat), indent=1)
    name, view = state.game.name, dict[str, Any](state.view(seat))
    if "breakdown" in view:  # (a view need not name its game: the pages add that)
        view["breakdown"] = localized_breakdown({**view, "game": name}, lang)["breakdown"]
    text: str = draw(view, translator(name, lang))
    return text


__all__ = ["BUILT_IN", "InvalidOptions", "UnknownGame", "companion", "folder", "game_class",
           "load", "names", "package", "register", "render_text"]
