"""Shared fixtures: the registered games and their player counts."""
from __future__ import annotations

import atexit
import os
import re
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from towerplay import games, testing

from tests.janitor import MARK, Janitor


def run_folder() -> Path:
    """The folder of this test run's temporary files (``TMPDIR``), made by the run's first
    process (which also starts its :class:`~tests.janitor.Janitor`) and inherited by xdist's
    workers and every process a test starts."""
    if MARK not in os.environ:
        root = Path(tempfile.mkdtemp(prefix="tp-tests-"))  # short: sockets live below it
        root.chmod(0o711)  # PostgreSQL's user must reach its cluster's folder below it
        os.environ.update({MARK: str(root), "TMPDIR": str(root)})
        atexit.register(Janitor(root).close)
    tempfile.tempdir = None  # read TMPDIR again
    return Path(os.environ[MARK])


# Tests never write into the real home folder (default records, the server's database).
os.environ["TOWERPLAY_HOME"] = str(run_folder() / "home")

# The fifth game, made by following docs/adding-a-game.md: every generic test covers it.
games.register("toy_pile", "tests.toy:ToyGame")


def game_player_counts() -> list[tuple[str, int]]:
    """(game id, players) for every registered game and every allowed player count."""
    pairs = []
    for name in games.names():
        cls = games.game_class(name)
        pairs += [(name, n) for n in range(cls.min_players, cls.max_players + 1)]
    return pairs


def game_variant_cases(default_seeds: int = 4, variant_seeds: int = 2) -> list[Any]:
    """pytest params (game id, players, options, seed) over every registered game, player
    count and variant it declares (``Game.variants``; :func:`towerplay.testing.cases`);
    variants get fewer seeds."""
    params = []
    for name in games.names():
        for case in testing.cases(name, default_seeds, variant_seeds):
            label = ",".join(f"{k}={v}" for k, v in case.options.items()) or "default"
            params.append(pytest.param(name, case.players, case.options, case.seed,
                                       id=f"{name}-{case.players}p-{label}-s{case.seed}"))
    return params


UPDATE_GOLDEN = os.environ.get("UPDATE_GOLDEN") == "1"


# ----------------------------------------------------------------- xdist: shared state
SHARED_STATE = re.compile(r'scope="(?:module|session)"|^@(?:functools\.)?(?:cache|lru_cache)\b'
                          r"|^from tests\.server\.browser import", re.MULTILINE)
"""What makes a test file's tests share work within a process: a module- or
session-scoped fixture of its own (a server, a chromium, a rendered report), a cached
function (played games), the browser's module fixtures."""


ON_POSTGRES = re.compile(r"\[postgres[-\]]")
"""The id of a test on the session's PostgreSQL server (``server`` fixture)."""


@cache
def shares_state(path: str) -> bool:
    """Whether the test file ``path`` (relative to the root) shares work between its
    tests (:data:`SHARED_STATE`)."""
    file = Path(__file__).resolve().parents[1] / path
    return path.startswith("tests/") and file.is_file() and bool(
        SHARED_STATE.search(file.read_text(encoding="utf-8")))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``-n N`` (``--dist load``): each test goes to whichever worker is free, except that
    the tests of a file that shares work (:func:`shares_state`) go to one worker together,
    so that its servers, browsers and played games are made once, not once per worker.
    The tests on the PostgreSQL server (``[postgres...]``) are one group too: one
    throwaway cluster, not one per worker. Groups are handed out first, the biggest
    first; the single tests fill in around them and balance the end."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedStateScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if shares_state(path):
                return path
            return "postgres" if ON_POSTGRES.search(nodeid) else nodeid

    return SharedStateScheduling(config, log)


# ----------------------------------------------------------------- markers from fixtures
NEEDS = {"browser": pytest.mark.browser, "postgres_cluster": pytest.mark.cluster,
         "module_cluster": pytest.mark.cluster}
"""A test that uses one of these fixtures (directly or through another) gets the marker."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that drive chromium or start PostgreSQL by the fixtures they use (so
    ``-m 'not browser'`` leaves them out); others carry their markers in their files."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        for fixture, mark in NEEDS.items():
            if fixture in fixtures:
                item.add_marker(mark)
        if ON_POSTGRES.search(item.nodeid):
            item.add_marker(pytest.mark.cluster)
