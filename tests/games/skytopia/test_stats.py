"""Skytopia statistics (games/skytopia/stats.py) on real games, checked against the final
scores, the cities and the abilities dealt."""
from __future__ import annotations

from typing import Any

import pytest

from towerplay.games.skytopia.stats import FINAL_SOURCES, SOURCES

from tests.games.statistics import played_with_stats


def played(seed: int, players: int = 3, bots: str = "random",
           **options: Any) -> tuple[Any, dict[str, Any]]:
    return played_with_stats("skytopia", seed, players, bots, **options)


@pytest.mark.parametrize("sides", ["a", "b"])
def test_prestige_by_source_adds_up_to_the_scores(sides: str) -> None:
    for seed in range(2):
        state, row = played(seed, sides=sides)
        assert sum(row[f"sky_pp_{s}"] for s in SOURCES + FINAL_SOURCES) == sum(state.scores())
        assert sum(row[f"sky_pp_{s}"] for s in SOURCES) == sum(state.prestige)
        for seat in range(3):
            assert row[f"sky_ability_{seat}"].endswith(sides)
            assert row[f"sky_coins_{seat}"] == state.coins[seat]


def test_cards_per_colour_and_guild_masters() -> None:
    state, row = played(3, players=4)
    colours = ("blue", "gold", "red", "purple")
    assert sum(row[f"sky_cards_{c}"] for c in colours) == sum(row[f"sky_cards_{s}"]
                                                               for s in range(4))
    assert sum(row[f"sky_cards_{c}"] for c in colours) == sum(len(t) for t in state.towers)
    idents = [state.comp.guilds[g].ident for g in state.guilds]
    assert [row[f"sky_guild{k}"] for k in range(len(idents))] == idents
    tallies = [state.tally(seat)["guilds"] for seat in range(4)]
    assert [row[f"sky_guild{k}_pp"] for k in range(len(idents))] == [
        sum(t[ident] for t in tallies) for ident in idents]
    tiles = {row[f"sky_ability_{s}"][:-1] for s in range(4)}
    assert len(tiles) == 4  # every seat its own tile
