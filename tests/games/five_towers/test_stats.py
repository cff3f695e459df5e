"""5 Towers statistics (games/five_towers/stats.py) on real games, checked against the
game's history and final towers."""
from __future__ import annotations

from typing import Any

import pytest

from towerplay.games.five_towers import scoring

from tests.games.statistics import played_with_stats


def played(seed: int, players: int = 3, bots: str = "random",
           **options: Any) -> tuple[Any, dict[str, Any]]:
    return played_with_stats("five_towers", seed, players, bots, **options)


@pytest.mark.parametrize("rebid", ["feasible", "physical"])
def test_bids_won_account_for_every_card_taken(rebid: str) -> None:
    for seed in range(3):
        state, row = played(seed, rebid=rebid)
        takes = sum(1 for action in state.history if str(action).startswith("take "))
        assert sum(k * row[f"ft_bid{k}_won"] for k in range(1, 6)) == takes
        assert row["ft_rounds"] == state.round


def test_towers_heights_caps_and_teardowns_match_the_final_towers() -> None:
    state, row = played(5, players=4, bots="greedy")
    for seat in range(4):
        towers = [t for t in state.seat_towers(seat) if t]
        assert row[f"ft_towers_{seat}"] == len(towers)
        assert row[f"ft_capped_{seat}"] == sum(t[-1] == 0 for t in towers)
        assert row[f"ft_tallest_{seat}"] == scoring.tallest_bonus(towers)
        assert row[f"ft_cards_{seat}"] == sum(map(len, towers))
        teardowns = sum(1 for a, m in zip(state.history, state.movers, strict=True)
                        if str(a).startswith("teardown ") and m == seat)
        assert row[f"ft_torn_{seat}"] == teardowns  # feasible mode: no tear-down is undone


def test_failed_bids_only_in_physical_mode() -> None:
    assert all(played(seed)[1]["ft_failed_bids"] == 0 for seed in range(4))
    failed = [played(seed, rebid="physical")[1]["ft_failed_bids"] for seed in range(6)]
    assert any(failed), "random bidders in physical mode fail some bids"


def test_columns_are_fixed_for_a_player_count() -> None:
    keys = {tuple(played(seed, rebid=rebid)[1]) for seed in range(2)
            for rebid in ("feasible", "physical")}
    assert len(keys) == 1
