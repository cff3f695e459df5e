"""A fair match: our ISMCTS against OpenSpiel's ``ISMCTSBot`` at the same iteration budget.

    nice -n 10 .venv/bin/python benchmarks/bench_vs_openspiel.py --iterations 100 1000 \\
        --games 4 [--game castle] [--playouts random game] [--players 2] [--workers 2] \\
        [--c 0.7] [--seed 2026] [--json out.json]

Both searches get the same evaluator and the same moves; only the tree search differs:

- **evaluator**: one playout to the end of the game, judged by its win shares (rewards in
  [0, 1] on both sides), with the same policy: ``random`` (uniform over the legal moves) or
  ``game`` (the game's own playout policy, ``rollout_action``). OpenSpiel's bot gets it as
  :class:`Playout`, an OpenSpiel ``Evaluator`` calling the policy our search calls; ours gets
  ``rollout=<policy>`` with no depth cut (so no ``evaluate()``) and no score margins;
- **moves**: every legal move on both sides (ours with ``narrow=false``: the game's
  candidate-move narrowing is off); ours still weighs moves its mover cannot tell apart as
  one (``State.action_class``), which changes no choice it can make;
- **tree**: a fresh tree each move on both sides (ours with ``reuse=false``); ours searches
  the other seats' moves in its tree (``opponents=tree``), as OpenSpiel's does;
- **budget**: the same iterations per decision, the same ``uct_c`` (``--c``); OpenSpiel's
  resampler draws from its seeded generator (``set_resampler``) and its chance draws from
  the same seeded generator, so a run is reproducible. Decisions with one legal action are
  not searched by either and not counted.

Games rotate our seat (game ``i``: seat ``i % players``) on deals fixed by ``--seed``. Each
cell (game, playout policy, budget) is reported beside a baseline on the same deals: our
*greedy* bot (no search at all) against the same OpenSpiel bot. Win rates count shared
wins as fractions, with 95% Wilson intervals; iterations per second are over each side's
searched decisions.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.core.rng import derive_seed
from towerplay.core.state import State
from towerplay.envs import openspiel
from towerplay.sim.ladder import wilson

POLICIES = ("random", "game")
"""Playout policies both searches can share (our ``rollout`` option's values)."""


def policy_function(game: Any, policy: str) -> Callable[[State[Any], random.Random], Any]:
    """The playout policy ``policy`` of ``game``, as our search picks it (``rollout``)."""
    if policy == "random":
        return lambda state, rng: rng.choice(state.legal_actions())
    if policy == "game":
        return game.heuristics.rollout_action  # type: ignore[no-any-return]
    raise ValueError(f"playout policy {policy!r}: expected one of {', '.join(POLICIES)}")


class Playout(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's evaluator for a fair match: one playout to the end with ``policy`` on the
    engine state inside the adapter's state, returning every seat's win share (what our
    search's ``rollout=<policy>``, with no depth cut, backs up); a uniform prior."""

    def __init__(self, policy: str, rng: random.Random) -> None:
        if policy not in POLICIES:
            raise ValueError(f"playout policy {policy!r}: expected one of "
                             f"{', '.join(POLICIES)}")
        self.policy = policy
        self.rng = rng

    def evaluate(self, state: openspiel.TowerplayState) -> np.ndarray:
        inner = state.inner.copy()
        step = policy_function(inner.game, self.policy)
        while inner.to_move is not None:
            inner.apply(step(inner, self.rng))
        return np.array(inner.rewards(), dtype=float)

    def prior(self, state: openspiel.TowerplayState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@dataclass(frozen=True)
class Duel:
    game: str
    index: int
    ours: str           # "ismcts" or "greedy" (the baseline)
    policy: str         # the shared playout policy
    iterations: int
    c: float
    players: int = 2
    seed: int = 2026


@dataclass(frozen=True)
class Outcome:
    share: float        # our share of the win
    decisions: int      # our decisions with more than one legal action
    forced: int         # our decisions with one legal action (not searched, not counted)
    our_iterations: int
    our_seconds: float
    their_decisions: int
    their_iterations: int
    their_seconds: float


def bots_for(duel: Duel, game: pyspiel.Game, seed: int) -> tuple[Any, ismcts.ISMCTSBot]:
    """Our bot and OpenSpiel's for one game, set up alike (see the module's docstring)."""
    if duel.ours == "greedy":
        ours: Any = bots.load("greedy", seed=seed)
    else:
        ours = ISMCTSBot(seed=seed, iterations=duel.iterations, c=duel.c, rollout=duel.policy,
                         narrow=False, depth=None, score_weight=0.0, opponents="tree",
                         reuse=False)
    rng = np.random.RandomState(seed % 2**32)
    theirs = ismcts.ISMCTSBot(game, Playout(duel.policy, random.Random(seed + 1)), duel.c,
                              duel.iterations, random_state=rng,
                              final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    theirs.set_resampler(
        lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return ours, theirs


def play(duel: Duel) -> Outcome:
    """One game: we sit at seat ``index % players``, OpenSpiel's bot in the others."""
    openspiel.register_all()
    seed = derive_seed(duel.seed, "vs-openspiel", duel.game, duel.players, duel.index)
    game = pyspiel.load_game(openspiel.short_name(duel.game),
                             {"players": duel.players, "seed": seed % 2**31})
    ours, theirs = bots_for(duel, game, seed)
    action_id = games.load(duel.game).action_id
    me = duel.index % duel.players
    state = game.new_initial_state()
    for byte in (seed % 2**32).to_bytes(openspiel.SEED_BYTES, "big"):  # the chance nodes
        state.apply_action(byte)
    n = {"decisions": 0, "forced": 0, "ours": 0, "our_s": 0.0, "theirs": 0, "their_d": 0,
         "their_s": 0.0}
    while not state.is_terminal():
        forced = len(state.legal_actions()) == 1
        start = time.perf_counter()
        if state.current_player() == me:
            action = action_id(ours.act(state.inner))
            if forced:
                n["forced"] += 1
            else:
                n["decisions"] += 1
                n["our_s"] += time.perf_counter() - start
                last = getattr(ours, "last", None)
                n["ours"] += last.iterations if last is not None else 0
        else:
            action = theirs.step(state)
            if not forced:
                n["their_d"] += 1
                n["theirs"] += duel.iterations
                n["their_s"] += time.perf_counter() - start
        state.apply_action(action)
    return Outcome(state.returns()[me], n["decisions"], n["forced"], n["ours"], n["our_s"],
                   n["their_d"], n["theirs"], n["their_s"])


def summary(results: list[Outcome]) -> dict[str, Any]:
    wins = sum(r.share for r in results)
    low, high = wilson(wins, len(results))
    decisions = sum(r.decisions for r in results)
    return {"games": len(results), "wins": wins, "win_rate": wins / len(results),
            "ci": [low, high], "decisions": decisions,
            "forced": sum(r.forced for r in results),
            "our_iterations_per_decision": sum(r.our_iterations for r in results)
            / max(1, decisions),
            "our_iterations_per_s": sum(r.our_iterations for r in results)
            / max(1e-9, sum(r.our_seconds for r in results)),
            "their_iterations_per_s": sum(r.their_iterations for r in results)
            / max(1e-9, sum(r.their_seconds for r in results))}


def cell(pool: ProcessPoolExecutor, name: str, policy: str, iterations: int,
         args: argparse.Namespace) -> dict[str, Any]:
    """Ours and the greedy baseline against OpenSpiel's bot on the same deals."""
    started = time.perf_counter()
    out: dict[str, Any] = {"game": name, "playouts": policy, "iterations": iterations,
                           "c": args.c, "players": args.players}
    for ours in ("ismcts", "greedy"):
        duels = [Duel(name, i, ours, policy, iterations, args.c, args.players, args.seed)
                 for i in range(args.games)]
        out[ours] = summary(list(pool.map(play, duels)))
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: all)")
    parser.add_argument("--games", type=int, default=4, help="games per cell")
    parser.add_argument("--iterations", type=int, nargs="+", default=[100, 1000],
                        help="iteration budgets (e.g. 100 1000 10000)")
    parser.add_argument("--playouts", nargs="+", choices=POLICIES, default=list(POLICIES),
                        help="shared playout policies: random, game")
    parser.add_argument("--c", type=float, default=0.7, help="uct_c of both searches")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", default=None, help="append each cell as a JSON line")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        for iterations in args.iterations:
            for policy in args.playouts:
                for name in args.game or games.names():
                    result = cell(pool, name, policy, iterations, args)
                    line = json.dumps(result)
                    print(line, flush=True)
                    if args.json:
                        with open(args.json, "a", encoding="utf-8") as handle:
                            handle.write(line + "\n")


if __name__ == "__main__":
    main()
