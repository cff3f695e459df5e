"""Board drawing cost: CPU milliseconds per board (``towerplay.server.boards.draw``, the
web page's board of one view) over every seat's and the spectator's view of every
position of fixed-seed random games.

    nice -n 15 .venv/bin/python benchmarks/bench_boards.py                 # every case, en
    nice -n 15 .venv/bin/python benchmarks/bench_boards.py --lang pl --rounds 3
    nice -n 15 .venv/bin/python benchmarks/bench_boards.py --json >> results.jsonl
    nice -n 15 .venv/bin/python benchmarks/bench_boards.py --profile five_towers-4p-physical
    nice -n 15 .venv/bin/python benchmarks/bench_boards.py --patches      # and their patches

Measured 2026-12-02 on the idle 2-core machine (benchmarks/results/boards-2026-12-02:
``before.jsonl`` is main at b74c20b, this script run against its ``src``;
``after.jsonl`` main at becf863; ``--json --rounds 3`` with ``--lang en`` then
``--lang pl``), CPU ms per board, median of 3 rounds, each from empty caches, before ->
after (tests/games/test_bench_boards.py recomputes these):

    five_towers-4p-physical en 0.333 -> 0.159
    five_towers-5p-physical en 0.373 -> 0.173
    five_towers-2p en 0.262 -> 0.207
    castle-3p en 0.666 -> 0.573
    blueprints-3p en 0.85 -> 0.762
    skytopia-3p en 1.466 -> 1.428
    five_towers-4p-physical pl 0.44 -> 0.249
    five_towers-5p-physical pl 0.306 -> 0.231
    five_towers-2p pl 0.249 -> 0.235
    castle-3p pl 0.577 -> 0.525
    blueprints-3p pl 0.9 -> 0.649
    skytopia-3p pl 1.187 -> 1.041

The views are taken first (not timed); the drawing is timed by this process's CPU time
(``time.process_time``: it survives a busy machine). Each case is drawn ``--rounds``
times in one process, the median round reported; each round starts from empty drawing
caches (:func:`forget_drawings`), as a server draws each new position once, so that a
round never redraws the views of the one before from its caches.
"""
from __future__ import annotations

import cProfile
import importlib
import json
import pstats
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import typer
from rich.console import Console
from rich.progress import track
from rich.table import Table

from towerplay import games, i18n
from towerplay.core import svg
from towerplay.server import patches
from towerplay.server.boards import draw


@dataclass(frozen=True)
class Case:
    """A fixed-seed random game of ``game`` with ``options``, for ``players`` seats."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        rebid = self.options.get("rebid")
        return f"{self.game}-{self.players}p" + (f"-{rebid}" if rebid else "")


CASES = (Case("five_towers", 4, 3, {"rebid": "physical"}),
         Case("five_towers", 5, 1, {"rebid": "physical"}),
         Case("five_towers", 2, 1),
         Case("castle", 3, 1), Case("blueprints", 3, 1), Case("skytopia", 3, 1))


def views(case: Case) -> list[dict[str, Any]]:
    """Every seat's and the spectator's view of every position of ``case``'s game."""
    state = games.load(case.game, **case.options).start(players=case.players,
                                                        seed=case.seed)
    rng = random.Random(case.seed)
    found = []
    while True:
        found += [state.view(seat) for seat in [None, *range(case.players)]]
        if state.is_over:
            return found
        state.apply(rng.choice(state.legal_actions()))


WORDED = ("_worded", "_term", "_phrase")
"""The translator's caches of worded texts (not of its loaded catalogues)."""


def forget_drawings() -> None:
    """Empty every cache of drawn pieces and worded texts (the kernel's SVG kit's, each
    game board's, the translator's), as in a fresh server: a round then draws each view
    once from empty caches, as a server draws each new position once (rounds after the
    first would otherwise redraw the same views from the caches)."""
    drawing = [svg, *(importlib.import_module(f"towerplay.games.{name}.board")
                      for name in games.BUILT_IN)]
    kept = [function for module in drawing for function in vars(module).values()
            if hasattr(function, "cache_clear")
            and getattr(function, "__module__", "") == module.__name__]
    kept += [getattr(i18n, name) for name in WORDED if hasattr(i18n, name)]  # (older: fewer)
    for function in kept:
        function.cache_clear()


def cpu_ms_per_board(shown: list[dict[str, Any]], lang: str) -> float:
    """CPU milliseconds per board, drawing each of ``shown`` once in ``lang`` from empty
    drawing caches (:func:`forget_drawings`)."""
    forget_drawings()
    start = time.process_time()
    for view in shown:
        draw(view, lang)
    return (time.process_time() - start) * 1000 / len(shown)


def measure(case: Case, lang: str, rounds: int) -> dict[str, Any]:
    """``case``'s boards drawn ``rounds`` times: ms per board each round, and the median."""
    shown = views(case)
    per_round = [round(cpu_ms_per_board(shown, lang), 3) for _ in range(rounds)]
    return {"case": case.name, "lang": lang, "boards": len(shown), "rounds_ms": per_round,
            "ms_per_board": statistics.median(per_round)}


def cpu_us_per_patch(boards: list[str], seats: int) -> float:
    """CPU microseconds per patch: each seat's board (every ``seats``-th of ``boards``)
    patched from the one before, each board cut once where the code keeps cuts
    (``patches.Cut``, since 2026-12-03) and twice, as the patch of two texts, where not."""
    start = time.process_time()
    kept = [getattr(patches, "Cut", str)(board) for board in boards]
    for old, new in zip(kept, kept[seats:], strict=False):
        patches.patch(old, new)
    return (time.process_time() - start) * 1e6 / (len(boards) - seats)


def measure_patches(case: Case, rounds: int) -> dict[str, Any]:
    """``case``'s boards (English) patched ``rounds`` times: µs per patch each round, the
    median, and the boards' mean size in kB of UTF-8."""
    boards = [draw(view) for view in views(case)]
    per_round = [round(cpu_us_per_patch(boards, case.players + 1), 1) for _ in range(rounds)]
    return {"case": case.name, "patches": len(boards) - case.players - 1,
            "rounds_us": per_round, "us_per_patch": statistics.median(per_round),
            "kb_per_board": round(sum(len(b.encode()) for b in boards) / len(boards) / 1e3, 2)}


def compared(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    """``case lang before -> after`` (ms per board) for each case of ``after`` (``--json``
    lines of two runs).

    >>> compared([{"case": "c", "lang": "en", "ms_per_board": 0.5}],
    ...          [{"case": "c", "lang": "en", "ms_per_board": 0.25}])
    ['c en 0.5 -> 0.25']
    """
    then = {(r["case"], r["lang"]): r["ms_per_board"] for r in before}
    return [f"{r['case']} {r['lang']} {then[r['case'], r['lang']]} -> {r['ms_per_board']}"
            for r in after]


def profile(case: Case, lang: str) -> None:
    """Print the 25 costliest functions (cumulative) of drawing ``case``'s boards."""
    shown = views(case)
    profiler = cProfile.Profile()
    profiler.runcall(lambda: [draw(view, lang) for view in shown])
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main(cases: list[str] = typer.Argument(None, help="case names (default: all)"),
         lang: str = typer.Option("en", help="the boards' language"),
         rounds: int = typer.Option(3, help="times each case's boards are drawn"),
         as_json: bool = typer.Option(False, "--json", help="one JSON line per case"),
         profile_case: str = typer.Option("", "--profile",
                                          help="profile this case instead of timing"),
         patching: bool = typer.Option(False, "--patches",
                                       help="time each seat's board patches instead")
         ) -> None:
    chosen = [c for c in CASES if not cases or c.name in cases]
    if profile_case:
        profile(next(c for c in CASES if c.name == profile_case), lang)
        return
    if patching:
        for case in track(chosen, description="patching", disable=as_json):
            found = measure_patches(case, rounds)
            print(json.dumps(found) if as_json else
                  f"{found['case']}: {found['us_per_patch']} µs a patch, "
                  f"{found['kb_per_board']} kB a board")
        return
    results = [measure(c, lang, rounds) for c in track(chosen, description="drawing",
                                                       disable=as_json)]
    if as_json:
        for result in results:
            print(json.dumps(result))
        return
    table = Table(title=f"board drawing, CPU ms per board ({lang}, median of {rounds})")
    for column in ("case", "boards", "ms/board", "rounds"):
        table.add_column(column, justify="right")
    for r in results:
        table.add_row(r["case"], str(r["boards"]), f"{r['ms_per_board']:.3f}",
                      " ".join(f"{ms:.3f}" for ms in r["rounds_ms"]))
    Console().print(table)


if __name__ == "__main__":
    typer.run(main)
