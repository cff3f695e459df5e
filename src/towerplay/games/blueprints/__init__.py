"""Blueprints (Yves Tourigny, Z-Man Games 2013): dice drafting and 3-D dice building.

``towerplay.games.load("blueprints")`` gives the :class:`Blueprints` game.
"""
from towerplay.games.blueprints.game import Blueprints, BlueprintsOptions
from towerplay.games.blueprints.state import BlueprintsState, Move

__all__ = ["Blueprints", "BlueprintsOptions", "BlueprintsState", "Move"]
