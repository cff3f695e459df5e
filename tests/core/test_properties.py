"""Property-based checks with hypothesis: any sequence of legal choices keeps the kernel
contract, and a failure shrinks to the shortest action sequence that shows it."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towerplay import games, testing
from towerplay.core import IllegalAction, Record

from tests.conftest import game_player_counts

NEAR_MISSES = sorted({text for name in games.names() for text in testing.near_misses(name)})
"""Every game's almost-right action texts (each game's own, with the others' as garbage)."""


@pytest.mark.parametrize("name,players", game_player_counts())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10**6), max_size=120))
def test_any_line_of_play_keeps_the_contract(name: str, players: int, seed: int,
                                             choices: list[int]) -> None:
    game = games.load(name)
    state = game.start(players=players, seed=seed)
    for choice in choices:
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
    data = json.dumps(state.to_json(), sort_keys=True)
    assert json.dumps(game.from_json(json.loads(data)).to_json(), sort_keys=True) == data
    record = Record.from_state(state)
    assert json.dumps(record.replay().to_json(), sort_keys=True) == data
    if not state.is_over:
        with pytest.raises(IllegalAction):
            state.apply("🐉 not an action")
    assert json.dumps(state.to_json(), sort_keys=True) == data


@pytest.mark.slow
@pytest.mark.parametrize("name,players", game_player_counts())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1000), steps=st.integers(0, 60),
       text=st.text(max_size=40) | st.sampled_from(NEAR_MISSES))
def test_any_text_is_an_action_or_refused_without_change(name: str, players: int, seed: int,
                                                         steps: int, text: str) -> None:
    game = games.load(name)
    state = game.start(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    before = json.dumps(state.to_json(), sort_keys=True)
    legal = {str(a).lower() for a in state.legal_actions()}
    try:
        state.apply(text)
    except IllegalAction as error:
        assert str(error)
        assert json.dumps(state.to_json(), sort_keys=True) == before
    else:
        assert " ".join(text.lower().split()) in legal
