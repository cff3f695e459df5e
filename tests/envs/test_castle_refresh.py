"""Budowa Zamku's observer brings a kept vector up to date from the reveal records since it
last looked (every action appends one or replaces the last by its resolution), and writes
it afresh where the records cannot tell: fewer of them, or an earlier one replaced. Either
way the vector must equal the one written from nothing."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from towerplay import games
from towerplay.games.castle.cards import position_name
from towerplay.games.castle.state import CastleState

from tests.envs.test_observer_memos import afresh, rewind

VARIANTS = games.game_class("castle").variants


def play(state: CastleState, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if not state.is_over:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", VARIANTS, ids=["default", "characters", "open_memory",
                                                   "characters_all"])
def test_a_kept_vector_follows_the_records_of_whole_games(players: int,
                                                         options: dict[str, Any]) -> None:
    """Every seat and the spectator, looking after one action or several (reveals put
    back, cards built, inserted by the Wizard and removed, turns that end at once and the
    end), get what a fresh write gives."""
    game = games.load("castle", **options)
    warm, fresh = game.observer(players), game.observer(players)
    rng = random.Random(players)
    for seed in (players, players + 10):
        state = game.start(players=players, seed=seed)
        while not state.is_over:
            play(state, rng, rng.choice((1, 1, 1, 2, 3, 7)))
            for seat in (*range(players), None):
                if rng.random() < 0.7:  # (a seat that skips a look catches up on more)
                    assert np.array_equal(warm.observation(state, seat),
                                          afresh(fresh, state, seat)), (state, seat)


def test_a_record_list_rewound_or_rewritten_is_written_afresh() -> None:
    """A state put back in place (fewer records), put back and played on otherwise (as
    many records, the last ones other tuples), or put back to a card turned up and
    decided otherwise, is not followed onto the vector."""
    game = games.load("castle", memory="open")
    warm, fresh = game.observer(2), game.observer(2)
    state = game.start(players=2, seed=5)
    rng = random.Random(1)
    play(state, rng, 6)
    earlier = state.copy()
    for _ in range(4):
        play(state, rng, 1)
        warm.observation(state, 0)
    seen = list(state.reveals)
    rewind(state, earlier)  # fewer records than the vector saw
    assert np.array_equal(warm.observation(state, 0), afresh(fresh, state, 0))
    play(state, rng, 4)
    warm.observation(state, 0)
    rewind(state, earlier)
    play(state, random.Random(2), 4)  # other actions from the same position
    assert state.reveals != seen
    assert np.array_equal(warm.observation(state, 0), afresh(fresh, state, 0))
    while state.pending < 0:  # a card turned up and awaiting its decision
        assert not state.is_over
        play(state, rng, 1)
    turned = state.copy()
    decisions = state.legal_actions()
    state.apply(decisions[0])
    warm.observation(state, 1)
    rewind(state, turned)
    state.apply(decisions[-1])
    assert np.array_equal(warm.observation(state, 1), afresh(fresh, state, 1))


def test_the_same_card_turned_up_after_other_turns_is_written_afresh() -> None:
    """A vector that saw a card turned up, its state put back and played to the same card
    turned up at the same step by the same seat after another put-back card: the last
    record reads alike, the one before does not (open memory shows the other number)."""
    game = games.load("castle", memory="open")
    warm, fresh = game.observer(2), game.observer(2)
    state = game.start(players=2, seed=3)
    start = state.copy()
    first, other, third = (action.arg for action in state.legal_actions()[:3])

    def put_back_then_turn_up(position: int) -> None:
        state.apply(f"reveal {position_name(position)}")
        state.apply("return")  # (every card tops the start tile: always a choice)
        state.apply(f"reveal {position_name(third)}")

    put_back_then_turn_up(first)
    warm.observation(state, 0)
    seen = state.reveals[-1]
    rewind(state, start)
    put_back_then_turn_up(other)
    assert state.reveals[-1][:4] == seen[:4] and state.reveals[-1] is not seen
    assert np.array_equal(warm.observation(state, 0), afresh(fresh, state, 0))
