"""Bad input at every entry point of Budowa Zamku: action text, options, cards files,
saved positions and ``towerplay score castle``. Only core errors may come out, each
naming what was expected, and a refused input never changes a state."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.core import BadRecord, IllegalAction, InvalidOptions, TowerplayError
from towerplay.games.castle.cli import score_table

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def started(variant: str = "characters", moves: int = 0) -> Any:
    """A game a few turns in (the revealed card of the last turn still pending)."""
    import random

    state = games.load("castle", variant=variant).start(players=3, seed=12)
    rng = random.Random(4)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


# ----------------------------------------------------------------- action text
@pytest.mark.parametrize("text", ["wizard ²", "wizard ١٧", "reveal a²", "reveal ａ1",
                                  "wizard 1e1", "wizard -3", "wizard 17.0", "build\x00"])
def test_odd_digits_and_characters_are_refused(text: str) -> None:
    with pytest.raises(IllegalAction, match="expected 'reveal <pos>'"):
        games.load("castle").parse_notation(text)


@FUZZ
@given(st.text())
def test_fuzzed_notation_raises_only_illegal_action(text: str) -> None:
    game = games.load("castle")
    try:
        action = game.parse_notation(text)
    except IllegalAction as error:
        assert "expected 'reveal <pos>'" in str(error)
    else:
        assert game.parse_notation(str(action)) == action


@FUZZ
@given(st.text(), st.integers(0, 40))
def test_fuzzed_text_never_changes_a_state_it_refuses(text: str, moves: int) -> None:
    state = started(moves=moves)
    before = state.to_json()
    try:
        state.apply(text)
    except IllegalAction:
        assert state.to_json() == before
    else:  # some garbage is a legal action once normalised ("  BUILD ")
        assert " ".join(text.lower().split()) in {str(a) for a in
                                                  started(moves=moves).legal_actions()}


@pytest.mark.parametrize("value", [None, 3, b"build", ("build",), ["reveal", 1]])
def test_non_text_actions_are_refused(value: object) -> None:
    state = started(moves=3)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(value)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        state.game.parse_notation(value)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize("value", [-1, 10_000, 2.0, "3", None, True])
def test_bad_action_ids_are_refused(value: object) -> None:
    with pytest.raises(IllegalAction, match="an action id is an integer from 0 to 92"):
        games.load("castle").action_from_id(value)  # type: ignore[arg-type]


# ----------------------------------------------------------------- options
@pytest.mark.parametrize("options,problem", [
    ({"variant": "kings"}, "variant"), ({"memory": 1}, "memory"),
    ({"max_turns": 0}, "max_turns"), ({"max_turns": "many"}, "max_turns"),
    ({"wizard_tile_gap": "perhaps"}, "wizard_tile_gap"), ({"cards": 5}, "cards"),
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"max_turns": True}, "max_turns"), ({"pair_cards": "yes"}, "pair_cards"),
    ({"first_player": 1.0}, "first_player"), ({"end": 0}, "end"),
])
def test_bad_options_name_the_option(options: dict, problem: str) -> None:
    with pytest.raises(InvalidOptions, match=problem):
        games.load("castle", **options)


def test_unreadable_cards_files_are_refused(tmp_path: Path) -> None:
    latin = tmp_path / "deck.toml"
    latin.write_bytes(b"\xff\xfeking = 3")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    for path, problem in [(str(latin), "UTF-8"), ("bad\x00name.toml", "not a usable file name"),
                          (str(deep), "deep.json"), (str(tmp_path), "must end in .toml"),
                          (str(folder), "is a directory"), (str(zero), "not a regular file"),
                          ("/dev/zero", "must end in .toml")]:
        with pytest.raises(InvalidOptions, match=problem) as info:
            games.load("castle", variant="characters", cards=path)
        assert "\n" not in str(info.value)


@FUZZ
@given(st.text())
def test_fuzzed_cards_files_raise_only_invalid_options(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name in ("deck.toml", "deck.json"):
            path = Path(folder) / name
            path.write_text(text, encoding="utf-8")
            try:
                games.load("castle", variant="characters", cards=str(path))
            except InvalidOptions as error:
                assert name in str(error)


# ----------------------------------------------------------------- saved positions
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["a1", "e9", "z", ""])
    | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4), max_leaves=8)


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    paths = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            paths += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            paths += _paths(value, (*prefix, index))
    return paths


def _replace(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    data = copy.copy(data)
    data[path[0]] = _replace(data[path[0]], path[1:], value)
    return data


def _exercise(state: Any) -> None:
    """Everything a front end does with a loaded position: views, pictures, every move."""
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))
        games.render_text(state, seat)
    state.scores()
    state.winners()
    for action in state.legal_actions():
        probe = state.copy()
        probe.apply(action)
        probe.view(None)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_fuzzed_positions_raise_only_bad_record(data: st.DataObject) -> None:
    good = started(moves=data.draw(st.integers(0, 30))).to_json()
    broken = good
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(broken)))
        broken = _replace(broken, path, data.draw(JSON_VALUES))
    game = games.load("castle", variant="characters")
    try:
        state = game.from_json(broken)
    except (BadRecord, InvalidOptions):
        return
    _exercise(state)


@pytest.mark.parametrize("field,value,problem", [
    ("to_move", 7, "to_move"), ("to_move", -1, "to_move"), ("to_move", "0", "to_move"),
    ("movers", [5, 5, 5], "movers"),
])
def test_positions_with_impossible_seats_are_refused(field: str, value: Any,
                                                     problem: str) -> None:
    state = started(moves=3)
    data = {**state.to_json(), field: value}
    with pytest.raises(BadRecord, match=problem):
        state.game.from_json(data)


def test_records_must_match_the_history() -> None:
    state = started(moves=4)
    good = state.to_json()
    reveals = good["state"]["reveals"]
    moved = [[i, s, (p + 1) % 45, c, r, a] for i, s, p, c, r, a in reveals]
    with pytest.raises(BadRecord, match="reveal records"):
        state.game.from_json({**good, "state": {**good["state"], "reveals": moved}})


def test_a_finished_position_cannot_keep_playing() -> None:
    state = started(moves=2)
    good = state.to_json()
    empty = {**good, "state": {**good["state"], "grid": [0] * 45, "known": [0] * 45,
                               "pending": None,
                               "removed": sorted(set(range(2, 47)) - {
                                   c for castle in good["state"]["castles"]
                                   for c in castle})}}
    with pytest.raises(BadRecord, match="face-down"):
        state.game.from_json(empty)


# ----------------------------------------------------------------- towerplay score castle
runner = CliRunner()


@pytest.mark.parametrize("args,problem", [
    (["2 5 3", "4"], "the castle of seat 1 is not increasing"),
    (["2 x", "4"], "must list card numbers"),
    (["2 ١٧", "4"], "must list card numbers"),
    (["2"], "2 to 4"),
    (["2", "3", "--variant", "kings"], "--variant"),
    (["2", "3", "--variant", "characters", "--cards", "/nonexistent/deck.toml"],
     "cannot read castle cards file"),
    (["2", "3", "--cards", "/nonexistent/deck.toml"], "cannot read castle cards file"),
])
def test_score_command_refuses_garbage_in_one_line(args: list[str], problem: str) -> None:
    result = runner.invoke(app, ["score", "castle", *args])
    assert result.exit_code == 2, result.output
    assert problem in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert isinstance(result.exception, SystemExit)


def test_score_command_through_the_real_app() -> None:
    result = runner.invoke(app, ["score", "castle", "2 5 9 17 26 30", "3 8 12 40", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["winners"] == [0]


@FUZZ
@given(st.lists(st.text(max_size=30), min_size=0, max_size=5),
       st.sampled_from(["base", "characters", "x"]))
def test_fuzzed_table_scores_raise_only_invalid_options(texts: list[str],
                                                        variant: str) -> None:
    try:
        data = score_table(texts, variant)
    except InvalidOptions:
        return
    assert len(data["seats"]) == len(texts)


def test_every_error_here_is_a_towerplay_error() -> None:
    for error in (IllegalAction, InvalidOptions, BadRecord):
        assert issubclass(error, TowerplayError)
