"""Running games between bots: single matches now; tournaments and ratings build on it."""
from towerplay.arena.match import play_match

__all__ = ["play_match"]
