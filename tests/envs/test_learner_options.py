"""What learners ask of the envs: observations with perfect recall, a flat ``Box`` with
``action_masks()`` (sb3-contrib's ``MaskablePPO``), a valid mask on every row of a vector
env under next-step autoreset, reward options and ``render_fps``."""
from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from towerplay import games
from towerplay.core import InvalidOptions
from towerplay.envs import gym_id
from towerplay.envs import pettingzoo as tz
from towerplay.envs.common import REWARDS, Setup, rewards
from towerplay.envs.gymnasium import TowerplayGymEnv
from towerplay.envs.vector import VectorEnv
from towerplay.games.castle.cards import position_name


def castle_with_a_card_put_back(seed: int = 1) -> Any:
    """A castle game (hidden memory) in which a card has been seen and put back, and the
    round it was in is over (so the log no longer shows it either)."""
    state = games.load("castle").start(players=2, seed=seed)
    rng = random.Random(seed)
    while True:
        legal = [str(a) for a in state.legal_actions()]
        state.apply("return" if "return" in legal else rng.choice(legal))
        known = [p for p in state.down if state.known[p] and p != state.pending]
        if known and len(state.reveals) > 3:
            return state, known[0]


def test_perfect_recall_shows_the_castle_cards_seen_and_put_back() -> None:
    state, position = castle_with_a_card_put_back()
    setup = Setup.load("castle", 2, {})
    recall = Setup.load("castle", 2, {}, perfect_recall=True)
    at = setup.observer.offsets["table"] + 2 * position + 1
    card = state.known[position]
    assert setup.observation(state, 0)[at] == 0.0  # hidden memory: forgotten
    assert recall.observation(state, 0)[at] == pytest.approx(card / 46)
    assert state.view(0)["table"][position_name(position)] == "?"  # (what the seat sees)
    saved = state.to_json()  # the same position, played with the table open
    saved["options"] = {**saved["options"], "memory": "open"}
    opened = games.load("castle", memory="open")
    assert np.array_equal(recall.observation(state, 0),
                          opened.observer(2).observation(opened.from_json(saved), 0))


@pytest.mark.parametrize("name", ["five_towers", "blueprints", "skytopia"])
def test_where_nothing_seen_is_hidden_again_recall_is_the_observation(name: str) -> None:
    setup = Setup.load(name, 2, {})
    recall = Setup.load(name, 2, {}, perfect_recall=True)
    state, rng = setup.game.start(players=2, seed=4), random.Random(4)
    for _ in range(40):
        if state.is_over:
            break
        for seat in (0, 1):
            assert np.array_equal(setup.observation(state, seat),
                                  recall.observation(state, seat))
        state.apply(rng.choice(state.legal_actions()))


def test_every_env_takes_perfect_recall() -> None:
    state, position = castle_with_a_card_put_back()
    at = Setup.load("castle", 2, {}).observer.offsets["table"] + 2 * position + 1
    pz = tz.raw_env("castle", players=2, perfect_recall=True)
    pz.reset(seed=1)
    pz.state_ = state
    assert pz.observe("seat_0")["observation"][at] > 0 and pz.state()[at] > 0
    vec = VectorEnv("castle", players=2, num_envs=1, perfect_recall=True)
    vec.reset(seed=1)
    assert vec.setup.observation(state, 0)[at] > 0
    gym = TowerplayGymEnv("castle", bots="random", perfect_recall=True, flat=True)
    gym.reset(seed=1)
    assert gym.setup.perfect_recall
    with pytest.raises(InvalidOptions, match="perfect_recall must be True or False"):
        TowerplayGymEnv("castle", perfect_recall="yes")


@pytest.mark.parametrize("name", games.names())
def test_the_flat_observation_passes_the_env_checker(name: str) -> None:
    env = TowerplayGymEnv(name, players=2, bots="random", flat=True)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=2)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    assert env.observation_space.contains(obs)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    assert env.action_masks().dtype == np.bool_ and env.action_masks().any()


def test_action_masks_is_found_through_gymnasium_make_wrappers() -> None:
    """sb3-contrib finds the method with ``get_wrapper_attr`` (Gymnasium's wrappers no
    longer forward attributes)."""
    env = gymnasium.make(gym_id("castle"), bots="random", flat=True)
    obs, info = env.reset(seed=1)
    masks = env.get_wrapper_attr("action_masks")()
    assert obs.shape == env.observation_space.shape
    assert np.array_equal(masks, info["action_mask"].astype(bool))
    legal = int(np.flatnonzero(masks)[0])
    env.step(legal)
    assert np.array_equal(env.get_wrapper_attr("action_masks")(),
                          env.unwrapped.setup.mask(env.unwrapped.table.state, 0).astype(bool))


@pytest.mark.parametrize("flat", [False, True])
def test_every_row_has_a_valid_mask_under_next_step_autoreset(flat: bool) -> None:
    """Next-step autoreset hands out a finished game's last observation, then ignores the
    action taken on it: that row's mask must still allow something (every id), or a
    masked sampler has nothing to draw."""
    envs = gymnasium.make_vec(gym_id("castle"), num_envs=3, vectorization_mode="sync",
                              bots="random", flat=flat)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=[1, 2, 3])
    rng = np.random.default_rng(0)
    finished = 0
    while finished < 6:
        mask = info["action_mask"] if flat else obs["action_mask"]
        assert mask.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        obs, reward, terminated, truncated, info = envs.step(actions)
        for row in np.flatnonzero(terminated):
            assert (info["action_mask"][row] == 1).all()
            finished += 1
    envs.close()


def test_a_finished_episode_must_be_reset_before_another_step() -> None:
    env = TowerplayGymEnv("castle", bots="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, _, _ = env.step(illegal)
    assert terminated and reward == -1.0 and obs["action_mask"].all()
    with pytest.raises(InvalidOptions, match="call reset"):
        env.step(0)


def finished(name: str, seed: int) -> Any:
    state, rng = games.load(name).start(players=3, seed=seed), random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["five_towers", "blueprints"])
def test_the_reward_options_follow_the_winners_and_scores(name: str) -> None:
    for seed in range(4):
        state = finished(name, seed)
        winners, scores = state.winners(), state.scores()
        share, win_loss, margin = (rewards(state, kind) for kind in REWARDS)
        assert share == state.rewards() and sum(share) == pytest.approx(1.0)
        for seat in range(3):
            others = max(s for i, s in enumerate(scores) if i != seat)
            assert margin[seat] == scores[seat] - others
            assert win_loss[seat] == (-1.0 if seat not in winners
                                      else 1.0 if len(winners) == 1 else 0.0)


@pytest.mark.parametrize("reward", REWARDS)
def test_every_env_pays_the_reward_asked_for(reward: str) -> None:
    gym = TowerplayGymEnv("castle", bots="random", reward=reward)
    obs, _ = gym.reset(seed=7)
    done, got = False, 0.0
    while not done:
        obs, got, done, _, _ = gym.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert got == rewards(gym.table.state, reward)[0]
    pz = tz.env("castle", players=2, reward=reward)
    pz.reset(seed=7)
    totals = dict.fromkeys(pz.possible_agents, 0.0)
    for agent in pz.agent_iter():
        obs, r, termination, _, _ = pz.last()
        totals[agent] += r
        pz.step(None if termination else int(np.flatnonzero(obs["action_mask"])[0]))
    assert list(totals.values()) == rewards(pz.unwrapped.state_, reward)
    vec = VectorEnv("castle", num_envs=1, seed=7, reward=reward)
    _, mask, _ = vec.reset()
    while True:
        before = vec.states[0]
        _, mask, _, paid, terminated = vec.step(np.array([np.flatnonzero(mask[0])[0]]))
        if terminated[0]:
            assert list(paid[0]) == rewards(before, reward)
            break
    with pytest.raises(InvalidOptions, match="reward must be one of share, win_loss, margin"):
        VectorEnv("castle", reward="elo")


def test_the_envs_announce_a_frame_rate() -> None:
    assert TowerplayGymEnv.metadata["render_fps"] > 0
    assert tz.TowerplayEnv.metadata["render_fps"] > 0
    assert gymnasium.make(gym_id("five_towers")).metadata["render_fps"] > 0


def test_maskable_ppo_runs_on_gymnasium_make_without_a_wrapper() -> None:
    """sb3-contrib is not a dependency of the project (it brings torch): checked where it
    is installed (see docs/rl.md for the command)."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = gymnasium.make(gym_id("castle"), bots="random", flat=True)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32,
                                    n_epochs=1, seed=0)
    model.learn(total_timesteps=128)
    obs, _ = env.reset(seed=3)
    masks = env.get_wrapper_attr("action_masks")()
    action, _ = model.predict(obs, action_masks=masks)
    assert masks[int(action)]
