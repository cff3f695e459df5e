"""Budowa Zamku statistics for simulations: turns, cards built, put back and removed, and
the characters each castle collected (found by ``towerplay.games.companion``).

Everything is read from the true state's reveal records once the game is over; analysis
after the fact, never shown to a player during a game.

>>> from towerplay import games
>>> from towerplay.arena.table import Table
>>> game = games.load("castle")
>>> stats = make_stats(game, 2)
>>> table = Table(game.start(players=2, seed=3), ["greedy", "greedy"], hooks=[stats])
>>> for _ in table.play_bots(): pass
>>> row = stats.row()
>>> row["ca_turns"] == row["ca_built"] + row["ca_returned"] + row["ca_removed"]
True
"""
from __future__ import annotations

from typing import Any

from towerplay.core.statistics import Ratio, Statistic
from towerplay.games.castle.cards import KING, KNIGHT, PRINCESS, QUEEN, WIZARD_FLAG

PREFIX = "ca_"
HOLDERS = (("king", KING), ("queen", QUEEN), ("wizard", WIZARD_FLAG))
STATISTICS = (
    Statistic("ca_turns", "turns", "cards revealed in the game, one a turn"),
    Statistic("ca_built", "cards built", "revealed cards added to a castle (wizard "
              "insertions included), all players together"),
    Statistic("ca_wizard_inserts", "wizard insertions",
              "cards slipped into a castle's wall with the Wizard, all players together"),
    Statistic("ca_returned", "cards put back (game)",
              "revealed cards put back on the table, all players together"),
    Statistic("ca_removed", "cards removed", "revealed cards taken out of the game"),
    Statistic("ca_left_on_table", "cards left on the table",
              "cards still lying on the table when the game ended"),
    Statistic("ca_elements", "castle elements", "elements of a player's castle at the end, "
              "its foundation included", scope="seat"),
    Statistic("ca_returned", "cards put back (player)",
              "revealed cards this player put back on the table", scope="seat"),
    Statistic("ca_knights", "knights", "knights in a player's castle at the end", scope="seat"),
    Statistic("ca_princesses", "princesses", "princesses in a player's castle at the end",
              scope="seat"),
    *(Statistic(f"ca_{name}_holder", f"holder of the {name}", f"the player whose castle holds "
                f"the {name} at the end (none: nobody's)", kind="seat")
      for name, _bit in HOLDERS),
)
"""The columns of a row, as the report names and counts them."""
RATIOS = (
    Ratio("returned_per_turn", "ca_returned", "ca_turns", "cards put back per turn",
          "all cards put back over all turns"),
    Ratio("removed_per_turn", "ca_removed", "ca_turns", "cards removed per turn",
          "all cards removed over all turns"),
)
"""Rates the report computes over all games (sum of one column over sum of another)."""


class CastleStats:
    """Counts per game; :meth:`row` gives flat ``ca_``-prefixed columns (fixed keys for a
    player count, whatever the options)."""

    per_action = False
    """Only :meth:`end` does anything: a simulation may skip the per-action hooks."""

    def __init__(self, game: Any, players: int) -> None:
        self.flags: tuple[int, ...] = tuple(game.characters.flags)
        self.players = players
        self._row: dict[str, int | float | str] = {}

    def before(self, state: Any, action: Any) -> None:
        """Nothing to do per action: the reveal records keep the whole story."""

    def after(self, state: Any, action: Any) -> None:
        """Nothing to do per action: the reveal records keep the whole story."""

    def end(self, state: Any) -> None:
        """Count turns by result and the characters of each castle."""
        results = {"built": 0, "inserted": 0, "returned": 0, "removed": 0}
        put_back = [0] * self.players
        for _index, seat, _pos, _card, result, _automatic in state.reveals:
            if result in results:
                results[result] += 1
            if result == "returned":
                put_back[seat] += 1
        row: dict[str, int | float | str] = {
            "ca_turns": len(state.reveals),
            "ca_built": results["built"] + results["inserted"],
            "ca_wizard_inserts": results["inserted"],
            "ca_returned": results["returned"], "ca_removed": results["removed"],
            "ca_left_on_table": len(state.down)}
        flags = self.flags
        for seat in range(self.players):
            wall = state.castles[seat][1:]
            row[f"ca_elements_{seat}"] = len(wall) + 1
            row[f"ca_returned_{seat}"] = put_back[seat]
            row[f"ca_knights_{seat}"] = sum(1 for c in wall if flags[c] & KNIGHT)
            row[f"ca_princesses_{seat}"] = sum(1 for c in wall if flags[c] & PRINCESS)
        for name, bit in HOLDERS:
            holder = [s for s in range(self.players)
                      if any(flags[c] & bit for c in state.castles[s][1:])]
            row[f"ca_{name}_holder"] = holder[0] if holder else -1
        self._row = row

    def row(self) -> dict[str, int | float | str]:
        """The game's columns (call after the game ended)."""
        return dict(self._row)


def make_stats(game: Any, players: int) -> CastleStats:
    """A fresh collector for one game of ``players`` seats."""
    return CastleStats(game, players)


def first_player(state: Any) -> int:
    """The seat that started (option ``first_player``, else drawn from the seed)."""
    return int(state.movers[0] if state.movers else state.to_move)
