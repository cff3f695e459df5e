"""The kernel contract for learning agents and front ends, over every game and variant:
GameInfo, observers, action masks and legal actions in id order (the checks of
:mod:`towerplay.testing`), lists that cannot be corrupted, and the public information API.
A seat's observation in states it cannot tell apart: ``towerplay.testing.check_hidden``."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from towerplay import games, testing

from tests.conftest import game_variant_cases

CASES = game_variant_cases(default_seeds=2, variant_seeds=1)


@pytest.mark.parametrize("name,players,options,seed", CASES)
def test_ids_masks_and_observations_hold_over_whole_games(name: str, players: int,
                                                          options: dict[str, Any],
                                                          seed: int) -> None:
    game = games.load(name, **options)
    info = game.info(players)
    observer = game.observer(players)
    assert info.num_actions == game.num_actions and info.players == players
    assert (info.min_utility, info.max_utility) == (0.0, 1.0)
    for state in testing.random_states(game, players, seed):
        if not state.is_over:
            testing.check_legal(game, state)  # ids in order, the mask, notation
        for seat in [*range(players), None]:
            vector = observer.observation(state, seat)
            assert vector.shape == observer.shape and vector.dtype == np.float32
            assert np.isfinite(vector).all()
    assert len(state.history) <= info.max_game_length
    assert sum(state.rewards()) == pytest.approx(1.0)


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
