"""The typer application every ``towerplay`` command registers on."""
from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from towerplay.core.errors import TowerplayError

app = typer.Typer(
    help="towerplay: 5 Towers, Budowa Zamku, Blueprints and Skytopia — play, score, study.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False, soft_wrap=True)
"""Errors are one line, never wrapped at the terminal's width (scripts read them)."""

P = ParamSpec("P")
R = TypeVar("R")


def friendly(command: Callable[P, R]) -> Callable[P, R]:
    """Print towerplay errors as one red line and exit 2, instead of a traceback."""
    @wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except TowerplayError as error:
            errors.print(f"[red]error:[/red] {escape(str(error))}")
            sys.exit(2)
    return run
