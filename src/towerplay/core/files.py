"""Reading files that people name (component files, records) safely.

A path given by a person may name anything: a FIFO, ``/dev/zero``, a directory, a huge
file. :func:`read_text_limited` refuses all of those with one line, before reading.

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
...     _ = f.write("\\ufeffa = 1\\n")
>>> read_text_limited(f.name, what="cards_file")
'a = 1\\n'
>>> os.unlink(f.name)
>>> read_text_limited("/dev/zero", what="cards_file")
Traceback (most recent call last):
...
towerplay.core.errors.InvalidOptions: cards file /dev/zero is not a regular file
"""
from __future__ import annotations

import os
import stat
import tomllib
from pathlib import PurePath
from typing import Any

from towerplay.core.errors import InvalidOptions, TowerplayError
from towerplay.core.events import Event, Param, Term

OS_PROBLEMS: dict[type[OSError], str] = {
    IsADirectoryError: "directory", FileNotFoundError: "missing",
    PermissionError: "denied"}
"""The system's refusals worded by our catalogues (others quote the system's words)."""
MAX_FILE_BYTES = 2_000_000
"""The largest component file or record towerplay reads (2 MB: real ones are a few KB)."""


def read_text_limited(path: str | os.PathLike[str], *, what: str,
                      limit: int = MAX_FILE_BYTES,
                      error: type[TowerplayError] = InvalidOptions) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (a leading BOM dropped).

    Anything else raises ``error`` (default :class:`InvalidOptions`) naming ``what`` was
    expected (a glossary term of the ``web`` catalogue, ``term.<what>``: ``record``,
    ``cards_file``): a missing file, a directory or special file, a file too large, or
    bytes that are not UTF-8 text.
    """
    def refused(key: str, shown: str = str(path), **params: Param) -> TowerplayError:
        return error(Event.of(f"core.file_{key}", what=Term(what), path=shown, **params))

    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise refused("not_regular")
            if info.st_size > limit:
                raise refused("too_large", size=info.st_size, limit=limit)
            data = handle.read(limit + 1)
    except TowerplayError:
        raise
    except ValueError:  # e.g. a NUL byte in the path
        raise refused("bad_name", repr(str(path))) from None
    except OSError as problem:
        raise refused(OS_PROBLEMS.get(type(problem), "unreadable"),
                      problem=str(problem.strerror)) from None
    if len(data) > limit:
        raise refused("grew", limit=limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refused("not_utf8") from None


def toml_data(value: Any, *, what: str) -> Any:
    """A path (``str`` or ``Path``) becomes the parsed TOML of that file; data passes through.

    Component-file options use it as a pydantic ``BeforeValidator``: the option then holds
    the file's *data*, so a record keeps the data and replays anywhere, even after the file
    was edited or moved.

    >>> toml_data({"provisional": True}, what="components_file")
    {'provisional': True}
    """
    if not isinstance(value, (str, PurePath)):
        return value
    text = read_text_limited(value, what=what)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise InvalidOptions(Event.of("core.file_not_toml", what=Term(what), path=str(value),
                                      detail=str(problem))) from None
