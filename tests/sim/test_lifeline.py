"""Workers end with their parent: `towerplay sim` killed with SIGKILL leaves no worker
(checked by PID), on local processes and on a local Ray; a worker whose parent is
already gone ends at once. Linux (the PIDs are read from /proc)."""
from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from towerplay.lifeline import alive, descendants, die_with_parent, end_pool

from tests.waiting import PATIENCE, wait_for

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def wait_gone(pids: list[int]) -> None:
    """Wait until every process of ``pids`` has ended (fail, naming them, if one lives on)."""
    wait_for(lambda: not any(alive(pid) for pid in pids), f"the processes {pids} to end")


def start_and_kill(tmp_path: Path, *args: str) -> list[int]:
    """Start a long `towerplay sim`, wait for its first rows, kill it with SIGKILL; the
    PIDs of every process it had started."""
    out = tmp_path / "rows.jsonl"
    command = [sys.executable, "-m", "towerplay", "sim", "five_towers", "--bots", "random",
               "--games", "1000000", *args, "--out", str(out)]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def rows_written() -> bool:
            assert parent.poll() is None, "the run ended before it was killed"
            return out.exists() and out.stat().st_size > 0

        wait_for(rows_written, "the run's first rows")
        started = descendants(parent.pid)
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    return started


def test_killing_sim_with_sigkill_ends_its_workers(tmp_path: Path) -> None:
    workers = start_and_kill(tmp_path, "--workers", "2")
    assert len(workers) == 2, workers  # the two pool workers were playing
    wait_gone(workers)


@pytest.mark.ray
def test_killing_sim_on_a_local_ray_ends_every_ray_process(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    started = start_and_kill(tmp_path, "--backend", "ray", "--workers", "2")
    assert len(started) >= 4, started  # GCS, raylet, agents, workers, our reaper
    wait_gone(started)


def test_a_worker_whose_parent_is_gone_ends_at_once() -> None:
    # the parent given is not this process's (it died before the call): exit, status 137
    code = subprocess.run([sys.executable, "-c", "from towerplay.lifeline import "
                           f"die_with_parent; die_with_parent({dead_pid()}); print('alive')"],
                          capture_output=True, text=True, timeout=PATIENCE)
    assert code.returncode == 137 and "alive" not in code.stdout


def test_a_worker_ends_when_its_parent_is_killed() -> None:
    # a middle process starts a worker that calls die_with_parent, then is killed -9
    worker = ("import sys, time; from towerplay.lifeline import die_with_parent; "
              "die_with_parent(int(sys.argv[1])); print('ready', flush=True); time.sleep(60)")
    middle = ("import os, subprocess, sys, time; "
              f"p = subprocess.Popen([sys.executable, '-c', {worker!r}, str(os.getpid())]); "
              "print(p.pid, flush=True); time.sleep(60)")
    process = subprocess.Popen([sys.executable, "-c", middle], stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout is not None
    pid = int(process.stdout.readline())
    assert process.stdout.readline().strip() == "ready"  # the worker is watched now
    assert alive(pid)
    process.kill()
    process.wait()
    wait_gone([pid])


def dead_pid() -> int:
    """A PID that was a process and has ended (and been reaped)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_die_with_parent_returns_for_a_living_parent() -> None:
    script = ("import os; from towerplay.lifeline import die_with_parent; "
              "die_with_parent(os.getppid()); die_with_parent(); print('still here')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=PATIENCE, env={**os.environ})
    assert done.returncode == 0 and done.stdout.strip() == "still here"


def busy_for_an_hour(started: Path) -> None:
    """A task that says it started (a file in ``started``), then sleeps for an hour."""
    (started / str(os.getpid())).touch()
    time.sleep(3600)


def test_end_pool_ends_a_busy_pool_at_once_and_leaves_no_thread_behind(tmp_path: Path,
                                                                        ) -> None:
    """A pool ended mid-task (Ctrl-C in `towerplay sim`, a server stopping) is gone when
    ``end_pool`` returns: workers and the pool's manager thread, so Python's exit hook
    never writes to the manager's closed wake-up pipe (a traceback at exit on 3.11). Its
    forked workers inherit a SIGTERM handler that only fails their task: they end anyway."""
    def fail_the_task(signum: int, frame: object) -> None:
        raise RuntimeError("asked to stop")

    previous = signal.signal(signal.SIGTERM, fail_the_task)
    try:
        pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork"),
                                   initializer=die_with_parent, initargs=(os.getpid(),))
        busy = [pool.submit(busy_for_an_hour, tmp_path) for _ in range(3)]
    finally:
        signal.signal(signal.SIGTERM, previous)
    wait_for(lambda: len(list(tmp_path.iterdir())) == 2, "both workers to be in a task")
    workers = list(pool._processes.values())
    manager = pool._executor_manager_thread
    end_pool(pool)  # (waiting for the tasks instead would run into pytest's timeout)
    assert not [worker for worker in workers if worker.is_alive()]
    assert manager is not None and not manager.is_alive()
    assert all(future.done() for future in busy)
