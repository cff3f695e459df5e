"""The numpy PPO recipe: its gradients are the true ones, a run repeats exactly from its
seed, and its command line writes a policy the ``learned`` bot reads, a curve and its
picture. (Runs here are tiny: what it learns is measured in docs/rl.md.)"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from towerplay.bots.policy import Policy, forward, network
from towerplay.envs.ppo import Settings, Trainer, backward, main, masked_log_softmax, sample

TINY = Settings(game="castle", steps=128, envs=2, rollout=32, epochs=2, minibatch=32,
                hidden=(8,), eval_every=100, eval_games=2)


def test_backward_gives_the_gradient_of_the_output() -> None:
    rng = np.random.default_rng(1)
    layers = network([5, 4, 3], rng, 1.0)
    for layer in layers:
        layer.bias += rng.normal(size=layer.bias.shape).astype(np.float32)
    inputs = rng.normal(size=(6, 5)).astype(np.float32)
    weights = rng.normal(size=(6, 3)).astype(np.float32)

    def loss() -> float:
        return float((forward(layers, inputs)[-1] * weights).sum())

    grads = backward(layers, forward(layers, inputs), weights)
    params = [a for layer in layers for a in (layer.weights, layer.bias)]
    for param, grad in zip(params, grads, strict=True):
        index = tuple(rng.integers(0, n) for n in param.shape)
        keep = param[index]
        param[index] = keep + 1e-2
        up = loss()
        param[index] = keep - 1e-2
        down = loss()
        param[index] = keep
        assert grad[index] == pytest.approx((up - down) / 2e-2, rel=1e-2, abs=1e-3)


def test_illegal_actions_get_no_probability_and_are_never_drawn() -> None:
    logits = np.array([[5.0, 1.0, 0.0, -2.0], [0.0, 0.0, 9.0, 0.0]], np.float32)
    mask = np.array([[False, True, True, False], [True, False, False, False]])
    probs, log_probs = masked_log_softmax(logits, mask)
    assert (probs[~mask] == 0).all() and probs.sum(axis=1) == pytest.approx([1, 1])
    assert np.exp(log_probs[mask]) == pytest.approx(probs[mask])
    draws = np.concatenate([sample(probs, np.random.default_rng(s)) for s in range(200)])
    assert set(draws[::2]) == {1, 2} and set(draws[1::2]) == {0}


def test_a_run_repeats_exactly_from_its_seed() -> None:
    first, second = Trainer(TINY), Trainer(TINY)
    first.run()
    second.run()
    assert first.steps == second.steps == 128
    for a, b in zip(first.policy.layers, second.policy.layers, strict=True):
        assert np.array_equal(a.weights, b.weights) and np.array_equal(a.bias, b.bias)
    assert not np.array_equal(first.policy.layers[0].weights,
                              Trainer(TINY).policy.layers[0].weights)  # (it learned)


def test_the_command_writes_a_policy_a_curve_and_its_picture(tmp_path: Path) -> None:
    out, curve, png = tmp_path / "p.json", tmp_path / "c.json", tmp_path / "c.png"
    main(["--game", "castle", "--steps", "128", "--envs", "2", "--rollout", "32",
          "--minibatch", "32", "--hidden", "8", "--eval-every", "2", "--eval-games", "2",
          "--seed", "3", "--out", str(out), "--curve", str(curve), "--png", str(png)])
    policy = Policy.from_json(json.loads(out.read_text()))
    assert policy.game == "castle" and policy.perfect_recall
    assert policy.training["command"].startswith("python -m towerplay.envs.ppo --game")
    assert policy.training["settings"]["seed"] == 3 and policy.training["steps"] == 128
    points = json.loads(curve.read_text())
    assert [p["steps"] for p in points] == [0, 128]
    assert set(points[-1]["win_rates"]) == {"random", "greedy"}
    assert png.read_bytes()[:4] == b"\x89PNG"
