"""The server benchmark's figures in docs/deploy.md are the ones its results files give:
every row of the table and the medians are recomputed from
benchmarks/results/server-2026-12-02 (the runs' --json lines)."""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "server-2026-12-02"


def reports(code: str) -> list[dict[str, Any]]:
    lines = (RESULTS / f"{code}.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_deploy_page_shows_what_the_results_files_hold() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from bench_server import cpu_medians, table_rows
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    page = (ROOT / "docs" / "deploy.md").read_text()
    after, before = reports("after"), reports("before")
    assert len(after) == len(before) == 6  # two rounds of three setups each
    for row in table_rows(after, "this") + table_rows(before, "b8c9081"):
        assert row in page, row
    now, then = cpu_medians(after), cpu_medians(before)
    for setup in ("sqlite", "pg1", "pg2"):
        assert f"{setup} {now[setup]:.2f} ms here, {then[setup]:.2f} ms before" in page
    assert now["sqlite"] < then["sqlite"] / 2  # the page's "less than half", "about half"
    assert now["pg1"] < then["pg1"] * 0.55
    assert all(report["missed_seats"] == 0 for report in after + before)


def test_the_fairness_figures_are_the_results_files() -> None:
    found = json.loads((RESULTS / "fairness.json").read_text())
    page = (ROOT / "docs" / "deploy.md").read_text()
    assert found["wait_s_median"] == round(statistics.median(found["waits_s"]), 2)
    assert f"a median {found['wait_s_median']} s, at most {found['wait_s_max']} s" in page
    assert max(found["waits_s"]) == found["wait_s_max"] < 3
