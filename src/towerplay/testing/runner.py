"""Running the checks of :mod:`towerplay.testing` against one game: a line per check,
``PASS`` or ``FAIL`` with the case and the reason."""
from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass

from towerplay.core.registry import load
from towerplay.testing.checks import CHECKS, Case, Check, cases, near_misses


@dataclass(frozen=True)
class Outcome:
    """What one check found: ``failure`` is ``None`` when the game passed it."""

    title: str
    games: int
    seconds: float
    failure: str | None = None

    @property
    def passed(self) -> bool:
        return self.failure is None

    def __str__(self) -> str:
        if self.failure is None:
            return f"PASS  {self.title} ({self.games} games, {self.seconds:.1f} s)"
        return f"FAIL  {self.title}: {self.failure}"


def run(name: str, seeds: int = 2, report: Callable[[str], None] = print) -> list[Outcome]:
    """Run every check of :data:`~towerplay.testing.CHECKS` against game ``name``,
    reporting a line per check; the outcomes, in order.

    >>> outcomes = run("castle", seeds=1, report=lambda line: None)
    >>> [outcome.passed for outcome in outcomes]
    [True, True, True, True, True, True]
    """
    misses = near_misses(name)
    every_case = cases(name, seeds=seeds, variant_seeds=1 if seeds else 0)
    outcomes = []
    for check in CHECKS:
        outcome = run_check(check, name, every_case, misses)
        report(str(outcome))
        outcomes.append(outcome)
    return outcomes


def run_check(check: Check, name: str, every_case: list[Case], misses: list[str]) -> Outcome:
    start = time.process_time()
    try:
        for per_game in check.per_game:
            per_game(name)
    except AssertionError as error:
        return Outcome(check.title, 0, time.process_time() - start, str(error))
    for case in every_case:
        game = load(name, **case.options)
        for per_case in check.per_case:
            extra = {"near_misses": misses} if "near_misses" in inspect.signature(
                per_case).parameters else {}
            try:
                per_case(game, case.players, case.seed, **extra)
            except AssertionError as error:
                return Outcome(check.title, 0, time.process_time() - start,
                               f"({case}) {error}")
            except Exception as error:  # a crash is a failure too: say which and where
                return Outcome(check.title, 0, time.process_time() - start,
                               f"({case}) {type(error).__name__}: {error}")
    return Outcome(check.title, len(every_case), time.process_time() - start)
