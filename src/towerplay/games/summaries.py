"""Each game's rules summary in the rulebooks' languages: English, Polish, Hungarian.

A game package ships ``rules.md`` (English) and may ship ``rules.pl.md`` and
``rules.hu.md`` beside it; a language a game lacks falls back to English.

>>> "5 Towers" in rules_text("five_towers", "en")
True
>>> rules_text("five_towers", "xx")
Traceback (most recent call last):
...
towerplay.core.errors.InvalidOptions: unknown language 'xx': expected en, pl or hu
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from importlib import resources

from towerplay import games, i18n
from towerplay.core import Event, InvalidOptions

LANGUAGES = i18n.LANGUAGES
"""The languages a summary may be in; English is the original and the fallback."""


def summary_file(lang: str) -> str:
    """The file name of a summary in ``lang`` (``rules.md`` for English)."""
    if lang not in LANGUAGES:
        raise InvalidOptions(Event.of("core.rules_language", lang=repr(lang)))
    return "rules.md" if lang == "en" else f"rules.{lang}.md"


def _read(package: str, name: str) -> str | None:
    """The text of ``name`` in ``package``, or ``None`` if it has no such file."""
    try:
        return (resources.files(package) / name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None


def rules_text(game_name: str, lang: str = "en") -> str:
    """The rules summary of ``game_name`` in ``lang``, else in English.

    Raises InvalidOptions for an unknown language or a game without any summary.
    """
    name = summary_file(lang)
    package = games.package(game_name)
    text = _read(package, name) or _read(package, "rules.md")
    if text is None:
        raise InvalidOptions(Event.of("core.no_rules", game=repr(game_name)))
    return text


def notation_text(game: str, lang: str) -> str:
    """The game's notation explained in ``lang`` (its catalogue's ``<game>.notation``),
    else as the game writes it (English)."""
    from towerplay import games  # (the registry imports the games' modules)
    from towerplay.i18n import translator
    words = translator(game, lang)
    key = f"{game}.notation"
    return words.raw(key) if words.has(key) else games.game_class(game).notation


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language from LC_ALL or LANG (``pl_PL.UTF-8`` → ``pl``), else English.

    >>> default_language({"LANG": "hu_HU.UTF-8"}), default_language({"LANG": "de_DE"})
    ('hu', 'en')
    """
    env = os.environ if environ is None else environ
    value = env.get("LC_ALL") or env.get("LANG") or ""
    return next((lang for lang in ("pl", "hu") if value.lower().startswith(lang)), "en")
