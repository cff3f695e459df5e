"""Budowa Zamku (Castle Building): a memory race to build a 10-element ascending castle."""
from towerplay.games.castle.game import Castle

__all__ = ["Castle"]
