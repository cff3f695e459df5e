"""Golden playthroughs: a seeded game of every game at its smallest and largest player
count, diffed against ``tests/golden/``. Regenerate with ``UPDATE_GOLDEN=1 pytest``."""
from __future__ import annotations

from pathlib import Path

import pytest

from towerplay import games
from towerplay.core.playthrough import playthrough

from tests.conftest import UPDATE_GOLDEN

GOLDEN = Path(__file__).parent.parent / "golden"
CASES = [(name, players) for name in games.names()
         for players in sorted({games.game_class(name).min_players,
                                games.game_class(name).max_players})]


@pytest.mark.parametrize("name,players", CASES)
def test_golden_playthrough(name: str, players: int) -> None:
    path = GOLDEN / f"{name}_{players}p.txt"
    text = playthrough(games.load(name), players=players, seed=2026)
    if UPDATE_GOLDEN:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path.name}: run UPDATE_GOLDEN=1 pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path.name} differs: review, then regenerate with UPDATE_GOLDEN=1"
