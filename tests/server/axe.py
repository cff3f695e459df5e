"""axe-core in the browser tests: the accessibility checker (Deque's axe-core, vendored
in ``tests/server/vendor/axe-core``: its licence, version and source are there) run on
the page as it stands, its serious and critical findings as short lines."""
from __future__ import annotations

from pathlib import Path
from typing import Any

VENDOR = Path(__file__).parent / "vendor" / "axe-core"
AXE = VENDOR / "axe.min.js"
VERSION = "4.14.1"
"""The vendored axe-core (``scripts/vendor-axe.sh`` fetches it from npm again)."""
GRAVE = ("serious", "critical")
"""The impacts a page may not have (issue #43)."""
RUN = "() => axe.run(document, {resultTypes: ['violations']})"


def findings(page: Any, where: str) -> list[str]:
    """axe-core's serious and critical findings on ``page`` as it is now, each
    ``"WHERE: rule (impact) at TARGET: what to fix"``. The script is put into the page
    once (through the browser's tools: the page's Content-Security-Policy allows no
    script of ours)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(RUN)
    return [f"{where}: {fault['id']} ({fault['impact']}) at {node['target']}: "
            f"{' '.join(node['failureSummary'].split())[:240]}"
            for fault in found["violations"] if fault["impact"] in GRAVE
            for node in fault["nodes"]]
