"""How well does each rule for the root's final choice pick castle's reveal? (issue 29)

    PYTHONPATH=src nice -n 10 python3 benchmarks/diag_root_choice.py --playouts game \\
        --out root_choice_game.json
    PYTHONPATH=src python3 benchmarks/diag_root_choice.py --summary root_choice_game.json

Castle at 2 players with the fair match's settings (``bench_vs_openspiel.py``: every legal
move, full playouts with ``--playouts``, win shares, ``c`` 0.7, a fresh tree). One position
is drawn from each greedy game of the fair match's deal seeds ``--first`` onwards (those
where the mover weighs at least three choices) until there are ``--positions``. At each,
two long searches of ours (``--reference`` iterations each) give every root choice a
reference value (the mean of the two); then ``--reps`` searches at ``--iterations`` record
the root's statistics (visits, members, mean, standard error per choice) and OpenSpiel's
``ISMCTSBot`` at the same iterations its choice. Every rule is then judged by its
**regret**: the reference value of the best choice less that of the one the rule picked,
averaged over all searches. The searches are saved to ``--out`` after each position, so
``--summary`` can judge new rules on them without searching again.

The rules: ``per_member`` (most visits, a class's visits divided by its members: the
choice before 2026-11-28), ``pooled`` (most visits, a class's visits whole), ``max_mean``,
``lcbZ`` (mean less Z standard errors: the choice now, Z = 2), ``shrinkM`` (the mean pulled
towards the root's by M visits' weight) and ``openspiel`` (OpenSpiel's bot's choice: the
most visited of its arms, each unseen card one arm).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_vs_openspiel as bench  # the benchmark beside this file
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as openspiel_ismcts
from rich.progress import track

from towerplay import bots, games
from towerplay.bots.ismcts import ISMCTSBot, Node, _error
from towerplay.envs import openspiel

Stats = dict[str, tuple[int, int, float, float]]
"""A search's root: per choice (its class key as text) visits, members, mean, error."""


def positions(count: int, first: int) -> list[tuple[Any, Any]]:
    """``count`` (OpenSpiel game, adapter state) pairs, one drawn from each greedy game."""
    engine = games.load("castle")
    greedy = bots.load("greedy", seed=1)
    pick = random.Random(5)
    found: list[tuple[Any, Any]] = []
    for seed in range(first, first + 20 * count):
        game = pyspiel.load_game(openspiel.short_name("castle"), {"players": 2, "seed": seed})
        state = game.new_initial_state()
        for byte in (seed % 2**32).to_bytes(openspiel.SEED_BYTES, "big"):
            state.apply_action(byte)
        choices = []
        while not state.is_terminal():
            inner = state.inner
            if len(inner.action_classes(inner.legal_actions(), inner.to_move)) >= 3:
                choices.append((game, state.clone()))
            state.apply_action(engine.action_id(greedy.act(inner)))
        if choices:
            found.append(pick.choice(choices))
        if len(found) == count:
            break
    return found


def ours(inner: Any, iterations: int, seed: int, playouts: str) -> Stats:
    """The root statistics of one search of ours."""
    seat = inner.to_move
    root = Node(inner.players + 1)
    bot = ISMCTSBot(seed=seed, iterations=iterations, rollout=playouts, c=0.7, narrow=False,
                    depth=None, score_weight=0.0, opponents="tree", reuse=False)
    bot._run(root, inner.determinize(seat, random.Random(seed)), seat, 0.0, iterations, None)
    return {str(key): (child.visits, child.members, child.total[seat] / child.visits,
                       _error(child, seat) if child.visits > 1 else 1.0)
            for key, child in root.children.items()}


def theirs(game: Any, state: Any, iterations: int, seed: int, playouts: str) -> str:
    """OpenSpiel's bot's choice (its class key as text), set up as in the fair match."""
    rng = np.random.RandomState(seed)
    bot = openspiel_ismcts.ISMCTSBot(
        game, bench.Playout(playouts, random.Random(seed)), 0.7, iterations, random_state=rng,
        final_policy_type=openspiel_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(lambda s, player: s.resample_from_infostate(player, rng.uniform))
    best = [action for action, p in bot.run_search(state.clone()) if p > 0]
    inner = state.inner
    action = games.load("castle").action_from_id(best[rng.randint(len(best))])
    return str(type(inner)._action_class(inner, action, inner.to_move))


def rules(stats: Stats) -> dict[str, str]:
    """Each rule's choice from one search's root."""
    def best(score: Callable[[str], Any]) -> str:
        return max(stats, key=score)

    visits = sum(n for n, _, _, _ in stats.values())
    root = sum(n * mean for n, _, mean, _ in stats.values()) / visits
    chosen = {
        "per_member": best(lambda k: (stats[k][0] / stats[k][1], stats[k][2])),
        "pooled": best(lambda k: (stats[k][0], stats[k][2])),
        "max_mean": best(lambda k: stats[k][2]),
    }
    for z in (0.5, 1.0, 1.5, 2.0, 3.0):
        chosen[f"lcb{z:g}"] = best(lambda k, z=z: stats[k][2] - z * stats[k][3])
    for m in (5, 20):
        chosen[f"shrink{m}"] = best(
            lambda k, m=m: (stats[k][0] * stats[k][2] + m * root) / (stats[k][0] + m))
    return chosen


def regrets(path: Path) -> dict[str, list[float]]:
    """Each rule's regret in every saved search of ``path``."""
    data = json.loads(path.read_text())
    found: dict[str, list[float]] = {}
    for position in data:
        reference = position["reference"]
        top, bottom = max(reference.values()), min(reference.values())
        for search in position["searches"]:
            chosen = rules({k: tuple(v) for k, v in search["ours"].items()})
            if search.get("openspiel"):
                chosen["openspiel"] = search["openspiel"]
            for rule, key in chosen.items():
                found.setdefault(rule, []).append(top - reference.get(key, bottom))
    return found


def regret_table(paths: list[Path], names: list[str], shown: list[str]) -> str:
    """The ``shown`` rules' mean regret ± its standard error, one column a file."""
    found = [regrets(path) for path in paths]
    lines = ["| rule | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for rule in shown:
        cells = [f"{statistics.mean(f[rule]):.4f} ± "
                 f"{statistics.stdev(f[rule]) / math.sqrt(len(f[rule])):.4f}" for f in found]
        lines.append(f"| {RULE_NAMES.get(rule, rule)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def choices(path: Path, rule: str) -> tuple[float, float]:
    """How often ``rule`` revealed an unseen card, and how often it repeated its most
    frequent choice at a position (means over the positions)."""
    data = json.loads(path.read_text())
    unseen, repeated = [], []
    for position in data:
        picks = []
        for search in position["searches"]:
            chosen = rules({k: tuple(v) for k, v in search["ours"].items()})
            chosen["openspiel"] = search.get("openspiel") or ""
            picks.append(chosen[rule])
        unseen.append(sum(pick == "reveal ?" for pick in picks) / len(picks))
        repeated.append(max(picks.count(pick) for pick in picks) / len(picks))
    return statistics.mean(unseen), statistics.mean(repeated)


RULE_NAMES = {"per_member": "most visits per member (before 2026-11-28)",
              "pooled": "most visits, a class's pooled",
              "max_mean": "best mean",
              "lcb2": "mean less 2 standard errors (ours now)",
              "openspiel": "OpenSpiel's bot"}


def summary(path: Path) -> None:
    """Each rule's mean regret (± its standard error) over the saved searches."""
    found = regrets(path)
    print(f"{path}: {len(json.loads(path.read_text()))} positions")
    for rule, values in sorted(found.items(), key=lambda item: statistics.mean(item[1])):
        error = statistics.stdev(values) / math.sqrt(len(values))
        print(f"  {rule:11s} regret {statistics.mean(values):.4f} ± {error:.4f} "
              f"({len(values)} searches)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", choices=("random", "game"), default="game")
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--first", type=int, default=100, help="first deal seed")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--reference", type=int, default=10000)
    parser.add_argument("--no-openspiel", action="store_true")
    parser.add_argument("--reference-from", type=Path, metavar="FILE",
                        help="take each position's reference values from a saved file of "
                        "the same positions (no long searches; their choices must agree)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summary", type=Path)
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if args.out is None:
        parser.error("--out FILE (or --summary FILE) expected")
    openspiel.register_all()
    data = []
    saved = json.loads(args.reference_from.read_text()) if args.reference_from else None
    for index, (game, state) in enumerate(track(positions(args.positions, args.first),
                                                description="positions")):
        inner = state.inner
        values: dict[str, list[float]] = {}
        if saved is not None:
            values = {key: [value] for key, value in saved[index]["reference"].items()}
            chosen = {str(k) for k in inner.action_classes(inner.legal_actions(),
                                                           inner.to_move)}
            if chosen != set(values):
                parser.error(f"position {index} is not the saved file's: {sorted(chosen)}")
        for seed in (1000, 1001) if saved is None else ():
            for key, stat in ours(inner, args.reference, seed, args.playouts).items():
                values.setdefault(key, []).append(stat[2])
        searches = [{"ours": ours(inner, args.iterations, rep, args.playouts),
                     "openspiel": None if args.no_openspiel
                     else theirs(game, state, args.iterations, 77 + rep, args.playouts)}
                    for rep in range(args.reps)]
        data.append({"reference": {k: statistics.mean(v) for k, v in values.items()},
                     "searches": searches})
        args.out.write_text(json.dumps(data))
    summary(args.out)


if __name__ == "__main__":
    main()
