"""The server benchmark's figures in docs/deploy.md are the ones its results files give:
every row of the tables and the medians are recomputed from
benchmarks/results/server-2026-12-02, -02b, -02c and -03 (the runs' --json lines)."""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "server-2026-12-02"
AGAIN = ROOT / "benchmarks" / "results" / "server-2026-12-02b"
"""The second round's runs (docs/deploy.md, "Measured again")."""
NOTES = ROOT / "benchmarks" / "results" / "server-2026-12-02c"
"""The same with the notification's move."""
INLINE = ROOT / "benchmarks" / "results" / "server-2026-12-03"
"""The third round's runs: boards drawn on the event loop (docs/deploy.md, "Measured a third
time")."""


def reports(code: str, results: Path = RESULTS) -> list[dict[str, Any]]:
    lines = (results / f"{code}.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def bench() -> Any:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_server
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return bench_server


def test_the_deploy_page_shows_what_the_results_files_hold() -> None:
    table_rows, cpu_medians = bench().table_rows, bench().cpu_medians
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


def test_the_second_rounds_figures_are_its_results_files() -> None:
    table_rows, cpu_medians = bench().table_rows, bench().cpu_medians
    page = (ROOT / "docs" / "deploy.md").read_text()
    section = page[page.index("### Measured again"):page.index("### The path to 10,000")]
    runs = {code: (reports("after", results), reports("before", results))
            for code, results in (("6571f28", AGAIN), ("38d7649", NOTES))}
    for code, (after, before) in runs.items():
        assert len(after) == len(before) == 6  # two rounds of three setups each
        for row in table_rows(after, code) + table_rows(before, "2037fe6"):
            assert row in section, row
        now, then = cpu_medians(after), cpu_medians(before)
        assert "; ".join(f"{setup} {now[setup]:.2f} ms here, {then[setup]:.2f} ms before"
                         for setup in ("sqlite", "pg1", "pg2")) in section
        assert 0.6 < now["sqlite"] / then["sqlite"] < 0.77  # "a quarter to a third less"
        assert all(r["missed_seats"] == 0 for r in after + before)
    after, before = runs["38d7649"]
    now, then = cpu_medians(after), cpu_medians(before)
    assert 0.75 < now["pg1"] / then["pg1"] <= 0.8  # "a fifth less"
    assert 0.6 < now["pg2"] / then["pg2"] <= 2 / 3  # "a third less"
    sqlite = [r for both in runs.values() for r in both[0] if r["setup"] == "sqlite"]
    assert sorted(round(r["round_trip_ms_p99"]) for r in sqlite) == [49, 61, 67, 157]
    rates = {setup: [r["actions_per_second"] for r in after if r["setup"] == setup]
             for setup in ("pg1", "pg2")}
    assert [two > one for one, two in zip(rates["pg1"], rates["pg2"], strict=True)] \
        == [False, True]  # "once faster, once slower"
    assert f"{rates['pg2'][0]:.1f} and {rates['pg2'][1]:.1f} actions/s" in section


def test_the_third_rounds_figures_are_its_results_files() -> None:
    table_rows, cpu_medians = bench().table_rows, bench().cpu_medians
    page = (ROOT / "docs" / "deploy.md").read_text()
    section = page[page.index("### Measured a third time"):page.index("### The path to 10,000")]
    after, before = reports("after", INLINE), reports("before", INLINE)
    assert len(after) == len(before) == 6  # two rounds of three setups each
    for row in table_rows(after, "e39e09d") + table_rows(before, "874d93e"):
        assert row in section, row
    now, then = cpu_medians(after), cpu_medians(before)
    assert "; ".join(f"{setup} {now[setup]:.2f} ms here, {then[setup]:.2f} ms before"
                     for setup in ("sqlite", "pg1", "pg2")) in section
    assert 0.85 < now["sqlite"] / then["sqlite"] < 0.9  # "an eighth less"
    def of(reports: list[dict[str, Any]], setup: str, key: str) -> list[float]:
        return [r[key] for r in reports if r["setup"] == setup]
    assert max(of(after, "sqlite", "round_trip_ms_p99")) < 50 \
        < min(of(before, "sqlite", "round_trip_ms_p99"))  # "p99 under the aim"
    totals = {code: [sum(r["cpu_ms_per_action"].values()) for r in runs if r["setup"] == "pg1"]
              for code, runs in (("after", after), ("before", before))}
    assert min(totals["before"]) < max(totals["after"])  # "no change these runs can show"
    assert f"{totals['after'][0]:.2f} and {totals['after'][1]:.2f} ms against " \
        f"{totals['before'][0]:.2f} and {totals['before'][1]:.2f}" in section
    rates = [two > one for one, two in zip(of(after, "pg1", "actions_per_second"),
                                           of(after, "pg2", "actions_per_second"), strict=True)]
    assert rates == [True, False]  # "once faster, once slower"
    assert all(r["missed_seats"] == 0 for r in after + before)


def test_the_fairness_figures_are_the_results_files() -> None:
    found = json.loads((RESULTS / "fairness.json").read_text())
    page = (ROOT / "docs" / "deploy.md").read_text()
    assert found["wait_s_median"] == round(statistics.median(found["waits_s"]), 2)
    assert f"a median {found['wait_s_median']} s, at most {found['wait_s_max']} s" in page
    assert max(found["waits_s"]) == found["wait_s_max"] < 3
