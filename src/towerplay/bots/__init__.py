"""Bots by spec: ``load("random")``, ``load("ismcts:iterations=2000", seed=7)``, or by
level: ``load("hard")`` (:data:`LEVELS`; options may follow, ``hard:recall=0.5``).

>>> bot = load("random", seed=1)
>>> bot.spec, bot.seed
('random', 1)
>>> load("expert").spec
'ismcts:iterations=2500'
>>> load("alphazero")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
towerplay.core.errors.UnknownBot: unknown bot 'alphazero'; known bots: greedy, ismcts, learned,
random; levels: easy, medium, hard, expert
"""
from __future__ import annotations

import importlib
import importlib.resources
import importlib.util
import json
from functools import cache
from typing import Any

from towerplay.bots.base import Bot, BotOptions, parse_spec, split_specs
from towerplay.core.errors import UnknownBot
from towerplay.core.events import Event, Seq

_REGISTRY: dict[str, str] = {
    "random": "towerplay.bots.simple:RandomBot",
    "greedy": "towerplay.bots.simple:GreedyBot",
    "ismcts": "towerplay.bots.ismcts:ISMCTSBot",
    "learned": "towerplay.bots.learned:LearnedBot",
}

LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "greedy:slip=0.3",
    "hard": "greedy",
    "expert": "ismcts:iterations=2500",
}
"""Named levels, weakest first, for people picking an opponent: each beats the one below in
at least 60% of 2-player games in every game (measured, with the levels' ratings:
docs/bots.md). A search of 250 iterations was no stronger than the greedy move, and more
search than 2,500 iterations gains little, so the steps below the search are the greedy
move and the greedy move that slips to a random one three times in ten. The search has a
fixed budget of iterations (never seconds), so a level plays the same on every machine,
only faster or slower."""


RATINGS_FILE = "level_ratings.json"
"""The levels' OpenSkill ratings by game at 2 players, written by
``benchmarks/levels_ladder.py --publish`` from the results files it names (a test
recomputes it from them)."""


@cache
def _ratings() -> dict[str, Any]:
    text = importlib.resources.files(__name__).joinpath(RATINGS_FILE).read_text("utf-8")
    found: dict[str, Any] = json.loads(text)
    return found


def level_ratings(game: str) -> dict[str, dict[str, float]]:
    """Each level's OpenSkill rating in ``game`` at 2 players (``mu``, ``sigma``,
    ``ordinal`` = μ − 3σ, ``games``) from the levels' ladder; empty for a game not rated.

    >>> sorted(level_ratings("castle")) == sorted(LEVELS)
    True
    >>> level_ratings("toy_pile")
    {}
    """
    ratings: dict[str, dict[str, float]] = _ratings()["games"].get(game, {})
    return ratings


def names() -> list[str]:
    """The bot names that can be loaded."""
    return list(_names())


@cache
def _names() -> tuple[str, ...]:
    # found once: a table checks its seats' specs at every game
    return tuple(sorted(n for n in _REGISTRY
                        if importlib.util.find_spec(_REGISTRY[n].partition(":")[0])
                        is not None))


def expand(spec: str) -> tuple[str, dict[str, str]]:
    """A spec's bot name and options, a level replaced by its spec (options given after
    the level override the level's).

    >>> expand("expert:recall=0.5")
    ('ismcts', {'iterations': '2500', 'recall': '0.5'})
    """
    name, options = parse_spec(spec)
    if name in LEVELS:
        base, preset = parse_spec(LEVELS[name])
        return base, {**preset, **options}
    return name, options


def bot_class(name: str) -> type[Bot]:
    """The class of a bot name or level (:class:`UnknownBot` lists both if wrong)."""
    if name in LEVELS:
        name = parse_spec(LEVELS[name])[0]
    if name not in names():
        raise UnknownBot(Event.of("core.unknown_bot", name=repr(name[:40]),
                                  known=Seq(tuple(names())), levels=Seq(tuple(LEVELS))))
    module, _, attr = _REGISTRY[name].partition(":")
    found: type[Bot] = getattr(importlib.import_module(module), attr)
    return found


def load(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec or level; :class:`UnknownBot` or :class:`InvalidOptions` if
    wrong."""
    name, options = expand(spec)
    return bot_class(name)(seed=seed, **options)


__all__ = ["LEVELS", "Bot", "level_ratings", "BotOptions", "bot_class", "expand", "load", "names",
           "parse_spec", "split_specs"]
