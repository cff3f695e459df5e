"""Machine instructions a random action costs, counted by valgrind: the raw engine, the
PettingZoo env with a free observer, and with the game's observer (same seeds).

    PYTHONPATH=src:. .venv/bin/python benchmarks/count_rl_instructions.py          # every game
    PYTHONPATH=src:. .venv/bin/python benchmarks/count_rl_instructions.py castle --games 20

Needs valgrind (Debian: ``apt-get install valgrind``). On a machine shared with other work
a timed share of the raw engine moves by a third from run to run (``bench_rl.py`` prints
each share's lowest and highest round); a count of instructions does not move at all, so it
is the figure a rerun reproduces exactly. Each loop runs in its own child under
``valgrind --tool=callgrind``, inside ``functools.reduce`` so that only the loop is counted
(not the interpreter's start nor the imports), with ``PYTHONHASHSEED=0``. Instructions are
not time: the env's run slower than the engine's (more memory touched, numpy's calls), so
its share of instructions is above its share of time.
"""
from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import typer

from benchmarks.count_rl_opcodes import _zeros, aec, observation_owner, raw
from towerplay import games
from towerplay.envs import pettingzoo

LOOPS = ("raw engine", "env, free observer", "env")


def child(name: str, players: int, count: int, loop: str) -> None:
    """Run one loop inside ``functools.reduce`` (what callgrind counts); print its actions."""
    made = pettingzoo.env(name, players=players)
    made.reset(seed=0)  # (imports and the observer built before the count)
    if loop == "env, free observer":
        owner = observation_owner(made.unwrapped.setup.observer)
        owner.observation = _zeros  # type: ignore[method-assign]
    play = raw if loop == "raw engine" else aec
    steps = functools.reduce(lambda _, __: play(name, players, count), [0], 0)
    print(steps)


def counted(name: str, players: int, count: int, loop: str) -> tuple[int, int]:
    """``loop``'s actions and instructions, from a child under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce",
             f"--callgrind-out-file={out}", sys.executable, __file__, "--child", loop,
             name, "--players", str(players), "--games", str(count)],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
            check=False)
        if done.returncode != 0:
            raise SystemExit(f"valgrind failed on {name} ({loop}): {done.stderr[-500:]}")
        totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        if totals is None:
            raise SystemExit(f"no instruction count in callgrind's output for {name}")
        return int(done.stdout.split()[-1]), int(totals.group(1))


def main(names: list[str] = typer.Argument(None, help="games (default: all)"),  # noqa: B008
         players: int = typer.Option(2, help="seats per game"),
         count: int = typer.Option(10, "--games", help="games per loop"),
         loop: str = typer.Option("", "--child", hidden=True)) -> None:
    if loop:
        child(names[0], players, count, loop)
        return
    print("| game | raw engine | env, free observer | env | raw ÷ env |")
    print("|---|---:|---:|---:|---:|")
    for name in names or games.names():
        per_action = []
        for label in LOOPS:
            steps, instructions = counted(name, players, count, label)
            per_action.append(instructions / steps)
        rawest, free, env = per_action
        print(f"| {name} | {rawest:,.0f} | {free:,.0f} | {env:,.0f} | {rawest / env:.1%} |",
              flush=True)


if __name__ == "__main__":
    typer.run(main)
