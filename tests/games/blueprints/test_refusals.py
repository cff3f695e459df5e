"""A refused move says why, in the game's terms, in one line, and changes nothing."""
from __future__ import annotations

import json

import pytest

from towerplay.core import IllegalAction
from towerplay.games.blueprints.dice import parse_die

from tests.games.blueprints.util import play_random, set_seat, start


def position(step: str, players: int = 2):
    """Seat to move on ``XX 33 XX`` with S4 (r2c1) and G6 (r2c2) placed; pool G3 R4 W5;
    ``step`` is ``take``, ``place`` (holding W5) or ``discard`` (W5 placed on S4)."""
    state = start(players, seed=1)
    set_seat(state, state.to_move, "XX 33 XX", ". , . / S4 , G6 / . , .")
    state.pool = sorted(parse_die(t) for t in ["W5", "R4", "G3"])
    state._legal = None
    if step != "take":
        state.apply("take W5")
    if step == "discard":
        state.apply("place r2c1")
    assert state.step == step
    return state


def refusal(state, text: str) -> str:
    """The one-line reason ``text`` is refused; the state must not change."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        state.apply(text)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"'{text}' is not legal")
    return message


@pytest.mark.parametrize("step,text,reason", [
    ("take", "take G6", "there is no G6 in the pool; pool: G3 R4 W5"),
    ("place", "place r1c1", "row 1, column 1 is hatched on your blueprint: no die may go there"),
    ("place", "place r3c2", "row 3, column 2 is hatched on your blueprint: no die may go there"),
    ("place", "place r2c2", "the W5 cannot go on the G6 at row 2, column 2: a die goes only on an "
                            "equal or lower value"),
    ("place", "remove", "the W5 fits on your blueprint; a die is removed only when it "
                        "fits nowhere"),
    ("discard", "discard S6", "there is no S6 in the pool; pool: G3 R4"),
])
def test_each_refusal_names_the_rule(step: str, text: str, reason: str) -> None:
    assert refusal(position(step), text) == f"'{text}' is not legal: {reason}"


@pytest.mark.parametrize("step,text,need", [
    ("take", "place r2c1", "must take a die from the pool ('take <die>'): G3 R4 W5"),
    ("take", "remove", "must take a die from the pool"),
    ("take", "discard G3", "must take a die from the pool"),
    ("place", "take R4", "must place the W5 it took on its blueprint ('place r<row>c<col>'), "
                         "or 'remove' it if it fits nowhere"),
    ("place", "discard R4", "must place the W5 it took"),
    ("discard", "take R4", "must discard a second die from the pool ('discard <die>'): G3 R4"),
    ("discard", "place r2c1", "must discard a second die"),
])
def test_a_move_of_another_step_says_what_is_due(step: str, text: str, need: str) -> None:
    state = position(step)
    assert need in refusal(state, text)
    assert f"seat {state.to_move + 1} must" in refusal(state, text)  # people count from 1


def test_three_players_have_no_discard_step() -> None:
    state = position("take", players=3)
    state.apply("take W5")
    state.apply("place r2c1")
    assert state.step == "take"
    assert "must take a die" in refusal(state, "discard G3")


def test_the_strict_reading_says_why_an_unplaceable_die_is_refused() -> None:
    state = start(2, seed=1, unplaceable="strict")
    set_seat(state, state.to_move, "XX 33 XX", ". , . / S4 , G6 / . , .")
    state.pool = sorted(parse_die(t) for t in ["W5", "R4", "G3"])
    state._legal = None
    assert refusal(state, "take G3") == (
        "'take G3' is not legal: the G3 fits nowhere on your blueprint and another pool "
        "die does: take a die that fits (unplaceable=strict)")


def test_after_the_end_every_move_is_refused_because_the_game_is_over() -> None:
    state = play_random(start(2, seed=4), 4)
    assert refusal(state, "take G3") == "'take G3' is not legal: the game is over"
