"""Bots by spec: ``load("random")``, ``load("ismcts:iterations=2000", seed=7)``.

>>> bot = load("random", seed=1)
>>> bot.spec, bot.seed
('random', 1)
>>> load("alphazero")
Traceback (most recent call last):
...
towerplay.core.errors.UnknownBot: unknown bot 'alphazero'; known bots: greedy, ismcts, random
"""
from __future__ import annotations

import importlib
import importlib.util

from towerplay.bots.base import Bot, BotOptions, parse_spec, split_specs
from towerplay.core.errors import UnknownBot

_REGISTRY: dict[str, str] = {
    "random": "towerplay.bots.simple:RandomBot",
    "greedy": "towerplay.bots.simple:GreedyBot",
    "ismcts": "towerplay.bots.ismcts:ISMCTSBot",
}


def names() -> list[str]:
    """The bot names that can be loaded."""
    return sorted(n for n in _REGISTRY
                  if importlib.util.find_spec(_REGISTRY[n].partition(":")[0]) is not None)


def bot_class(name: str) -> type[Bot]:
    if name not in names():
        raise UnknownBot(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    module, _, attr = _REGISTRY[name].partition(":")
    found: type[Bot] = getattr(importlib.import_module(module), attr)
    return found


def load(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec; :class:`UnknownBot` or :class:`InvalidOptions` if wrong."""
    name, options = parse_spec(spec)
    return bot_class(name)(seed=seed, **options)


__all__ = ["Bot", "BotOptions", "bot_class", "load", "names", "parse_spec", "split_specs"]
