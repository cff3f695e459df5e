"""Helpers of the browser tests: Debian's chromium driven by Playwright, the real server
(``towerplay serve``) in a subprocess that a test may kill, and screenshots.

Playwright's own browser download cannot be reached here, so the tests drive
``/usr/bin/chromium`` (installed with apt-get when missing, as root; else skipped).
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
TIMEOUT_MS = 30_000


def ensure_chromium() -> Path:
    """Debian's chromium, installed with apt-get when missing (root only); skip if not."""
    if CHROMIUM.exists():
        return CHROMIUM
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        pytest.skip("/usr/bin/chromium is missing and apt-get (as root) is unavailable")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    wait = ["-o", "DPkg::Lock::Timeout=600"]  # the other test worker may be installing it
    for command in (["apt-get", *wait, "update", "-q"],
                    ["apt-get", *wait, "install", "-y", "-q", "chromium"]):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            pytest.skip(f"cannot install chromium: {' '.join(command)} failed: "
                        f"{done.stderr.strip()[-300:]}")
    if not CHROMIUM.exists():
        pytest.skip("apt-get installed chromium but /usr/bin/chromium is missing")
    return CHROMIUM


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServeProcess:
    """``towerplay serve --port PORT --db DB`` in a subprocess (killable, restartable)."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    def start(self) -> ServeProcess:
        command = [str(Path(sys.executable).parent / "towerplay"), "serve", "--port",
                   str(self.port), "--db", str(self.db), "--workers", "1"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"towerplay serve did not start: {self.log.read_text()[-800:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown at all, as a crash or a power cut."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Debian chromium under Playwright, for one test module: Playwright's sync
    API runs an event loop while it is open, which other modules' asyncio.run() refuses."""
    from playwright import sync_api

    path = ensure_chromium()
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(path), args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh desktop-sized page."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US", accept_downloads=True)
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    try:
        yield opened
    finally:
        context.close()


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """A real ``towerplay serve`` on a fresh SQLite file."""
    server = ServeProcess(tmp_path_factory.mktemp("web") / "web.sqlite").start()
    try:
        yield server
    finally:
        server.stop()


def screenshots(page: Any, name: str) -> None:
    """Full-page screenshots at desktop size and 360 px wide: test-artifacts/NAME-*.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / f"{name}-360px.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
