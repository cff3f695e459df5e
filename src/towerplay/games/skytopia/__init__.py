"""Skytopia: golems, the Chronometer, Towers that activate, abilities and Guild Masters."""
from towerplay.games.skytopia.game import Skytopia, SkytopiaOptions

__all__ = ["Skytopia", "SkytopiaOptions"]
