"""The batched self-play env: numpy rows that follow the engine, auto-reset, seeded, and
refusing a bad batch before any game moves."""
from __future__ import annotations

import numpy as np
import pytest

from towerplay import games
from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.envs.vector import VectorEnv


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(axis=1)


@pytest.mark.parametrize("name", games.names())
def test_rows_follow_the_engine_and_reset_when_a_game_ends(name: str) -> None:
    envs = VectorEnv(name, players=2, num_envs=4, seed=7)
    obs, mask, to_move = envs.reset()
    observer = envs.setup.observer
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        before = [state.copy() for state in envs.states]
        actions = random_actions(mask, rng)
        obs, mask, to_move, rewards, terminated = envs.step(actions)
        for row, state in enumerate(envs.states):
            truth = before[row]
            truth.apply(envs.setup.game.action_from_id(int(actions[row])))
            if terminated[row]:
                finished += 1
                assert truth.is_over and rewards[row].tolist() == truth.rewards()
                assert state.history == []  # the next game's first decision
            else:
                assert not rewards[row].any() and state.history == truth.history
            assert to_move[row] == state.to_move
            assert (obs[row] == observer.observation(state, state.to_move)).all()
            assert mask[row].tolist() == envs.setup.game.action_mask(state)
    assert finished > 0


def test_the_same_seed_gives_the_same_games() -> None:
    runs = []
    for _ in range(2):
        envs = VectorEnv("five_towers", players=3, num_envs=3, seed=11)
        obs, mask, _ = envs.reset()
        rng = np.random.default_rng(3)
        for _ in range(30):
            obs, mask, *_ = envs.step(random_actions(mask, rng))
        runs.append(obs)
    assert (runs[0] == runs[1]).all()


def test_an_illegal_action_raises_before_any_game_moves_or_ends_its_game() -> None:
    envs = VectorEnv("castle", players=2, num_envs=3, seed=1)
    _, mask, to_move = envs.reset()
    actions = mask.argmax(axis=1)
    actions[2] = int((mask[2] == 0).nonzero()[0][0])
    histories = [list(state.history) for state in envs.states]
    with pytest.raises(IllegalAction, match="game 2"):
        envs.step(actions)
    assert [state.history for state in envs.states] == histories
    with pytest.raises(IllegalAction, match="one integer action id per game"):
        envs.step(actions[:2])
    lenient = VectorEnv("castle", players=2, num_envs=3, seed=1, illegal="terminate")
    lenient.reset()
    _, _, _, rewards, terminated = lenient.step(actions)
    assert terminated.tolist() == [False, False, True]
    assert rewards[2, to_move[2]] == -1.0 and rewards.sum() == -1.0


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        VectorEnv("castle", num_envs=0)
    with pytest.raises(InvalidOptions):
        VectorEnv("castle", players=9)
    with pytest.raises(InvalidOptions):
        VectorEnv("castle").step([0] * 16)
