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
from pathlib import Path
from types import ModuleType
from typing import Any

from towerplay.core.errors import InvalidOptions, UnknownGame
from towerplay.core.events import Event, Seq
from towerplay.core.game import Game

ENTRY_POINTS = "towerplay.games"
"""The entry-point group of games installed as plugins (``name = "module:Class"``)."""

_REGISTRY: dict[str, str] = {}


def register(name: str, target: str) -> None:
    """Register a game class by import path ``"package.module:Class"``."""
    _REGISTRY[name] = target
    _names.cache_clear()


def names() -> list[str]:
    """The ids of all registered games that can be imported."""
    _plugins()
    return list(_names())


@functools.cache
def _names() -> tuple[str, ...]:
    """(remembered: the words look for the games' catalogues whenever they are read)"""
    return tuple(sorted(name for name in _REGISTRY if _importable(name)))


def game_class(name: str) -> type[Game[Any, Any]]:
    """The class of a registered game (options not yet given)."""
    module, _, attr = _target(name).partition(":")
    found: type[Game[Any, Any]] = getattr(importlib.import_module(module), attr)
    return found


def _choice(name: str) -> Event:
    """A game as a refusal lists it: its title (as published in the reader's language,
    the ``web`` catalogue's ``title.<id>``, else the class's own) and its id."""
    title = Event.of(f"web.title.{name}", fallback=game_class(name).title)
    return Event.of("core.choice", name=title, id=repr(name))


def load(name: str, **options: Any) -> Game[Any, Any]:
    """A game with validated options; :class:`UnknownGame` or :class:`InvalidOptions` if not."""
    return game_class(name)(**options)


def package(name: str) -> str:
    """The package a registered game lives in, found without importing the game: the
    home of everything of the game (its catalogues under ``locale/``, its rules pages,
    its scoring pad, its component data, its front-end modules). It is the registered
    module if that is a package, else the package holding it.

    >>> package("five_towers")
    'towerplay.games.five_towers'
    """
    return _package_of(_target(name).partition(":")[0])


@functools.cache
def _package_of(module: str) -> str:
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.submodule_search_locations is not None:
        return module
    return module.rpartition(".")[0]


def folder(name: str) -> Path:
    """The folder of a registered game's :func:`package` (its data files beside it).

    >>> (folder("castle") / "characters.toml").is_file()
    True
    """
    return _folder(package(name))


@functools.cache
def _folder(package_name: str) -> Path:
    spec = importlib.util.find_spec(package_name)
    assert spec is not None and spec.submodule_search_locations, package_name
    return Path(next(iter(spec.submodule_search_locations)))


def companion(name: str, part: str) -> ModuleType | None:
    """A game's front-end module beside its rules — ``render`` (terminal text drawn from
    a view), ``board`` (SVG drawn from a view), ``cli`` (its ``score`` command),
    ``words`` (terms with many values worded for people: ``term(word, tr)``) — or
    ``None`` if the game has none. Rules never import these; front ends find them here.

    >>> companion("five_towers", "render").__name__
    'towerplay.games.five_towers.render'
    >>> companion("five_towers", "nothing") is None
    True
    """
    return _module_or_none(f"{package(name)}.{part}")


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


@functools.cache
def _plugins() -> None:
    """Register the games installed as plugins (once; a registered name stays)."""
    for entry in importlib.metadata.entry_points(group=ENTRY_POINTS):
        _REGISTRY.setdefault(entry.name, entry.value)
    _names.cache_clear()


def _target(name: str) -> str:
    """The ``"module:Class"`` of a registered game (:class:`UnknownGame` if none)."""
    _plugins()
    if name not in _REGISTRY or not _importable(name):
        raise UnknownGame(Event.of("core.unknown_game", name=repr(str(name)),
                                   known=Seq(tuple(map(_choice, names())))))
    return _REGISTRY[name]


def _importable(name: str) -> bool:
    return _exists(_REGISTRY[name].partition(":")[0])


@functools.cache
def _exists(module: str) -> bool:
    """Whether a game module can be imported (remembered: ``names()`` is asked often)."""
    return importlib.util.find_spec(module) is not None


__all__ = ["InvalidOptions", "UnknownGame", "companion", "folder", "game_class", "load",
           "names", "package", "register"]
