"""Proximal policy optimization on numpy: the training recipe behind the ``learned`` bot.

    python -m towerplay.envs.ppo --game castle --steps 1000000 --seed 1 \\
        --out castle-2p.json --png castle-2p.png

The agent plays one seat (drawn at each game) of ``--players`` against ``--opponents``
(bot specs, spread over the parallel games) through the Gymnasium environment
(``gymnasium.make_vec`` of ``towerplay/<Game>-v0`` with ``flat=True`` and
``perfect_recall=True``), and learns with clipped PPO (Schulman et al. 2017) as CleanRL
writes it: generalized advantage estimation, advantages normalized per minibatch, an
entropy bonus, gradient norms clipped, Adam. The actor is a :class:`~towerplay.bots.policy.
Policy` (its logits masked to the legal actions); the critic a like network with one
output. Both are written and differentiated here on numpy: no deep-learning framework to
install (docs/rl.md weighs that against sb3-contrib and JAX).

Every ``--eval-every`` updates the policy plays ``--eval-games`` games, by its best logit,
against ``random`` and ``greedy`` on deals kept apart from training; the curve is drawn
as a PNG. A run is reproducible from its settings and seed (one BLAS thread: the
numbers add up in one order), and the policy file records the command that made it.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from towerplay.bots.policy import Array, Layer, Policy, forward, network
from towerplay.envs import gym_id
from towerplay.envs.gymnasium import TowerplayGymEnv

EVAL_SEED = 10**9
"""Deals of the evaluation games start here (training deals come from the run's seed)."""
CURVE_OPPONENTS = ("random", "greedy")


@dataclass
class Settings:
    """A training run (the command line's options, by the same names)."""

    game: str = "five_towers"
    players: int = 2
    opponents: tuple[str, ...] = ("random",)
    """Bot specs played against, spread over the parallel games in turn."""
    steps: int = 300_000
    """Environment steps (the agent's decisions) to train for."""
    seed: int = 0
    envs: int = 16
    rollout: int = 128
    """Steps of each game between two updates (``envs * rollout`` a batch)."""
    epochs: int = 4
    minibatch: int = 512
    learning_rate: float = 5e-4
    anneal: bool = False
    """Whether the learning rate falls linearly to zero over the run (as CleanRL's)."""
    hidden: tuple[int, ...] = (128, 128)
    entropy: float = 0.01
    clip: float = 0.2
    gamma: float = 1.0
    gae_lambda: float = 0.95
    max_grad_norm: float = 0.5
    reward: str = "share"
    perfect_recall: bool = True
    eval_every: int = 20
    eval_games: int = 100


@dataclass
class Point:
    """One point of the learning curve."""

    steps: int
    cpu_seconds: float
    win_rates: dict[str, float]


@dataclass
class Adam:
    """Adam over a list of layers (Kingma and Ba 2015), with ε = 1e-5 as CleanRL."""

    layers: list[Layer]
    rate: float
    moments: list[list[Array]] = field(default_factory=list)
    count: int = 0

    def __post_init__(self) -> None:
        self.moments = [[np.zeros_like(a) for layer in self.layers
                         for a in (layer.weights, layer.bias)] for _ in range(2)]

    def step(self, grads: list[Array], beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.count += 1
        params = [a for layer in self.layers for a in (layer.weights, layer.bias)]
        correction = np.sqrt(1 - beta2 ** self.count) / (1 - beta1 ** self.count)
        for param, grad, first, second in zip(params, grads, *self.moments, strict=True):
            first *= beta1
            first += (1 - beta1) * grad
            second *= beta2
            second += (1 - beta2) * grad * grad
            param -= self.rate * correction * first / (np.sqrt(second) + 1e-5)


@dataclass
class RunningMoments:
    """The mean and variance of every observation seen, updated batch by batch (Chan et
    al.'s parallel algorithm, as Stable-Baselines3's ``VecNormalize``)."""

    mean: npt.NDArray[np.float64]
    var: npt.NDArray[np.float64]
    count: float = 1e-4

    def update(self, batch: npt.NDArray[Any]) -> None:
        rows = batch.shape[0]
        delta = batch.mean(axis=0) - self.mean
        total = self.count + rows
        self.mean = self.mean + delta * rows / total
        self.var = (self.var * self.count + batch.var(axis=0) * rows
                    + delta ** 2 * self.count * rows / total) / total
        self.count = total

    def set_on(self, policy: Policy) -> None:
        policy.mean = self.mean.astype(np.float32)
        policy.scale = np.maximum(np.sqrt(self.var), 1e-3).astype(np.float32)


def backward(layers: list[Layer], outputs: list[Array], grad: Array) -> list[Array]:
    """The gradients of every weight and bias (in :class:`Adam`'s order) given the
    gradient at the last output, for the ``outputs`` :func:`forward` gave."""
    grads: list[Array] = []
    for index in reversed(range(len(layers))):
        grads[:0] = [outputs[index].T @ grad, grad.sum(axis=0)]
        if index:
            grad = (grad @ layers[index].weights.T) * (1 - outputs[index] ** 2)
    return grads


def clip_norm(grads: list[Array], limit: float) -> list[Array]:
    norm = float(np.sqrt(sum(float((g * g).sum()) for g in grads)))
    return grads if norm <= limit else [g * (limit / norm) for g in grads]


def masked_log_softmax(logits: Array, mask: npt.NDArray[np.bool_]) -> tuple[Array, Array]:
    """Probabilities and log-probabilities of the legal actions (0 elsewhere)."""
    z = np.where(mask, logits, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    exp = np.where(mask, np.exp(z), 0.0)
    total = exp.sum(axis=1, keepdims=True)
    return exp / total, np.where(mask, z - np.log(total), 0.0)


@dataclass
class Batch:
    """A rollout: per step and game, the network input, mask, action and its
    log-probability, the value, reward and whether the game ended there."""

    inputs: Array
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    log_probs: Array
    values: Array
    rewards: Array
    ends: Array

    def advantages(self, last_values: Array, gamma: float,
                   lam: float) -> tuple[Array, Array]:
        """Generalized advantage estimates and the returns they imply."""
        advantages = np.zeros_like(self.rewards)
        running = np.zeros(self.rewards.shape[1], np.float32)
        for t in reversed(range(len(self.rewards))):
            following = last_values if t == len(self.rewards) - 1 else self.values[t + 1]
            going = 1.0 - self.ends[t]
            delta = self.rewards[t] + gamma * following * going - self.values[t]
            running = delta + gamma * lam * going * running
            advantages[t] = running
        return advantages, advantages + self.values


class Trainer:
    """A run of :class:`Settings`: :meth:`run` trains and returns the curve."""

    def __init__(self, settings: Settings) -> None:
        self.settings = s = settings
        self.rng = np.random.default_rng(s.seed)
        self.envs = self._make_envs()
        space, choices = self.envs.single_observation_space, self.envs.single_action_space
        assert isinstance(space, gymnasium.spaces.Box)
        assert isinstance(choices, gymnasium.spaces.Discrete)
        size, actions = space.shape[0], int(choices.n)
        self.policy = Policy.random(s.game, s.players, size, actions, s.hidden, self.rng,
                                    perfect_recall=s.perfect_recall)
        self.critic = network([size * s.players, *s.hidden, 1], self.rng, 1.0)
        self.actor_adam = Adam(self.policy.layers, s.learning_rate)
        self.critic_adam = Adam(self.critic, s.learning_rate)
        self.moments = RunningMoments(np.zeros(size), np.ones(size))
        self.steps = 0
        self.cpu_start = time.process_time()

    def _make_envs(self) -> gymnasium.vector.SyncVectorEnv:
        s = self.settings

        def maker(opponent: str) -> Callable[[], gymnasium.Env[Any, Any]]:
            return lambda: gymnasium.make(gym_id(s.game), players=s.players, bots=opponent,
                                          seat=None, flat=True, reward=s.reward,
                                          perfect_recall=s.perfect_recall)

        return gymnasium.vector.SyncVectorEnv(
            [maker(s.opponents[i % len(s.opponents)]) for i in range(s.envs)],
            autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)

    def run(self, progress: Callable[[Point | None, int], None] | None = None
            ) -> list[Point]:
        """Train for ``settings.steps``; the curve (evaluated at the start, every
        ``eval_every`` updates and at the end). ``progress`` hears of every update."""
        s = self.settings
        obs, info = self.envs.reset(seed=s.seed)
        curve = [self.evaluate()]
        batch_size = s.envs * s.rollout
        updates = max(1, s.steps // batch_size)
        for update in range(1, updates + 1):
            if s.anneal:
                rate = s.learning_rate * (1 - (update - 1) / updates)
                self.actor_adam.rate = self.critic_adam.rate = rate
            obs, info, batch = self.collect(obs, info)
            self.learn(batch, self._values(obs, info["seat"]))
            point = None
            if update % s.eval_every == 0 or update == updates:
                point = self.evaluate()
                curve.append(point)
            if progress is not None:
                progress(point, self.steps)
        self.policy.training = {"settings": asdict(s), "steps": self.steps,
                                "cpu_seconds": round(self.cpu(), 1),
                                "curve": [asdict(p) for p in curve]}
        return curve

    def cpu(self) -> float:
        return time.process_time() - self.cpu_start

    def _inputs(self, obs: npt.NDArray[Any], seats: npt.NDArray[Any]) -> Array:
        return self.policy.inputs(obs, seats.astype(np.int64))

    def _values(self, obs: npt.NDArray[Any], seats: npt.NDArray[Any]) -> Array:
        return forward(self.critic, self._inputs(obs, seats))[-1][:, 0]

    def collect(self, obs: npt.NDArray[Any], info: dict[str, Any]
                ) -> tuple[npt.NDArray[Any], dict[str, Any], Batch]:
        """``rollout`` steps of every game; the observations to go on from and the batch."""
        s = self.settings
        steps: list[tuple[Array, npt.NDArray[np.bool_], npt.NDArray[np.int64], Array, Array,
                          Array, Array]] = []
        for _ in range(s.rollout):
            self.moments.update(obs)
            self.moments.set_on(self.policy)
            inputs = self._inputs(obs, info["seat"])
            mask = info["action_mask"].astype(bool)
            probs, log_probs = masked_log_softmax(
                forward(self.policy.layers, inputs)[-1], mask)
            actions = sample(probs, self.rng)
            values = forward(self.critic, inputs)[-1][:, 0]
            obs, rewards, terminated, truncated, info = self.envs.step(actions)
            steps.append((inputs, mask, actions, log_probs[np.arange(len(actions)), actions],
                          values, rewards.astype(np.float32),
                          (terminated | truncated).astype(np.float32)))
            self.steps += s.envs
        columns = [np.stack(column) for column in zip(*steps, strict=True)]
        batch = Batch(*columns)
        return obs, info, batch

    def learn(self, batch: Batch, last_values: Array) -> None:
        """``epochs`` passes of clipped PPO over the batch, in shuffled minibatches."""
        s = self.settings
        advantages, returns = batch.advantages(last_values, s.gamma, s.gae_lambda)
        flat = {name: getattr(batch, name).reshape(-1, *getattr(batch, name).shape[2:])
                for name in ("inputs", "masks", "actions", "log_probs")}
        advantages, returns = advantages.reshape(-1), returns.reshape(-1)
        size = len(advantages)
        for _ in range(s.epochs):
            order = self.rng.permutation(size)
            for start in range(0, size, s.minibatch):
                rows = order[start:start + s.minibatch]
                self._actor_step(flat["inputs"][rows], flat["masks"][rows],
                                 flat["actions"][rows], flat["log_probs"][rows],
                                 advantages[rows])
                self._critic_step(flat["inputs"][rows], returns[rows])

    def _actor_step(self, inputs: Array, masks: npt.NDArray[np.bool_],
                    actions: npt.NDArray[np.int64], old: Array, advantages: Array) -> None:
        s, rows = self.settings, len(actions)
        outputs = forward(self.policy.layers, inputs)
        probs, log_probs = masked_log_softmax(outputs[-1], masks)
        ratio = np.exp(log_probs[np.arange(rows), actions] - old)
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        # the clipped objective's gradient flows where the clip does not bind
        live = np.where(advantages > 0, ratio < 1 + s.clip, ratio > 1 - s.clip)
        d_log_prob = -(advantages * ratio * live) / rows
        grad = -probs * d_log_prob[:, None]
        grad[np.arange(rows), actions] += d_log_prob
        entropy = -(probs * log_probs).sum(axis=1, keepdims=True)
        grad += s.entropy * probs * (log_probs + entropy) / rows  # (minus the bonus's)
        grads = backward(self.policy.layers, outputs, grad.astype(np.float32))
        self.actor_adam.step(clip_norm(grads, s.max_grad_norm))

    def _critic_step(self, inputs: Array, returns: Array) -> None:
        outputs = forward(self.critic, inputs)
        grad = (outputs[-1][:, 0] - returns)[:, None] / len(returns)
        grads = backward(self.critic, outputs, grad.astype(np.float32))
        self.critic_adam.step(clip_norm(grads, self.settings.max_grad_norm))

    def evaluate(self) -> Point:
        """The policy's win rates (by its best logit) against each curve opponent."""
        s = self.settings
        rates = {opponent: win_rate(self.policy, opponent, s.eval_games, EVAL_SEED)
                 for opponent in CURVE_OPPONENTS}
        return Point(self.steps, round(self.cpu(), 1), rates)


def sample(probs: Array, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One action per row, drawn by its probabilities (zero for illegal ones)."""
    cumulative = probs.cumsum(axis=1)
    draws = rng.random((len(probs), 1)) * cumulative[:, -1:]
    chosen = (cumulative <= draws).sum(axis=1)
    # a draw on the last edge would pick past the legal ids: take the last legal one
    legal_last = probs.shape[1] - 1 - np.argmax(probs[:, ::-1] > 0, axis=1)
    picked: npt.NDArray[np.int64] = np.minimum(chosen, legal_last).astype(np.int64)
    return picked


def win_rate(policy: Policy, opponent: str, games: int, seed: int) -> float:
    """The share of ``games`` the policy wins (its best logit each move) against
    ``opponent`` at every other seat, sitting at each seat in turn, on deals from
    ``seed`` on."""
    seats = [TowerplayGymEnv(policy.game, players=policy.players, bots=opponent, seat=seat,
                             flat=True, perfect_recall=policy.perfect_recall)
             for seat in range(policy.players)]
    won = 0.0
    for game in range(games):
        env = seats[game % policy.players]
        obs, info = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action = policy.best(np.asarray(obs), env.seat, info["action_mask"])
            obs, step_reward, done, _, info = env.step(action)
            reward = float(step_reward)
        won += reward
    return won / games


def plot(curve: Sequence[Point], title: str, path: Path) -> None:
    """The learning curve: win rates against training steps (a PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    steps = [point.steps for point in curve]
    for opponent, marker in zip(CURVE_OPPONENTS, "os", strict=True):
        ax.plot(steps, [point.win_rates[opponent] for point in curve], marker=marker,
                label=f"against {opponent}")
    ax.axhline(0.85, color="grey", lw=0.8, ls="--")
    ax.set(xlabel="training steps (the agent's decisions)", ylabel="games won",
           ylim=(0, 1), title=title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def listing(kind: type) -> Callable[[str], tuple[Any, ...]]:
    """An option's parser for a comma-separated list of ``kind`` (``--hidden 64,64``)."""
    return lambda text: tuple(kind(part) for part in text.split(",") if part)


def parse(argv: Sequence[str]) -> tuple[Settings, argparse.Namespace]:
    defaults = Settings()
    parser = argparse.ArgumentParser(prog="python -m towerplay.envs.ppo",
                                     description=__doc__.split("\n\n")[0])
    for name, value in asdict(defaults).items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, bool):
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=value)
        elif isinstance(value, tuple):
            parser.add_argument(flag, default=",".join(map(str, value)),
                                type=listing(type(value[0])))
        else:
            parser.add_argument(flag, type=type(value), default=value)
    parser.add_argument("--out", type=Path, help="where to write the policy (JSON)")
    parser.add_argument("--png", type=Path, help="where to draw the learning curve")
    parser.add_argument("--curve", type=Path, help="where to write the curve (JSON)")
    args = parser.parse_args(argv)
    settings = Settings(**{name: getattr(args, name) for name in asdict(defaults)})
    return settings, args


def main(argv: Sequence[str] | None = None) -> None:
    from rich.progress import Progress
    from threadpoolctl import threadpool_limits

    argv = list(sys.argv[1:] if argv is None else argv)
    settings, args = parse(argv)
    with threadpool_limits(limits=1), Progress() as bar:  # (one order of additions)
        trainer = Trainer(settings)
        task = bar.add_task(f"PPO on {settings.game}", total=settings.steps)

        def progress(point: Point | None, steps: int) -> None:
            bar.update(task, completed=steps)
            if point is not None:
                rates = ", ".join(f"{rate:.0%} against {name}"
                                  for name, rate in point.win_rates.items())
                bar.console.print(f"{point.steps:>9,} steps, {point.cpu_seconds:>7.0f} CPU s: "
                                  f"{rates}")

        curve = trainer.run(progress)
    trainer.policy.training["command"] = shlex.join(["python", "-m", "towerplay.envs.ppo",
                                                     *argv])
    if args.out:
        args.out.write_text(trainer.policy.dumps() + "\n", encoding="utf-8")
    if args.curve:
        args.curve.write_text(json.dumps([asdict(p) for p in curve], indent=1) + "\n",
                              encoding="utf-8")
    if args.png:
        plot(curve, f"PPO on {settings.game}, {settings.players} players, against "
                    f"{'/'.join(settings.opponents)}", args.png)


if __name__ == "__main__":
    main()
