"""nginx for the tests and the server benchmark: Debian's (``scripts/system-packages.sh``
installs it), run in front of towerplay servers with the configuration of docs/deploy.md
(:mod:`towerplay.server.nginx`)."""
from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from towerplay.server.nginx import config

from tests.server.conftest import free_port, kill_group
from tests.system import nginx
from tests.waiting import wait_for


@contextmanager
def running_nginx(servers: list[str], by_table: bool = False,
                  home: Path | None = None) -> Iterator[tuple[str, int]]:
    """nginx on a free loopback port in front of ``servers`` (``host:port``), its files in
    ``home`` (default: a folder of its own, removed afterwards): its base URL and its
    master's process id; it ends with the block (its whole process group)."""
    binary = nginx()
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
            def started() -> bool:
                assert child.poll() is None, (folder / "nginx.log").read_text()
                return (folder / "nginx.pid").exists()

            wait_for(started, "nginx to start")
            yield f"http://127.0.0.1:{port}", child.pid
        finally:
            kill_group(child)
