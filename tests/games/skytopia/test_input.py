"""Bad input at every entry point: action text, saved positions, component files and the
``towerplay score skytopia`` command. Only core errors come out, each naming what was
expected, and a refused input never changes the state."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from towerplay import games
from towerplay.cli import app
from towerplay.core import BadRecord, IllegalAction, InvalidOptions
from towerplay.games.skytopia.actions import ACTIONS, parse
from towerplay.games.skytopia.state import SkytopiaState

from tests.games.skytopia.helpers import start

GAME = games.load("skytopia")
WORDS = st.sampled_from(["place", "back", "turn", "move", "put", "take", "stack", "tower",
                         "top", "row", "use", "skip", "done", "draft", "side", "g1:5", "b4",
                         "r2:0", "p9", "t5", "a", "c", "blue", "gold", "7", "-1", ":", " "])
TEXT = st.one_of(st.text(), st.lists(WORDS, max_size=4).map(" ".join))


def _midgame() -> SkytopiaState:
    s = start(3, seed=60)
    rng = random.Random(60)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    return s


MIDGAME = _midgame()


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_parse_refuses_garbage_with_the_notation(text: str) -> None:
    try:
        action = parse(text)
    except IllegalAction as error:
        assert "Expected e.g. 'place g1:5'" in str(error)
    else:
        assert action in ACTIONS and str(action) == " ".join(text.lower().split())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_apply_text_refuses_garbage_and_leaves_the_state_unchanged(text: str) -> None:
    s = MIDGAME.copy()
    before = json.dumps(s.to_json(), sort_keys=True)
    legal = {str(a) for a in s.legal_actions()}
    try:
        s.apply(text)
    except IllegalAction:
        assert json.dumps(s.to_json(), sort_keys=True) == before
    else:
        assert " ".join(text.lower().split()) in legal


@pytest.mark.parametrize("value", [None, 3, "x", [1, 2], {"a": 1}])
def test_non_text_actions_are_refused(value: object) -> None:
    s = start(2, seed=61)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction):
        s.apply(value)  # type: ignore[arg-type]
    assert json.dumps(s.to_json(), sort_keys=True) == before


def _position() -> dict:
    return MIDGAME.to_json()


@pytest.mark.parametrize("edit,words", [
    (lambda d: d["state"].update(market="x"), "'market'"),
    (lambda d: d["state"].update(phase=99), "'phase'"),
    (lambda d: d["state"].update(dice=[[1]] * 3), "'dice'"),
    (lambda d: d["state"].update(tile=[9, 9, 9]), "'tile'"),
    (lambda d: d["state"].update(coins=[-1, 5, 5]), "'coins'"),
    (lambda d: d["state"].update(stack=[[1]]), "stack"),
    (lambda d: d["state"]["decks"][0].append(d["state"]["decks"][1][0]), "two places"),
    (lambda d: d["state"]["decks"][0].append(d["state"]["decks"][0][0]), "two places"),
    (lambda d: d["state"]["board"].__setitem__(0, 5), "5 golems"),
    (lambda d: d["state"]["towers"].__setitem__(0, [d["state"]["decks"][1].pop()]),
     "another colour"),
    (lambda d: d.update(to_move=(d["to_move"] + 1) % 3), "'to_move'"),
    (lambda d: d.update(to_move=None), "'to_move'"),
    (lambda d: d["state"].pop("pending_towers"), "pending_towers"),
    (lambda d: d.update(history=["place z9:9"]), "place g1:5"),
])
def test_bad_saved_positions_are_refused(edit, words: str) -> None:  # noqa: ANN001
    data = copy.deepcopy(_position())
    edit(data)
    with pytest.raises(BadRecord) as info:
        GAME.from_json(json.loads(json.dumps(data)))
    assert words in str(info.value)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(_position()["state"])),
       st.one_of(st.none(), st.integers(-3, 200), st.text(max_size=3),
                 st.lists(st.integers(-2, 60), max_size=20)))
def test_any_corrupted_field_gives_a_bad_record_or_a_sound_position(field: str,
                                                                     value: object) -> None:
    data = copy.deepcopy(_position())
    data["state"][field] = value
    try:
        s = GAME.from_json(data)
    except BadRecord:
        return
    s.view(0)  # whatever loads is a playable position
    assert s.legal_actions()


@pytest.mark.parametrize("args,words", [
    ("--coins abc", "whole number"),
    ("--tower blue", "COLOUR=N"),
    ("--tower blue=x", "whole number"),
    ("--guild ''", "unknown Guild Master"),
    ("--components /nonexistent/file.toml", "cannot read"),
    ("--tower gold=3 --crests gold=0", "--crests gold=0"),
])
def test_the_score_command_refuses_garbage_without_a_traceback(args: str, words: str) -> None:
    result = CliRunner().invoke(app, ["score", "skytopia", *args.split()])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert words in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_a_position_that_does_not_wait_on_a_decision_is_refused() -> None:
    data = copy.deepcopy(_position())
    data["state"]["phase"] = 9  # 'phase 2: abilities' is passed through, never waited in
    data["state"]["stack"] = []
    with pytest.raises(BadRecord, match="decision"):
        GAME.from_json(data)


@settings(max_examples=150, deadline=None)
@given(st.text(), st.sampled_from(["toml", "json"]))
def test_any_component_file_text_is_refused_cleanly(text: str, suffix: str) -> None:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"components.{suffix}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        with pytest.raises(InvalidOptions, match="skytopia components"):
            games.load("skytopia", components=str(path))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=12), max_size=3), st.lists(st.text(max_size=12), max_size=3),
       st.lists(st.text(max_size=12), max_size=3))
def test_score_items_are_parsed_or_refused_cleanly(towers: list[str], crests: list[str],
                                                  guilds: list[str]) -> None:
    from towerplay.games.skytopia.cli import tally_city

    try:
        result = tally_city(GAME.comp, 0, guilds, towers, crests, 0, 0, 0)
    except InvalidOptions as error:
        assert str(error)
    else:
        assert result["total"] >= 0
