"""A whole simulation run: resume from the output file, play what is missing, finish the
file in index order.

>>> import tempfile
>>> from pathlib import Path
>>> from towerplay.sim.plan import Plan
>>> plan = Plan.build("castle", players=2, bots=["random"], games=3, seed=1)
>>> out = Path(tempfile.mkdtemp()) / "runs.jsonl"
>>> run(plan, out).played, run(plan, out).played     # the second run finds them done
(3, 0)
>>> [row["index"] for row in read_rows(out)]
[0, 1, 2]
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from towerplay.core.errors import InvalidOptions
from towerplay.sim.backends import execute
from towerplay.sim.plan import Plan, SimJob
from towerplay.sim.play import Row, play_batch
from towerplay.sim.store import (Appender, drop_torn_line, format_of, journal_of, read_rows,
                                 write_rows)


@dataclass
class Outcome:
    """What a run did: games played now, found done, and the torn line dropped (if any)."""

    played: int
    resumed: int
    dropped_torn_line: bool
    rows: int


def done_rows(plan: Plan, out: Path) -> tuple[list[Row], bool]:
    """The rows already in ``out`` (and its journal), checked against the plan; and
    whether a torn last line was dropped. :class:`InvalidOptions` if they are another
    run's games."""
    journal = journal_of(out)
    torn = drop_torn_line(journal)
    rows: dict[int, Row] = {}
    for path in dict.fromkeys([out, journal]):
        if path.exists() and path.stat().st_size:
            for row in read_rows(path):
                rows.setdefault(_index(row, out), row)
    for index, row in rows.items():
        if index < len(plan.jobs):
            _check_same(plan.jobs[index], row, out)
        elif row.get("game") != plan.game:
            raise InvalidOptions(f"{out} holds games of {row.get('game')!r}, not "
                                 f"{plan.game!r}; choose another --out")
    return [rows[i] for i in sorted(rows)], torn


def _index(row: Row, out: Path) -> int:
    index = row.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise InvalidOptions(f"{out} has a row without a game index; it is not a "
                             "simulation's output")
    return index


def _check_same(job: SimJob, row: Row, out: Path) -> None:
    """Refuse rows that are not this plan's game at that index."""
    seats = tuple(row.get(f"bot_{s}") for s in range(job.players))
    if (row.get("game") != job.game or row.get("seed") != job.seed
            or row.get("options") != job.options or seats != job.names):
        raise InvalidOptions(f"{out} holds games of another run (game {job.index} there is "
                             f"{row.get('game')!r} seed {row.get('seed')!r} with bots "
                             f"{', '.join(map(str, seats))}); give the same arguments to "
                             "resume it or choose another --out")


def run(plan: Plan, out: Path, workers: int = 1, backend: str = "processes",
        address: str | None = None,
        on_row: Callable[[Row], None] | None = None,
        on_start: Callable[[int, int], None] | None = None) -> Outcome:
    """Play the plan's missing games into ``out`` and finish it in index order.

    ``on_start(done, total)`` is called once before play, ``on_row`` per new row."""
    kind = format_of(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    rows, torn = done_rows(plan, out)
    done = {row["index"] for row in rows}
    missing = [job for job in plan.jobs if job.index not in done]
    if on_start is not None:
        on_start(len(plan.jobs) - len(missing), len(plan.jobs))
    journal = journal_of(out)
    if missing:
        appender = Appender(journal, "csv" if kind == "csv" else "jsonl")
        try:
            for row in execute(missing, play_batch, workers=workers, backend=backend,
                               address=address):
                appender.write(row)
                rows.append(row)
                if on_row is not None:
                    on_row(row)
        finally:
            appender.close()
    rows.sort(key=lambda row: int(row["index"]))
    write_rows(out, rows)
    if journal != out:
        journal.unlink(missing_ok=True)
    return Outcome(len(missing), len(plan.jobs) - len(missing), torn, len(rows))


def describe(outcome: Outcome, out: Path) -> str:
    """One line on what a run did."""
    parts = [f"{outcome.rows} games in {out}", f"{outcome.played} played now"]
    if outcome.resumed:
        parts.append(f"{outcome.resumed} found done")
    if outcome.dropped_torn_line:
        parts.append("a torn last line dropped")
    return "; ".join(parts)


def rows_of(path: Path) -> list[dict[str, Any]]:
    """The rows of a finished (or interrupted) run, in index order."""
    if not path.exists():
        raise InvalidOptions(f"no such file: {path}")
    rows = read_rows(path)
    return sorted(rows, key=lambda row: int(row.get("index", 0)))
