"""Our ISMCTS against OpenSpiel's Python ``ISMCTSBot`` on every game at 2 players.

    .venv/bin/python benchmarks/bench_vs_openspiel.py --games 200 --iterations 100 \\
        --seconds 0.25 [--game five_towers] [--workers 2] [--json out.json]

Both bots search the same game through the OpenSpiel adapter (``towerplay.envs.openspiel``):
theirs with its random-rollout evaluator, ours with the game's search defaults. Reported per
game: iterations per second of each (timed over the matches' own moves), and our win rate
(ties share) over seat-alternating games with a 95% Wilson interval, once at the same
iteration budget and once at the same time per move (their budget calibrated to the time).
"""
from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from towerplay import bots, games
from towerplay.arena.ladder import wilson
from towerplay.core.rng import derive_seed
from towerplay.envs import openspiel


MIN_SIMS = 4
"""OpenSpiel's ISMCTSBot fails (no visited child) with fewer simulations than this."""


@dataclass(frozen=True)
class Duel:
    game: str
    index: int
    ours: str          # our bot spec
    their_sims: int


@dataclass(frozen=True)
class Outcome:
    share: float       # our share of the win
    our_iterations: int
    our_seconds: float
    their_iterations: int
    their_seconds: float


def play(duel: Duel) -> Outcome:
    """One game: we sit at seat ``index % 2``."""
    openspiel.register_all()
    seed = derive_seed(2026, "vs-openspiel", duel.game, duel.index)
    game = pyspiel.load_game(openspiel.short_name(duel.game), {"players": 2, "seed": seed % 2**31})
    rng = np.random.RandomState(seed % 2**32)
    theirs = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0,
                              duel.their_sims, random_state=rng)
    ours = bots.load(duel.ours, seed=seed)
    me = duel.index % 2
    state = game.new_initial_state()
    for byte in (seed % 2**32).to_bytes(openspiel.SEED_BYTES, "big"):  # the chance nodes
        state.apply_action(byte)
    counts = [0, 0.0, 0, 0.0]
    while not state.is_terminal():
        start = time.perf_counter()
        if state.current_player() == me:
            action = games.load(duel.game).action_id(ours.act(state.inner))
            last = getattr(ours, "last", None)
            counts[0] += last.iterations if last is not None else 0
            counts[1] += time.perf_counter() - start
        else:
            action = theirs.step(state)
            counts[2] += duel.their_sims
            counts[3] += time.perf_counter() - start
        state.apply_action(action)
    return Outcome(state.returns()[me], int(counts[0]), counts[1], int(counts[2]), counts[3])


def match(duels: list[Duel], workers: int) -> dict[str, float]:
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play, duels))
    wins = sum(r.share for r in results)
    low, high = wilson(wins, len(results))
    return {"games": len(results), "win_rate": wins / len(results), "ci": [low, high],
            "our_iterations_per_s": sum(r.our_iterations for r in results)
            / max(1e-9, sum(r.our_seconds for r in results)),
            "their_iterations_per_s": sum(r.their_iterations for r in results)
            / max(1e-9, sum(r.their_seconds for r in results))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: all)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    report = {}
    for name in args.game or games.names():
        same = match([Duel(name, i, f"ismcts:iterations={args.iterations}", args.iterations)
                      for i in range(args.games)], args.workers)
        print(name, "same iterations", json.dumps(same), flush=True)
        # OpenSpiel's ISMCTS needs a few simulations to visit the root's children at all
        their_sims = max(MIN_SIMS, round(same["their_iterations_per_s"] * args.seconds))
        timed = match([Duel(name, i, f"ismcts:seconds={args.seconds}", their_sims)
                       for i in range(args.games)], args.workers)
        report[name] = {"same_iterations": same, "same_time": {**timed,
                                                                "their_sims": their_sims}}
        print(name, json.dumps(report[name]), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)


if __name__ == "__main__":
    main()
