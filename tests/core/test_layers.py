"""The architecture's layers, read from the code's imports (top-level and inside
functions): the kernel imports no game and no front end; games import no front end; the
table loop (``arena``) does not import the simulation, which builds on it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "towerplay"
FRONT_ENDS = ("server", "cli", "sim", "envs")

FORBIDDEN = {
    "core": ("games", "bots", "arena", *FRONT_ENDS),
    "games": FRONT_ENDS + ("arena",),
    "arena": ("sim", "server", "cli", "envs"),
    "bots": ("arena", *FRONT_ENDS),
}
"""Each layer, and the packages it must never import."""


def imported(path: Path) -> set[str]:
    """Every towerplay module a file imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.startswith("towerplay.")}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    wrong = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for name in imported(path):
            above = name.split(".")[1] if name.count(".") >= 1 else ""
            if above in FORBIDDEN[layer]:
                wrong.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from towerplay.games import load\n")
    assert "towerplay.games" in imported(module)
