"""A position value for 5 Towers learned from simulated games (issue 29).

Each seat's *final score* is predicted by a linear model of a few features of what every
seat sees (its score now, the hand-made value of its towers, which cards that can still
come fit on them, how much of the game is left), one weight vector per player count,
fitted by ridge regression on positions of self-play games (greedy or playout-policy
seats, a quarter of the bids at random) to the scores those games ended with
(``benchmarks/train_five_towers_eval.py`` writes :data:`WEIGHTS`). The search turns the
predicted lead into a win chance with a logistic curve whose scale, ``a + b·√(rounds
left)``, was fitted on the same games.

Only public fields are read: towers, torn-down cards, the discard pile, the display, the
builder's hand and the draw pile's *size* (never its cards). Cards that can still come are
the deck less every tower, the torn-down cards and (once the discards have been reshuffled,
never to come back) the discard pile and the display.

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> values = evaluate(state)
>>> len(values), values[0] == values[1]   # nothing built yet: both seats alike
(2, True)
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from operator import mul
from typing import Any, NamedTuple

from towerplay.games.five_towers import rules, scoring
from towerplay.games.five_towers.cards import NO_TOWER, deck
from towerplay.games.five_towers.plans import (
    best_build,
    best_plan,
    horizon_of,
    player_value,
    rounds_left,
)
from towerplay.games.five_towers.state import PLACING, TAKING, TEARING, FiveTowersState

WEIGHTS = "learned_eval.json"
"""The fitted model, a file of this package."""
BASE = ("bias", "score", "value", "fits_open", "fits_empty", "cap_chance")
"""The features of one seat: its score now, the hand-made value of its towers
(:func:`.plans.player_value`, which the search used alone before), how many cards that can
still come fit on its open towers and on its missing ones, and its open cards on towers
whose tower top can still come. Each is also taken times the share of the game left
(``r``) and its square, so their worth can change as the game runs out. (A freer model,
one feature per tower top, fitted on games of mixed policies, predicted final scores
better still, but the search exploited its errors: see docs/bots.md.)"""
FEATURES = tuple(f"{name}{suffix}" for suffix in ("", "*r", "*r2") for name in BASE)
ROUNDS_SCALE = 20.0
"""``r`` is the estimated rounds left (:func:`.plans.rounds_left`) over this."""

Towers = Sequence[tuple[int, ...]]


class Model(NamedTuple):
    """The weights of one player count and the scale of its win-chance curve."""

    weights: tuple[float, ...]
    scale: tuple[float, float]

    def predict(self, base: list[float], r: float) -> float:
        """The final score of a seat of :data:`BASE` features ``base``, ``r`` of the game
        left (the dot product with :data:`FEATURES`, without building them)."""
        weights, size = self.weights, len(base)
        now: float = sum(map(mul, weights[:size], base))
        soon: float = sum(map(mul, weights[size:2 * size], base))
        late: float = sum(map(mul, weights[2 * size:], base))
        return now + r * (soon + r * late)


# ------------------------------------------------------------------ features
def settled(state: FiveTowersState, seat: int) -> tuple[list[tuple[int, ...]], int]:
    """``seat``'s towers and tear-down count, the builder's cards in hand (and, while it
    takes, the best cards still to take) placed in the greedy plan's best way."""
    towers = state.seat_towers(seat)
    torn = state.torn[seat]
    if seat != state.builder or state.doomed:
        return towers, torn
    horizon = horizon_of(state)
    phase = state.phase
    teardown: int | None = None
    if phase == TAKING and state.plans:
        hands = [tuple(sorted(state.hand + list(plan))) for plan in state.plans]
        _, hand, teardown = best_plan(towers, torn, hands, horizon)
    elif phase == TEARING and state.hand:
        _, hand, teardown = best_plan(towers, torn, [tuple(state.hand)], horizon)
    elif phase == PLACING and state.hand:
        hand = tuple(state.hand)
    else:
        return towers, torn
    plan = best_build(towers, torn, hand, teardown, horizon)[1]
    if not plan:  # nothing buildable (cannot happen with feasible bids): as they stand
        return towers, torn
    built = list(towers)
    if teardown is not None:
        built[teardown] = built[teardown][:-1]
        torn += 1
    for cards in plan:
        suit = cards[0] >> 4
        built[suit] = built[suit] + tuple(c & 15 for c in cards)
    return built, torn


def live_counts(state: FiveTowersState, towers: list[Towers]) -> list[list[int]]:
    """How many cards of each suit and value can still come, from public piles only
    (``towers``: every seat's settled towers). A card counted gone twice (the builder's
    hand, placed in its settled towers) is floored at none left."""
    counts = [list(row) for row in _deck_counts(state.players)]
    for seat_towers in towers:
        for suit, tower in enumerate(seat_towers):
            row = counts[suit]
            for value in tower:
                row[value] -= 1
    gone = [card for cards in state.torn_cards for card in cards]
    gone += state.hand
    if state.reshuffled:  # the discards never come back
        gone += state.discard
        gone += state.display
    for card in gone:
        counts[card >> 4][card & 15] -= 1
    return [[n if n > 0 else 0 for n in row] for row in counts]


@lru_cache(maxsize=8)
def _deck_counts(players: int) -> tuple[tuple[int, ...], ...]:
    """How many cards of each suit and value the deck of ``players`` holds."""
    counts = [[0] * 16 for _ in range(5)]
    for card in deck(players):
        counts[card >> 4][card & 15] += 1
    return tuple(tuple(row) for row in counts)


_FITS = tuple(tuple(v for v in range(16) if rules.OK[top][v]) for top in range(17))
"""The values that may go on each top (NO_TOWER included)."""


def seat_base(towers: Towers, torn: int, live: list[list[int]], horizon: float
              ) -> list[float]:
    """The :data:`BASE` features of one seat's (settled) towers."""
    fits_open = fits_empty = cap_chance = 0
    for suit, tower in enumerate(towers):
        top = tower[-1] if tower else NO_TOWER
        if top == 0:
            continue
        row = live[suit]
        fits = sum([row[v] for v in _FITS[top]])
        if tower:
            fits_open += fits
            if row[0]:
                cap_chance += len(tower)
        else:
            fits_empty += fits
    return [1.0, scoring.total(towers, torn), player_value(towers, torn, horizon),
            fits_open, fits_empty, cap_chance]


def bases(state: FiveTowersState) -> tuple[list[list[float]], float]:
    """Every seat's :data:`BASE` features and ``r``, the share of the game left."""
    settled_all = [settled(state, seat) for seat in range(state.players)]
    live = live_counts(state, [towers for towers, _ in settled_all])
    horizon = horizon_of(state)
    return ([seat_base(towers, torn, live, horizon) for towers, torn in settled_all],
            rounds_left(state) / ROUNDS_SCALE)


def features(state: FiveTowersState) -> list[list[float]]:
    """:data:`FEATURES` of every seat of ``state``."""
    rows, r = bases(state)
    return [base + [x * r for x in base] + [x * r * r for x in base] for base in rows]


# ------------------------------------------------------------------ the model
@lru_cache(maxsize=1)
def models() -> dict[int, Model]:
    """The shipped model (:data:`WEIGHTS`), by player count."""
    text = resources.files(__package__).joinpath(WEIGHTS).read_text(encoding="utf-8")
    return parse(json.loads(text))


def parse(data: dict[str, Any]) -> dict[int, Model]:
    """Models from the JSON form the training script writes (features checked by name)."""
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS} was fitted on other features; retrain it")
    return {int(players): Model(tuple(entry["weights"]), tuple(entry["scale"]))
            for players, entry in data["models"].items()}


def evaluate(state: FiveTowersState) -> list[float]:
    """Each seat's predicted final score (a finished game: its scores)."""
    if state.to_move is None:
        return [float(x) for x in state.scores()]
    model = models()[state.players]
    rows, r = bases(state)
    return [model.predict(base, r) for base in rows]


def value_scale(state: FiveTowersState) -> float:
    """The predicted lead that makes a clear (73%) favourite, by rounds left."""
    a, b = models()[state.players].scale
    root: float = rounds_left(state) ** 0.5
    return a + b * root
