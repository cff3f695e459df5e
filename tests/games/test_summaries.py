"""The rules summaries in English, Polish and Hungarian: present and parallel."""
from __future__ import annotations

import re
from importlib import resources

import pytest

from towerplay import games
from towerplay.core import InvalidOptions
from towerplay.games.summaries import LANGUAGES, default_language, rules_text, summary_file

GAMES = tuple(games.BUILT_IN)  # the games that ship with towerplay
TRANSLATIONS = [(game, lang) for game in GAMES for lang in LANGUAGES if lang != "en"]


def _file(game: str, lang: str) -> str | None:
    """The summary file's text, or None when the game does not ship it."""
    package = games.game_class(game).__module__.rpartition(".")[0]
    path = resources.files(package) / summary_file(lang)
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _headings(text: str) -> list[str]:
    """The Markdown heading markers (``#``, ``##``…), in order."""
    return re.findall(r"^(#+) ", text, flags=re.MULTILINE)


def _code(text: str) -> set[str]:
    """Every backticked span: option names, values and the action notation."""
    return set(re.findall(r"`([^`\n]+)`", text))


def test_every_game_has_all_three_languages() -> None:
    assert set(GAMES) <= set(games.names())
    missing = [(game, lang) for game in GAMES for lang in LANGUAGES if _file(game, lang) is None]
    assert missing == []


@pytest.mark.parametrize(("game", "lang"), TRANSLATIONS)
def test_translation_is_parallel_to_english(game: str, lang: str) -> None:
    english, translated = _file(game, "en"), _file(game, lang)
    assert english is not None and translated is not None
    assert _headings(translated) == _headings(english)
    assert _code(english) - _code(translated) == set()
    assert translated != english


def test_fallback_to_english_and_refusal() -> None:
    assert rules_text("five_towers", "pl") != rules_text("five_towers", "en")
    assert "5 Wież" in rules_text("five_towers", "pl")
    with pytest.raises(InvalidOptions, match="expected en, pl or hu"):
        rules_text("castle", "de")


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "pl_PL.UTF-8"}, "pl"), ({"LC_ALL": "hu_HU", "LANG": "pl_PL"}, "hu"),
    ({"LANG": "C.UTF-8"}, "en"), ({}, "en")])
def test_default_language(env: dict[str, str], lang: str) -> None:
    assert default_language(env) == lang
