"""The ``towerplay`` command. Each sub-module registers its commands on :data:`app`."""
from towerplay.cli.app import app
from towerplay.cli import hint, ladder, play, replay, review, score  # noqa: F401  (they register commands)
from towerplay.cli import sim  # noqa: F401,E402  (registers `towerplay sim`)
from towerplay.cli import report  # noqa: F401,E402  (registers `towerplay report`)
from towerplay.cli import serve  # noqa: F401,E402  (registers `towerplay serve`)

__all__ = ["app"]
