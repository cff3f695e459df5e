"""OpenSpiel's own policy gradient (A2C) learns a towerplay game through the adapter.

    python examples/openspiel_policy_gradient.py --game five_towers --episodes 1000

Two agents of OpenSpiel's ``open_spiel.python.pytorch.policy_gradient.PolicyGradient``
(the A2C loss; PyTorch) play each other on ``python_towerplay_<game>`` through OpenSpiel's
``rl_environment`` (chance sampled by the environment, observations from the game's
observation tensor), then each plays uniformly random agents (OpenSpiel's
``RandomAgent``) from its own seat, by its policy, on new deals. It needs PyTorch beside
the ``rl`` extra: OpenSpiel's learning algorithms in its Python library are written on
PyTorch or JAX (its numpy ones are tabular: they learn nothing on these games, where no
information state ever repeats); docs/rl.md gives the command and the result.
"""
from __future__ import annotations

import argparse
import time

import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.algorithms.random_agent import RandomAgent
from open_spiel.python.pytorch.policy_gradient import PolicyGradient

from towerplay.envs import openspiel


def environment(game: str, seed: int) -> rl_environment.Environment:
    openspiel.register_all()
    return rl_environment.Environment(
        pyspiel.load_game(f"python_towerplay_{game}", {"players": 2}), seed=seed,
        observation_type=rl_environment.ObservationType.OBSERVATION)


def play(env: rl_environment.Environment, agents: list, learn: bool) -> list[float]:
    """One game; the agents learn from it unless ``learn`` is false. Its rewards."""
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        output = agents[player].step(step, is_evaluation=not learn)
        step = env.step([output.action])
    for agent in agents:  # (each sees the end: a learner learns from it)
        agent.step(step, is_evaluation=not learn)
    return list(step.rewards)


def win_rate(env: rl_environment.Environment, agents: list, games: int) -> float:
    """The learners' share of wins against random agents, each from its own seat."""
    won = 0.0
    for game in range(games):
        seat = game % 2
        lineup = [RandomAgent(p, env.action_spec()["num_actions"]) for p in range(2)]
        lineup[seat] = agents[seat]
        won += play(env, lineup, learn=False)[seat]
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="five_towers")
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    env = environment(args.game, args.seed)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    agents = [PolicyGradient(player, size, actions, loss_str="a2c",
                             hidden_layers_sizes=(128, 128), batch_size=16,
                             entropy_cost=0.01, critic_learning_rate=0.01,
                             pi_learning_rate=0.001, num_critic_before_pi=4,
                             optimizer_str="adam") for player in range(2)]
    evaluation = environment(args.game, args.seed + 1)
    start = time.process_time()
    print(f"0 episodes: {win_rate(evaluation, agents, args.eval_games):.0%} against random")
    for episode in range(1, args.episodes + 1):
        play(env, agents, learn=True)
        if episode % args.eval_every == 0 or episode == args.episodes:
            rate = win_rate(evaluation, agents, args.eval_games)
            print(f"{episode} episodes, {time.process_time() - start:.0f} CPU s: "
                  f"{rate:.0%} against random", flush=True)


if __name__ == "__main__":
    main()
