"""nginx for the tests and the server benchmark: Debian's, installed with apt-get if
missing (as root), run in front of towerplay servers with the configuration of
docs/deploy.md (:mod:`towerplay.server.nginx`)."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.server.conftest import free_port, kill_group
from towerplay.server.nginx import config


def nginx_binary() -> str | None:
    """nginx's path, installed with apt-get (Debian's nginx-light) if missing and if it
    can be (``None``: it cannot)."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    if found or shutil.which("apt-get") is None or os.geteuid() != 0:
        return found
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-q"],
                    ["apt-get", "install", "-y", "-q", "--no-install-recommends",
                     "nginx-light"]):
        if subprocess.run(command, env=env, capture_output=True, timeout=900).returncode:
            return None
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")


@contextmanager
def running_nginx(servers: list[str], by_table: bool = False,
                  home: Path | None = None) -> Iterator[tuple[str, int]]:
    """nginx on a free loopback port in front of ``servers`` (``host:port``), its files in
    ``home`` (default: a folder of its own, removed afterwards): its base URL and its
    master's process id; it ends with the block (its whole process group)."""
    binary = nginx_binary()
    if binary is None:
        pytest.skip("nginx is not installed and cannot be")
    with tempfile.TemporaryDirectory(prefix="towerplay-nginx-") as scratch:
        folder = home or Path(scratch)
        port = free_port()
        conf = folder / "nginx.conf"
        conf.write_text(config(servers, f"127.0.0.1:{port}", str(folder), by_table))
        with open(folder / "nginx.log", "wb") as out:
            child = subprocess.Popen([binary, "-p", str(folder), "-c", str(conf), "-g",
                                      "daemon off;"], stdout=out, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        try:
            deadline = time.monotonic() + 30
            while not (folder / "nginx.pid").exists():
                assert child.poll() is None and time.monotonic() < deadline, \
                    (folder / "nginx.log").read_text()
                time.sleep(0.05)
            yield f"http://127.0.0.1:{port}", child.pid
        finally:
            kill_group(child)
