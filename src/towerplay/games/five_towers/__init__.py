"""5 Towers (Kasper Lapp, Deep Print Games 2023): bid for cards, build five descending
towers. See docs/games/five_towers.md."""
from towerplay.games.five_towers.game import FiveTowers, FiveTowersOptions

__all__ = ["FiveTowers", "FiveTowersOptions"]
