"""The Gymnasium environment passes Gymnasium's env checker for every game."""
from __future__ import annotations

import pytest
from gymnasium.utils.env_checker import check_env

from towerplay import games
from towerplay.arena.table import IllegalMove
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
    alias = TowerplayGymEnv("five_towers", players=2, illegal="terminate")
    alias.reset(seed=1)
    assert alias.step(illegal)[1:3] == (-1.0, True)
    strict = TowerplayGymEnv("five_towers", players=2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMove):
        strict.step(illegal)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        TowerplayGymEnv("five_towers", players=3, bots=["greedy"])
    with pytest.raises(InvalidOptions):
        TowerplayGymEnv("five_towers", players=2, seat=2)


@pytest.mark.parametrize("name", games.names())
def test_every_game_is_registered_for_make_and_make_vec(name: str) -> None:
    import gymnasium

    from towerplay.envs import gym_id, register_gymnasium

    assert gym_id(name) in register_gymnasium()
    env = gymnasium.make(gym_id(name), players=2, bots="random")
    check_env(env.unwrapped, skip_render_check=True)
    envs = gymnasium.make_vec(gym_id(name), num_envs=3, vectorization_mode="sync",
                              bots="random")
    obs, _ = envs.reset(seed=[1, 2, 3])
    size = games.load(name).observer(2).shape[0]
    assert obs["observation"].shape == (3, size)
    actions = obs["action_mask"].argmax(axis=1)  # a legal id in each
    _, rewards, _, _, infos = envs.step(actions)
    assert rewards.shape == (3,) and "illegal" not in infos
    envs.close()


def test_the_five_towers_id_is_the_documented_one() -> None:
    import gymnasium

    import towerplay.envs  # noqa: F401  # registers on import

    assert gymnasium.make("towerplay/FiveTowers-v0").unwrapped.setup.game.name == "five_towers"


def test_ansi_rendering_is_ansi_text() -> None:
    env = TowerplayGymEnv("castle", players=2, bots="random", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "\x1b[" in text and "[bold" not in text
