"""Every command-line test records its games under its own temporary TOWERPLAY_HOME."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def towerplay_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private home for the games recorded by default (never the user's own)."""
    home = tmp_path / "towerplay-home"
    monkeypatch.setenv("TOWERPLAY_HOME", str(home))
    return home
