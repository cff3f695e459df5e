"""Every terminal screen of whole games, in Polish and Hungarian, holds no English sentence
and no internal code (issue #26 item 3).

Each game is played to its end by ``towerplay play --lang``: in Polish at two players (two
people at one keyboard: hand-overs and recaps), in Hungarian at its most players (a person
against random bots and a greedy one); then its record is stepped through (forward, back,
quit) and verified by ``towerplay replay --lang``. The person always types ``1`` (after a
number out of range once), so every board a seat sees on its turn, every announcement and
the end screen are on screen. Each line goes through the checker of
:mod:`tests.i18n.english` (runs of English words, internal codes) and, as that checker
counts a lone English word as no sentence, through a second one: no word that the English
catalogues of the game and the pages use and the other language's never do.
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay.cli import app
from towerplay.cli.app import console
from towerplay.i18n import catalogue, translator

from tests.i18n.english import AMBIGUOUS, problems

runner = CliRunner()
GAMES = {"castle": (4, ["-o", "variant=characters", "-o", "max_turns=40"]),
         "five_towers": (5, []), "blueprints": (4, []),
         "skytopia": (4, ["-o", "abilities=draft", "-o", "sides=choose"])}
"""Each game's most players and the options that show the most (castle's characters,
cut short by ``max_turns``; Skytopia's Ability draft and side choice)."""
TYPED = "99\n" + "1\n" * 3000
"""A number out of range, then always the first choice (and Enter at every hand-over)."""
WORD = re.compile(r"[^\W\d_]{3,}")
ALSO_OURS = AMBIGUOUS | {"element"}
"""English words that are Polish or Hungarian words too (*most* is Hungarian *now*, a
castle's *element* Polish)."""


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines as wide as they come, so that no phrase is broken across two."""
    monkeypatch.setattr(console, "_width", 1000)


@cache
def english_only(game: str, lang: str) -> frozenset[str]:
    """The words of the English catalogues of ``game`` and the pages that the other
    language's texts (Hungarian for Polish, Polish for Hungarian) never use (``removed``,
    ``castles``, ``winner``…): judged against the other language, so that an English word
    left in the checked language's catalogue is still caught."""
    def words(domain: str, lang: str) -> set[str]:
        return {w.lower() for text in catalogue(domain, lang).values()
                for w in WORD.findall(text)}
    other = {"pl": "hu", "hu": "pl"}[lang]
    return frozenset((words(game, "en") | words("web", "en"))
                     - words(game, other) - words("web", other) - ALSO_OURS)


def screen_problems(output: str, game: str, lang: str) -> list[str]:
    """What on the screens is English or a code, once per distinct line."""
    found: list[str] = []
    for line in dict.fromkeys(output.splitlines()):
        found += [f"{problem} in {line.strip()[:120]!r}" for problem in problems(line, lang)]
        found += [f"English word {word!r} in {line.strip()[:120]!r}"
                  for word in WORD.findall(line) if word.lower() in english_only(game, lang)]
    return found


def play(game: str, seats: list[str], lang: str, record: Path) -> str:
    """The screens of a whole game played at the terminal in ``lang``."""
    options = GAMES[game][1]
    result = runner.invoke(app, ["play", game, "--seats", ",".join(seats), "--seed", "3",
                                 "--record", str(record), "--lang", lang, *options],
                           input=TYPED)
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output[-2000:]
    assert translator("web", lang)("cli.game_over") in result.output  # played to the end
    return result.output


def replay(record: Path, lang: str) -> str:
    """The screens of stepping through ``record`` (30 moves on, one back, quit), then of
    its verification and final position."""
    stepped = runner.invoke(app, ["replay", str(record), "--step", "--lang", lang],
                            input="x\n" + "\n" * 30 + "b\nq\n")
    verified = runner.invoke(app, ["replay", str(record), "--lang", lang])
    assert stepped.exit_code == verified.exit_code == 0, stepped.output[-2000:]
    assert translator("web", lang)("cli.verified") in verified.output
    return stepped.output + verified.output


def seats(game: str, lang: str) -> list[str]:
    """Polish: two people at one keyboard; Hungarian: a person against random bots and a
    greedy one, at the game's most players."""
    most = GAMES[game][0]
    return ["human", "human"] if lang == "pl" else ["human", *["random"] * (most - 2), "greedy"]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["pl", "hu"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_screen_of_a_whole_game_is_in_the_language(game: str, lang: str,
                                                         tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    output = play(game, seats(game, lang), lang, record) + replay(record, lang)
    found = screen_problems(output.replace(str(record), "game.json"), game, lang)
    assert not found, "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("game", ["castle", "skytopia"])
def test_the_checks_fail_on_english_screens(game: str, tmp_path: Path) -> None:
    """The same game in English fails both checks, so they can fail."""
    record = tmp_path / "game.json"
    output = play(game, seats(game, "pl"), "en", record).replace(str(record), "game.json")
    found = screen_problems(output, game, "pl")
    assert any(p.startswith("English:") for p in found)  # phrases
    assert any(p.startswith("English word") for p in found)  # lone words
