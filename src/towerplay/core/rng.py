"""Seeded randomness.

A state stores only an integer seed. Each chance event (a shuffle, a dice roll) draws from
a generator derived from that seed and a key naming the event, so a state stays plain
data, copies cheaply, and replays identically. Bots get their own generators derived from
the match seed the same way.

>>> chance(7, "reshuffle", 1).random() == chance(7, "reshuffle", 1).random()
True
>>> derive_seed(7, "bot", 0) != derive_seed(7, "bot", 1)
True
"""
from __future__ import annotations

import hashlib
import math
import random
import secrets
from functools import cache
from typing import Any

SEED_BITS = 63


def chance(seed: int, *keys: object) -> random.Random:
    """A generator for one chance event, fixed by the seed and the event's keys."""
    return random.Random(f"{seed}/" + "/".join(map(str, keys)))


def derive_seed(seed: int, *keys: object) -> int:
    """A new integer seed derived from ``seed`` and keys (stable across runs and platforms)."""
    text = f"{seed}/" + "/".join(map(str, keys))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def fresh_seed() -> int:
    """A random seed for a game the user did not seed."""
    return secrets.randbits(SEED_BITS)


@cache
def _permutations(count: int) -> int:
    return math.factorial(count)


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place, every order equally likely, like ``rng.shuffle`` but
    faster for a deck: one random number below ``len(items)!`` is decoded into the swaps of
    a Fisher-Yates shuffle, instead of one generator call per item (searches shuffle the
    unseen cards on every iteration).

    >>> deck = list(range(10))
    >>> shuffle(deck, random.Random(1))
    >>> sorted(deck) == list(range(10)) and deck != list(range(10))
    True
    """
    count = len(items)
    order = rng.randrange(_permutations(count)) if count > 1 else 0
    for i in range(count - 1, 0, -1):
        order, j = divmod(order, i + 1)
        items[i], items[j] = items[j], items[i]
