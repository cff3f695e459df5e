"""The system programs some tests need: Debian's chromium (marker ``browser``), postgresql
(marker ``cluster``) and nginx (the proxy in front of several servers).
``scripts/system-packages.sh`` installs them; the tests never do. Without them those
tests fail, naming the script and how to leave them out."""
from __future__ import annotations

import glob
import shutil
from pathlib import Path

import pytest

SETUP = "scripts/system-packages.sh"


def required(found: Path | None, package: str, marker: str) -> Path:
    """``found``, or fail the test: ``package`` is missing."""
    if found is None or not found.exists():
        pytest.fail(f"Debian's {package} is not installed: run {SETUP} first (as root), "
                    f"or leave these tests out with -m 'not {marker}'", pytrace=False)
    return found


def chromium() -> Path:
    """Debian's chromium."""
    return required(Path("/usr/bin/chromium"), "chromium", "browser")


def postgres_bin() -> Path:
    """The directory of PostgreSQL's server programs (initdb, pg_ctl)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    initdb = found[-1] if found else shutil.which("initdb")
    return required(Path(initdb).resolve().parent if initdb else None, "postgresql", "cluster")


def nginx() -> Path:
    """Debian's nginx (``nginx-light``), the proxy of docs/deploy.md."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    return required(Path(found) if found else None, "nginx-light", "cluster")
