"""Observers keep blocks of what changes a few times a game (castles, towers, the Market's
cards…) in a :class:`Memo`: a kept block must equal what the observer writes afresh (a key
that left out something the block reads would hand back a stale one)."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from towerplay import games
from towerplay.core.memo import Memo
from towerplay.core.observer import Observer

from tests.conftest import game_variant_cases

CASES = [case for case in game_variant_cases(default_seeds=1, variant_seeds=1)
         if case.values[0] in ("blueprints", "castle", "five_towers", "skytopia")]


def forget(observer: Observer[Any]) -> None:
    for kept in vars(observer).values():
        if isinstance(kept, Memo):
            kept.clear()


@pytest.mark.parametrize("name,players,options,seed", CASES)
def test_kept_blocks_give_what_a_fresh_observer_writes(name: str, players: int,
                                                       options: dict[str, Any],
                                                       seed: int) -> None:
    game = games.load(name, **options)
    warm, fresh = game.observer(players), game.observer(players)
    assert any(isinstance(kept, Memo) for kept in vars(warm).values())
    rng = random.Random(seed)
    for game_seed in (seed, seed + 10):  # the second game meets blocks kept in the first
        state = game.start(players=players, seed=game_seed)
        while True:
            seat = rng.randrange(players)  # (every seat in turn would take seconds)
            forget(fresh)
            assert np.array_equal(warm.observation(state, seat), fresh.observation(state, seat))
            forget(fresh)
            assert np.array_equal(warm.recalled(state, None), fresh.recalled(state, None))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
