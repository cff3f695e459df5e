"""The RL example trains for a few seconds and draws its learning curve."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_reinforce.py"


@pytest.mark.slow
def test_the_reinforce_example_trains_and_plots(tmp_path: Path) -> None:
    png = tmp_path / "curve.png"
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--seconds", "4", "--eval-every", "10",
         "--eval-games", "4", "--png", str(png)],
        capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stderr
    assert "games:" in result.stdout and "vs greedy" in result.stdout
    assert png.read_bytes()[:4] == b"\x89PNG"
