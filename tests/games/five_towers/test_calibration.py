"""The script that fits LEAD_SCALE (``benchmarks/calibrate_five_towers.py``) still runs."""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path

SCRIPT = Path(__file__).parents[3] / "benchmarks" / "calibrate_five_towers.py"


def test_the_calibration_samples_every_round_and_fits_a_scale() -> None:
    spec = importlib.util.spec_from_file_location("calibrate_five_towers", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    samples = script.play(3) + script.play(4)
    lefts = [left for left, _, _ in samples]
    assert lefts[0] > 20 and min(lefts) < 1  # from the first round to the last
    assert {win for _, _, win in samples} <= {0.0, 0.5, 1.0}
    a, b = script.fit(samples)
    assert 1.0 <= a <= 8.0 and 0.0 <= b <= 3.0
    best = script.log_likelihood(samples, script.curve(samples, a, b))
    assert best >= script.log_likelihood(samples, script.curve(samples, 3.5, 1.1))
    assert best > math.log(0.5)  # the leads tell something about who wins
