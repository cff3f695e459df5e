"""The ``towerplay`` command. Each sub-module registers its commands on :data:`app`."""
from importlib import import_module

from towerplay.cli.app import app

COMMANDS = ("hint", "ladder", "play", "replay", "review", "score", "sim", "report", "serve")
"""The modules that register commands, imported in this order: it is the order of
``towerplay --help`` (a module imports those it builds on first, as ``hint`` does ``play``)."""
for _module in COMMANDS:
    import_module(f"towerplay.cli.{_module}")

__all__ = ["app"]
