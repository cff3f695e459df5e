"""Blueprints statistics for simulations: how often buildings match their blueprint (the
bonus), Prizes won, points and dice per material, Awards per seat (found by
``towerplay.games.companion``).

Read from the scored rounds of the true state at the end: analysis after the fact, never
shown to a player during a game.

>>> from towerplay import games
>>> from towerplay.arena.table import Table
>>> game = games.load("blueprints")
>>> stats = make_stats(game, 3)
>>> table = Table(game.start(players=3, seed=3), ["greedy"] * 3, hooks=[stats])
>>> for _ in table.play_bots(): pass
>>> row = stats.row()
>>> row["bp_gold_0"] + row["bp_gold_1"] + row["bp_gold_2"]   # one Gold Award a round
3
"""
from __future__ import annotations

from typing import Any

from towerplay.core.statistics import Ratio, Statistic
from towerplay.games.blueprints.dice import MATERIALS
from towerplay.games.blueprints.scoring import PRIZE_TITLES, PRIZES, breakdown
from towerplay.games.blueprints.state import AWARDS

PREFIX = "bp_"
MATERIAL_NAMES = ("wood", "recycled", "stone", "glass")
"""In the order of :data:`~towerplay.games.blueprints.dice.MATERIALS` (``WRSG``)."""
STATISTICS = (
    Statistic("bp_buildings", "buildings", "buildings scored, all players and rounds"),
    Statistic("bp_bonuses", "blueprint bonuses",
              "buildings that matched their blueprint (the bonus)"),
    *(Statistic(f"bp_points_{name}", f"points from {name}",
                f"points {name} dice scored in buildings, all players together")
      for name in MATERIAL_NAMES),
    *(Statistic(f"bp_dice_{name}", f"{name} dice", f"{name} dice in scored buildings, all "
                "players together") for name in MATERIAL_NAMES),
    *(Statistic(f"bp_prize_{prize}", f"{PRIZE_TITLES[prize]} Prizes",
                f"{PRIZE_TITLES[prize]} Prizes won in the game") for prize in PRIZES),
    *(Statistic(f"bp_{award}", f"{award} Awards", f"{award} Awards a player won",
                scope="seat") for award in AWARDS[4]),
    Statistic("bp_prizes", "Prizes", "Prizes a player won", scope="seat"),
    Statistic("bp_main", "main material", "the material a player built most with over the "
              "game (none: no dice)", scope="seat", kind="categorical"),
)
"""The columns of a row, as the report names and counts them."""
RATIOS = (
    *(Ratio(f"points_per_{name}", f"bp_points_{name}", f"bp_dice_{name}",
            f"points per {name} die", f"points from {name} over {name} dice scored")
      for name in MATERIAL_NAMES),
    Ratio("bonus_rate", "bp_bonuses", "bp_buildings", "blueprint bonus rate",
          "buildings matching their blueprint over all buildings"),
)
"""Rates the report computes over all games (sum of one column over sum of another)."""


class BlueprintsStats:
    """Counts per game; :meth:`row` gives flat ``bp_``-prefixed columns (fixed keys for a
    player count, whatever the options)."""

    per_action = False
    """Only :meth:`end` does anything: a simulation may skip the per-action hooks."""

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.players = players
        self._row: dict[str, int | float | str] = {}

    def before(self, state: Any, action: Any) -> None:
        """Nothing to do per action: the round results keep the whole story."""

    def after(self, state: Any, action: Any) -> None:
        """Nothing to do per action: the round results keep the whole story."""

    def end(self, state: Any) -> None:
        """Score every round's buildings again, by part and by material."""
        n = self.players
        wood_only = self.game.options.wood_only_counts_wood
        points = dict.fromkeys(MATERIAL_NAMES, 0)
        seat_dice = [[0] * 4 for _ in range(n)]
        bonuses = buildings = 0
        prizes = dict.fromkeys(PRIZES, 0)
        for result in state.results:
            for seat, card in enumerate(result.cards):
                building = result.buildings[seat]
                parts = breakdown(building, self.game.deck[card][1], wood_only)
                buildings += 1
                bonuses += parts["bonus"] > 0
                counts = seat_dice[seat]
                for stack in building:
                    for die in stack:
                        counts[die & 3] += 1  # the low two bits are the material
                for name in MATERIAL_NAMES:
                    points[name] += parts[name]
            for prize, _seat in result.prizes:
                prizes[prize] += 1
        row: dict[str, int | float | str] = {"bp_buildings": buildings, "bp_bonuses": bonuses}
        for material, name in enumerate(MATERIAL_NAMES):
            row[f"bp_points_{name}"] = points[name]
            row[f"bp_dice_{name}"] = sum(counts[material] for counts in seat_dice)
        for prize in PRIZES:
            row[f"bp_prize_{prize}"] = prizes[prize]
        for seat in range(n):
            won = state.won[seat]
            for award in AWARDS[4]:
                row[f"bp_{award}_{seat}"] = won.count(award)
            row[f"bp_prizes_{seat}"] = sum(1 for c in won if c in PRIZES)
            most = max(range(4), key=lambda m: seat_dice[seat][m])
            row[f"bp_main_{seat}"] = MATERIAL_NAMES[most] if seat_dice[seat][most] else "none"
        self._row = row

    def row(self) -> dict[str, int | float | str]:
        """The game's columns (call after the game ended)."""
        return dict(self._row)


def make_stats(game: Any, players: int) -> BlueprintsStats:
    """A fresh collector for one game of ``players`` seats."""
    return BlueprintsStats(game, players)


def first_player(state: Any) -> int:
    """The seat that started the first round (drawn by the deal, or the option)."""
    return int(state.results[0].first) if state.results else int(state.first)


assert len(MATERIALS) == len(MATERIAL_NAMES)
