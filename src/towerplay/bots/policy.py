"""A trained policy as numpy arrays: what the ``learned`` bot plays, and what
``towerplay.envs.ppo`` trains and writes.

A policy maps a seat's observation (the game's observer vector, with perfect recall when
trained so) to one logit per dense action id: a small multilayer perceptron with tanh
hidden layers. Its input is the observation, standardized by the mean and scale measured
in training and clipped to ±:data:`CLIP`, placed in the block of the seat that observes
(``players`` blocks, the others zero): each seat reads the board through its own first
layer, since observations name seats absolutely (``castle[0]`` is seat 0's castle whoever
looks).

A policy file is JSON: its game, player count and observation settings, the arrays as
base64 of little-endian float16 (half the bytes of float32; a policy plays the same
moves within float16's precision, and the figures are measured on the file as shipped),
and how it was trained.

>>> rng = np.random.default_rng(0)
>>> policy = Policy.random("castle", players=2, observation_size=3, num_actions=4,
...                        hidden=(5,), rng=rng)
>>> policy.logits(np.ones((1, 3), np.float32), np.array([1])).shape
(1, 4)
>>> again = Policy.from_json(policy.to_json())
>>> bool(np.allclose(again.logits(np.ones((1, 3)), np.array([0])),
...                  policy.logits(np.ones((1, 3)), np.array([0])), atol=1e-2))
True
"""
from __future__ import annotations

import base64
import itertools
import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Seq

Array = npt.NDArray[np.float32]
FORMAT = "towerplay-policy-1"
CLIP = 5.0
"""How many scales from the mean an input may lie (outliers do not swamp the network)."""
SHIPPED = "towerplay.bots.policies"
"""The package whose ``<game>-<players>p.json`` files are the shipped policies."""


@dataclass
class Layer:
    """One affine layer: ``x @ weights + bias``."""

    weights: Array
    bias: Array


@dataclass
class Policy:
    """A seat-blocked, standardized input and a tanh perceptron (see the module)."""

    game: str
    players: int
    perfect_recall: bool
    mean: Array
    scale: Array
    layers: list[Layer]
    training: dict[str, Any] = field(default_factory=dict)
    """How it was made: the command, seed, steps and CPU time (for people, not for play)."""

    @classmethod
    def random(cls, game: str, players: int, observation_size: int, num_actions: int,
               hidden: tuple[int, ...], rng: np.random.Generator,
               perfect_recall: bool = True) -> Policy:
        """A fresh policy, near uniform (see :func:`network`)."""
        layers = network([observation_size * players, *hidden, num_actions], rng, 0.01)
        return cls(game, players, perfect_recall, np.zeros(observation_size, np.float32),
                   np.ones(observation_size, np.float32), layers)

    @property
    def observation_size(self) -> int:
        return len(self.mean)

    @property
    def num_actions(self) -> int:
        return len(self.layers[-1].bias)

    def inputs(self, observations: npt.NDArray[Any],
               seats: npt.NDArray[np.integer[Any]]) -> Array:
        """The network's input rows: each observation standardized, clipped and placed
        in its seat's block."""
        rows, size = observations.shape
        standard = np.clip((observations - self.mean) / self.scale, -CLIP, CLIP)
        out = np.zeros((rows, self.players, size), np.float32)
        out[np.arange(rows), seats] = standard
        return out.reshape(rows, self.players * size)

    def logits(self, observations: npt.NDArray[Any],
               seats: npt.NDArray[np.integer[Any]]) -> Array:
        """One logit per action id for each row of ``observations`` seen by ``seats``."""
        return forward(self.layers, self.inputs(observations, seats))[-1]

    def best(self, observation: npt.NDArray[Any], seat: int,
             mask: npt.NDArray[Any]) -> int:
        """The legal action id (``mask``: nonzero for each) of the highest logit."""
        logits = self.logits(observation[None, :], np.array([seat]))[0]
        return int(np.argmax(np.where(mask.astype(bool), logits, -np.inf)))

    # ----------------------------------------------------------------- files
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "players": self.players,
                "perfect_recall": self.perfect_recall,
                "observation_size": self.observation_size, "num_actions": self.num_actions,
                "mean": encode(self.mean), "scale": encode(self.scale),
                "layers": [{"shape": list(layer.weights.shape),
                            "weights": encode(layer.weights), "bias": encode(layer.bias)}
                           for layer in self.layers],
                "training": self.training}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Policy:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InvalidOptions(Event.of("core.policy_format", format=repr(FORMAT)))
        layers = [Layer(decode(layer["weights"]).reshape(layer["shape"]),
                        decode(layer["bias"])) for layer in data["layers"]]
        return cls(data["game"], int(data["players"]), bool(data["perfect_recall"]),
                   decode(data["mean"]), decode(data["scale"]), layers,
                   dict(data.get("training", {})))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)


def network(sizes: list[int], rng: np.random.Generator, last_gain: float) -> list[Layer]:
    """Fresh layers of ``sizes`` (inputs, hidden…, outputs): orthogonal weights with gain
    √2 on hidden layers and ``last_gain`` on the output (small: a near-uniform first
    policy), zero biases."""
    return [Layer(orthogonal(rng, fan_in, fan_out,
                             np.sqrt(2.0) if index < len(sizes) - 2 else last_gain),
                  np.zeros(fan_out, np.float32))
            for index, (fan_in, fan_out) in enumerate(itertools.pairwise(sizes))]


def forward(layers: list[Layer], inputs: Array) -> list[Array]:
    """Every layer's output for ``inputs``, the inputs first: tanh on hidden layers, none
    on the last (training needs them all; playing, the last)."""
    outputs = [inputs]
    for index, layer in enumerate(layers):
        z = outputs[-1] @ layer.weights + layer.bias
        outputs.append(np.tanh(z) if index < len(layers) - 1 else z)
    return outputs


def orthogonal(rng: np.random.Generator, rows: int, cols: int, gain: float) -> Array:
    """A ``rows × cols`` matrix with orthonormal rows or columns, times ``gain``."""
    q, r = np.linalg.qr(rng.normal(size=(max(rows, cols), min(rows, cols))))
    q = q * np.sign(np.diag(r))  # (a uniform draw among orthogonal matrices)
    return (gain * (q if rows >= cols else q.T)).astype(np.float32)


def encode(array: npt.NDArray[Any]) -> str:
    return base64.b64encode(np.asarray(array, "<f2").tobytes()).decode("ascii")


def decode(text: str) -> Array:
    return np.frombuffer(base64.b64decode(text), "<f2").astype(np.float32)


def shipped_name(game: str, players: int) -> str:
    return f"{game}-{players}p.json"


def shipped_games() -> list[tuple[str, int]]:
    """The (game, players) pairs a policy is shipped for."""
    found = []
    for entry in resources.files(SHIPPED).iterdir():
        game, _, rest = entry.name.rpartition("-")
        if rest.endswith("p.json") and rest[:-6].isdigit():
            found.append((game, int(rest[:-6])))
    return sorted(found)


@cache
def shipped(game: str, players: int) -> Policy:
    """The policy shipped for ``game`` at ``players`` seats (:class:`InvalidOptions`
    naming those there are, where there is none)."""
    entry = resources.files(SHIPPED) / shipped_name(game, players)
    if not entry.is_file():
        have = Seq(tuple(Event.of("core.learned_policy", game=repr(name), players=count)
                         for name, count in shipped_games()))
        raise InvalidOptions(Event.of("core.learned_no_policy", game=repr(game),
                                      players=players, have=have))
    return Policy.from_json(json.loads(entry.read_text(encoding="utf-8")))
