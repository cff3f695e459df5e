"""Every game as an OpenSpiel Python game: OpenSpiel's own consistency checks, and its
MCTS and IS-MCTS bots playing whole games."""
from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from towerplay import games
from towerplay.envs import openspiel

openspiel.register_all()


@pytest.mark.parametrize("name", games.names())
def test_openspiels_random_simulation_checks_pass(name: str) -> None:
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2})
    info = games.load(name).info(2)
    assert game.num_distinct_actions() == info.num_actions
    assert game.max_game_length() == info.max_game_length
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", games.names())
def test_openspiels_mcts_and_ismcts_bots_play_a_whole_game(name: str) -> None:
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2, "seed": 4})
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    players = [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rng),
               ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rng)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_resampled_state_keeps_the_information_state() -> None:
    game = pyspiel.load_game(openspiel.short_name("five_towers"), {"players": 3})
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    guess = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
    assert guess.information_state_string(seat) == state.information_state_string(seat)
    assert guess.information_state_tensor(seat) == state.information_state_tensor(seat)
