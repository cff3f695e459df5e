"""docs/balance_tables.py, the script behind docs/balance.md's tables, on rows whose figures
are known by hand (tests/sim/test_report.py's castle rows: the first player always wins,
scoring 1 to everybody else's 0)."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from towerplay.sim import analysis

from tests.sim.test_report import castle_rows

SCRIPT = Path(__file__).parents[2] / "docs" / "balance_tables.py"


@pytest.fixture(scope="module")
def tables() -> Any:
    spec = importlib.util.spec_from_file_location("balance_tables", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_turn_order_table_marks_the_first_players_certain_win(tables: Any) -> None:
    rows = castle_rows(games_=60, players=3)
    text = tables.turn_order(analysis.document(rows))
    line = text.splitlines()[2]
    cells = [c.strip() for c in line.split("|")[1:-1]]
    assert cells[:3] == ["3", "–", "60"]
    assert cells[3].startswith("**100.0% [") and cells[4].startswith("**0.0% [")


def test_score_margins_by_hand(tables: Any) -> None:
    rows = castle_rows(games_=60, players=3)
    line = tables.margins(analysis.document(rows)).splitlines()[2]
    cells = [c.strip() for c in line.split("|")[1:-1]]
    # the winner leads the runner-up by 1 every game; the first player scores 1, the
    # others 0: a difference of +1 with no spread, beyond noise, no effect size
    assert cells[3] == "1.00 (0.00)"
    assert cells[4] == "**+1.00 [+1.00, +1.00]**" and cells[5] == "–" and cells[6] == "0"
