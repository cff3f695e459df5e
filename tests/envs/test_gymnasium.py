"""The Gymnasium environment passes Gymnasium's env checker for every game."""
from __future__ import annotations

import pytest
from gymnasium.utils.env_checker import check_env

from towerplay import games
from towerplay.arena.table import Refusal
from towerplay.core import InvalidOptions
from towerplay.envs.gymnasium import TowerplayGymEnv


@pytest.mark.parametrize("name", games.names())
def test_gymnasiums_env_checker_passes(name: str) -> None:
    check_env(TowerplayGymEnv(name, players=2, bots="random"), skip_render_check=True)


@pytest.mark.parametrize("name", games.names())
def test_a_masked_agent_plays_a_whole_game_against_bots(name: str) -> None:
    env = TowerplayGymEnv(name, players=2, bots=["greedy"], seat=None)
    obs, info = env.reset(seed=3)
    assert (obs["action_mask"] == info["action_mask"]).all()
    done, reward = False, 0.0
    while not done:
        obs, reward, done, truncated, info = env.step(
            env.action_space.sample(obs["action_mask"]))
        assert not truncated and "illegal" not in info
    assert reward in (0.0, 0.5, 1.0)


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = TowerplayGymEnv("five_towers", players=2)
    obs, _ = env.reset(seed=1)
    illegal = int((obs["action_mask"] == 0).nonzero()[0][0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done) == (-1.0, True) and "not legal" in info["illegal"]
    strict = TowerplayGymEnv("five_towers", players=2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(Refusal):
        strict.step(illegal)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        TowerplayGymEnv("five_towers", players=3, bots=["greedy"])
    with pytest.raises(InvalidOptions):
        TowerplayGymEnv("five_towers", players=2, seat=2)
