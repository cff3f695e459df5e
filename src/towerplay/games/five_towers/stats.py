"""5 Towers statistics for simulations: tear-downs, towers and their heights, capped
towers, auctions won per bid size (found by ``towerplay.games.companion(name, "stats")``).

The collector follows the table's statistics hooks and reads the true state: it is for
analysis after the game, never shown to a player during one.

>>> from towerplay import games
>>> from towerplay.arena.table import Table
>>> game = games.load("five_towers")
>>> stats = make_stats(game, 2)
>>> table = Table(game.start(players=2, seed=3), ["random", "random"], hooks=[stats])
>>> for _ in table.play_bots(): pass
>>> row = stats.row()
>>> row["ft_towers_0"] <= 5 and row["ft_capped_0"] <= row["ft_towers_0"]
True
"""
from __future__ import annotations

from typing import Any

from towerplay.core.statistics import Ratio, Statistic
from towerplay.games.five_towers import scoring

BID_SIZES = range(1, 6)
PREFIX = "ft_"
STATISTICS = (
    Statistic("ft_rounds", "rounds", "auction rounds played"),
    Statistic("ft_idle_rounds", "rounds without a build",
              "rounds where the opener bid 0 and everybody passed"),
    Statistic("ft_torn", "tear-downs", "top cards a player tore down", scope="seat"),
    Statistic("ft_towers", "towers", "towers a player has at the end (at most 5)",
              scope="seat"),
    Statistic("ft_capped", "capped towers", "a player's towers closed by a cap at the end",
              scope="seat"),
    Statistic("ft_tallest", "tallest tower", "cards in a player's tallest tower at the end",
              scope="seat"),
    Statistic("ft_cards", "cards in towers", "cards in all of a player's towers at the end",
              scope="seat"),
    *(Statistic(f"ft_bid{size}_won", f"auctions won with {size}",
                f"auctions won with a bid of {size} card{'s' * (size > 1)}")
      for size in BID_SIZES),
    Statistic("ft_failed_bids", "failed bids", "winning bids that could not be built and "
              "were bid again (the physical re-bid mode)"),
)
"""The columns of a row, as the report names and counts them."""
RATIOS: tuple[Ratio, ...] = ()


class FiveTowersStats:
    """Counts per game; :meth:`row` gives flat ``ft_``-prefixed columns (fixed keys for a
    player count, whatever the options)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.bids_won = dict.fromkeys(BID_SIZES, 0)
        self.failed_bids = 0  # physical mode: winners who could not build and bid again
        self._phase = 0
        self._won_round = 0
        self._final: dict[str, int | float | str] = {}

    # ----------------------------------------------------------------- hooks
    def before(self, state: Any, action: Any) -> None:
        """Note the phase: an auction ends, or a build is undone, when it changes."""
        self._phase = state.phase

    def after(self, state: Any, action: Any) -> None:
        """Count auctions won by size, and failed bids undone in physical mode (the hot
        loop: only a change of phase costs more than one comparison)."""
        phase = state.phase
        if phase == self._phase:
            return
        if phase == 1 and self._phase == 0:  # BIDDING -> TAKING: the auction is won
            self.bids_won[state.need] += 1
            self._won_round = state.round
        elif phase == 0 and self._phase in (2, 3) and state.round == self._won_round:
            self.failed_bids += 1  # back to bidding in the same round: the build was undone

    def end(self, state: Any) -> None:
        """Read the final towers."""
        row: dict[str, int | float | str] = {"ft_rounds": state.round,
                                             "ft_idle_rounds": 0}
        for seat in range(self.players):
            towers = [t for t in state.seat_towers(seat) if t]
            row[f"ft_torn_{seat}"] = state.torn[seat]
            row[f"ft_towers_{seat}"] = len(towers)
            row[f"ft_capped_{seat}"] = sum(scoring.is_capped(t) for t in towers)
            row[f"ft_tallest_{seat}"] = max((len(t) for t in towers), default=0)
            row[f"ft_cards_{seat}"] = sum(len(t) for t in towers)
        self._final = row

    def row(self) -> dict[str, int | float | str]:
        """The game's columns (call after the game ended)."""
        row = dict(self._final)
        won = sum(self.bids_won.values())
        if "ft_rounds" in row:
            # rounds where nobody built: the opener bid 0 and all passed
            row["ft_idle_rounds"] = max(0, int(row["ft_rounds"]) - won + self.failed_bids)
        for size, count in self.bids_won.items():
            row[f"ft_bid{size}_won"] = count
        row["ft_failed_bids"] = self.failed_bids
        return row


def make_stats(game: Any, players: int) -> FiveTowersStats:
    """A fresh collector for one game of ``players`` seats."""
    return FiveTowersStats(players)


def first_player(state: Any) -> int:
    """The seat that opened the first auction (drawn at random by the deal), in any state
    of the game (before the first move: the seat to move)."""
    return int(state.movers[0] if state.movers else state.to_move)
