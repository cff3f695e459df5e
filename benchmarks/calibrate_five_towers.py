"""Fit 5 Towers' ``LEAD_SCALE``: how large a lead in ``evaluate()`` makes a clear favourite.

    .venv/bin/python benchmarks/calibrate_five_towers.py [--games 4000] [--workers 2]

Plays greedy self-play games at 2 players (a rich progress bar), notes at the start of every
round the lead of seat 0 in ``evaluate()`` and the rounds still to come, and fits the
logistic curve ``P(seat 0 wins) = 1 / (1 + exp(-lead / (a + b·√rounds left)))`` by maximum
likelihood over a grid of ``a`` and ``b``. Prints the best pair (the search's
``heuristics.LEAD_SCALE``) and the best single scale per stretch of the game.
"""
from __future__ import annotations

import argparse
import math
import random
from multiprocessing import Pool

from rich.console import Console
from rich.progress import track
from rich.table import Table

from towerplay import games
from towerplay.games.five_towers import heuristics
from towerplay.games.five_towers.state import BIDDING

Sample = tuple[float, float, float]
"""(rounds left, lead of seat 0 in evaluate(), seat 0's final win share)."""


def play(seed: int) -> list[Sample]:
    """One greedy self-play game: a sample at the start of each round."""
    game = games.load("five_towers")
    state = game.start(players=2, seed=seed)
    rng = random.Random(seed)
    noted: list[tuple[float, float]] = []
    last_round = 0
    while not state.is_over:
        if state.phase == BIDDING and state.round != last_round:
            last_round = state.round
            values = heuristics.evaluate(state)
            noted.append((heuristics.rounds_left(state), values[0] - values[1]))
        state.apply(heuristics.greedy_action(state, rng))
    win = state.rewards()[0]
    return [(left, lead, win) for left, lead in noted]


def log_likelihood(samples: list[Sample], scale_of: dict[float, float]) -> float:
    """Mean log-likelihood of the wins under the logistic curve (scale by rounds left)."""
    total = 0.0
    for left, lead, win in samples:
        p = 1.0 / (1.0 + math.exp(-lead / scale_of[left]))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += win * math.log(p) + (1 - win) * math.log(1 - p)
    return total / len(samples)


def curve(samples: list[Sample], a: float, b: float) -> dict[float, float]:
    """The scale ``a + b·√left`` for every number of rounds left among ``samples``."""
    return {left: a + b * math.sqrt(left) for left, _, _ in samples}


def fit(samples: list[Sample]) -> tuple[float, float]:
    """The (a, b) of the grid with the best likelihood."""
    best = (-math.inf, 0.0, 0.0)
    for a10 in range(10, 81, 5):
        for b10 in range(0, 31, 1):
            a, b = a10 / 10, b10 / 10
            best = max(best, (log_likelihood(samples, curve(samples, a, b)), a, b))
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    samples: list[Sample] = []
    with Pool(args.workers) as pool:
        games_played = pool.imap_unordered(play, range(90_000, 90_000 + args.games), 20)
        for found in track(games_played, total=args.games, description="greedy self-play"):
            samples.extend(found)
    a, b = fit(samples)
    now_a, now_b = heuristics.LEAD_SCALE
    console = Console()
    console.print(
        f"{len(samples)} positions of {args.games} games: best LEAD_SCALE = ({a}, {b}), "
        f"log-likelihood {log_likelihood(samples, curve(samples, a, b)):.5f}; in use "
        f"({now_a}, {now_b}): {log_likelihood(samples, curve(samples, now_a, now_b)):.5f}")
    table = Table(title="best single scale per stretch of the game")
    for column in ("rounds left", "positions", "best scale", "a + b·√left at the middle"):
        table.add_column(column, justify="right")
    for low, high in [(0, 1), (1, 3), (3, 5), (5, 8), (8, 12), (12, 17), (17, 30)]:
        part = [s for s in samples if low <= s[0] < high]
        if not part:
            continue
        scale = max((log_likelihood(part, {s[0]: x / 4 for s in part}), x / 4)
                    for x in range(4, 81))[1]
        table.add_row(f"{low}–{high}", str(len(part)), f"{scale:.2f}",
                      f"{a + b * math.sqrt((low + high) / 2):.2f}")
    console.print(table)


if __name__ == "__main__":
    main()
