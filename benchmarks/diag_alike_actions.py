"""How our ISMCTS weighs castle's unseen cards (one class of alike actions): the checks behind
docs/rl.md's "Why castle lost" (issue #29). Three measurements, one process each:

    # ours alone against OpenSpiel's ISMCTSBot on the fair match's deals (no greedy baseline)
    PYTHONPATH=src nice -n 10 python3 benchmarks/diag_alike_actions.py match --games 20
    # ours at N against ours at 4N iterations, seats alternating
    PYTHONPATH=src nice -n 10 python3 benchmarks/diag_alike_actions.py selfplay --games 30
    # what each side reveals in the fair match: unseen cards, known cards it can build, passes
    PYTHONPATH=src nice -n 10 python3 benchmarks/diag_alike_actions.py reveals --games 8

``--no-groups`` turns castle's action classes off in this process (every unseen card its own
node, as OpenSpiel's tree has it): the comparison that located the flaw. The fair match's
settings (``bench_vs_openspiel.bots_for``) are used throughout; ``--playouts`` and
``--iterations`` as there. Each game prints one line; the last has the total and its 95%
Wilson interval. To measure the search before the fix, run this at commit 0d79d61.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_vs_openspiel as bench  # the benchmark beside this file
import pyspiel

from towerplay import games
from towerplay.bots.ismcts import ISMCTSBot
from towerplay.core.rng import derive_seed
from towerplay.envs import openspiel
from towerplay.sim.ladder import wilson


def tally(label: str, index: int, share: float, total: float, games_: int,
          started: float) -> None:
    low, high = wilson(total, games_)
    print(f"{label} deal {index}: {share:g}; total {total:g} of {games_}, "
          f"{total / games_:.0%} [{low:.0%}, {high:.0%}]; {time.process_time() - started:.1f} "
          "CPU s", flush=True)


def match(args: argparse.Namespace) -> None:
    """Ours against OpenSpiel's bot on the fair match's deals ``--start`` onwards."""
    total = 0.0
    for number, index in enumerate(range(args.start, args.start + args.games), 1):
        started = time.process_time()
        duel = bench.Duel(args.game, index, "ismcts", args.playouts, args.iterations, args.c)
        share = bench.play(duel).share
        total += share
        tally("ours vs OpenSpiel", index, share, total, number, started)


def fair_bot(iterations: int, args: argparse.Namespace, seed: int) -> ISMCTSBot:
    return ISMCTSBot(seed=seed, iterations=iterations, c=args.c, rollout=args.playouts,
                     narrow=False, depth=None, score_weight=0.0, opponents="tree",
                     reuse=False)


def selfplay(args: argparse.Namespace) -> None:
    """Ours at ``--iterations`` against ours at 4 times as many; the larger one's share."""
    game = games.load(args.game)
    total = 0.0
    for number, index in enumerate(range(args.start, args.start + args.games), 1):
        started = time.process_time()
        seed = derive_seed(2026, "selfplay", args.game, index)
        state = game.start(players=2, seed=seed)
        big = index % 2
        seats = {big: fair_bot(4 * args.iterations, args, seed + 1),
                 1 - big: fair_bot(args.iterations, args, seed + 2)}
        while state.to_move is not None:
            state.apply(seats[state.to_move].act(state))
        total += state.rewards()[big]
        tally(f"{4 * args.iterations} vs {args.iterations} iterations", index,
              state.rewards()[big], total, number, started)


def kind(inner: Any, action: Any) -> str | None:
    """What a castle reveal was, from its mover's knowledge (None: not a reveal)."""
    if action.verb != "reveal":
        return None
    card = inner.known[action.arg]
    if not card:
        return "unseen"
    return "known, buildable" if card > inner.castles[inner.to_move][-1] else "known, a pass"


def reveals(args: argparse.Namespace) -> None:
    """Count each side's reveals by kind over fair-match games (castle only)."""
    if args.game != "castle":
        raise SystemExit("reveals: castle only (expected --game castle)")
    openspiel.register_all()
    engine = games.load("castle")
    counts = {side: collections.Counter[str]() for side in ("ours", "OpenSpiel's")}
    total = 0.0
    for number, index in enumerate(range(args.start, args.start + args.games), 1):
        started = time.process_time()
        duel = bench.Duel("castle", index, "ismcts", args.playouts, args.iterations, args.c)
        seed = derive_seed(duel.seed, "vs-openspiel", duel.game, duel.players, duel.index)
        game = pyspiel.load_game(openspiel.short_name("castle"),
                                 {"players": 2, "seed": seed % 2**31})
        ours, theirs = bench.bots_for(duel, game, seed)
        me = index % 2
        state = game.new_initial_state()
        for byte in (seed % 2**32).to_bytes(openspiel.SEED_BYTES, "big"):
            state.apply_action(byte)
        while not state.is_terminal():
            inner = state.inner
            mine = inner.to_move == me
            action = (engine.action_id(ours.act(inner)) if mine
                      else int(theirs.step(state)))
            what = kind(inner, engine.action_from_id(action))
            if what is not None and len(state.legal_actions()) > 1:
                counts["ours" if mine else "OpenSpiel's"][what] += 1
            state.apply_action(action)
        total += state.returns()[me]
        tally("ours vs OpenSpiel", index, state.returns()[me], total, number, started)
    for side, count in counts.items():
        print(f"{side} reveals: {sum(count.values())}, " + ", ".join(
            f"{name} {n}" for name, n in sorted(count.items())))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("check", choices=("match", "selfplay", "reveals"))
    parser.add_argument("--game", default="castle", choices=games.names())
    parser.add_argument("--playouts", default="random", choices=bench.POLICIES)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--c", type=float, default=0.7)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0, help="the first deal")
    parser.add_argument("--no-groups", action="store_true",
                        help="castle's unseen cards each their own node (classes off)")
    args = parser.parse_args(argv)
    if args.no_groups:
        from towerplay.games.castle.state import CastleState
        CastleState.groups_actions = False
    {"match": match, "selfplay": selfplay, "reveals": reveals}[args.check](args)


if __name__ == "__main__":
    main()
