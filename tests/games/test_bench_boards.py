"""The board benchmark's figures (benchmarks/bench_boards.py's docstring) are the ones its
results files give: each median recomputed from its rounds, each line from the runs."""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "boards-2026-12-02"


def runs(name: str) -> list[dict[str, Any]]:
    lines = (RESULTS / f"{name}.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_docstring_shows_what_the_results_files_hold() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_boards
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    before, after = runs("before"), runs("after")
    assert len(before) == len(after) == 2 * len(bench_boards.CASES)  # en and pl
    for run in before + after:
        assert run["ms_per_board"] == statistics.median(run["rounds_ms"]), run["case"]
    lines = bench_boards.compared(before, after)
    assert all(f"    {line}\n" in str(bench_boards.__doc__) for line in lines)
    five_towers = [(b, a) for b, a in zip(before, after, strict=True)
                   if b["case"].startswith("five_towers")]
    assert all(a["ms_per_board"] < b["ms_per_board"] for b, a in five_towers)
    english_4_and_5 = [(b, a) for b, a in five_towers
                       if b["lang"] == "en" and "physical" in b["case"]]
    assert all(a["ms_per_board"] < b["ms_per_board"] / 2 for b, a in english_4_and_5)


def test_each_seats_boards_are_patched_from_the_one_before() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_boards
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    case = bench_boards.Case("castle", 2, 1)
    seats = case.players + 1  # and the spectator
    found = bench_boards.measure_patches(case, rounds=1)
    assert found["patches"] == len(bench_boards.views(case)) - seats
    assert found["us_per_patch"] == found["rounds_us"][0] > 0
    assert 5 < found["kb_per_board"] < 100  # a castle board: about 20 kB


def test_the_patch_comparison_shows_what_its_results_files_hold() -> None:
    """benchmarks/results/boards-2026-12-04b/README.md: each case's µs per patch in each
    run, before and after, as the files give them, and its claim on 5 Towers' largest
    boards (the median run after at least a fifth below the median run before)."""
    folder = ROOT / "benchmarks" / "results" / "boards-2026-12-04b"
    readme = (folder / "README.md").read_text()
    found: dict[str, dict[str, list[float]]] = {}
    for side in ("before", "after"):
        for line in (folder / f"{side}.jsonl").read_text().splitlines():
            row = json.loads(line)
            assert row["us_per_patch"] == statistics.median(row["rounds_us"])
            found.setdefault(row["case"], {}).setdefault(side, []).append(row["us_per_patch"])
    for case, runs in found.items():
        cells = [", ".join(f"{us:g}" for us in runs[side]) for side in ("before", "after")]
        assert f"| {case} | {cells[0]} | {cells[1]} |" in readme, case
    for case, medians in (("five_towers-4p-physical", "155.9 → 111.4"),
                          ("five_towers-5p-physical", "152.8 → 119.6")):
        before, after = (statistics.median(found[case][side]) for side in ("before", "after"))
        assert f"{before:g} → {after:g}" == medians and medians in readme, case
        assert after < 0.8 * before, case
