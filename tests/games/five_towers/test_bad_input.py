"""Garbage at every entry point gives a core error naming what was expected, never a
traceback and never a changed state: action text, options, saved positions and the
``towerplay score five_towers`` assistant."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.core import BadRecord, IllegalAction, InvalidOptions
from towerplay.core.errors import TowerplayError
from towerplay.games.five_towers.cli import parse_towers

GAME = games.load("five_towers")
runner = CliRunner()


def midgame(seed: int = 3, players: int = 3, steps: int = 40, **options: str):
    state = games.load("five_towers", **options).start(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


# ----------------------------------------------------------------------------- action text
@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_parse_notation_refuses_any_garbage_with_illegal_action(text: str) -> None:
    try:
        action = GAME.parse_notation(text)
    except IllegalAction as error:
        assert str(error)
    else:
        assert GAME.parse_notation(str(action)) is action


@pytest.mark.parametrize("text,words", [
    ("bid 9", "a bid is a number from 0 to 5"), ("take sand16", "unknown card"),
    ("place pink3", "unknown card"), ("teardown pink", "expected one of candy"),
    ("hello", "'bid N'"), ("", "'bid N'"), ("bid", "'bid N'")])
def test_garbled_text_names_the_notation(text: str, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        GAME.parse_notation(text)


@pytest.mark.parametrize("thing", [None, 3, 2.5, (0, 9), (9, 9), ["bid 1"], object()])
def test_apply_refuses_non_actions(thing: object) -> None:
    state = midgame()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(thing)
    assert state.to_json() == before
    with pytest.raises(IllegalAction):
        GAME.parse_notation(thing)  # type: ignore[arg-type]


def test_action_ids_out_of_range_are_refused() -> None:
    for bad in (-1, GAME.num_actions, "3", 2.0, None, True):
        with pytest.raises(IllegalAction, match="an action id is an integer"):
            GAME.action_from_id(bad)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- options
@pytest.mark.parametrize("options", [{"rebid": "strict"}, {"rebid": None}, {"rebid": 1},
                                     {"variant": "x"}])
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(InvalidOptions, match=r"option\W.*'(rebid|variant)'"):
        games.load("five_towers", **options)


@pytest.mark.parametrize("players", [0, 1, 6, "3", None, 2.0])
def test_bad_player_counts_are_refused(players: object) -> None:
    with pytest.raises(InvalidOptions, match="2 to 5 players"):
        GAME.start(players=players)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- positions
GARBAGE = [None, -1, 7, 999, "x", True, [], [999], ["sand99"], {"a": 1}, 2.5]


def assert_loads_cleanly_or_refuses(data: dict) -> None:
    """A mangled position is refused with BadRecord, or it is a sound position."""
    game = games.load("five_towers", **data.get("options", {}))
    try:
        state = game.from_json(data)
    except BadRecord as error:
        assert str(error)
        return
    rng = random.Random(0)
    for _ in range(30):  # it plays on without crashing
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("rebid", ["feasible", "physical"])
def test_mangled_positions_are_refused(rebid: str) -> None:
    rng = random.Random(1)
    for seed in range(6):
        state = midgame(seed=seed, players=2 + seed % 4, steps=rng.randrange(90),
                        rebid=rebid)
        data = json.loads(json.dumps(state.to_json()))
        for key in data["state"]:
            for value in GARBAGE:
                mangled = json.loads(json.dumps(data))
                mangled["state"][key] = value
                assert_loads_cleanly_or_refuses(mangled)
        for key in ("to_move", "players", "seed", "history", "movers"):
            for value in GARBAGE:
                mangled = json.loads(json.dumps(data))
                mangled[key] = value
                assert_loads_cleanly_or_refuses(mangled)


@pytest.mark.parametrize("change,words", [
    (lambda s: s["towers"].__setitem__(0, [3, 7]), "not a legal tower"),
    (lambda s: s["towers"].__setitem__(0, [3, 16]), "a tower card must be"),
    (lambda s: s["draw"].append("sand7"), "not the 80-card deck"),
    (lambda s: s["draw"].pop(), "not the 80-card deck"),
    (lambda s: s["torn"].__setitem__(0, 1), "torn_cards must list"),
    (lambda s: s.update(torn=[1, 0], torn_cards=[[s["draw"][0]], []]), "not the 80-card deck"),
    (lambda s: s.update(torn_cards=[["sand7"], []]), "torn_cards must list"),
    (lambda s: s.__setitem__("phase", 9), "phase must be"),
    (lambda s: s.__setitem__("bids", [0]), "1 per player"),
    (lambda s: s.__setitem__("display", ["candy1"] * 6), "at most 5"),
    (lambda s: s.__setitem__("opener", 3), "opener must be"),
])
def test_inconsistent_positions_name_the_problem(change, words: str) -> None:
    data = GAME.start(players=2, seed=5).to_json()
    change(data["state"])
    with pytest.raises(BadRecord, match=words):
        GAME.from_json(data)


def test_seat_to_move_must_fit_the_phase() -> None:
    data = GAME.start(players=2, seed=5).to_json()
    for to_move in (None, 2, "0", True):
        data["to_move"] = to_move
        with pytest.raises(BadRecord):
            GAME.from_json(data)


# ----------------------------------------------------------------------------- scoring CLI
def score(*args: str):
    return runner.invoke(app, ["score", "five_towers", *args])


@settings(max_examples=200, deadline=None)
@given(text=st.text())
def test_parse_towers_refuses_garbage_with_invalid_options(text: str) -> None:
    for towers in ([text], [f"candy: {text}"], [f"sand 9 {text}"]):
        try:
            parse_towers(towers)
        except InvalidOptions as error:
            assert str(error)


@pytest.mark.parametrize("args,words", [
    (["candy: ²"], "not a card value"), (["candy: ٣"], "not a card value"),
    (["candy: 3 7"], "cannot go on"), (["sand: 5", "--torn", "-1"], "--torn"),
    (["sand: 5", "--torn", "200"], "--torn"), (["sand: 5", "--players", "7"], "--players"),
    (["sand: 12 8 12", "--players", "2"], "80-card deck has only 1"),
    (["pink: 3"], "unknown suit"), ([""], "empty tower"), ([], "nothing to score"),
    (["sand: 5", "--torn", "x"], "whole number"),
    (["sand: 5", "--players", "x"], "whole number"),
    (["--player", "candy: 3 7", "--player", ""], "seat 1: candy tower 3 7"),
    (["--player", "sand: 5", "--player", "", "--torn", "1"], "once per --player"),
])
def test_score_command_refuses_with_a_clear_message(args: list[str], words: str) -> None:
    result = score(*args)
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split())
    assert "Traceback" not in result.output


@settings(max_examples=60, deadline=None)
@given(text=st.text(st.characters(blacklist_categories=["Cs"]), min_size=1))
def test_score_command_never_crashes(text: str) -> None:
    result = score(text, "--json")
    if result.exit_code == 0:
        assert "total" in json.loads(result.output)
    else:
        assert result.exit_code == 2 and not isinstance(result.exception,
                                                        (TowerplayError, TypeError, ValueError,
                                                         KeyError, IndexError))


def perturb(data: dict, rng: random.Random) -> None:
    """Nudge one or a few fields: a number by one, a flag flipped, a card moved between
    piles, a tower card added or removed."""
    state = data["state"]
    piles = ("draw", "discard", "display", "hand")
    for _ in range(rng.randint(1, 3)):
        key = rng.choice([*state, "to_move"])
        owner = data if key == "to_move" else state
        value = owner[key]
        if isinstance(value, bool):
            owner[key] = not value
        elif isinstance(value, int):
            owner[key] = value + rng.choice((-1, 1))
        elif value is None and key == "to_move":
            owner[key] = rng.randrange(5)
        elif key in piles and value:
            state[rng.choice(piles)].append(value.pop(rng.randrange(len(value))))
        elif key == "towers":
            tower = rng.choice(value)
            tower.pop() if tower else tower.append(rng.randrange(16))
        elif isinstance(value, list) and value and isinstance(value[0], int):
            value[rng.randrange(len(value))] += rng.choice((-1, 1))


def test_randomly_perturbed_positions_load_soundly_or_are_refused() -> None:
    rng = random.Random(4)
    for i in range(400):
        state = midgame(seed=i, players=2 + i % 4, steps=rng.randrange(250),
                        rebid=("feasible", "physical")[i % 2])
        data = json.loads(json.dumps(state.to_json()))
        perturb(data, rng)
        assert_loads_cleanly_or_refuses(data)


@pytest.mark.parametrize("steps", [0, 1, 7, 60, 10_000])
def test_loaded_positions_are_complete_states(steps: int) -> None:
    state = midgame(seed=9, players=4, steps=steps)
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    for copy in (again, again.copy(), again.determinize(0, random.Random(1))):
        assert copy.view(0) == state.view(0) and copy.legal_actions() == state.legal_actions()
        assert copy.plans == state.plans or state.phase != 1
