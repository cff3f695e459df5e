"""Property-based checks with hypothesis: any sequence of legal choices keeps the kernel
contract, and a failure shrinks to the shortest action sequence that shows it."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towerplay import games
from towerplay.core import IllegalAction, Record

from tests.conftest import game_player_counts


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
