"""PettingZoo's own API and seed tests pass for every game and player count."""
from __future__ import annotations

import functools
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from towerplay import games
from towerplay.core.errors import IllegalAction
from towerplay.envs import pettingzoo as tz

from tests.conftest import game_player_counts


@pytest.mark.parametrize("name,players", game_player_counts())
def test_pettingzoos_api_and_seed_tests_pass(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations: PettingZoo's classic envs warn too
        api_test(tz.env(name, players=players), num_cycles=300)
        seed_test(functools.partial(tz.env, name, players=players), num_cycles=300)


@pytest.mark.parametrize("name", games.names())
def test_a_whole_game_ends_with_the_winners_sharing_one(name: str) -> None:
    env = getattr(tz, f"{name}_v0").env(players=2, render_mode="ansi")
    env.reset(seed=5)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        rewards[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.any() and obs["observation"].dtype == np.float32
        if steps == 0:
            assert isinstance(env.render(), str)
        env.step(int(env.action_space(agent).sample(mask)))
        steps += 1
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert steps <= games.load(name).info(2).max_game_length


def test_the_observation_of_a_seat_not_to_move_has_an_empty_mask() -> None:
    env = tz.raw_env("five_towers", players=3)
    env.reset(seed=1)
    waiting = [a for a in env.possible_agents if a != env.agent_selection]
    assert not env.observe(waiting[0])["action_mask"].any()


def test_unknown_names_are_refused() -> None:
    with pytest.raises(AttributeError):
        tz.chess_v0  # noqa: B018
    with pytest.raises(games.InvalidOptions):
        tz.env("five_towers", players=9)


@pytest.mark.parametrize("name", games.names())
def test_state_is_every_seats_observation_for_a_centralized_critic(name: str) -> None:
    env = tz.raw_env(name, players=3 if name != "castle" else 2)
    env.reset(seed=2)
    state = env.state()
    assert env.state_space.contains(state)
    size = env.setup.observer.shape[0]
    for seat, agent in enumerate(env.possible_agents):
        assert (state[seat * size:(seat + 1) * size] == env.observe(agent)["observation"]).all()


def test_an_illegal_action_ends_the_episode_with_minus_one_when_asked() -> None:
    env = tz.env("five_towers", players=3, illegal="terminate")
    env.reset(seed=1)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int((mask == 0).nonzero()[0][0]))
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        _, reward, termination, _, _ = env.last()
        assert termination
        totals[agent] += reward
        env.step(None)
    assert totals == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}
    strict = tz.env("five_towers", players=3)
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(int((mask == 0).nonzero()[0][0]))
    with pytest.raises(games.InvalidOptions):
        tz.env("five_towers", illegal="ignore")


@pytest.mark.parametrize("name", list(games.BUILT_IN))
def test_ansi_rendering_is_ansi_text_not_rich_markup(name: str) -> None:
    env = tz.env(name, players=2, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert "\x1b[" in text and "[bold" not in text and "[/]" not in text


def test_the_env_checks_order_and_ids_by_itself_and_wraps_on_request() -> None:
    env = tz.env("castle", players=2)
    with pytest.raises(games.InvalidOptions, match="call reset"):
        env.step(0)
    with pytest.raises(games.InvalidOptions, match="call reset"):
        env.observe("seat_0")
    assert list(env.agent_iter()) == []
    env.reset(seed=1)
    with pytest.raises(IllegalAction, match="an action id is an integer from 0"):
        env.step(10_000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(tz.env("castle", players=2, wrapped=True), num_cycles=100)


def test_masks_built_from_the_last_long_list_are_exact() -> None:
    """``Setup.mask_bytes`` derives a long list's mask from the last long one's (the same
    list, or one id fewer anywhere); every mask must equal one built
    flag by flag, whatever the sequence of lists."""
    import random

    from towerplay.envs.common import LONG_MASK, Setup

    setup = Setup.load("castle", 2, {})
    rng, ids = random.Random(4), sorted(random.Random(4).sample(range(93), 40))
    for _ in range(400):
        ids = rng.choice([ids, ids[:len(ids) // 3] + ids[len(ids) // 3 + 1:],
                          sorted(rng.sample(range(93), rng.randrange(1, 60)))])
        expected = bytearray(93)
        for index in ids:
            expected[index] = 1
        assert setup.mask_bytes(list(ids)) == bytes(expected)
    assert LONG_MASK < 40  # (the long path ran)
