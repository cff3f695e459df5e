"""The toy game package (see tests/toy/game.py)."""
from tests.toy.game import ToyGame

__all__ = ["ToyGame"]
