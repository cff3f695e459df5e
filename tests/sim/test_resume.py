"""An interrupted run resumes: kill `towerplay sim` mid-run, start it again, and the file
ends up the same as an uninterrupted run's, with no game played twice."""
from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from towerplay.sim.plan import Plan
from towerplay.sim.runner import run
from towerplay.sim.store import read_rows

from tests.waiting import PATIENCE, wait_for

ARGS = ["five_towers", "--players", "2", "--bots", "greedy,random", "--games", "120",
        "--seed", "9", "--workers", "1"]


def command(out: Path) -> list[str]:
    return [sys.executable, "-m", "towerplay", "sim", *ARGS, "--out", str(out)]


def lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


@pytest.mark.slow
def test_killed_run_resumes_without_duplicates(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    process = subprocess.Popen(command(out), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    wait_for(lambda: lines(out) >= 10 or process.poll() is not None, "ten rows written")
    process.send_signal(signal.SIGKILL)
    process.wait()
    partial = read_rows(out)
    assert 10 <= len(partial) < 120, "the run was killed mid-way"
    with out.open("ab") as handle:
        handle.write(b'{"game":"five_towers","index":')  # a line torn by the kill
    again = subprocess.run(command(out), capture_output=True, text=True, timeout=PATIENCE)
    assert again.returncode == 0, again.stderr
    assert f"{len(partial)} found done" in again.stderr and "torn" in again.stderr
    rows = read_rows(out)
    assert [row["index"] for row in rows] == list(range(120))  # none twice, none missing
    reference = tmp_path / "reference.jsonl"
    run(Plan.build("five_towers", 2, ["greedy", "random"], 120, seed=9), reference)
    assert out.read_bytes() == reference.read_bytes()
