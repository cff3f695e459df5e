"""A test run leaves nothing behind, also when it is killed with SIGKILL: the janitor
(tests/janitor.py) kills what the run started and removes its temporary folder."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from towerplay.lifeline import alive

from tests.janitor import MARK

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 120.0


def wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"waited {DEADLINE:.0f} s for {what}"
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.parametrize("workers", [[], ["-n", "1"]], ids=["alone", "xdist"])
def test_a_run_killed_with_sigkill_leaves_no_process_and_no_folder(
        tmp_path: Path, workers: list[str]) -> None:
    ready = tmp_path / "ready"
    env = {k: v for k, v in os.environ.items() if k not in (MARK, "TOWERPLAY_HOME")}
    env.update(TMPDIR=str(tmp_path), SCENARIO_READY=str(ready))
    run = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            *workers, "tests/meta/scenario_killed.py"],
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_for(ready.exists, "the inner test to start its process")
        child, folder = ready.read_text().split()
        run_folder = Path(folder).parent
        assert run_folder.parent == tmp_path and run_folder.name.startswith("tp-tests-")
        assert alive(int(child)) and Path(folder).is_dir()
        run.send_signal(signal.SIGKILL)
        run.wait(30)
        wait_for(lambda: not alive(int(child)), "the inner test's process to be killed")
        wait_for(lambda: not run_folder.exists(), f"{run_folder} to be removed")
    finally:
        if run.poll() is None:
            run.kill()
            run.wait(30)
