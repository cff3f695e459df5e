"""Rows on disk: JSON lines, CSV or Parquet by the file's extension, never half-written.

JSON lines and CSV grow by whole lines, flushed and fsynced in batches; a line torn by a
kill is dropped when the run resumes. Rows are written as they arrive and read back one
by one: memory stays bounded whatever the run's length. Parquet cannot grow, so its rows
go to a JSON-lines journal beside it (``FILE.partial.jsonl``) until the run is over, then
into the Parquet file through a ParquetWriter, a row group at a time, renamed into place.
Every write problem is an :class:`OutputError` (one line: the path and the reason).
"""
from __future__ import annotations

import csv
import errno
import io
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from towerplay.core.errors import InvalidOptions, TowerplayError
from towerplay.core.events import Event, Param, Term
from towerplay.core.files import OS_PROBLEMS

Row = dict[str, Any]
FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".parquet": "parquet"}
ROW_GROUP = 10_000
"""Parquet rows written (and read) at a time: one row group."""
SYNC_SECONDS = 1.0
"""Rows are fsynced at least this often (and at the end)."""


def format_of(path: Path) -> str:
    """The row format a file name asks for; :class:`InvalidOptions` if none.

    >>> format_of(Path("runs/a.csv")), format_of(Path("b.JSONL"))
    ('csv', 'jsonl')
    >>> format_of(Path("c.txt"))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: --out must end in .jsonl, .ndjson, .csv or .parquet
    (got 'c.txt')
    """
    found = FORMATS.get(path.suffix.lower())
    if found is None:
        raise InvalidOptions(Event.of("cli.out_suffix", got=repr(path.name)))
    if found == "parquet":
        _pyarrow()
    return found


def journal_of(path: Path) -> Path:
    """Where the rows of an unfinished run go: the file itself, or a journal for Parquet."""
    return path.with_name(path.name + ".partial.jsonl") if format_of(path) == "parquet" else path


# ----------------------------------------------------------------- reading
def read_rows(path: Path) -> list[Row]:
    """Every complete row of a row file (a torn last line is left out).

    :class:`InvalidOptions` if the file is not a row file of its format.
    """
    return list(iter_rows(path))


def iter_rows(path: Path, columns: Sequence[str] | None = None) -> Iterator[Row]:
    """The complete rows of a row file one by one, reading as it goes (memory bounded
    whatever the file's size); Parquet reads only ``columns`` where given.

    :class:`InvalidOptions` if the file is not a row file of its format.
    """
    kind = format_of(path)
    try:
        if kind == "parquet":
            parquet = _pyarrow().parquet.ParquetFile(path)
            for batch in parquet.iter_batches(batch_size=ROW_GROUP, columns=columns):
                yield from batch.to_pylist()
            return
        with path.open(encoding="utf-8", newline="") as handle:
            lines = (line for line in handle if line.endswith("\n"))  # a torn line: no \n
            if kind == "csv":
                for row in csv.DictReader(lines):
                    yield {k: v if _is_text(k) else _cell(v) for k, v in row.items()}
            else:
                for line in lines:
                    if line.strip():
                        yield json.loads(line)
    except OSError as error:  # a folder, no permission...
        raise unreadable(path, error) from None
    except (ValueError, KeyError) as error:  # (the reader's own words, as it said them)
        raise InvalidOptions(Event.of("cli.not_rows", path=str(path), kind=kind,
                                      detail=f"{type(error).__name__}: {str(error)[:80]}")
                             ) from None


def unreadable(path: Path, error: OSError) -> InvalidOptions:
    """The refusal of a rows file that cannot be read (``core.file_*``: missing, a
    folder, no permission; else the system's words)."""
    return InvalidOptions(Event.of(f"core.file_{OS_PROBLEMS.get(type(error), 'unreadable')}",
                                   what=Term("rows_file"), path=str(path),
                                   problem=str(error.strerror or error)))


TEXT_COLUMNS = frozenset({"game", "sweep", "options", "winners"})
"""Columns that are always text (``winners`` may read ``"0"``; bots ``bot_N``)."""


def _is_text(column: str) -> bool:
    return column in TEXT_COLUMNS or column.startswith("bot_")


def _cell(text: str | None) -> Any:
    """A CSV cell as the number it spells, else as text (CSV keeps no types).

    >>> _cell("3"), _cell("2.5"), _cell("0 2"), _cell("")
    (3, 2.5, '0 2', '')
    """
    if text is None:
        return ""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def torn_tail(path: Path) -> int:
    """How many bytes of a torn last line (no newline yet) end the file; 0 if none.
    Reads only the file's end."""
    if not path.exists():
        return 0
    try:
        with path.open("rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            end = size
            while end > 0:
                start = max(0, end - 65536)
                handle.seek(start)
                chunk = handle.read(end - start)
                newline = chunk.rfind(b"\n")
                if newline >= 0:
                    return size - (start + newline + 1)
                end = start
            return size
    except OSError as error:
        raise unreadable(path, error) from None


def drop_torn_line(path: Path) -> bool:
    """Cut a line torn by a kill off the end of an appended file; whether there was one."""
    torn = torn_tail(path)
    if not torn:
        return False
    try:
        with path.open("r+b") as handle:
            handle.truncate(handle.seek(0, os.SEEK_END) - torn)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as error:
        raise OutputError.of(path, error) from None
    return True


# ----------------------------------------------------------------- appending
class OutputError(TowerplayError):
    """A row or report file that cannot be written: read-only, full, not a folder..."""

    @classmethod
    def of(cls, path: Path, error: OSError) -> OutputError:
        """The one-line error for ``error`` met while writing ``path``."""
        reason: Param = error.strerror or str(error) or type(error).__name__
        if isinstance(error, (FileExistsError, NotADirectoryError)):  # a file on the way
            blocker = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()),
                           error.filename or path.parent)
            return cls(Event.of("cli.output_blocked", path=str(path), blocker=str(blocker)))
        known = WRITE_PROBLEMS.get(error.errno or 0) or WRITE_PROBLEMS.get(type(error))
        if known is not None:
            reason = Event.of(f"cli.write_{known}")
        if error.filename is not None and str(error.filename) != str(path):
            reason = Event.of("cli.write_at", file=str(error.filename), reason=reason)
        return cls(Event.of("cli.cannot_write_output", path=str(path), reason=reason))


WRITE_PROBLEMS: dict[int | type[OSError], str] = {
    PermissionError: "denied", IsADirectoryError: "directory", FileNotFoundError: "missing",
    errno.ENOSPC: "full", errno.EROFS: "read_only"}
"""The system's refusals to write worded by our catalogues (``cli.write_*``; others
quote the system's words)."""


class Appender:
    """Appends rows to a JSON-lines or CSV file as whole lines, fsynced in batches.

    Every write problem (a full disk, a read-only folder) is an :class:`OutputError`.
    """

    def __init__(self, path: Path, kind: str) -> None:
        self.path = path
        self.kind = kind
        self.columns: list[str] | None = _csv_header(path) if kind == "csv" else None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.handle: IO[str] = path.open("a", encoding="utf-8", newline="")
        except OSError as error:
            raise OutputError.of(path, error) from None
        self.synced = -SYNC_SECONDS  # the first row is synced at once: a full disk shows now

    def write(self, row: Row) -> None:
        """Append one row as one complete line."""
        if self.kind == "csv":
            if self.columns is None:
                self.columns = list(row)
                line = _csv_line(self.columns)
            else:
                line = ""
            extra = row.keys() - set(self.columns)
            if extra:  # the games' statistics have fixed columns: a bug, said plainly
                raise OutputError(Event.of("cli.extra_columns", path=str(self.path),
                                           columns=", ".join(sorted(extra))))
            line += _csv_line([row.get(c, "") for c in self.columns])
        else:
            line = json.dumps(row, separators=(",", ":")) + "\n"
        try:
            self.handle.write(line)
        except OSError as error:
            raise OutputError.of(self.path, error) from None
        if time.monotonic() - self.synced >= SYNC_SECONDS:
            self.sync()

    def sync(self) -> None:
        """Make every row written so far durable."""
        try:
            self.handle.flush()
            os.fsync(self.handle.fileno())
        except OSError as error:
            raise OutputError.of(self.path, error) from None
        self.synced = time.monotonic()

    def close(self) -> None:
        """Sync and close (closed even when the sync fails: the error is raised after)."""
        try:
            self.sync()
        finally:
            try:
                self.handle.close()
            except OSError:  # the failed flush again: reported by sync already
                pass


def _csv_line(values: Sequence[Any]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(values)
    return buffer.getvalue()


def _csv_header(path: Path) -> list[str] | None:
    try:
        if not path.exists() or path.stat().st_size == 0:
            return None
        with path.open(encoding="utf-8", newline="") as handle:
            return next(csv.reader(handle), None)
    except (OSError, ValueError) as error:
        raise InvalidOptions(Event.of("cli.not_rows", path=str(path), kind="csv",
                                      detail=type(error).__name__)) from None


# ----------------------------------------------------------------- whole files
def write_rows(path: Path, rows: Iterable[Row]) -> None:
    """Write ``rows`` as ``path``'s format to a temporary file, then rename it over
    ``path`` (a reader never sees a half-written file). Reads ``rows`` once, holding
    one Parquet row group at most."""
    if format_of(path) == "parquet":
        rows = list(rows)
        write_parquet(path, lambda: iter(rows))
        return
    temporary = _temporary(path)
    try:
        appender = Appender(temporary, format_of(path))
        try:
            for row in rows:
                appender.write(row)
        finally:
            appender.close()
        _replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def write_parquet(path: Path, rows: Callable[[], Iterable[Row]],
                  metadata: Mapping[str, str] | None = None) -> int:
    """Write the rows of ``rows()`` (called twice: once to find the columns' types, once
    to write) into a Parquet file through a ParquetWriter, :data:`ROW_GROUP` rows a row
    group, then rename it over ``path``; how many rows. A column holding whole and
    fractional numbers becomes a float column. ``metadata`` (the command, seed,
    towerplay's version, the columns' descriptions) goes into the file's schema."""
    pa = _pyarrow()
    schemas = [pa.Table.from_pylist(chunk).schema for chunk in _chunks(rows())]
    temporary = _temporary(path)
    count = 0
    try:
        if schemas:
            schema = pa.unify_schemas(schemas, promote_options="permissive")
        else:
            schema = pa.schema([])
        if metadata:
            schema = schema.with_metadata({**(schema.metadata or {}), **metadata})
        with pa.parquet.ParquetWriter(temporary, schema) as writer:
            for chunk in _chunks(rows()):
                writer.write_table(pa.Table.from_pylist(chunk, schema=schema),
                                   row_group_size=ROW_GROUP)
                count += len(chunk)
        _replace(temporary, path)
    except OSError as error:
        raise OutputError.of(path, error) from None
    finally:
        temporary.unlink(missing_ok=True)
    return count


def _chunks(rows: Iterable[Row]) -> Iterator[list[Row]]:
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) >= ROW_GROUP:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def _replace(temporary: Path, path: Path) -> None:
    try:
        with temporary.open("rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError.of(path, error) from None


def _pyarrow() -> Any:
    """pyarrow with its Parquet module; :class:`InvalidOptions` if not installed."""
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401  (makes pyarrow.parquet available)
    except ImportError:
        raise InvalidOptions(Event.of("cli.needs_pyarrow",
                                      command="pip install 'towerplay[sim]'")) from None
    return pyarrow
