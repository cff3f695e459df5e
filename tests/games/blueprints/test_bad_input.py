"""Bad input at every entry point: action text, saved positions, blueprint decks and the
``towerplay score blueprints`` assistant refuse garbage with a core error naming what was
expected, never a traceback and never a changed state."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.core import BadRecord, IllegalAction, InvalidOptions
from towerplay.games.blueprints import Move
from towerplay.games.blueprints.cards import load_deck, parse_blueprint
from towerplay.games.blueprints.scoring import check_building, parse_building

from tests.games.blueprints.util import start

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# text that looks like the notation, so the fuzzer reaches the inner checks too
NOTATIONISH = st.text(alphabet="takeplcdisrmovWRSGX0123456789 +,./\t\n-", max_size=40)
ANY_TEXT = st.one_of(st.text(max_size=60), NOTATIONISH)


def mid_game(players: int = 2, seed: int = 3, actions: int = 9):
    state = start(players, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state


@FUZZ
@given(text=ANY_TEXT)
def test_parse_notation_raises_only_illegal_action(text: str) -> None:
    game = games.load("blueprints")
    try:
        action = game.parse_notation(text)
    except IllegalAction as error:
        assert "expected" in str(error) or "got" in str(error)
    else:
        assert game.parse_notation(str(action)) == action


@pytest.mark.parametrize("action", [None, 5, 1.5, b"take G5", ["take", "G5"], (0, 99),
                                    Move(0, 99), Move(0, -1), Move(7, 1), Move("x", [1])])
def test_apply_refuses_what_is_not_an_action(action: object) -> None:
    state = mid_game()
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="is not legal now"):
        state.apply(action)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before


@FUZZ
@given(text=st.one_of(ANY_TEXT, st.text(alphabet="X123456 ", max_size=12)))
def test_parse_blueprint_raises_only_invalid_options(text: str) -> None:
    try:
        layout = parse_blueprint(text)
    except InvalidOptions as error:
        assert "blueprint" in str(error)
    else:
        assert sum(layout) == 6


@FUZZ
@given(text=st.one_of(ANY_TEXT, st.text(alphabet="WRSG123456 +,/.", max_size=50)))
def test_parse_and_check_building_raise_only_invalid_options(text: str) -> None:
    try:
        check_building(parse_building(text), parse_blueprint("11 11 11"))
    except InvalidOptions as error:
        assert str(error)


@FUZZ
@given(content=st.one_of(st.text(max_size=200),
                         st.lists(st.text(alphabet="AX123456 #", max_size=12), max_size=8)
                         .map("\n".join)),
       suffix=st.sampled_from([".txt", ".toml"]))
def test_any_deck_file_is_loaded_or_refused_with_invalid_options(tmp_path, content: str,
                                                                 suffix: str) -> None:
    path = tmp_path / f"deck{suffix}"
    path.write_text(content, encoding="utf-8")
    try:
        deck = load_deck(str(path))
    except InvalidOptions as error:
        assert str(path) in str(error)
    else:
        assert len(deck) >= 4


def test_a_binary_deck_file_is_refused(tmp_path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(InvalidOptions, match="not UTF-8 text"):
        games.load("blueprints", blueprints=str(path))
    with pytest.raises(InvalidOptions, match="is a directory"):
        games.load("blueprints", blueprints=str(tmp_path))


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null"])
def test_a_special_file_is_refused_in_one_line(path: str) -> None:
    with pytest.raises(InvalidOptions) as info:
        games.load("blueprints", blueprints=path)
    assert str(info.value) == f"blueprint deck {path} is not a regular file"


@pytest.mark.parametrize("options,name", [
    ({"first_player": -1}, "first_player"), ({"first_player": "two"}, "first_player"),
    ({"last_turn_tiebreak": "first"}, "last_turn_tiebreak"), ({"lowest_tie": 3}, "lowest_tie"),
    ({"blueprints": 5}, "blueprints"), ({"awards_public": "maybe"}, "awards_public"),
])
def test_bad_options_name_the_option(options: dict, name: str) -> None:
    with pytest.raises(InvalidOptions, match=name):
        games.load("blueprints", **options)


# ------------------------------------------------------------------ saved positions
def saved(players: int = 3, actions: int = 20) -> dict:
    return json.loads(json.dumps(mid_game(players, seed=5, actions=actions).to_json()))


def changed(data: dict, path: list, value: object) -> dict:
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("path,value", [
    (["to_move"], 7), (["to_move"], "x"), (["movers"], [9] * 20),
    (["state", "hand"], 99), (["state", "hand"], "G5"), (["state", "step"], 2),
    (["state", "step"], 9), (["state", "demand"], [0, 0]), (["state", "demand"], [5, 1]),
    (["state", "demand"], [0, 1, 2]), (["state", "demand"], 3), (["state", "demand"], "WR"),
    (["state", "turns"], 99), (["state", "drawn"], -1), (["state", "pool"], ["G5"]),
    (["state", "pool"], []), (["state", "pool"], ["Q9"]), (["state", "cards"], [0, 0, 0]),
    (["state", "cards"], [-1, 0, 1]), (["state", "cards"], [0, 1, 99]),
    (["state", "buildings"], ["W1 , . / . , . / . , ."] * 3),
    (["state", "buildings"], ["nonsense"] * 3), (["state", "round"], 5),
    (["state", "round"], -1), (["state", "first"], 9), (["state", "queue"], []),
    (["state", "won"], [["gold"]] * 3), (["state", "won"], [["platinum"], [], []]),
    (["state", "results"], [{}]), (["state", "taken"], [[], [], []]),
    (["state", "removed"], [["G5"], [], []]), (["state", "round_start"], 999),
    (["state", "used"], [99]), (["state", "discards"], ["W1"]), (["state"], None),
])
def test_a_broken_saved_position_is_refused_as_a_bad_record(path: list, value: object) -> None:
    with pytest.raises(BadRecord, match="not a valid blueprints position"):
        games.load("blueprints").from_json(changed(saved(), path, value))


def test_a_broken_round_record_is_refused() -> None:
    state = mid_game(3, seed=1, actions=60)  # past round 1
    data = json.loads(json.dumps(state.to_json()))
    assert data["state"]["results"]
    game = games.load("blueprints")
    assert game.from_json(data).to_json() == data
    for key, value in [("ranking", [0, 0, 1]), ("awards", {"0": "bronze"}),
                       ("prizes", {"skyscraper": 7}), ("round", 3), ("demand", ["W", "W"]),
                       ("demand", ["W"]), ("demand", ["W", "Q"])]:
        with pytest.raises(BadRecord):
            game.from_json(changed(data, ["state", "results", 0, key], value))


# ------------------------------------------------------------------ the score assistant
SCORE = ["score", "blueprints"]
GOOD_BUILDING = ". , W3 / G5+R5+S6 , W4 / R1 , ."


def test_score_through_the_real_cli_app() -> None:
    result = CliRunner().invoke(app, [*SCORE, "--blueprint", "x1  31\t1x",
                                      "--building", GOOD_BUILDING, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 27 and data["blueprint"] == "X1 31 1X"


@pytest.mark.parametrize("blueprint,building,reason", [
    ("garbage", GOOD_BUILDING, "three row tokens"),
    ("X1 31 2X", GOOD_BUILDING, "add up to 6"),
    ("X1 31 1X", "x", "three rows"),
    ("X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , Q1", "material letter"),
    ("X1 31 1X", ". , . / S6+W5 , . / . , .", "cannot stand on"),
    ("X1 31 1X", "W1 , . / . , . / . , .", "hatched"),
    ("XX 6X XX", ". , . / G1+G1+G1+G1+G1+G1+G1 , . / . , .", "at most 6"),
])
def test_the_cli_refuses_impossible_input_with_the_reason(blueprint: str, building: str,
                                                          reason: str) -> None:
    result = CliRunner().invoke(app, [*SCORE, "--blueprint", blueprint, "--building", building])
    assert result.exit_code == 2
    assert "error:" in result.output and reason in " ".join(result.output.split())
    assert "Traceback" not in result.output


@FUZZ
@given(blueprint=ANY_TEXT, building=st.one_of(ANY_TEXT, st.just(GOOD_BUILDING)))
def test_the_cli_never_shows_a_traceback(blueprint: str, building: str) -> None:
    result = CliRunner().invoke(app, [*SCORE, "--blueprint", blueprint, "--building", building,
                                      "--json"])
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code == 0:
        assert "total" in json.loads(result.output)
