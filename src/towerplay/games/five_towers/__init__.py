"""5 Towers (Kasper Lapp, Deep Print Games 2023): bid for cards, build five descending
towers. See rules/five_towers.md and the README."""
from towerplay.games.five_towers.game import FiveTowers, FiveTowersOptions

__all__ = ["FiveTowers", "FiveTowersOptions"]
