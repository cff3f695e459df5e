"""`towerplay sim` around the edges: every output problem is one line and status 2, a
finished run's file is not touched again, progress lines without a terminal, Ctrl-C says
how to resume and leaves a valid file, a Ray address that does not answer is refused in
seconds, and work in flight follows the Ray cluster's CPUs."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from towerplay.cli import app
from towerplay.lifeline import alive, descendants
from towerplay.sim import backends
from towerplay.sim.store import read_rows, torn_tail

from tests.waiting import PATIENCE, wait_for

SMALL = ["sim", "castle", "--bots", "random", "--games", "4"]


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def one_line_error(code: int, output: str, words: str) -> None:
    assert code == 2 and output.count("\n") == 1, output
    assert output.startswith("error: ") and words in output and "Traceback" not in output


def towerplay(*args: str) -> list[str]:
    return [sys.executable, "-m", "towerplay", *args]


@pytest.fixture
def sealable(tmp_path: Path) -> Iterator[tuple[Path, Callable[[], None]]]:
    """A folder and a function making it read-only: a read-only tmpfs for root (which
    ignores file modes), else chmod."""
    folder = tmp_path / "media"
    folder.mkdir()
    if os.geteuid() != 0:
        yield folder, lambda: folder.chmod(0o555)
        folder.chmod(0o755)
        return
    mount = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                           capture_output=True)
    if mount.returncode != 0:
        pytest.skip("running as root where no tmpfs can be mounted")

    def seal() -> None:
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    try:
        yield folder, seal
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.slow
def test_output_problems_are_one_line(tmp_path: Path,
                                      sealable: tuple[Path, Callable[[], None]]) -> None:
    one_line_error(*invoke(*SMALL, "--out", "/proc/x.jsonl"), "cannot write /proc/x.jsonl")
    (tmp_path / "file").write_text("")
    one_line_error(*invoke(*SMALL, "--out", str(tmp_path / "file" / "deep" / "x.csv")),
                   f"{tmp_path / 'file'} is a file, not a folder")
    folder, seal = sealable
    seal()
    one_line_error(*invoke(*SMALL, "--out", str(folder / "x.jsonl")), "cannot write")
    one_line_error(*invoke(*SMALL, "--out", str(folder / "x.parquet")), "cannot write")
    rows = tmp_path / "rows.jsonl"
    assert invoke(*SMALL, "--out", str(rows))[0] == 0
    one_line_error(*invoke("report", str(rows), "--html", str(folder / "r.html")),
                   f"cannot write {folder / 'r.html'}")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_one_line(tmp_path: Path) -> None:
    full = tmp_path / "full.jsonl"
    full.symlink_to("/dev/full")  # every write there fails with ENOSPC
    one_line_error(*invoke(*SMALL, "--out", str(full)), "No space left on device")


def test_a_full_disk_met_in_process_is_one_line(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", full)  # as a full disk answers a delayed write
    for name in ("rows.csv", "rows.parquet"):
        one_line_error(*invoke(*SMALL, "--out", str(tmp_path / name)),
                       f"cannot write {tmp_path / name}")


def test_a_finished_run_is_not_touched(tmp_path: Path,
                                       sealable: tuple[Path, Callable[[], None]]) -> None:
    folder, seal = sealable
    for name in ("rows.jsonl", "rows.parquet"):
        out = folder / name
        assert invoke(*SMALL, "--out", str(out))[0] == 0
        before = out.stat()
        code, output = invoke(*SMALL, "--out", str(out))
        assert code == 0 and "complete: file untouched" in output
        after = out.stat()
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    seal()  # read-only media: a finished run still answers
    code, output = invoke(*SMALL, "--out", str(folder / "rows.jsonl"))
    assert code == 0 and "4 found done" in output


def test_progress_lines_without_a_terminal(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    done = subprocess.run(towerplay("sim", "castle", "--bots", "random", "--games", "50",
                                    "--workers", "2", "--out", str(out)),
                          capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    progress = [line for line in lines if re.fullmatch(r"\d+/50 games, [\d,]+/s, eta (\S+ s|—)",
                                                         line)]
    assert [int(line.split("/")[0]) for line in progress] == list(range(5, 51, 5))
    assert lines[-1].startswith(f"50 games in {out}; 50 played now; ")
    assert "games/s" in lines[-1]
    assert "no failures" in lines[-1] and "\x1b" not in done.stderr  # no bar, no colours


def hear_ctrl_c() -> None:
    """In the child: Ctrl-C as an interactive shell's job gets it, even when this suite runs
    where SIGINT is ignored (a background job, nohup), which children would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_says_how_to_resume(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    args = ["sim", "castle", "--bots", "random", "--games", "600", "--workers", "2",
            "--out", str(out)]
    run = subprocess.Popen(towerplay(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, start_new_session=True,  # its own group, as a shell's job
                           preexec_fn=hear_ctrl_c)
    wait_for(lambda: out.exists() and out.stat().st_size > 0, "the run's first rows")
    workers = descendants(run.pid)
    os.killpg(run.pid, signal.SIGINT)  # Ctrl-C reaches the whole group, workers too
    _, stderr = run.communicate(timeout=PATIENCE)
    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    last = stderr.splitlines()[-1]
    assert last.startswith("interrupted: ") and f"of 600 games in {out}" in last
    again = last.split("resume with: ")[1]
    assert again == ("towerplay sim castle --players 2 --bots random --games 600 --workers 2 "
                     f"--seed 0 --out {out}")
    assert not [pid for pid in workers if alive(pid)]
    assert torn_tail(out) == 0
    kept = [row["index"] for row in read_rows(out)]
    assert kept == list(range(len(kept))) and len(kept) < 600  # a prefix, in order
    resumed = subprocess.run(towerplay(*again.split()[1:]), capture_output=True, text=True,
                             timeout=300)
    assert resumed.returncode == 0 and f"{len(kept)} found done" in resumed.stderr
    assert [row["index"] for row in read_rows(out)] == list(range(600))


@pytest.mark.ray
def test_a_ray_address_that_refuses_is_one_line(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    out = ["--out", str(tmp_path / "rows.jsonl")]
    one_line_error(*invoke(*SMALL, *out, "--backend", "ray", "--address", "127.0.0.1:1"),
                   "no Ray cluster answers there")
    one_line_error(*invoke(*SMALL, *out, "--backend", "ray", "--address", "nowhere"),
                   "HOST:PORT")


@pytest.mark.ray
def test_a_ray_address_that_says_nothing_is_refused_in_seconds(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    with socket.socket() as silent:  # accepts connections, never speaks Ray
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        done = subprocess.run(towerplay(*SMALL, "--backend", "ray", "--address", address,
                                        "--out", str(tmp_path / "rows.jsonl")),
                              capture_output=True, text=True, timeout=PATIENCE)
        waited = time.monotonic() - started
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"no Ray cluster answered within {backends.CONNECT_SECONDS:g} s" in done.stderr
    assert waited < 60  # not Ray's minutes of retries (the bound itself is 10 s)


class FakeRay:
    """Just enough of ``ray`` to watch how many tasks are in flight on an 8-CPU cluster."""

    def __init__(self) -> None:
        self.running: list[int] = []
        self.most = 0

    def is_initialized(self) -> bool:
        return True  # joined already: nothing is started or shut down

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 8.0}

    def remote(self, play: Callable[[list[int]], list[int]]) -> Any:
        fake = self

        class Remote:
            def remote(self, batch: list[int]) -> tuple[int, tuple[int, ...]]:
                fake.running.append(id(batch))
                fake.most = max(fake.most, len(fake.running))
                return (id(batch), tuple(play(batch)))
        return Remote()

    def wait(self, refs: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return refs[-1:], refs[:-1]  # the newest first: results come back out of order

    def get(self, ref: tuple[int, tuple[int, ...]]) -> list[int]:
        self.running.remove(ref[0])
        return list(ref[1])


@pytest.mark.parametrize("ordered", [False, True])
def test_work_in_flight_follows_the_ray_cluster(monkeypatch: pytest.MonkeyPatch,
                                                ordered: bool) -> None:
    fake = FakeRay()
    monkeypatch.setattr(backends, "_ray_module", lambda: fake)
    jobs = list(range(1000))
    got = list(backends.execute(jobs, backends._double_all, workers=None, backend="ray",
                                ordered=ordered))
    assert fake.most == backends.IN_FLIGHT * 8  # --workers left out: the cluster's 8 CPUs
    assert sorted(got) == [2 * j for j in jobs]
    if ordered:
        assert got == [2 * j for j in jobs]
    fake.most = 0
    list(backends.execute(jobs, backends._double_all, workers=2, backend="ray"))
    assert fake.most == backends.IN_FLIGHT * 2  # --workers 2: two CPUs' worth


def test_ordered_results_hold_a_bounded_window() -> None:
    window = backends.Window(in_flight=2, ordered=True)
    for _ in range(2):
        assert window.room()
        window.running += 1
        window.submitted += 1
    assert not window.room()  # two in flight
    assert window.finished(1, ["b"]) == []  # held until batch 0 comes
    window.running += 1
    window.submitted += 1
    assert window.finished(2, ["c"]) == [] and window.room()
    window.running += 1
    window.submitted += 1  # 4 batches out, 0 still missing: the window (2 x 2) is full
    assert not window.room()
    assert window.finished(0, ["a"]) == ["a", "b", "c"] and window.room()


class SlowStartingRay:
    """A ``ray`` whose local node misses Ray's startup deadline ``misses`` times (each try
    leaves a process behind, as a half-started node does), then starts."""

    def __init__(self, misses: int, error: str = "The current node timed out during "
                 "startup. This could happen because some of the raylet failed") -> None:
        self.misses, self.error = misses, error
        self.tries = self.shutdowns = 0
        self.left: list[subprocess.Popen[bytes]] = []

    def init(self, **options: Any) -> None:
        self.tries += 1
        if self.tries <= self.misses:
            self.left.append(subprocess.Popen([sys.executable, "-c",
                                               "import time; time.sleep(600)"]))
            raise Exception(self.error)  # (what ray.init raises)

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_a_local_ray_too_slow_to_start_is_started_again() -> None:
    fake = SlowStartingRay(misses=backends.RAY_STARTS - 1)
    backends._connect(fake, workers=2, address=None)
    assert fake.tries == backends.RAY_STARTS and fake.shutdowns == backends.RAY_STARTS - 1
    for left in fake.left:  # what each failed start left running was ended
        assert left.wait(timeout=PATIENCE) == -signal.SIGKILL


@pytest.mark.parametrize("fake", [SlowStartingRay(misses=backends.RAY_STARTS),
                                  SlowStartingRay(misses=1, error="no such option")],
                         ids=["always-slow", "another-error"])
def test_a_local_ray_that_cannot_start_says_why(fake: SlowStartingRay) -> None:
    with pytest.raises(Exception, match="timed out during startup|no such option"):
        backends._connect(fake, workers=2, address=None)
    assert fake.tries == (backends.RAY_STARTS if fake.misses > 1 else 1)
    for left in fake.left:
        left.kill()
        left.wait()
