"""Blueprints statistics (games/blueprints/stats.py) on real games, checked against the
round results and the scores."""
from __future__ import annotations

from typing import Any

from towerplay.games.blueprints.scoring import PRIZES, facts

from tests.games.statistics import played_with_stats


def played(seed: int, players: int = 3, bots: str = "greedy") -> tuple[Any, dict[str, Any]]:
    return played_with_stats("blueprints", seed, players, bots)


MATERIALS = ("wood", "recycled", "stone", "glass")


def test_points_per_material_and_bonus_add_up_to_the_round_scores() -> None:
    for seed, players in ((1, 3), (2, 4), (3, 2)):
        state, row = played(seed, players)
        game = state.game
        totals = sum(facts(r.buildings[s], game.deck[r.cards[s]][1])[0]
                     for r in state.results for s in range(players))
        assert sum(row[f"bp_points_{m}"] for m in MATERIALS) + 6 * row["bp_bonuses"] == totals
        dice = sum(len(stack) for r in state.results for b in r.buildings for stack in b)
        assert sum(row[f"bp_dice_{m}"] for m in MATERIALS) == dice
        assert row["bp_buildings"] == 3 * players


def test_awards_and_prizes_per_seat_match_the_scores() -> None:
    state, row = played(7, 4)
    for award in ("gold", "silver", "bronze"):
        assert sum(row[f"bp_{award}_{s}"] for s in range(4)) == 3  # one per round
    assert sum(row[f"bp_prizes_{s}"] for s in range(4)) == sum(row[f"bp_prize_{p}"]
                                                                for p in PRIZES)
    vp = {"gold": 3, "silver": 2, "bronze": 1}
    for seat in range(4):
        points = sum(vp[a] * row[f"bp_{a}_{seat}"] for a in vp) + 2 * row[f"bp_prizes_{seat}"]
        assert points == state.scores()[seat]
        assert row[f"bp_main_{seat}"] in (*MATERIALS, "none")
