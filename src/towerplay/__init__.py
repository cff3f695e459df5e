"""towerplay: four tower-building board games with one rules kernel.

>>> import towerplay
>>> state = towerplay.games.load("five_towers").start(players=3, seed=1)
>>> state.to_move in (0, 1, 2)
True
"""
from towerplay import core, games, i18n

# The kernel words no event itself: its English (``str()`` of an error, a log line) is
# the catalogues' (towerplay.core.words).
core.words.use(i18n.english)

__version__ = "0.1.0"
__all__ = ["core", "games", "__version__"]
