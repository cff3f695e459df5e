"""How long one search of OpenSpiel's ``ISMCTSBot`` takes on the adapter, with and without
the adapter keeping a position's strings and tensors (``Cell.memo``).

    PYTHONPATH=src nice -n 10 python3 benchmarks/bench_openspiel_search.py --out search.jsonl \\
        [--game castle] [--moves 30] [--simulations 500] [--repeats 3]

For each game at 2 players (deal seed 5): random moves (``--moves``, seed 1), then
``--repeats`` searches of ``--simulations`` simulations each from that position, set up as
in the fair match (``bench_vs_openspiel.py``, random playouts), first with the memo, then
with the observers writing every string and tensor anew (``--memo off`` does only that). The
best CPU time of the repeats is recorded (CPU time: what the search costs a free core,
whatever the machine's load), one JSON line a game and setting, with the versions and the
command.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_vs_openspiel as bench  # the benchmark beside this file
import pyspiel

from towerplay import games
from towerplay.envs import openspiel
from towerplay.sim.provenance import command_line, versions


@contextmanager
def without_memo() -> Iterator[None]:
    """The adapter's observers writing every string and tensor anew (as before the memo)."""
    kind = openspiel.TowerplayObserver
    kept = kind.string_from, kind.set_from
    kind.string_from, kind.set_from = kind._string, kind._write  # type: ignore[method-assign]
    try:
        yield
    finally:
        kind.string_from, kind.set_from = kept  # type: ignore[method-assign]


def search_seconds(name: str, moves: int, simulations: int, repeats: int) -> float:
    """The best CPU seconds of ``repeats`` searches from the position (see the docstring)."""
    duel = bench.Duel(name, 0, "ismcts", "random", simulations, 0.7)
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2, "seed": 5})
    _, theirs = bench.bots_for(duel, game, 5)
    state = game.new_initial_state()
    for byte in (5).to_bytes(openspiel.SEED_BYTES, "big"):
        state.apply_action(byte)
    rng = random.Random(1)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        theirs.step(state.clone())
        best = min(best, time.process_time() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, required=True, help="results file (appended)")
    p.add_argument("--game", action="append", choices=games.names())
    p.add_argument("--moves", type=int, default=30)
    p.add_argument("--simulations", type=int, default=500)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--memo", choices=("both", "on", "off"), default="both")
    args = p.parse_args(argv)
    openspiel.register_all()
    extra = {"versions": versions("open_spiel"), "command": command_line(
        [sys.argv[0], *(sys.argv[1:] if argv is None else argv)])}
    settings = {"both": (True, False), "on": (True,), "off": (False,)}[args.memo]
    with args.out.open("a", encoding="utf-8") as sink:
        for name in args.game or games.names():
            for memo in settings:
                if memo:
                    seconds = search_seconds(name, args.moves, args.simulations, args.repeats)
                else:
                    with without_memo():
                        seconds = search_seconds(name, args.moves, args.simulations,
                                                 args.repeats)
                line: dict[str, Any] = {"game": name, "memo": memo, "moves": args.moves,
                                        "simulations": args.simulations,
                                        "repeats": args.repeats, "cpu_seconds": seconds}
                sink.write(json.dumps({**line, **extra}) + "\n")
                sink.flush()
                print(f"{name}: memo {'on' if memo else 'off'}: {seconds:.3f} CPU s",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
