"""The project's modules import one another without a circle, and the layers point inward.

The graph is read from the source (``ast``), not by importing: every ``import x`` and
``from x import y`` of a project module, at any depth (an import inside a function is a
circle all the same, only a later one). ``from package import module`` counts as an edge
to the module. A package's own ``__init__`` is not an edge of its submodules (Python loads
it first, but it is not a dependency the code chose).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping, Set
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "companion", "printgen", "campfire", "reader")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                if not is_package:
                    anchor = anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            # ``import a.b.c`` needs a.b.c; ``from a.b import c`` needs a.b.c if it is a
            # module, else a.b.
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


@functools.cache
def graph() -> dict[str, frozenset[str]]:
    """Every project module's imports (read once per process: each test only reads it)."""
    modules = project_modules()
    edges = {name: imports_of(name, path, modules) for name, path in modules.items()}
    # A submodule loading its own package's __init__ is Python's doing, not an edge.
    return {
        name: frozenset(t for t in targets if not name.startswith(t + "."))
        for name, targets in edges.items()
    }


def find_cycle(edges: Mapping[str, Set[str]]) -> list[str] | None:
    """One import circle, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_walker_finds_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_the_walker_reads_imports_inside_functions() -> None:
    edges = graph()
    assert "games.errors" in edges["games.table"]
    assert edges["companion"]  # create_app wires the subsystems


def test_no_import_circle() -> None:
    cycle = find_cycle(graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def within(name: str, layer: str) -> bool:
    """Whether module ``name`` is ``layer`` (a package or module) or inside it."""
    return name == layer or name.startswith(layer + ".")


def test_a_layer_is_a_package_or_a_module() -> None:
    assert within("companion.pages.panel", "companion.pages")
    assert within("companion.api", "companion.api")
    assert not within("companion.pages_extra", "companion.pages")


@pytest.mark.parametrize(
    ("inner", "outer"),
    [
        ("games", "companion"),
        ("games", "printgen"),
        ("games", "campfire"),
        ("printgen", "companion"),
        ("companion", "campfire"),
        # The JSON API answers the one change path's outcome itself (companion.events):
        # it takes nothing from the HTML pages.
        ("companion.api", "companion.pages"),
    ],
)
def test_layers_point_inward(inner: str, outer: str) -> None:
    leaks = sorted(
        f"{name} -> {target}"
        for name, targets in graph().items()
        if within(name, inner)
        for target in targets
        if within(target, outer)
    )
    assert not leaks
