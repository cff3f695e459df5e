"""Values typed in the reader's language are accepted wherever a person types them
(issue #43): option values, the scoring assistant's suits, the actions at the prompt, as
the refusals and the buttons list them."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.cli.terminal import choose
from towerplay.i18n import translator
from towerplay.sim.plan import parse_sweep


def run(*args: str, lang: str = "pl") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={"LC_ALL": None, "LANG": lang})
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.parametrize(("lang", "value"), [("pl", "fizyczna"), ("hu", "Fizikai"),
                                             ("en", "physical")])
def test_an_option_value_in_the_readers_words(lang: str, value: str) -> None:
    code, out = run("play", "five_towers", "--seats", "greedy,greedy", "--seed", "2",
                    "-o", f"rebid={value}", "--no-record", "-q", "--lang", lang)
    assert code == 0, out


def test_a_bad_option_value_is_still_refused_with_its_choices() -> None:
    code, out = run("play", "five_towers", "--seats", "greedy,greedy", "-o", "rebid=fizyczn",
                    "--no-record", "--lang", "pl")
    assert code == 2 and "jedno z: wykonalna" in out and "fizyczna" in out, out


def test_yes_and_no_in_the_readers_words() -> None:
    assert parse_sweep("castle", ["pair_cards=tak,nem"]) == {"pair_cards": [True, False]}
    assert parse_sweep("five_towers", ["rebid=wykonalna,fizikai"]) == {
        "rebid": ["feasible", "physical"]}


def test_the_scoring_assistant_reads_suits_in_the_readers_words() -> None:
    code, out = run("score", "five_towers", "cukierkowa: 15 12 9 0", "Piaskowa 7 6", "--json")
    assert code == 0, out
    english = CliRunner().invoke(app, ["score", "five_towers", "candy: 15 12 9 0", "sand 7 6",
                                       "--json"]).output
    assert json.loads(out) == json.loads(english)


@pytest.mark.parametrize(("lang", "suits"), [
    ("pl", "cukierkowa, straszna, roślinna, złomowa, piaskowa"),
    ("hu", "édesség, ijesztő, fa, hulladék, homok")])
def test_an_unknown_suit_is_refused_listing_the_readers_words(lang: str, suits: str) -> None:
    code, out = run("score", "five_towers", "xyz: 15 12 9 0", lang=lang)
    assert code == 2 and suits in out, out


def test_an_action_typed_as_its_button_words_it() -> None:
    state = games.load("five_towers").start(players=2, seed=1)
    legal = state.legal_actions()
    assert choose(state.game, legal, "Zalicytuj  2 karty", "pl") == "bid 2"
    state.apply("bid 2")
    state.apply("pass")
    legal = state.legal_actions()
    taken = next(str(a) for a in legal if str(a).startswith("take candy"))
    value = taken.removeprefix("take candy")
    assert choose(state.game, legal, f"weź cukierkową {value}", "pl") == taken
    hungarian = translator("five_towers", "hu").action(taken)
    assert hungarian != taken and choose(state.game, legal, hungarian.upper(), "hu") == taken
    assert choose(state.game, legal, taken, "pl") == taken


def test_the_games_list_shows_the_words_that_may_be_typed() -> None:
    code, out = run("games", "--lang", "pl")
    assert code == 0
    assert "-o rebid=… wykonalna | fizyczna (domyślnie wykonalna)" in out, out
    assert "-o pair_cards=… tak | nie (domyślnie nie)" in out
    assert "'feasible'" not in out and "bool" not in out
    assert parse_sweep("blueprints", ["unplaceable=ściśle"]) == {"unplaceable": ["strict"]}
