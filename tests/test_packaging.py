"""The package as people install it: the base install plays, bots and scores without any
extra's package; a command whose extra is missing says which one in a line; the wheel
holds every data file and declares the extras; one version, written once."""
from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import towerplay

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

EXTRAS = {"web": ("fastapi", "uvicorn", "sqlalchemy", "procrastinate", "psycopg",
                  "psycopg_pool", "starlette"),
          "sim": ("matplotlib", "scipy", "pyarrow", "ray"),
          "rl": ("pettingzoo", "gymnasium", "pyspiel", "open_spiel")}
"""The import names of each extra's packages (and of what they bring: starlette)."""
HEAVY = tuple(name for names in EXTRAS.values() for name in names) + ("httpx",)

BASE_SESSION = """
import json, sys
from towerplay.cli import app

def run(*args):
    try:
        app(list(args), standalone_mode=False)
    except SystemExit as done:
        assert not done.code, (args, done.code)

out = sys.argv[1]
run("games")
run("rules", "skytopia", "--lang", "pl")
run("play", "five_towers", "--seats", "greedy,ismcts:iterations=30,random", "--seed", "3",
    "--record", out + "/game.json", "--quiet")
run("replay", out + "/game.json")
run("score", "castle", "1,2,3", "4,5,6")
run("ladder", "castle", "--bots", "random,greedy", "--games", "2", "--seed", "1")
run("sim", "blueprints", "--bots", "random,greedy", "--games", "2", "--out", out + "/rows.csv")
print(json.dumps(sorted(sys.modules)))
"""
"""A base install's day: the terminal, bots (the search too), records, the scoring
assistant, a ladder and a simulation; then the modules it imported."""


def python(code: str, *args: str, block: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter in which the ``block`` packages cannot be
    imported (as where they are not installed)."""
    blocker = "".join(f"sys.modules[{name!r}] = None\n" for name in block)
    return subprocess.run([sys.executable, "-c", f"import sys\n{blocker}{code}", *args],
                          capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={**os.environ, "LC_ALL": "C.UTF-8"})  # (English)


def test_the_base_install_plays_without_any_extra(tmp_path: Path) -> None:
    """Every base command runs where no extra is installed, and none imports an extra's
    package (nor one of the web, database, queue or plotting packages they bring)."""
    (tmp_path / "blocked").mkdir()
    result = python(BASE_SESSION, str(tmp_path / "blocked"), block=HEAVY)
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / "blocked" / "rows.csv").read_text().count("\n") == 3  # header, 2 games
    (tmp_path / "installed").mkdir()
    result = python(BASE_SESSION, str(tmp_path / "installed"))  # every extra installed
    assert result.returncode == 0, result.stderr[-3000:]
    imported = {name.partition(".")[0] for name in json.loads(result.stdout.splitlines()[-1])}
    assert not imported & set(HEAVY)


@pytest.mark.parametrize("args,extra,blocked", [
    (["serve"], "web", "web"),
    (["worker"], "postgres", "web"),
    (["report", "rows.jsonl", "--json", "-"], "sim", "sim"),
    (["report", "rows.jsonl", "--html", "r.html", "--lang", "pl"], "sim", "sim"),
    (["review", "game.json", "--png", "g.png"], "sim", "sim"),
], ids=["serve", "worker", "report", "report-pl", "review-png"])
def test_a_command_without_its_extra_names_it_in_one_line(args: list[str], extra: str,
                                                         blocked: str) -> None:
    result = python("from towerplay.cli import app\napp(sys.argv[1:])", *args,
                    block=EXTRAS[blocked])
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert f"pip install 'towerplay[{extra}]'" in result.stderr
    if "--lang" in args:
        assert result.stderr.startswith("błąd: towerplay report wymaga dodatku sim")
    else:
        assert f"needs the {extra} extra" in result.stderr


def test_the_base_dependencies_are_light_and_the_extras_complete() -> None:
    project = PYPROJECT["project"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[\[<>=; ]", r, maxsplit=1)[0].lower() for r in requirements}

    extras = project["optional-dependencies"]
    assert set(extras) == {"web", "sim", "rl", "train", "postgres", "dev"}
    heavy = {"fastapi", "uvicorn", "sqlalchemy", "procrastinate", "psycopg", "matplotlib",
             "scipy", "pyarrow", "ray", "pettingzoo", "gymnasium", "open-spiel"}
    assert not names(project["dependencies"]) & heavy
    assert heavy <= names([r for extra in ("web", "sim", "rl") for r in extras[extra]])
    assert "towerplay[web]" in extras["postgres"]
    dev = next(r for r in extras["dev"] if r.startswith("towerplay["))
    assert set(dev[10:-1].split(",")) == {"web", "postgres", "sim", "rl", "train"}


def test_one_version_source() -> None:
    """The version is written once (``towerplay.__version__``): the metadata and the
    changelog's latest heading say the same."""
    assert "version" not in PYPROJECT["project"]
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "towerplay.__version__"}
    assert importlib.metadata.version("towerplay") == towerplay.__version__
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    latest = re.search(r"^## (\S+)", changelog, re.MULTILINE)
    assert latest is not None and latest.group(1) == towerplay.__version__


@pytest.mark.slow
def test_the_wheel_builds_with_every_data_file(tmp_path: Path) -> None:
    """``python -m build --wheel`` (offline: the installed setuptools) of a copy of the
    project: the wheel holds every file of the package and declares the extras."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "CHANGELOG.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "src" / "towerplay", source / "src" / "towerplay",
                    ignore=shutil.ignore_patterns("__pycache__"))
    result = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation",
                             "--outdir", str(tmp_path / "dist"), str(source)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    wheel = zipfile.ZipFile(next((tmp_path / "dist").glob("towerplay-*.whl")))
    packaged = {name for name in wheel.namelist() if name.startswith("towerplay/")}
    files = {path.relative_to(source / "src").as_posix()
             for path in (source / "src" / "towerplay").rglob("*") if path.is_file()}
    assert files - packaged == set()
    metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith("METADATA"))).decode()
    assert f"Version: {towerplay.__version__}" in metadata
    assert {"web", "sim", "rl", "train", "postgres", "dev"} <= set(
        re.findall(r"^Provides-Extra: (\S+)", metadata, re.MULTILINE))
    base = re.findall(r"^Requires-Dist: ([^;\n]+)$", metadata, re.MULTILINE)
    assert base and not any(name in requirement for requirement in base
                            for name in ("fastapi", "sqlalchemy", "matplotlib", "scipy"))
