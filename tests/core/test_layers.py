"""The architecture's layers, read from the code's imports (top-level and inside
functions): the kernel imports no game, no words (``towerplay.i18n``), no front end and
no terminal or web library; the words import no game and no front end; games import no
front end; the bots and the table loop (``arena``) word nothing, and the table imports
neither the simulation, which builds on it, nor the web protocol. And no two modules import
each other, directly or around a circle, outside one game's own folder (imports for type
checking only aside: they never run)."""
from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SOURCE / "towerplay"
FRONT_ENDS = ("server", "cli", "sim", "envs")

FORBIDDEN = {
    "core": ("games", "bots", "arena", "i18n", *FRONT_ENDS),
    "i18n": ("games", "bots", "arena", *FRONT_ENDS),
    "games": FRONT_ENDS + ("arena",),
    "arena": ("i18n", "sim", "server", "cli", "envs"),
    "bots": ("arena", "i18n", *FRONT_ENDS),
}
"""Each layer (a package, or the module ``i18n``), and the parts of towerplay it must never
import."""

LIBRARIES = {"core": ("rich", "typer", "click", "fastapi", "starlette", "uvicorn", "babel",
                      "sqlalchemy")}
"""The libraries a layer must never import: the kernel draws no terminal, serves no page
and reads no catalogue."""


def type_checking_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (imports for the type checker alone)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for part in node.body:
                found |= {id(inner) for inner in ast.walk(part)}
    return found


def imports(path: Path, runtime_only: bool = False) -> set[str]:
    """Every module a file imports, anywhere in it, as written (``from a import b``
    gives ``a`` and ``a.b``); relative imports made absolute."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = type_checking_only(tree) if runtime_only else set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module_name(path)
                package = here if path.name == "__init__.py" else here.rpartition(".")[0]
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def imported(path: Path) -> set[str]:
    """Every towerplay module a file imports, anywhere in it."""
    return {name for name in imports(path) if name.startswith("towerplay.")}


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_files(layer: str) -> list[Path]:
    """The files of a layer: a package's, or a module's own."""
    single = PACKAGE / f"{layer}.py"
    return [single] if single.is_file() else sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    wrong = []
    for path in layer_files(layer):
        for name in imported(path):
            above = name.split(".")[1] if name.count(".") >= 1 else ""
            if above in FORBIDDEN[layer]:
                wrong.append(f"{path.relative_to(PACKAGE)} imports {name}")
        for name in imports(path):
            if name.split(".")[0] in LIBRARIES.get(layer, ()):
                wrong.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_the_table_speaks_no_web_protocol() -> None:
    """The arena's refusals are its own kinds and words: no protocol code, no ``web.*``
    event (the server maps a refusal to its code and words)."""
    for path in layer_files("arena"):
        strings = [node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)]
        assert not [s for s in strings if s.startswith("web.")], path
        assert not {"bad_message", "forbidden", "stale", "illegal"} & set(strings), path


# ----------------------------------------------------------------- no circles
@cache
def modules() -> dict[str, Path]:
    """Every module of towerplay by its name."""
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def target(name: str) -> str | None:
    """The towerplay module an imported name stands for: itself, or the module holding
    it (``towerplay.core.events.Event`` → ``towerplay.core.events``)."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def graph() -> dict[str, set[str]]:
    """Who imports whom at run time, module by module: ``from a import b`` names the
    module ``a.b`` where there is one, else ``a`` (a package's ``__init__`` that the
    Python of a submodule runs first is no import of it)."""
    edges = {}
    for name, path in modules().items():
        written = imports(path, runtime_only=True)
        found = {target(imported_name) for imported_name in written
                 if imported_name.startswith("towerplay")
                 and not any(other.startswith(f"{imported_name}.") and other in modules()
                             for other in written)}
        edges[name] = {other for other in found if other is not None and other != name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other around a circle (the strongly
    connected components of more than one module, by Tarjan's algorithm)."""
    order: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(edges[start])))]
        order[start] = lowest[start] = len(order)
        stack.append(start)
        while work:
            node, following = work[-1]
            step = next((n for n in following if n not in order or n in stack), None)
            if step is not None and step not in order:
                order[step] = lowest[step] = len(order)
                stack.append(step)
                work.append((step, iter(sorted(edges[step]))))
                continue
            if step is not None:  # on the stack: a way back
                lowest[node] = min(lowest[node], order[step])
                continue
            work.pop()
            if work:
                lowest[work[-1][0]] = min(lowest[work[-1][0]], lowest[node])
            if lowest[node] == order[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for node in sorted(edges):
        if node not in order:
            visit(node)
    return found


def inside_one_game(group: Iterable[str]) -> bool:
    homes = {".".join(name.split(".")[:3]) for name in group}
    return len(homes) == 1 and next(iter(homes)).startswith("towerplay.games.") and all(
        name.count(".") >= 3 for name in group)


def test_no_modules_import_each_other_outside_a_games_folder() -> None:
    wrong = [group for group in circles(graph()) if not inside_one_game(group)]
    assert not wrong, "import circles:\n" + "\n".join(" ↔ ".join(group) for group in wrong)


def test_the_kernel_and_the_words_are_in_no_circle() -> None:
    """In particular the kernel and the words: ``i18n`` imports the kernel, never back."""
    edges = graph()
    kernel = {name for name in edges if name.startswith("towerplay.core")}
    assert not any("towerplay.i18n" in edges[name] for name in kernel)
    assert kernel & edges["towerplay.i18n"]


def test_the_circle_check_finds_circles() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e2"}, "e2": {"e"}}
    assert circles(edges) == [["a", "b", "c"], ["e", "e2"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert inside_one_game(["towerplay.games.castle.state", "towerplay.games.castle.game"])
    assert not inside_one_game(["towerplay.games.castle.state", "towerplay.games"])
    assert not inside_one_game(["towerplay.core.game", "towerplay.core.state"])


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from towerplay.games import load\n")
    assert "towerplay.games" in imported(module)
