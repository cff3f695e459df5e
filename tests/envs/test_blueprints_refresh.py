"""Blueprints' observer brings a kept vector up to date from the actions applied since it
last looked (``state.history``), and writes it afresh where the actions cannot tell: a round
scored since, the game over, or a history that is not the one it saw. Either way the vector
must equal the one written from nothing."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from towerplay import games

from tests.envs.test_observer_memos import afresh, rewind

VARIANTS = games.game_class("blueprints").variants


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", VARIANTS, ids=["default", "variant1", "variant2"])
def test_a_kept_vector_follows_the_actions_of_whole_games(players: int,
                                                         options: dict[str, Any]) -> None:
    """Every seat and the spectator, looking after one action or several (a seat's own
    placements and removals, the others' hidden ones, refills, discards, rounds scored in
    between and the end), get what a fresh write gives."""
    game = games.load("blueprints", **options)
    warm, fresh = game.observer(players), game.observer(players)
    rng = random.Random(players)
    state = game.start(players=players, seed=players)
    while not state.is_over:
        for _ in range(rng.choice((1, 1, 2, 3, 7))):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
        for seat in (*range(players), None):
            if rng.random() < 0.7:  # (a seat that skips a look catches up on more)
                assert np.array_equal(warm.observation(state, seat),
                                      afresh(fresh, state, seat)), (state, seat)


def test_a_history_rewound_or_rewritten_is_written_afresh() -> None:
    """A state put back in place (shorter history), or put back and played on otherwise
    (a history as long, with another last action), is not replayed onto the vector."""
    game = games.load("blueprints")
    warm, fresh = game.observer(2), game.observer(2)
    state = game.start(players=2, seed=5)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    earlier = state.copy()
    for _ in range(3):  # take, place, discard: what seat 0 sees changes every time
        state.apply(state.legal_actions()[0])
        for seat in (0, None):
            warm.observation(state, seat)
    seen = state.history[-1]
    rewind(state, earlier)  # shorter than what the vectors saw
    for seat in (0, None):
        assert np.array_equal(warm.observation(state, seat), afresh(fresh, state, seat))
        warm.observation(state, seat)
    for _ in range(3):  # the same again, then as long with other actions
        state.apply(state.legal_actions()[0])
    for seat in (0, None):
        warm.observation(state, seat)
    rewind(state, earlier)
    for _ in range(3):
        state.apply(state.legal_actions()[-1])
    assert state.history[-1] != seen
    for seat in (0, None):
        assert np.array_equal(warm.observation(state, seat), afresh(fresh, state, seat))
