"""``towerplay score <game> …``: the scoring assistant for games played on a real table.

Each game package offers its own command (``score_command`` in its ``cli.py``, found
through :func:`towerplay.games.companion`); this module mounts them, so loading a game for
play never imports the command line.
"""
from __future__ import annotations

import typer

from towerplay import games
from towerplay.cli.app import app, friendly

score_app = typer.Typer(help="Score a game played on a real table.", no_args_is_help=True)
app.add_typer(score_app, name="score")

for _name in games.names():
    _module = games.companion(_name, "cli")
    _command = getattr(_module, "score_command", None)
    if _command is not None:
        score_app.command(_name)(friendly(_command))
