"""*Dots and Boxes* for towerplay: a game from outside the project, registered by its
``towerplay.games`` entry point (pyproject.toml)."""
from towerplay_dots.game import DotsAndBoxes

__all__ = ["DotsAndBoxes"]
