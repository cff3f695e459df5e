"""The game registry: which games exist, and loading one by id with its options.

The kernel knows no game by name: a game package registers itself (``register(name,
"package.module:Class")``; :mod:`towerplay.games` registers the four built-in ones) or is
installed as a plugin under the entry-point group :data:`ENTRY_POINTS`. Games are imported
lazily, so loading one game never imports the others.

>>> from towerplay import games  # registers the built-in games
>>> names()[:4]
['blueprints', 'castle', 'five_towers', 'skytopia']
>>> load("five_towers", rebid="physical").options.rebid
'physical'
>>> load("chess")
Traceback (most recent call last):
...
towerplay.core.errors.UnknownGame: unknown game 'chess'; known games: Blueprints ('blueprints'), ...
"""
from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import json
from types import ModuleType
from typing import Any

from towerplay.core.errors import InvalidOptions, UnknownGame
from towerplay.core.events import Event, Param, Seq
from towerplay.core.game import Game

ENTRY_POINTS = "towerplay.games"
"""The entry-point group of games installed as plugins (``name = "module:Class"``)."""

_REGISTRY: dict[str, str] = {}


def register(name: str, target: str) -> None:
    """Register a game class by import path ``"package.module:Class"``."""
    _REGISTRY[name] = target


def names() -> list[str]:
    """The ids of all registered games that can be imported."""
    _plugins()
    return sorted(name for name in _REGISTRY if _importable(name))


def game_class(name: str) -> type[Game[Any, Any]]:
    """The class of a registered game (options not yet given)."""
    _plugins()
    if name not in _REGISTRY or not _importable(name):
        raise UnknownGame(Event.of("core.unknown_game", name=repr(str(name)),
                                   known=Seq(tuple(map(_choice, names())))))
    module, _, attr = _REGISTRY[name].partition(":")
    found: type[Game[Any, Any]] = getattr(importlib.import_module(module), attr)
    return found


def _choice(name: str) -> Event:
    """A game as a refusal lists it: its title (as published in the reader's language,
    the ``web`` catalogue's ``title.<id>``) and its id."""
    from towerplay.i18n import catalogue  # (the catalogues load only when worded)
    title: Param = (Event.of(f"web.title.{name}") if f"title.{name}" in catalogue("web", "en")
                    else game_class(name).title)
    return Event.of("core.choice", name=title, id=repr(name))


def load(name: str, **options: Any) -> Game[Any, Any]:
    """A game with validated options; :class:`UnknownGame` or :class:`InvalidOptions` if not."""
    return game_class(name)(**options)


def companion(name: str, part: str) -> ModuleType | None:
    """A game's front-end module beside its rules — ``render`` (terminal text drawn from
    a view), ``board`` (SVG drawn from a view), ``cli`` (its ``score`` command) — or
    ``None`` if the game has none. Rules never import these; front ends find them here.

    >>> companion("five_towers", "render").__name__
    'towerplay.games.five_towers.render'
    >>> companion("five_towers", "nothing") is None
    True
    """
    package = game_class(name).__module__.rpartition(".")[0]
    return _module_or_none(f"{package}.{part}")


@functools.cache
def _module_or_none(module: str) -> ModuleType | None:
    """The module, or ``None`` if it does not exist (remembered: the web server asks for
    a game's board at every move)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        return None


def render_text(state: Any, seat: int | None, lang: str = "en") -> str:
    """The terminal picture of what ``seat`` sees in ``lang``, drawn by the game's
    ``render.draw(view, tr)`` from ``state.view(seat)`` alone (its score breakdown's labels
    in ``lang`` too; rich markup allowed); JSON if the game has none."""
    # (imported here: i18n imports the kernel)
    from towerplay.i18n import localized_breakdown, translator

    module = companion(state.game.name, "render")
    draw = getattr(module, "draw", None)
    if draw is not None:
        name, view = state.game.name, state.view(seat)
        if "breakdown" in view:  # (a view need not name its game: the pages add that)
            view["breakdown"] = localized_breakdown({**view, "game": name}, lang)["breakdown"]
        text: str = draw(view, translator(name, lang))
        return text
    return json.dumps(state.view(seat), indent=1)


@functools.cache
def _plugins() -> None:
    """Register the games installed as plugins (once; a registered name stays)."""
    for entry in importlib.metadata.entry_points(group=ENTRY_POINTS):
        _REGISTRY.setdefault(entry.name, entry.value)


def _importable(name: str) -> bool:
    return _exists(_REGISTRY[name].partition(":")[0])


@functools.cache
def _exists(module: str) -> bool:
    """Whether a game module can be imported (remembered: ``names()`` is asked often)."""
    return importlib.util.find_spec(module) is not None


__all__ = ["InvalidOptions", "UnknownGame", "companion", "game_class", "load", "names",
           "register", "render_text"]
