"""What setting up a large `towerplay sim` run costs before its first game: the plan, the
check of the output file (here: none yet) and the list of games still missing.

    .venv/bin/python benchmarks/bench_plan.py [--games 1000000]

Prints the CPU seconds of one setup, then the peak of Python's own allocations during a
second one (``tracemalloc``, which slows it: hence two runs).
"""
from __future__ import annotations

import argparse
import time
import tracemalloc
from array import array
from pathlib import Path

from towerplay.sim import Plan
from towerplay.sim.runner import survey


def setup(games: int) -> int:
    """Set a run up as :func:`towerplay.sim.run` does; the number of games to play."""
    plan = Plan.build("five_towers", players=2, bots=["greedy", "random"], games=games)
    found = survey(plan, Path("/nonexistent/runs.jsonl"))
    return len(array("q", (i for i, done in enumerate(found.done) if not done)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10**6)
    games = parser.parse_args().games
    started = time.process_time()
    setup(games)
    print(f"{games:,} games: {time.process_time() - started:.2f} CPU s to set up")
    tracemalloc.start()
    setup(games)
    print(f"peak of Python's allocations: {tracemalloc.get_traced_memory()[1] / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
