"""The ``towerplay`` command. Each sub-module registers its commands on :data:`app`."""
from towerplay.cli.app import app
from towerplay.cli import hint, ladder, play, review, score  # noqa: F401  (they register commands)

__all__ = ["app"]
