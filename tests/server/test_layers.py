"""The server's modules import one another without cycles, and none imports the command line.

Every import counts: at the top, inside a function, and under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import saboteur.server

SERVER = Path(saboteur.server.__file__).resolve().parent
PACKAGE = "saboteur.server"


def module_name(path: Path) -> str:
    parts = path.relative_to(SERVER).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def imported(tree: ast.Module, name: str, is_package: bool) -> set[str]:
    """The modules ``name``'s source imports (absolute names; ``from M import x`` names
    ``M.x`` as well as ``M``, since ``x`` may be a module)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package this module is in (or is)
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            out.add(source)
            out.update(f"{source}.{alias.name}" for alias in node.names)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> every module it imports (of any package)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(SERVER.rglob("*.py")):
        name = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = imported(tree, name, path.name == "__init__.py")
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the modules along it (the first again at the end)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph[node]):
            cycle = visit(target)
            if cycle is not None:
                return cycle
        path.pop()
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start)
        if cycle is not None:
            return cycle
    return None


def test_the_server_modules_import_one_another_without_a_cycle() -> None:
    full = import_graph()
    graph = {name: {m for m in out if m in full and m != name} for name, out in full.items()}
    assert len(graph) > 20 and graph["saboteur.server.app"]  # every module was read
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_server_module_imports_the_command_line() -> None:
    offenders = {
        name: sorted(m for m in targets if m == "saboteur.cli" or m.startswith("saboteur.cli."))
        for name, targets in import_graph().items()
    }
    assert {name: m for name, m in offenders.items() if m} == {}


def test_a_cycle_is_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
