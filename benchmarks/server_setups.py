"""The processes of benchmarks/bench_server.py's setups: ``towerplay serve`` and
``towerplay worker`` subprocesses (each in its own process group, killed with it), a
throwaway PostgreSQL cluster (tests/server/conftest.py's), and nginx as a round-robin
load balancer with docs/deploy.md's configuration (tests/server/proxies.py's; Debian's
nginx-light, which scripts/system-packages.sh installs)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import NamedTuple

import httpx

BENCH_LIMITS = ("actions_per_second=1000,actions_burst=1000,tables_per_minute=100000,"
                "bot_tables=100000,sockets_per_address=100000")
"""The clients share one address: per-address limits raised (serve's hidden --limits)."""

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def kill(child: subprocess.Popen[bytes]) -> None:
    """SIGTERM a process group, SIGKILL it if still there after 10 s."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 30)):
        try:
            os.killpg(child.pid, sig)
        except ProcessLookupError:
            break
        try:
            child.wait(wait)
            break
        except subprocess.TimeoutExpired:
            continue


@contextmanager
def process(command: list[str], log: Path, env: dict[str, str] | None = None,
            ) -> Iterator[subprocess.Popen[bytes]]:
    """``command`` in its own process group (its output to ``log``), killed afterwards."""
    with open(log, "wb") as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                 env={**os.environ, **(env or {})}, start_new_session=True)
    try:
        yield child
    finally:
        kill(child)


def wait_answering(base: str, child: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise SystemExit(f"{log.name} exited:\n{log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"{base} did not answer in 90 s:\n{log.read_text()[-2000:]}")


@contextmanager
def serve(url: str, home: Path, name: str, bot_worker: bool, extra: list[str] | None = None,
          ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``python -m towerplay serve`` on ``url`` (SQLite or PostgreSQL; ``extra``: more
    options): its base URL."""
    port = free_port()
    command = [sys.executable, "-m", "towerplay", "serve", "--port", str(port),
               "--limits", BENCH_LIMITS, "--forwarded-allow-ips", "127.0.0.1"]
    env = {}
    if url.startswith("sqlite:///"):
        command += ["--db", url.removeprefix("sqlite:///")]
    else:
        env["TOWERPLAY_DATABASE_URL"] = url
    if not bot_worker:
        command.append("--no-bot-worker")
    command += extra or []
    log = home / f"{name}.log"
    with process(command, log, env) as child:
        base = f"http://127.0.0.1:{port}"
        wait_answering(base, child, log)
        yield base, child


@contextmanager
def worker(url: str, home: Path) -> Iterator[subprocess.Popen[bytes]]:
    log = home / "worker.log"
    with process([sys.executable, "-m", "towerplay", "worker", "--database-url", url],
                 log) as child:
        deadline = time.monotonic() + 90
        while "towerplay worker" not in log.read_text():
            if child.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the worker did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.1)
        yield child


@contextmanager
def postgres() -> Iterator[tuple[str, int]]:
    """A throwaway PostgreSQL cluster (tests/server/conftest.py's): its base URL and its
    postmaster's process id."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.server.conftest import running_cluster

    with running_cluster() as cluster:
        postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
        yield cluster.url, postmaster


def group_cpu_seconds(pids: list[int]) -> float:
    """CPU seconds (user + system) used so far by the living processes of the process
    groups of ``pids`` (a server or worker with its thinking processes) and by their
    children (PostgreSQL's backends each start a session of their own), read from /proc
    (Linux); 0 elsewhere."""
    groups, ticks = set(), 0
    for pid in pids:
        try:
            groups.add(os.getpgid(pid))
        except ProcessLookupError:
            continue
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[2]) in groups or int(fields[1]) in pids:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def new_database(cluster: str, name: str) -> str:
    import psycopg

    with psycopg.connect(f"{cluster}/postgres", autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    return f"{cluster}/{name}"


@contextmanager
def nginx(bases: list[str], home: Path, by_table: bool = False,
          ) -> Iterator[tuple[str, int]]:
    """nginx on a free loopback port in front of ``bases`` (docs/deploy.md's configuration,
    :mod:`towerplay.server.nginx`): its base URL and master's id."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.server.proxies import running_nginx

    with running_nginx([base.removeprefix("http://") for base in bases], by_table,
                       home) as (base, pid):
        yield base, pid


class Running(NamedTuple):
    """A setup that runs (:func:`setup`)."""

    base: str
    """Where the clients connect (the server, or nginx in front of the servers)."""
    pids: dict[str, list[int]]
    """The process ids of its parts (``serve``, ``worker``, ``nginx``; each the leader of
    its process group)."""
    url: str
    """The database's URL."""
    servers: list[str]
    """Each server's own base URL (its ``/metrics``)."""


@contextmanager
def setup(kind: str, run_name: str, cluster: str | None, home: Path) -> Iterator[Running]:
    """The running setup.

    ``sqlite``: one ``towerplay serve`` on SQLite (bots in-process);
    ``pg1``: one ``serve --no-bot-worker`` + one ``towerplay worker`` on PostgreSQL;
    ``pg2``: two of those servers + one worker behind nginx (round robin);
    ``pg2-table``: the same, nginx routing by table (a consistent hash of its id)."""
    folder = Path(tempfile.mkdtemp(prefix=f"{run_name}-", dir=home))
    with ExitStack() as stack:
        if kind == "sqlite":
            url = f"sqlite:///{folder / 'bench.sqlite'}"
            base, child = stack.enter_context(serve(url, folder, "serve", True))
            yield Running(base, {"serve": [child.pid]}, url, [base])
            return
        assert cluster is not None
        url = new_database(cluster, run_name)
        count = 1 if kind == "pg1" else 2
        servers = [stack.enter_context(serve(url, folder, f"serve{i}", False))
                   for i in range(count)]
        pids = {"serve": [child.pid for _, child in servers],
                "worker": [stack.enter_context(worker(url, folder)).pid]}
        base = servers[0][0]
        if count > 1:
            base, balancer = stack.enter_context(
                nginx([b for b, _ in servers], folder, by_table=kind == "pg2-table"))
            pids["nginx"] = [balancer]
        yield Running(base, pids, url, [b for b, _ in servers])
