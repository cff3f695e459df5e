"""MkDocs hook: the site's home page is the repository's README.md, so the front page is
written once. Its links into ``docs/`` are rewritten relative to the site (``docs/web.md`` →
``web.md``); any other relative link would point out of the site, and the strict build
reports it as a missing page."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

DOCS_LINK = re.compile(r"(\]\(|src=\")docs/")
"""A Markdown link or image, or an HTML ``src``, into ``docs/``."""


def on_files(files: Files, config: Any) -> Files:
    """Add ``index.md``: the README with its ``docs/`` links made site-relative."""
    readme = Path(config.config_file_path).parent / "README.md"
    text = DOCS_LINK.sub(r"\1", readme.read_text(encoding="utf-8"))
    files.append(File.generated(config, "index.md", content=text))
    return files
