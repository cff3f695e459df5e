"""Nothing a test run starts outlives it: not a process, not a temporary folder.

The run's first process (pytest, or xdist's controller) makes one folder for every
temporary file of the run and points ``TMPDIR`` at it, so that pytest's ``tmp_path``,
``tempfile``, the servers, PostgreSQL clusters, chromium and Ray all write below it; and
it marks its environment with the run's id, which every process it starts inherits.

It also starts this module as a watcher process (:class:`Janitor`). The watcher waits on a
pipe from the run; when the run ends, in good order or killed with SIGKILL (the kernel
closes the pipe either way), it kills every process that carries the run's mark or names
the folder on its command line (a PostgreSQL server rewrites its environment, not its
command line), then removes the folder.

A normal end that still finds a process is reported: some test leaked it.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

MARK = "TOWERPLAY_TEST_RUN"
"""The environment variable that marks every process of a run (its value: the folder)."""


class Janitor:
    """The watcher of one test run (its folder ``root``)."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.janitor", str(root)], stdin=subprocess.PIPE,
            cwd=Path(__file__).resolve().parents[1],
            start_new_session=True)  # Ctrl-C in the terminal reaches the run, not us

    def close(self) -> None:
        """The run ended in good order: sweep now and wait until it is done."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(b"done\n")
            self.process.stdin.close()
        except BrokenPipeError:  # pragma: no cover - the watcher is gone already
            pass
        self.process.wait()


def marked(root: str, spare: tuple[int, ...] = ()) -> list[int]:
    """The processes of the run whose folder is ``root``, but for this one and ``spare``."""
    mark = f"{MARK}={root}".encode()
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        pid = int(entry.name)
        if pid == os.getpid() or pid in spare:
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            command = (entry / "cmdline").read_bytes()
        except OSError:  # ended meanwhile, or not ours to read
            continue
        if mark in environ or root.encode() in command:
            found.append(pid)
    return found


def sweep(root: str, spare: tuple[int, ...] = (), attempts: int = 50) -> list[str]:
    """Kill the run's processes but ``spare`` (again, until none is left: a dying parent
    may start another) and remove its folder: the command lines of those it killed."""
    left: list[str] = []
    for _ in range(attempts):
        pids = marked(root, spare)
        if not pids:
            break
        for pid in pids:
            left.append(command_line(pid))
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.1)
    for _ in range(attempts):  # a process killed a moment ago may still be writing
        shutil.rmtree(root, ignore_errors=True)
        if not os.path.exists(root):
            break
        time.sleep(0.1)
    return left


def command_line(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return f"pid {pid}"
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()[:200]


def main() -> None:
    root, run = sys.argv[1], os.getppid()
    said = sys.stdin.buffer.readline()  # b"done\n", or b"" when the run died
    left = sweep(root, spare=(run,))  # in good order the run waits for us: spare it
    if said == b"done\n" and left:
        sys.stderr.write("tests left processes behind (killed now):\n"
                         + "".join(f"  {line}\n" for line in dict.fromkeys(left)))


if __name__ == "__main__":
    main()
