"""Rows on disk: JSON lines, CSV or Parquet by the file's extension, never half-written.

JSON lines and CSV grow by whole lines, flushed and fsynced in batches; a line torn by a
kill is dropped when the run resumes. Parquet cannot grow, so its rows go to a JSON-lines
journal beside it (``FILE.partial.jsonl``) until the run is over. When a run completes,
the file is rewritten in index order into a temporary file and renamed over the old one,
so an interrupted and resumed run ends with the same file as an uninterrupted one.
"""
from __future__ import annotations

import csv
import io
import json
import os
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from towerplay.core.errors import InvalidOptions

Row = dict[str, Any]
FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".parquet": "parquet"}
SYNC_SECONDS = 1.0
"""Rows are fsynced at least this often (and at the end)."""


def format_of(path: Path) -> str:
    """The row format a file name asks for; :class:`InvalidOptions` if none.

    >>> format_of(Path("runs/a.csv")), format_of(Path("b.JSONL"))
    ('csv', 'jsonl')
    >>> format_of(Path("c.txt"))
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: --out must end in .jsonl, .ndjson, .csv or .parquet (got 'c.txt')
    """
    found = FORMATS.get(path.suffix.lower())
    if found is None:
        raise InvalidOptions(f"--out must end in .jsonl, .ndjson, .csv or .parquet "
                             f"(got {path.name!r})")
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
    kind = format_of(path)
    try:
        if kind == "parquet":
            return list(_pyarrow().parquet.read_table(path).to_pylist())
        text = _complete_text(path)
        if kind == "csv":
            return [{k: v if _is_text(k) else _cell(v) for k, v in row.items()}
                    for row in csv.DictReader(io.StringIO(text))]
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    except (ValueError, OSError, KeyError) as error:
        raise InvalidOptions(f"{path} is not a {kind} file of simulation rows "
                             f"({type(error).__name__}: {str(error)[:80]})") from None


def _complete_text(path: Path) -> str:
    data = path.read_bytes()
    return data[:data.rfind(b"\n") + 1].decode()


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


def drop_torn_line(path: Path) -> bool:
    """Cut a line torn by a kill off the end of an appended file; whether there was one."""
    if not path.exists():
        return False
    data = path.read_bytes()
    keep = data.rfind(b"\n") + 1
    if keep == len(data):
        return False
    with path.open("r+b") as handle:
        handle.truncate(keep)
        handle.flush()
        os.fsync(handle.fileno())
    return True


# ----------------------------------------------------------------- appending
class Appender:
    """Appends rows to a JSON-lines or CSV file as whole lines, fsynced in batches."""

    def __init__(self, path: Path, kind: str) -> None:
        self.path = path
        self.kind = kind
        self.columns: list[str] | None = _csv_header(path) if kind == "csv" else None
        self.handle: IO[str] = path.open("a", encoding="utf-8", newline="")
        self.synced = time.monotonic()

    def write(self, row: Row) -> None:
        """Append one row as one complete line."""
        if self.kind == "csv":
            if self.columns is None:
                self.columns = list(row)
                self.handle.write(_csv_line(self.columns))
            self.handle.write(_csv_line([row.get(c, "") for c in self.columns]))
        else:
            self.handle.write(json.dumps(row, separators=(",", ":")) + "\n")
        if time.monotonic() - self.synced >= SYNC_SECONDS:
            self.sync()

    def sync(self) -> None:
        """Make every row written so far durable."""
        self.handle.flush()
        os.fsync(self.handle.fileno())
        self.synced = time.monotonic()

    def close(self) -> None:
        self.sync()
        self.handle.close()


def _csv_line(values: Sequence[Any]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(values)
    return buffer.getvalue()


def _csv_header(path: Path) -> list[str] | None:
    if not path.exists() or path.stat().st_size == 0:
        return None
    with path.open(encoding="utf-8", newline="") as handle:
        return next(csv.reader(handle), None)


# ----------------------------------------------------------------- the finished file
def write_rows(path: Path, rows: Iterable[Row]) -> None:
    """Write ``rows`` as ``path``'s format to a temporary file, then rename it over
    ``path`` (a reader never sees a half-written file)."""
    kind = format_of(path)
    rows = list(rows)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        if kind == "parquet":
            pa = _pyarrow()
            pa.parquet.write_table(pa.Table.from_pylist(rows), temporary)
        else:
            with temporary.open("w", encoding="utf-8", newline="") as handle:
                if kind == "csv":
                    columns = _columns(rows)
                    handle.write(_csv_line(columns) if rows else "")
                    for row in rows:
                        handle.write(_csv_line([row.get(c, "") for c in columns]))
                else:
                    for row in rows:
                        handle.write(json.dumps(row, separators=(",", ":")) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _columns(rows: Sequence[Row]) -> list[str]:
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    return list(columns)


def _pyarrow() -> Any:
    """pyarrow with its Parquet module; :class:`InvalidOptions` if not installed."""
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401  (makes pyarrow.parquet available)
    except ImportError:
        raise InvalidOptions("Parquet needs pyarrow: pip install 'towerplay[sim]'") from None
    return pyarrow
