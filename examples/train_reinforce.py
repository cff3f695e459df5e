"""Train a small masked policy on a towerplay game with REINFORCE, written on numpy.

    .venv/bin/python examples/train_reinforce.py --minutes 5 --png reinforce.png
    .venv/bin/python examples/train_reinforce.py --game castle --seconds 60

The agent plays one seat (drawn at random each game) of a 2-player game against ``random``
through the Gymnasium environment (``towerplay.envs.gymnasium``); its policy is a one-layer
network over the seat's observation vector whose logits are masked to the legal actions.
Every ``--eval-every`` training games it plays greedily-sampled evaluation games against
``random`` and ``greedy``; the plot shows both win rates over training.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from towerplay.envs.gymnasium import TowerplayGymEnv

Array = npt.NDArray[np.float64]


@dataclass
class Policy:
    """softmax(masked(W2 · tanh(W1 · x + b1) + b2)), trained by plain policy gradients."""

    inputs: int
    actions: int
    hidden: int = 64
    rate: float = 0.01
    rng: np.random.Generator = field(default_factory=lambda: np.random.default_rng(0))

    def __post_init__(self) -> None:
        self.w1 = self.rng.normal(0, 1 / np.sqrt(self.inputs), (self.hidden, self.inputs))
        self.b1 = np.zeros(self.hidden)
        self.w2 = np.zeros((self.actions, self.hidden))
        self.b2 = np.zeros(self.actions)
        self.scale = np.ones(self.inputs)  # running observation scale, to keep tanh alive

    def probabilities(self, x: Array, mask: Array) -> tuple[Array, Array]:
        h = np.tanh(self.w1 @ (x / self.scale) + self.b1)
        logits = self.w2 @ h + self.b2
        logits = np.where(mask > 0, logits, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum(), h

    def act(self, x: Array, mask: Array) -> tuple[int, Array, Array]:
        self.scale = np.maximum(self.scale, np.abs(x))
        p, h = self.probabilities(x, mask)
        return int(self.rng.choice(len(p), p=p)), p, h

    def update(self, steps: list[tuple[Array, Array, Array, int]], advantage: float) -> None:
        """One REINFORCE step: raise the log-probability of the actions taken in
        proportion to ``advantage`` (the reward less a running baseline)."""
        for x, h, p, action in steps:
            grad_logits = -p
            grad_logits[action] += 1.0  # d log p(action) / d logits
            grad_logits *= advantage
            grad_h = (self.w2.T @ grad_logits) * (1 - h * h)
            self.w2 += self.rate * np.outer(grad_logits, h)
            self.b2 += self.rate * grad_logits
            self.w1 += self.rate * np.outer(grad_h, x / self.scale)
            self.b1 += self.rate * grad_h


def play(env: TowerplayGymEnv, policy: Policy, seed: int
         ) -> tuple[float, list[tuple[Array, Array, Array, int]]]:
    """One game: the agent's reward and its (observation, hidden, probabilities, action)."""
    obs, _ = env.reset(seed=seed)
    steps = []
    done, reward = False, 0.0
    while not done:
        x = obs["observation"].astype(np.float64)
        action, p, h = policy.act(x, obs["action_mask"])
        steps.append((x, h, p, action))
        obs, r, done, _, _ = env.step(action)
        reward = float(r)
    return reward, steps


def win_rate(game: str, opponent: str, policy: Policy, games: int, seed: int) -> float:
    env = TowerplayGymEnv(game, players=2, bots=opponent, seat=None)
    return float(np.mean([play(env, policy, seed + i)[0] for i in range(games)]))


def train(game: str, seconds: float, eval_every: int, eval_games: int,
          seed: int) -> list[tuple[int, float, float]]:
    """Train for ``seconds``; return (games trained, win rate vs random, vs greedy)."""
    env = TowerplayGymEnv(game, players=2, bots="random", seat=None)
    obs, _ = env.reset(seed=seed)
    policy = Policy(obs["observation"].shape[0], int(env.action_space.n),
                    rng=np.random.default_rng(seed))
    curve = [(0, win_rate(game, "random", policy, eval_games, 10**6),
              win_rate(game, "greedy", policy, eval_games, 10**6))]
    baseline, played, deadline = 0.5, 0, time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        reward, steps = play(env, policy, seed + played)
        policy.update(steps, reward - baseline)
        baseline = 0.95 * baseline + 0.05 * reward
        played += 1
        if played % eval_every == 0:
            curve.append((played, win_rate(game, "random", policy, eval_games, 10**6),
                          win_rate(game, "greedy", policy, eval_games, 10**6)))
            print(f"{played} games: {curve[-1][1]:.0%} vs random, {curve[-1][2]:.0%} vs greedy",
                  flush=True)
    return curve


def plot(curve: list[tuple[int, float, float]], game: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    played, random_rate, greedy_rate = zip(*curve, strict=True)
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(played, random_rate, marker="o", label="vs random")
    ax.plot(played, greedy_rate, marker="s", label="vs greedy")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set(xlabel="training games", ylabel="win rate", ylim=(0, 1),
           title=f"REINFORCE on {game}, 2 players")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="five_towers")
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--eval-every", type=int, default=200)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--png", type=Path, default=Path("reinforce.png"))
    args = parser.parse_args()
    seconds = args.minutes * 60 if args.minutes is not None else args.seconds
    curve = train(args.game, seconds, args.eval_every, args.eval_games, args.seed)
    plot(curve, args.game, args.png)
    print(f"wrote {args.png}")


if __name__ == "__main__":
    main()
