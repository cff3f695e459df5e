"""Observers keep blocks of what changes a few times a game (castles, towers, the Market's
cards…) in a :class:`Memo`, and each seat's vector of the states they saw: a kept block or
vector must equal what the observer writes afresh (a key that left out something the block
reads, or a refresh that missed a change, would hand back a stale one)."""
from __future__ import annotations

import gc
import random
import weakref
from typing import Any

import numpy as np
import pytest

from towerplay import games
from towerplay.core.memo import Memo
from towerplay.core.observer import Observer, Vector, recount

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


def afresh(observer: Observer[Any], state: Any, seat: int | None) -> np.ndarray:
    """``seat``'s vector written from nothing (no kept vector, no shared one)."""
    vector = Vector(np.zeros(observer.shape, np.float32))
    observer.encode_state(state, seat, vector)
    return vector.buffer


def rewind(state: Any, earlier: Any) -> None:
    """Put ``state`` back, in place, to the position ``earlier`` (the same object: as an
    undo that the engine does not offer would)."""
    back = earlier.copy()
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if not name.startswith("__") and hasattr(back, name):
                setattr(state, name, getattr(back, name))


@pytest.mark.parametrize("name", ["blueprints", "castle", "five_towers", "skytopia"])
def test_a_kept_vector_follows_its_state_however_far_it_moved(name: str) -> None:
    """Observers bring the vector they keep of a state up to date from the state's fields
    (:meth:`Observer.refresh`): after one action or many, for every seat and the spectator,
    in two games observed in turn, it equals the vector written afresh for that seat (also
    where one kept vector serves every seat: ``seat_blind``); a vector handed out is a copy
    (later steps do not change it)."""
    game = games.load(name)
    warm, fresh = game.observer(3), game.observer(3)
    assert warm.keeps
    rng = random.Random(7)
    states = [game.start(players=3, seed=seed) for seed in (1, 2)]
    handed: list[tuple[np.ndarray, np.ndarray]] = []
    while not all(state.is_over for state in states):
        for state in states:
            for _ in range(rng.choice((1, 1, 2, 5))):  # (some seats skip several steps)
                if not state.is_over:
                    state.apply(rng.choice(state.legal_actions()))
            for seat in (*range(3), None):
                vector = warm.observation(state, seat)
                expected = afresh(fresh, state, seat)
                assert np.array_equal(vector, expected), (state, seat)
                handed.append((vector, expected))
    assert all(np.array_equal(vector, expected) for vector, expected in handed)


def test_kept_vectors_do_not_keep_finished_games_alive() -> None:
    game = games.load("castle")
    observer = game.observer(2)
    state = game.start(players=2, seed=1)
    observer.observation(state, 0)
    state.apply(state.legal_actions()[0])
    observer.observation(state, 1)  # (brought up to date: the vector last used, at hand)
    alive = weakref.ref(state)
    del state
    gc.collect()
    assert alive() is None


def test_recount_gives_the_tally_of_the_new_pile() -> None:
    """A pile laid on, one index taken out anywhere, or any other change (out-of-range
    indices ignored, as :meth:`Vector.tally` does): the counts equal a fresh tally."""
    rng = random.Random(3)
    for _ in range(300):
        old = [rng.randrange(-1, 9) for _ in range(rng.randrange(8))]
        new = rng.choice([old + [rng.randrange(-1, 9) for _ in range(rng.randrange(1, 4))],
                          old[:len(old) // 2] + old[len(old) // 2 + 1:],
                          [rng.randrange(-1, 9) for _ in range(rng.randrange(8))]])
        buffer = np.zeros(12, np.float32)
        Vector.at(buffer, 2).tally(old, 8)
        recount(buffer, memoryview(buffer), 2, 8, old, new)  # type: ignore[arg-type]
        expected = np.zeros(12, np.float32)
        Vector.at(expected, 2).tally(new, 8)
        assert np.array_equal(buffer, expected), (old, new)
