"""Every ISMCTS option is in docs/bots-and-ladder.md's table, with its default."""
from __future__ import annotations

import re
from pathlib import Path

from towerplay.bots.ismcts import ISMCTSOptions

DOC = Path(__file__).resolve().parents[2] / "docs" / "bots-and-ladder.md"


def test_every_option_of_the_search_is_documented_with_its_default() -> None:
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", DOC.read_text(), re.MULTILINE))
    for name, field in ISMCTSOptions.model_fields.items():
        assert name in rows, name
        default, shown = field.default, rows[name].strip().strip("`")
        if default is None:  # (no value: the row says what stands in for it)
            continue
        if isinstance(default, bool):
            assert shown == str(default).lower(), name
        elif isinstance(default, (int, float)):
            assert float(shown) == default, (name, shown)
        else:
            assert shown == default, (name, shown)
