"""Skytopia statistics for simulations: Prestige by source, coins, cards per Tower colour,
each seat's Ability tile and side, the Guild Masters in play and what they scored (found
by ``towerplay.games.companion``).

Prestige on the track is attributed to the part of the turn whose decision earned it
(Towers in phase 1, golems in phase 2, abilities, setup); the final tally adds the Guild
Masters, Laboratories, coins and golems on the Market. The collector reads the true state:
analysis after the fact, never shown to a player during a game.

>>> from towerplay import games
>>> from towerplay.arena.table import Table
>>> game = games.load("skytopia")
>>> stats = make_stats(game, 2)
>>> table = Table(game.start(players=2, seed=3), ["random", "random"], hooks=[stats])
>>> for _ in table.play_bots(): pass
>>> row = stats.row()
>>> sum(row[f"sky_pp_{s}"] for s in SOURCES + FINAL_SOURCES) == sum(table.state.scores())
True
"""
from __future__ import annotations

from typing import Any

from towerplay.core.statistics import Ratio, Statistic
from towerplay.games.skytopia import state as rules
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.effects import GOLEMS
from towerplay.games.skytopia.scoring import city_summary, final_tally

PREFIX = "sky_"
SOURCES = ("towers", "golems", "abilities", "setup")
"""Where Prestige on the track came from: the part of the turn whose decision earned it."""
FINAL_SOURCES = ("guilds", "laboratories", "coins", "market_golems")
"""What the final tally adds to the track."""
GUILDS = 3
"""Guild Masters in play (one from each stack)."""
SOURCE_TEXT = {
    "towers": "Prestige earned on the track in the Towers phase",
    "golems": "Prestige earned on the track placing and moving golems",
    "abilities": "Prestige earned on the track by Ability tiles",
    "setup": "Prestige earned on the track during setup",
    "guilds": "Prestige the Guild Masters gave at the final tally",
    "laboratories": "Prestige the Laboratories gave at the final tally",
    "coins": "Prestige for coins at the final tally",
    "market_golems": "Prestige for golems on the Market at the final tally",
}
STATISTICS = (
    *(Statistic(f"sky_pp_{source}", f"Prestige: {source.replace('_', ' ')}",
                f"{text}, all players together")
      for source, text in SOURCE_TEXT.items()),
    Statistic("sky_coins", "coins", "coins a player has at the end", scope="seat"),
    Statistic("sky_cards", "city cards", "cards in a player's city at the end", scope="seat"),
    Statistic("sky_ability", "Ability tile and side", "the Ability tile a player took and "
              "the side played (T1a: tile T1, side a)", scope="seat", kind="categorical"),
    *(Statistic(f"sky_cards_{colour}", f"{colour} cards",
                f"cards in {colour} Towers at the end, all players together")
      for colour in COLOURS),
    *(Statistic(f"sky_guild{k}", f"Guild Master {k + 1}",
                f"the Guild Master in play from stack {k + 1}", kind="categorical")
      for k in range(GUILDS)),
    *(Statistic(f"sky_guild{k}_pp", f"Guild Master {k + 1}'s Prestige",
                f"Prestige the Guild Master from stack {k + 1} gave, all players together")
      for k in range(GUILDS)),
    Statistic("sky_rounds", "rounds", "rounds played"),
)
"""The columns of a row, as the report names and counts them."""
RATIOS: tuple[Ratio, ...] = ()


def _phase_sources() -> dict[int, str]:
    """Phase number -> source name, from the rules module's phase constants (by name, so a
    renumbering of the phases keeps the attribution right)."""
    names = {"towers": ("PH_STACK", "PH_TOWERS"),
             "golems": ("PH_BACK", "PH_PLACE", "PH_POST"),
             "abilities": ("PH_ABIL1", "PH_ABIL2"),
             "setup": ("PH_DRAFT", "PH_SIDE", "PH_PRE")}
    return {getattr(rules, constant): source for source, constants in names.items()
            for constant in constants if hasattr(rules, constant)}


PHASE_SOURCE = _phase_sources()


class SkytopiaStats:
    """Counts per game; :meth:`row` gives flat ``sky_``-prefixed columns (fixed keys for a
    player count, whatever the options)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.track = dict.fromkeys(SOURCES, 0)
        self._before: list[int] = []
        self._source = "setup"
        self._row: dict[str, int | float | str] = {}

    def before(self, state: Any, action: Any) -> None:
        """Remember the track and the part of the turn this decision belongs to."""
        self._before = state.prestige[:]
        self._source = PHASE_SOURCE.get(state.phase, "setup")

    def after(self, state: Any, action: Any) -> None:
        """Credit the Prestige this decision earned (everyone's) to its source."""
        gained = sum(state.prestige) - sum(self._before)
        if gained:
            self.track[self._source] += gained

    def end(self, state: Any) -> None:
        """The final tally by part, the cities, the abilities and the Guild Masters."""
        comp = state.comp
        row: dict[str, int | float | str] = {f"sky_pp_{s}": v for s, v in self.track.items()}
        final = dict.fromkeys(FINAL_SOURCES, 0)
        cards_per_colour = [0] * 4
        guild_pp = [0] * len(state.guilds)
        for seat in range(self.players):
            towers = [state.towers[seat * 4 + colour] for colour in range(4)]
            cards, crests, labs = city_summary(comp, towers)
            tally = final_tally(comp, state.guilds, state.prestige[seat], cards, crests, labs,
                                state.coins[seat], GOLEMS - state.board[seat])
            final["guilds"] += sum(tally["guilds"].values())
            final["laboratories"] += tally["laboratories"]
            final["coins"] += tally["coins"]
            final["market_golems"] += tally["golems"]
            for k, guild in enumerate(state.guilds):
                guild_pp[k] += tally["guilds"][comp.guilds[guild].ident]
            for colour in range(4):
                cards_per_colour[colour] += cards[colour]
            row[f"sky_coins_{seat}"] = state.coins[seat]
            row[f"sky_cards_{seat}"] = sum(cards)
            tile, side = state.tile[seat], state.side[seat]
            row[f"sky_ability_{seat}"] = (f"{comp.tiles[tile][0]}{'ab'[side]}"
                                          if tile >= 0 else "none")
        row.update({f"sky_pp_{s}": v for s, v in final.items()})
        for colour, name in enumerate(COLOURS):
            row[f"sky_cards_{name}"] = cards_per_colour[colour]
        for k, guild in enumerate(state.guilds):
            row[f"sky_guild{k}"] = comp.guilds[guild].ident
            row[f"sky_guild{k}_pp"] = guild_pp[k]
        row["sky_rounds"] = state.round
        self._row = row

    def row(self) -> dict[str, int | float | str]:
        """The game's columns (call after the game ended)."""
        return dict(self._row)


def make_stats(game: Any, players: int) -> SkytopiaStats:
    """A fresh collector for one game of ``players`` seats."""
    return SkytopiaStats(players)


def first_player(state: Any) -> int:
    """The first player of round 1 (drawn by the deal), in any state of the game: ``first``
    is the *current* round's first player, and every round passed it one seat back (see
    ``SkytopiaState._end_turn``)."""
    return int((state.first + state.round - 1) % state.players)
