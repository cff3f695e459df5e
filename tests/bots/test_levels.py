"""Bot levels (issue #29): named specs, the same in the docs, loadable wherever a spec is."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.bots.simple import GreedyBot, RandomBot
from towerplay.cli import app
from towerplay.cli.play import split_seats
from towerplay.core import InvalidOptions
from towerplay.core.errors import UnknownBot
from towerplay.i18n import Translator
from towerplay.sim.ladder import run_ladder

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def documented() -> dict[str, str]:
    """The levels table of docs/bots.md: level → spec."""
    rows = re.findall(r"^\| `(\w+)` \| `([^`]+)` \|", DOCS.read_text(), re.MULTILINE)
    return dict(rows)


def test_each_levels_spec_is_what_the_docs_say() -> None:
    assert documented() == bots.LEVELS
    assert list(bots.LEVELS) == ["easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("level, kind", [("easy", RandomBot), ("medium", GreedyBot),
                                         ("hard", GreedyBot), ("expert", ISMCTSBot)])
def test_a_level_loads_as_its_spec(level: str, kind: type) -> None:
    bot = bots.load(level, seed=3)
    assert type(bot) is kind and bot.spec == bots.load(bots.LEVELS[level]).spec
    if kind is ISMCTSBot:  # a fixed budget, never seconds: reproducible
        assert bot.options.iterations and bot.options.seconds is None
    assert bots.bot_class(level) is kind


def test_options_after_a_level_override_its_own() -> None:
    bot = bots.load("expert:recall=0.5,iterations=20")
    assert (bot.options.iterations, bot.options.recall) == (20, 0.5)
    assert bots.load("medium:slip=0.1").options.slip == 0.1
    with pytest.raises(InvalidOptions, match="seconds"):
        bots.load("expert:seconds=-1")


def test_an_unknown_level_lists_the_levels() -> None:
    with pytest.raises(UnknownBot) as error:
        bots.load("grandmaster")
    assert "levels: easy, medium, hard, expert" in str(error.value)
    result = CliRunner().invoke(app, ["play", "castle", "--seats", "human,grandmaster"])
    assert result.exit_code == 2 and "levels: easy, medium, hard, expert" in result.output
    assert "Traceback" not in result.output


def test_levels_sit_at_cli_tables_ladders_and_the_lobby() -> None:
    assert split_seats("human,hard") == ["human", "hard"]
    report = run_ladder(games.load("castle"), 2, ["easy", "medium"], games=2, seed=1,
                        workers=1)
    assert sorted(row["bot"] for row in report["bots"]) == ["easy", "medium"]
    from towerplay.server.limits import Limits
    from towerplay.server.tables import check_spec

    assert all(check_spec(level, Limits()) == level for level in bots.LEVELS)
    lobby = (Path(__file__).resolve().parents[2] / "src/towerplay/server/static/lobby.html")
    assert all(f'value="{level}" data-i18n="level.{level}"' in lobby.read_text()
               for level in bots.LEVELS)


@pytest.mark.parametrize("lang", ["en", "pl", "hu"])
def test_level_names_are_translated(lang: str) -> None:
    words, english = Translator("web", lang), Translator("web", "en")
    names = [words(f"level.{level}") for level in bots.LEVELS]
    assert all(words.has(f"level.{level}") for level in bots.LEVELS)
    assert len(set(names)) == len(names)
    if lang != "en":  # its own words, not the English fallback
        assert all(words(f"level.{level}") != english(f"level.{level}")
                   for level in bots.LEVELS)


def test_a_slipping_greedy_bot_plays_a_random_legal_move_that_often(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.load("castle")
    heuristics = game.heuristics
    asked = []
    real = heuristics.greedy_action

    def counted(state: object, rng: object) -> object:
        asked.append(1)
        return real(state, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(heuristics, "greedy_action", counted)
    bot, decisions = bots.load("greedy:slip=0.3", seed=4), 0
    for seed in range(40):
        state = game.start(players=2, seed=seed)
        while not state.is_over:
            action = bot.act(state)
            assert action in state.legal_actions()
            state.apply(action)
            decisions += 1
    assert decisions > 1000
    assert 0.64 < len(asked) / decisions < 0.76  # the greedy move 7 times in 10
    asked.clear()
    state = game.start(players=2, seed=1)
    bots.load("greedy:slip=0", seed=4).act(state)
    assert asked == [1]
    with pytest.raises(InvalidOptions, match="slip"):
        bots.load("greedy:slip=1.5")
