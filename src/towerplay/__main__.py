"""``python -m towerplay`` is the ``towerplay`` command."""
from towerplay.cli import app

app()
