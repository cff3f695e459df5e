"""The same seeds give the same rows in this process, on worker processes and on a local
two-CPU Ray."""
from __future__ import annotations

from pathlib import Path

import pytest

from towerplay.core import InvalidOptions
from towerplay.sim.backends import execute
from towerplay.sim.plan import Plan, parse_sweep
from towerplay.sim.play import play_batch
from towerplay.sim.runner import run
from towerplay.sim.store import read_rows


def plan() -> Plan:
    return Plan.build("five_towers", players=3, bots=["greedy", "random"], games=6,
                      options=parse_sweep("five_towers", ["rebid=feasible,physical"]), seed=8)


@pytest.mark.ray
def test_processes_and_ray_give_the_same_rows(tmp_path: Path) -> None:
    here = [row for job in plan().jobs for row in play_batch([job])]
    processes = tmp_path / "processes.jsonl"
    run(plan(), processes, workers=2)
    ray = tmp_path / "ray.jsonl"
    run(plan(), ray, workers=2, backend="ray")
    assert read_rows(processes) == here
    assert ray.read_bytes() == processes.read_bytes()


def test_backend_arguments_are_checked() -> None:
    with pytest.raises(InvalidOptions, match="--backend must be one of"):
        list(execute([1], play_batch, backend="spark"))  # type: ignore[list-item]
    with pytest.raises(InvalidOptions, match="--workers"):
        list(execute([1], play_batch, workers=0))  # type: ignore[list-item]
    with pytest.raises(InvalidOptions, match="with --backend ray"):
        list(execute([1], play_batch, address="127.0.0.1:6379"))  # type: ignore[list-item]
