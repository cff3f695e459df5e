"""The kernel contract for learning agents and front ends, over every game and variant:
GameInfo, observers, action masks, legal actions in id order, lists that cannot be
corrupted, and the public information API."""
from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from towerplay import games

from tests.conftest import game_variant_cases

CASES = game_variant_cases(default_seeds=2, variant_seeds=1)


def play(name: str, players: int, options: dict[str, Any], seed: int):  # noqa: ANN201
    state = games.load(name, **options).start(players=players, seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("name,players,options,seed", CASES)
def test_ids_masks_and_observations_hold_over_whole_games(name: str, players: int,
                                                          options: dict[str, Any],
                                                          seed: int) -> None:
    game = games.load(name, **options)
    info = game.info(players)
    observer = game.observer(players)
    assert info.num_actions == game.num_actions and info.players == players
    assert (info.min_utility, info.max_utility) == (0.0, 1.0)
    length = 0
    for state in play(name, players, options, seed):
        legal = state.legal_actions()
        ids = [game.action_id(a) for a in legal]
        assert ids == sorted(ids), "legal actions come in ascending id order"
        mask = game.action_mask(state)
        assert len(mask) == game.num_actions
        assert [i for i, bit in enumerate(mask) if bit] == ids
        for seat in [*range(players), None]:
            vector = observer.observation(state, seat)
            assert vector.shape == observer.shape and vector.dtype == np.float32
            assert np.isfinite(vector).all()
        length = len(state.history)
    assert length <= info.max_game_length
    assert sum(state.rewards()) == pytest.approx(1.0)


@pytest.mark.parametrize("name,players,options,seed", CASES[::3])
def test_a_seat_that_cannot_tell_two_states_apart_gets_one_observation(
        name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """Determinized copies look the same to their seat: so must their vectors."""
    game = games.load(name, **options)
    observer = game.observer(players)
    rng = random.Random(seed)
    for step, state in enumerate(play(name, players, options, seed)):
        if step % 9 or state.is_over:
            continue
        seat = state.to_move
        guess = state.determinize(seat, rng)
        assert json.dumps(guess.view(seat), sort_keys=True) == json.dumps(
            state.view(seat), sort_keys=True)
        assert (observer.observation(guess, seat) == observer.observation(state, seat)).all()


VARIANTS = [pytest.param(name, options, id=f"{name}-{i}") for name in games.names()
            for i, options in enumerate(games.game_class(name).variants)]


@pytest.mark.parametrize("name,options", VARIANTS)
def test_a_handed_out_legal_list_cannot_corrupt_the_game(name: str,
                                                         options: dict[str, Any]) -> None:
    """A careless caller that empties every list it is handed must not change what any
    later game offers (a game that hands out a module constant would)."""
    game = games.load(name, **options)

    def legal_lists(careless: bool) -> list[list[str]]:
        state = game.start(players=game.min_players, seed=1)
        rng = random.Random(1)
        seen = []
        while not state.is_over and len(seen) < 150:
            legal = state.legal_actions()
            seen.append([str(a) for a in legal])
            state.apply(rng.choice(legal))
            if careless:
                legal.clear()  # the list of a position left behind
        return seen

    expected = legal_lists(careless=False)
    legal_lists(careless=True)
    assert legal_lists(careless=False) == expected


@pytest.mark.parametrize("name", games.names())
def test_the_information_api_is_public(name: str) -> None:
    game = games.load(name)
    state = game.start(players=game.max_players, seed=2)
    for _ in range(30):
        if state.is_over:
            break
        seat = (state.to_move + 1) % state.players
        assert isinstance(state.conceals_move(seat), bool)
        if not type(state).conceals_moves:
            assert state.conceals_move(seat) is False
        state.apply(state.legal_actions()[0])
        for viewer in [*range(state.players), None]:
            line = state.log_line(len(state.history) - 1, viewer)
            assert line is None or isinstance(line, str)
            if not type(state).filters_log:
                assert line == str(state.history[-1])
