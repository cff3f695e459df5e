"""The table loop's cost over the bare engine loop (issue #27 item 1).

For each game at 2 and 4 players (the game's own range where 4 is not allowed), N seeded
games: (a) the bare engine loop, ``state.apply(rng.choice(state.legal_actions()))``;
(b) :func:`towerplay.sim.play.play_game` with random bots, same seeds and the very same
moves (each seat of (a) draws from its random bot's generator); (c) the same with
greedy bots, next to the time greedy's own ``choose`` takes. CPU time
(``time.process_time``), one process. Prints (b)/(a) and greedy's share of (c).

    PYTHONPATH=src python benchmarks/bench_loop.py --games 200
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any

from towerplay import games
from towerplay.bots.simple import GreedyBot
from towerplay.core.rng import derive_seed
from towerplay.sim.play import play_game


def bare_game(game: Any, players: int, seed: int) -> Any:
    """One game of the bare engine loop, each seat drawing from the generator its random
    bot would get: the very moves the table plays (checked in :func:`main`)."""
    state = game.start(players=players, seed=seed)
    rngs = [random.Random(derive_seed(state.seed, "bot", seat)) for seat in range(players)]
    while not state.is_over:
        state.apply(rngs[state.to_move].choice(state.legal_actions()))
    return state


def bare(game: Any, players: int, seeds: range) -> float:
    started = time.process_time()
    for seed in seeds:
        bare_game(game, players, seed)
    return time.process_time() - started


def table(game: Any, players: int, seeds: range, bot: str) -> float:
    started = time.process_time()
    for seed in seeds:
        play_game(game, [bot] * players, seed, timed=False)
    return time.process_time() - started


def greedy_share(game: Any, players: int, seeds: range) -> tuple[float, float]:
    """(c): the whole greedy game's CPU time and the part spent in greedy's choose."""
    spent = [0.0]
    choose = GreedyBot.choose

    def timed_choose(self: GreedyBot, state: Any, seat: int) -> Any:
        started = time.process_time()
        try:
            return choose(self, state, seat)
        finally:
            spent[0] += time.process_time() - started

    GreedyBot.choose = timed_choose  # type: ignore[method-assign]
    try:
        total = table(game, players, seeds, "greedy")
    finally:
        GreedyBot.choose = choose  # type: ignore[method-assign]
    return total, spent[0]


def counts(name: str) -> list[int]:
    game = games.load(name)
    low, high = game.min_players, game.max_players
    return sorted({max(low, min(2, high)), min(high, 4) if high >= 4 else high})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    print("| game | players | bare ms/game | random ms/game | random/bare | greedy ms/game"
          " | greedy choose share |")
    print("|---|---|---|---|---|---|---|")
    for name in args.only or games.names():
        game = games.load(name)
        for players in counts(name):
            seeds = range(args.games)
            played = play_game(game, ["random"] * players, 0, timed=False).state
            assert played.history == bare_game(game, players, 0).history, "not the same moves"
            # interleaved, best of three each: other work on the machine inflates one
            # run more than another
            a = b = float("inf")
            for _ in range(3):
                a = min(a, bare(game, players, seeds))
                b = min(b, table(game, players, seeds, "random"))
            c, choose = greedy_share(game, players, range(max(args.games // 4, 1)))
            n, nc = args.games, max(args.games // 4, 1)
            print(f"| {name} | {players} | {1000 * a / n:.2f} | {1000 * b / n:.2f} | "
                  f"{b / a:.2f} | {1000 * c / nc:.2f} | {100 * choose / c:.0f}% |", flush=True)


if __name__ == "__main__":
    main()
