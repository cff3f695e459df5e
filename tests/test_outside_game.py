"""A game from outside the project is at home: ``examples/dots_and_boxes`` (Dots and Boxes,
its own package with a ``towerplay.games`` entry point), installed into a throwaway
environment beside towerplay, is listed by ``towerplay games``, passes ``python -m
towerplay.testing dots``, the web app serves it with its Polish title and its Polish rules
page, and its scoring pad scores as its engine (docs/adding-a-game.md walks through it)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.waiting import PATIENCE

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "dots_and_boxes"

SERVED = """
import json, sys
from fastapi.testclient import TestClient
from towerplay.server.app import create_app

app = create_app(f"sqlite:///{sys.argv[1]}/dots.sqlite", bot_worker=False)
polish = {"Accept-Language": "pl-PL,pl;q=0.9"}
with TestClient(app) as client:
    lobby = client.get("/api/games", headers=polish).json()
    rules = client.get("/rules/dots", headers=polish)
    table = client.post("/api/tables", headers=polish,
                        json={"game": "dots", "seats": ["human", "greedy"], "seed": 1})
print(json.dumps({"lobby": {game["id"]: game["title"] for game in lobby},
                  "rules": [rules.status_code, rules.text], "table": table.status_code}))
"""
"""The web app of the throwaway environment, asked in Polish: the lobby's games, the
rules page, a new table of the game."""


@pytest.fixture(scope="module")
def beside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A throwaway environment that sees this one's packages (towerplay among them), with
    the example installed from a copy of its folder (a build writes beside its source),
    offline: no dependency fetched, no isolated build. Its python."""
    where = tmp_path_factory.mktemp("outside")
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(where / "env")
    python = where / "env" / "bin" / "python"
    # The project's environment is itself a venv, whose "system" is the base interpreter:
    # a .pth file adds this environment's packages (and their own .pth files, an editable
    # towerplay's among them) as the system's would be.
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    own = sysconfig.get_paths()["purelib"]
    (Path(site.stdout.strip()) / "beside-towerplay.pth").write_text(
        f"import site; site.addsitedir({own!r})\n", encoding="utf-8")
    command = python.parent / "towerplay"  # (as pip writes it when it installs towerplay)
    command.write_text(f"#!{python}\nfrom towerplay.cli import app\napp()\n", encoding="utf-8")
    command.chmod(0o755)
    source = shutil.copytree(EXAMPLE, where / "dots_and_boxes",
                             ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    run(python, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
        "--no-index", str(source))
    return python


def run(program: Path, *args: str, cwd: Path | None = None,
        timeout: float | None = PATIENCE) -> subprocess.CompletedProcess[str]:
    """A program of the throwaway environment (its python, its ``towerplay``), run in the
    environment's folder unless ``cwd``; it must succeed."""
    result = subprocess.run([str(program), *args], capture_output=True, text=True,
                            timeout=timeout, cwd=cwd or program.parents[2],
                            env={**os.environ, "LC_ALL": "C.UTF-8"})  # (English)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


@pytest.mark.slow
def test_the_example_is_listed_by_towerplay_games(beside: Path) -> None:
    listed = run(beside.parent / "towerplay", "games").stdout
    assert "dots — Dots and Boxes, 2–4 players" in listed
    assert "-o size=…  int (default 3)" in listed


@pytest.mark.slow
def test_the_example_keeps_the_contract(beside: Path) -> None:
    result = run(beside, "-m", "towerplay.testing", "dots", "--seeds", "1")
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[1:-1]] == ["PASS"] * 6, result.stdout
    assert lines[-1] == "6 passed, 0 failed"


@pytest.mark.slow
def test_the_web_app_serves_the_example_in_polish(beside: Path, tmp_path: Path) -> None:
    served = json.loads(run(beside, "-c", SERVED, str(tmp_path)).stdout)
    assert served["lobby"]["dots"] == "Kropki i kwadraty"
    assert served["lobby"]["castle"] == "Budowa Zamku"  # the project's games are there too
    status, page = served["rules"]
    assert status == 200 and "<h1>Kropki i kwadraty</h1>" in page
    assert "Narysuj jedną linię między dwiema sąsiednimi kropkami" in page
    assert served["table"] == 201


@pytest.mark.slow
def test_the_examples_doctests_pass(beside: Path) -> None:
    """(the suite's own environment cannot import the example: its doctests run here)"""
    package = beside.parents[2] / "dots_and_boxes" / "towerplay_dots"
    result = run(beside, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", os.devnull,
                 "--rootdir", str(package.parent), "--doctest-modules", str(package))
    assert " passed" in result.stdout and "failed" not in result.stdout, result.stdout


@pytest.mark.slow
@pytest.mark.timeout(900)  # a whole nested test session: 1,000 games in chromium
@pytest.mark.browser
def test_the_examples_pad_scores_as_its_engine(beside: Path) -> None:
    """The project's sweep of scoring pads against their engines, run where the example
    is installed: 1,000 finished games of Dots and Boxes typed into its pad in chromium."""
    result = run(beside, "-m", "pytest", "-p", "no:cacheprovider", "-k", "dots",  # (-q: ours)
                 "tests/server/test_pads_match_the_engine.py", cwd=ROOT,
                 timeout=None)  # (a test session: its own waits have their patience)
    assert "1 passed" in result.stdout, result.stdout


def test_the_example_is_not_installed_here() -> None:
    """The suite's own environment does not have the example: it is proved only beside
    towerplay, as its users install it (and the generic tests see the project's games)."""
    assert "towerplay_dots" not in sys.modules
    assert not (EXAMPLE / "build").exists(), "a build left files in examples/dots_and_boxes"
