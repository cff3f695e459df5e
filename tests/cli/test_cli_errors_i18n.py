"""The study and assistant commands (``sim``, ``report``, ``ladder``, ``review``,
``score``), the data files behind the file options and the command line's usage errors
refuse bad input in the reader's language (issue #26): each refusal is one line with status
2, worded from the catalogues in the environment's language (LC_ALL, LANG) where a command
has no ``--lang``; in Polish and Hungarian it holds no English sentence and no internal code
(the checker of :mod:`tests.i18n.english`), in English it names what was expected.
The lines a run of ``sim`` ends with and the scoring assistants' tables are worded too."""
from __future__ import annotations

import importlib
import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.cli.app import console
from towerplay.core import Event, Record
from towerplay.core.errors import BadRecord
from towerplay.games.skytopia.components import DEFAULT_PATH, read_component_file
from towerplay.i18n import LANGUAGES, word
from towerplay.sim.runner import Failure, Outcome, describe

from tests.i18n.english import problems
from tests.i18n.events import EventCheck

runner = CliRunner()
LOCALES = {"en": "en_GB.UTF-8", "pl": "pl_PL.UTF-8", "hu": "hu_HU.UTF-8"}
SIM = ["sim", "castle", "--bots", "greedy,random", "--out"]
KEY = re.compile(r"\b(?:cli|castle|five_towers|blueprints|skytopia|score)\.[a-z_]+")
"""A catalogue key shown as itself (a key with no text)."""
CHECK = EventCheck()
APP = importlib.import_module("towerplay.cli.app")  # (``towerplay.cli.app`` is the app)

FAILURES: list[tuple[list[str], str]] = [
    # towerplay sim: its options, the rows file, the backend
    ([*SIM, "rows.txt"], "--out must end in .jsonl, .ndjson, .csv or .parquet"),
    ([*SIM, "rows.jsonl", "--backend", "foo"], "--backend must be one of processes, ray"),
    ([*SIM, "rows.jsonl", "--address", "host:1"], "use it with --backend ray"),
    ([*SIM, "rows.jsonl", "-o", "max_turns"], "an option must look like name=value"),
    ([*SIM, "rows.jsonl", "-o", "max_turns=50,50"], "give distinct values"),
    ([*SIM, "rows.jsonl", "--games", "0"], "--games must be at least 1"),
    ([*SIM, "rows.jsonl", "--workers", "0"], "--workers must be at least 1"),
    ([*SIM, "afile/rows.jsonl"], "afile is a file, not a folder"),
    ([*SIM, "other.jsonl"], "holds games of 'five_towers', not 'castle'"),
    # towerplay report, ladder, review
    (["report", "missing.jsonl", "--json", "-"], "no such file: missing.jsonl"),
    (["report", "missing.jsonl"], "say what to write: --html FILE"),
    (["report", "empty.jsonl", "--json", "-", "--lang", "de"], "--lang must be one of"),
    (["report", "empty.jsonl", "--json", "-"], "empty.jsonl holds no games yet"),
    (["report", "table.csv", "--json", "-"], "every row needs the columns game, index"),
    (["report", "afile", "--json", "-"], "its name must end in .jsonl, .ndjson, .csv"),
    (["ladder", "castle"], "name the bots with --bots"),
    (["ladder", "castle", "--bots", "greedy"], "would only play itself"),
    (["ladder", "castle", "--bots", "greedy,random", "--games", "0"], "--games must be at"),
    (["review", "game.json", "--recall", "2"], "--recall must be from 0 to 1"),
    (["review", "game.json", "--seconds", "0"], "--seconds must be positive"),
    (["review", "game.json"], "a review is of a finished game"),
    # towerplay score <game>
    (["score", "five_towers", "candy: 3 7"], "a 7 cannot go on a 3"),
    (["score", "five_towers", "xx: 3"], "unknown suit 'xx'"),
    (["score", "five_towers"], "nothing to score"),
    (["score", "five_towers", "--player", "candy: 3 7", "--player", "sand: 3"],
     "seat 1: candy tower 3 7"),
    (["score", "five_towers", "--player", "candy: 15", "--player", "candy: 15"],
     "the towers hold 2 candy15, but the 80-card deck has only 1"),
    (["score", "five_towers", "sand: 5", "--torn", "-1"], "--torn must be 0 or more"),
    (["score", "castle", "2 5", "5 9"], "card 5 is in the castles of seat 1 and seat 2"),
    (["score", "castle", "2 x", "3"], "must list card numbers"),
    (["score", "castle", "2", "3", "--variant", "kings"], "--variant must be 'base'"),
    (["score", "castle", "2"], "2 to 4 of them"),
    (["score", "blueprints", "--blueprint", "X1 31 1Y", "--building", ". , . / . , . / . , ."],
     "each cell is a height 1-6 or X"),
    (["score", "blueprints", "--blueprint", "X1 31 1X", "--building", "W1 , . / . , . / . , ."],
     "cell r1c1 is hatched"),
    (["score", "skytopia", "--guild", "nobody"], "unknown Guild Master 'nobody'"),
    (["score", "skytopia", "--tower", "blue=13"], "--tower blue=13 is impossible"),
    (["score", "skytopia", "--golems", "6"], "a player has only 5 golems"),
    (["score", "skytopia", "--guild", "merchants", "--tower", "gold=2"],
     "a Guild Master scores the crests of your gold Tower"),
    # the data files behind the file options
    (["score", "castle", "2", "3", "--variant", "characters", "--cards", "cards.toml"],
     "castle cards file cards.toml: king, queen and wizard must be three different cards"),
    (["play", "castle", "-o", "variant=characters", "-o", "cards=cards.toml", "--no-record"],
     "king, queen and wizard must be three different cards"),
    (["play", "skytopia", "-o", "components=list.json", "--no-record"],
     "expected a table of records"),
    (["play", "skytopia", "-o", "components=empty.toml", "--no-record"],
     "'provisional': Field required"),
    (["score", "skytopia", "--components", "twice.json"], "duplicate id 'BLU-01'"),
    (["play", "blueprints", "-o", "blueprints=deck.toml", "--no-record"],
     "expected a non-empty list of blueprints"),
    (["play", "blueprints", "-o", "blueprints=deck.txt", "--no-record"],
     "a deck needs at least 4 blueprints"),
    # the command line's own usage errors
    (["sim", "castle"], "Missing option '--bots'"),
    (["ladder", "castle", "--bogus"], "No such option: --bogus"),
    ([*SIM, "rows.jsonl", "--games", "many"], "expected a whole number"),
    (["score", "nosuch"], "No such command 'nosuch'"),
]
"""A bad command line and what its English refusal says."""


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of bad files (named without codes: paths are shown as they are), made the
    working directory."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("not a folder\n")
    (tmp_path / "other.jsonl").write_text(json.dumps({"game": "five_towers",
                                                      "index": 10**6}) + "\n")
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "table.csv").write_text("a,b\n1,2\n")
    (tmp_path / "empty.toml").write_text("")
    (tmp_path / "cards.toml").write_text("king = 3\nqueen = 3\nwizard = 5\n")
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "deck.toml").write_text("cards = 5\n")
    (tmp_path / "deck.txt").write_text("X1 31 1X\n")
    data = read_component_file(DEFAULT_PATH)
    data["tower_cards"][1]["id"] = data["tower_cards"][0]["id"]
    (tmp_path / "twice.json").write_text(json.dumps(data))
    state = games.load("five_towers").start(players=2, seed=1)
    state.apply(state.legal_actions()[0])
    Record.from_state(state, seats=["human", "human"]).save(tmp_path / "game.json")
    return tmp_path


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables as wide as they come, so that no phrase is broken across two lines."""
    monkeypatch.setattr(console, "_width", 1000)


def refusal(args: list[str], lang: str) -> tuple[int, str]:
    """The status and output of ``args`` run in the environment's language ``lang``."""
    result = runner.invoke(app, args, env={"LC_ALL": None, "LANG": LOCALES[lang]},
                           input="")
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("args", "english"), FAILURES, ids=[" ".join(a) for a, _ in FAILURES])
def test_each_refusal_is_one_worded_line(files: Path, args: list[str], english: str,
                                         lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[Event] = []

    def recording(event: Event, lang: str) -> str:
        said.append(event)
        return word(event, lang)
    monkeypatch.setattr(APP, "word", recording)
    status, output = refusal(args, lang)
    assert status == 2 and output.count("\n") == 1, output
    line = output.strip()
    assert not KEY.search(line), line
    if lang == "en":
        assert english in line and line.startswith("error:"), line
        return
    assert english not in line and not line.startswith("error:"), line
    assert problems(line, lang) == [], line
    assert said, "the refusal was not worded from an event"
    for event in said:  # its key (and the keys within) has a text in every language
        CHECK.assert_defined(event)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_the_end_of_a_run_is_worded(lang: str) -> None:
    outcome = Outcome(played=6, resumed=4, dropped_torn_line=True, rows=10,
                      failures=[Failure(3, "ValueError: boom")])
    line = describe(outcome, Path("rows.jsonl"), lang)
    assert "10" in line and "rows.jsonl" in line and describe(outcome, Path("rows.jsonl")) \
        == ("10 games in rows.jsonl; 6 played now; 4 found done; a torn last line dropped; "
            "1 failed (game 3: ValueError: boom)")
    assert problems(line.replace("ValueError: boom", ""), lang) == [], line
    again = "towerplay sim castle --players 2 --bots greedy,random --games 6 --out rows.jsonl"
    stopped = word(Event.of("cli.interrupted", done=4, total=6, path="rows.jsonl",
                            command=again), lang)
    assert again in stopped and problems(stopped.replace(again, ""), lang) == [], stopped
    for event in (Event.of("cli.run_retry", n=1), Event.of("cli.run_no_failures"),
                  Event.of("cli.run_time", seconds="1.5", speed="4.0"),
                  Event.of("cli.meter", done=1, total=6, speed="2", eta="3"),
                  Event.of("cli.games_per_second", speed="2.0")):
        CHECK.assert_defined(event)
        assert problems(word(event, lang), lang) == [], word(event, lang)


def test_a_sim_ends_with_its_summary_in_the_environments_language(files: Path) -> None:
    args = [*SIM, "rows.jsonl", "--games", "2", "-o", "max_turns=2"]
    result = runner.invoke(app, args, env={"LC_ALL": None, "LANG": LOCALES["pl"]})
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert "partie w rows.jsonl: 2" in last and "bez błędów" in last, last
    assert problems(last, "pl") == [], last


SCORES = [
    ["score", "five_towers", "--player", "candy: 15 12 9 0; sand: 7 6", "--torn", "2",
     "--player", "tree: 9 5 0", "--torn", "0"],
    ["score", "five_towers", "candy: 15 12 9 0", "--torn", "1"],
    ["score", "castle", "2 5 9 17 26 30", "3 8 12 40", "--variant", "characters"],
    ["score", "castle", "2 5 9", "3 8 12"],
    ["score", "blueprints", "--blueprint", "X1 31 1X", "--building",
     ". , W3 / G5+R5+S6 , W4 / R1 , ."],
    ["score", "skytopia", "--track", "45", "--guild", "mechanics", "--guild", "builders",
     "--guild", "merchants", "--tower", "blue=1", "--tower", "gold=3", "--tower", "purple=1",
     "--crests", "gold=2", "--labs", "1", "--coins", "22", "--golems", "2"],
]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("args", SCORES, ids=[" ".join(a[:2]) for a in SCORES])
def test_the_scoring_assistants_tables_are_worded(args: list[str], lang: str) -> None:
    result = runner.invoke(app, args, env={"LC_ALL": None, "LANG": LOCALES[lang]})
    assert result.exit_code == 0, result.output
    english = runner.invoke(app, args, env={"LC_ALL": None, "LANG": LOCALES["en"]}).output
    assert result.output != english
    found = [f"{problem} in {line.strip()!r}" for line in result.output.splitlines()
             for problem in problems(line, lang)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_a_review_is_worded(tmp_path: Path, lang: str) -> None:
    """``towerplay review``'s table and lines in the environment's language, seats counted
    from 1 (``--seat 2`` is the second seat), moves worded as their buttons say them."""
    state, pick = games.load("castle").start(players=2, seed=3), random.Random(1)
    while not state.is_over:  # a short game: 13 decisions, 4 of them the second seat's
        state.apply(pick.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    Record.from_state(state, seats=["human", "human"]).save(path)
    result = runner.invoke(app, ["review", str(path), "-i", "10", "--seat", "2"],
                           env={"LC_ALL": None, "LANG": LOCALES[lang]}, terminal_width=300)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines[-1].startswith(word(Event.of("cli.seat", n=2), lang) + ":"), lines[-1]
    found = [f"{problem} in {line.strip()!r}" for line in lines
             for problem in problems(line.replace(str(path), ""), lang)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sim_bar_is_worded(lang: str) -> None:
    from io import StringIO

    from rich.progress import TextColumn

    from towerplay.cli.sim import Meter
    bar = Meter("castle", StringIO(), True, lang).bar
    assert bar is not None
    texts = [c.text_format for c in bar.columns if isinstance(c, TextColumn)][1:]
    assert texts and ("ETA" in texts) == (lang == "en"), texts  # English keeps its ETA
    assert all(problems(text, lang) == [] for text in texts), texts


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("text, kind", [("[1, 2]", "a list"), ('"x"', "a string"),
                                        ("3", "a number"), ("true", "true or false")])
def test_a_record_that_is_not_an_object_says_what_it_is(text: str, kind: str,
                                                        lang: str) -> None:
    with pytest.raises(BadRecord) as found:
        Record.loads(text)
    assert str(found.value).endswith(f"not {kind}")  # English as it was
    line = word(found.value.event, lang)
    assert problems(line, lang) == [] and kind not in line, line
