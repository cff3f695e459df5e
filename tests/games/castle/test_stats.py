"""Budowa Zamku statistics (games/castle/stats.py) on real games, checked against the
history, the castles and the character scoring."""
from __future__ import annotations

from typing import Any

from towerplay.games.castle.cards import KING
from towerplay.games.castle.scoring import points_breakdown

from tests.games.statistics import played_with_stats


def played(seed: int, players: int = 3, bots: str = "greedy",
           **options: Any) -> tuple[Any, dict[str, Any]]:
    return played_with_stats("castle", seed, players, bots, **options)


def test_turns_built_returned_and_removed() -> None:
    for seed in range(3):
        state, row = played(seed)
        assert row["ca_turns"] == sum(1 for a in state.history if str(a).startswith("reveal"))
        assert row["ca_built"] == sum(len(c) - 1 for c in state.castles)
        assert row["ca_removed"] == len(state.removed)
        assert row["ca_turns"] == row["ca_built"] + row["ca_returned"] + row["ca_removed"]
        assert row["ca_returned"] == sum(row[f"ca_returned_{s}"] for s in range(3))
        assert row["ca_returned"] > 0  # memory games put cards back


def test_characters_collected_match_the_variant_scoring() -> None:
    state, row = played(4, players=2, variant="characters")
    deck = state.game.characters
    for seat in range(2):
        parts = points_breakdown(state.castles[seat], deck)
        assert row[f"ca_knights_{seat}"] == parts["knights"]
        assert row[f"ca_princesses_{seat}"] == parts["princesses"]
    holder = row["ca_king_holder"]
    if holder >= 0:
        assert any(deck.flags[c] & KING for c in state.castles[holder][1:])
    else:
        assert not any(deck.flags[c] & KING for castle in state.castles for c in castle[1:])


def test_wizard_inserts_counted() -> None:
    inserts = []
    for seed in (5, 6):  # one of them has greedy insert a card with the Wizard
        state, row = played(seed, players=2, variant="characters")
        wizard = sum(1 for a in state.history if str(a).startswith("wizard"))
        assert row["ca_wizard_inserts"] == wizard
        inserts.append(wizard)
    assert sorted(inserts) == [0, 1]
    base = [played(seed, players=2)[1]["ca_wizard_inserts"] for seed in range(3)]
    assert base == [0, 0, 0]  # no Wizard in the base game
