"""Batch simulation: many seat-rotated games between bots, on local processes or Ray, one
row of results and statistics per game, and balance reports drawn from the rows.

>>> from towerplay.sim import Plan, play_row
>>> row = play_row(Plan.build("five_towers", players=2, bots=["random"], games=1).jobs[0])
>>> row["length"] > 0 and "ft_torn_0" in row
True
"""
from towerplay.sim.plan import Plan, SimJob, parse_sweep
from towerplay.sim.play import play_game, play_row
from towerplay.sim.runner import run
from towerplay.sim.store import read_rows, write_rows

__all__ = ["Plan", "SimJob", "parse_sweep", "play_game", "play_row", "read_rows", "run",
           "write_rows"]
