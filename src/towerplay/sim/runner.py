"""A whole simulation run: find what the output file holds, play what is missing, stream
the new rows to it in index order as they come.

Nothing is held but the games in flight, and nothing is rewritten at the end (a Parquet
file is written once, from its journal, when the run is over). A file that already holds
every game is not touched at all, so rerunning a finished command is free and works on
read-only media. Rows are written in index order, so an interrupted and resumed run ends
with the same file as an uninterrupted one.

>>> import tempfile
>>> from pathlib import Path
>>> from towerplay.sim.plan import Plan
>>> plan = Plan.build("castle", players=2, bots=["random"], games=3, seed=1)
>>> out = Path(tempfile.mkdtemp()) / "runs.jsonl"
>>> first, again = run(plan, out), run(plan, out)   # the second run finds them done
>>> first.played, again.played, again.untouched
(3, 0, True)
>>> [row["index"] for row in read_rows(out)]
[0, 1, 2]
"""
from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.i18n import word
from towerplay.sim.backends import execute
from towerplay.sim.plan import Plan, SimJob
from towerplay.sim.play import Row, play_row
from towerplay.sim.store import (
    FORMATS,
    Appender,
    drop_torn_line,
    format_of,
    iter_rows,
    journal_of,
    read_rows,
    torn_tail,
    write_parquet,
)


@dataclass(frozen=True)
class Failure:
    """A game that raised instead of ending: it gets no row (a rerun plays it again)."""

    index: int
    error: str


@dataclass
class Outcome:
    """What a run did: games played now, found done, and the torn line dropped (if any)."""

    played: int
    resumed: int
    dropped_torn_line: bool
    rows: int
    failures: list[Failure] = field(default_factory=list)
    untouched: bool = False
    """The file held every game already: nothing was played or written."""


@dataclass
class Found:
    """What an output file (and its journal) holds, read row by row."""

    done: bytearray
    """1 for each of the plan's games that has a row."""
    rows: int
    """Rows in all, the plan's and any beyond it (a longer earlier run)."""
    torn: bool
    """The file being appended ends with a line torn by a kill."""


def survey(plan: Plan, out: Path) -> Found:
    """Read ``out`` (and its journal) one row at a time, checking each against the plan.
    :class:`InvalidOptions` if they are another run's games."""
    journal = journal_of(out)
    done = bytearray(len(plan.jobs))
    beyond: set[int] = set()
    check = ["game", "index", "seed", "options", *(f"bot_{s}" for s in range(plan.players))]
    for path in dict.fromkeys([out, journal]):
        if not path.exists() or not path.stat().st_size:
            continue
        columns = check if format_of(path) == "parquet" else None
        for row in iter_rows(path, columns=columns):
            index = _index(row, out)
            if index < len(plan.jobs):
                _check_same(plan.jobs[index], row, out)
                done[index] = 1
            elif row.get("game") != plan.game:
                raise InvalidOptions(Event.of("cli.rows_other_game", path=str(out),
                                              found=repr(row.get("game")),
                                              game=repr(plan.game)))
            else:
                beyond.add(index)
    return Found(done, sum(done) + len(beyond), torn_tail(journal) > 0)


def _index(row: Row, out: Path) -> int:
    index = row.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise InvalidOptions(Event.of("cli.rows_no_index", path=str(out)))
    return index


def _check_same(job: SimJob, row: Row, out: Path) -> None:
    """Refuse rows that are not this plan's game at that index."""
    seats = tuple(row.get(f"bot_{s}") for s in range(job.players))
    if (row.get("game") != job.game or row.get("seed") != job.seed
            or row.get("options") != job.options or seats != job.names):
        raise InvalidOptions(Event.of("cli.rows_other_run", path=str(out), index=job.index,
                                      game=repr(row.get("game")), seed=repr(row.get("seed")),
                                      bots=", ".join(map(str, seats))))


def run(plan: Plan, out: Path, workers: int | None = 1, backend: str = "processes",
        address: str | None = None,
        on_game: Callable[[Row | Failure], None] | None = None,
        on_start: Callable[[int, int], None] | None = None,
        metadata: Mapping[str, str] | None = None) -> Outcome:
    """Play the plan's missing games into ``out``, each row written as it comes.
    ``metadata`` goes into a Parquet file (:func:`~towerplay.sim.analysis.file_metadata`).

    ``on_start(done, total)`` is called once before play, ``on_game`` per game played
    (its row, or its :class:`Failure`). Ctrl-C (KeyboardInterrupt) leaves every row
    written so far in a valid file; the same call resumes it."""
    kind = format_of(out)
    found = survey(plan, out)
    missing = Missing(plan.jobs, array("q", (i for i, d in enumerate(found.done) if not d)))
    if on_start is not None:
        on_start(len(plan.jobs) - len(missing), len(plan.jobs))
    journal = journal_of(out)
    resumed = len(plan.jobs) - len(missing)
    if not missing and not found.torn and not (journal != out and journal.exists()):
        return Outcome(0, resumed, False, found.rows, untouched=True)
    torn = drop_torn_line(journal) if found.torn else False
    outcome = Outcome(0, resumed, torn, found.rows)
    if missing:
        _play(missing, journal, "csv" if kind == "csv" else "jsonl", outcome, on_game,
              workers=workers, backend=backend, address=address)
    if journal != out:
        sources = [path for path in (out, journal) if path.exists()]
        write_parquet(out, lambda: _unique(itertools.chain.from_iterable(
            map(iter_rows, sources))), metadata)
        journal.unlink()
    return outcome


def _play(missing: Sequence[SimJob], journal: Path, kind: str, outcome: Outcome,
          on_game: Callable[[Row | Failure], None] | None, **backend: Any) -> None:
    """Play ``missing`` and append their rows to ``journal`` in index order."""
    appender = Appender(journal, kind)
    games = execute(missing, play_games, ordered=True, **backend)
    try:
        for game in games:
            if isinstance(game, Failure):
                outcome.failures.append(game)
            else:
                appender.write(game)
                outcome.played += 1
                outcome.rows += 1
            if on_game is not None:
                on_game(game)
    finally:
        games.close()  # an error or Ctrl-C here: end the workers now
        appender.close()


class Missing(Sequence[SimJob]):
    """The plan's games without a row yet, by their indices (8 bytes a game)."""

    def __init__(self, jobs: Sequence[SimJob], indices: array[int]) -> None:
        self.jobs, self.indices = jobs, indices

    def __len__(self) -> int:
        return len(self.indices)

    @overload
    def __getitem__(self, at: int) -> SimJob: ...

    @overload
    def __getitem__(self, at: slice) -> list[SimJob]: ...

    def __getitem__(self, at: int | slice) -> SimJob | list[SimJob]:
        if isinstance(at, slice):
            return [self.jobs[i] for i in self.indices[at]]
        return self.jobs[self.indices[at]]


def _unique(rows: Iterable[Row]) -> Iterator[Row]:
    """Each game once (a kill between writing Parquet and removing its journal leaves
    rows in both)."""
    seen: set[int] = set()
    for row in rows:
        if row["index"] not in seen:
            seen.add(row["index"])
            yield row


def play_games(jobs: list[SimJob]) -> list[Row | Failure]:
    """A worker's batch: each job's row, or its failure (one broken game does not end
    the run)."""
    out: list[Row | Failure] = []
    for job in jobs:
        try:
            out.append(play_row(job))
        except Exception as error:  # noqa: BLE001 - reported in the run's summary
            out.append(Failure(job.index, f"{type(error).__name__}: {error}"))
    return out


def describe(outcome: Outcome, out: Path, lang: str = "en") -> str:
    """One line on what a run did, in ``lang``."""
    return "; ".join(word(part, lang) for part in outcome_events(outcome, out))


def outcome_events(outcome: Outcome, out: Path) -> list[Event]:
    """What a run did, part by part (:func:`describe` words them)."""
    parts = [Event.of("cli.run_rows", n=outcome.rows, path=str(out)),
             Event.of("cli.run_played", n=outcome.played)]
    if outcome.resumed:
        parts.append(Event.of("cli.run_resumed", n=outcome.resumed))
    if outcome.untouched:
        parts.append(Event.of("cli.run_untouched"))
    if outcome.dropped_torn_line:
        parts.append(Event.of("cli.run_torn"))
    if outcome.failures:  # (the exception's own words, as the game raised it)
        parts.append(Event.of("cli.run_failed", n=len(outcome.failures),
                              index=outcome.failures[0].index,
                              error=outcome.failures[0].error[:100]))
    return parts


def rows_of(path: Path) -> list[dict[str, Any]]:
    """The rows of a finished (or interrupted) run, in index order."""
    if not path.exists():
        raise InvalidOptions(Event.of("cli.no_rows_file", path=str(path)))
    if path.is_dir() or path.suffix.lower() not in FORMATS:
        raise InvalidOptions(Event.of("cli.rows_suffix", path=str(path)))
    rows = read_rows(path)
    for row in rows:  # a table of other data, or a row cut short: refused, never a crash
        missing = [c for c in REQUIRED if not str(row.get(c, "")).strip()]
        if missing or not str(row["players"]).isdigit() or not str(row["index"]).isdigit():
            raise InvalidOptions(Event.of("cli.rows_columns", path=str(path),
                                          columns=", ".join(REQUIRED)))
    return sorted(rows, key=lambda row: int(row["index"]))


REQUIRED = ("game", "index", "players", "length")
"""The columns every row of a simulation has (a report reads them all)."""
