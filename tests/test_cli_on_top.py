"""The command line is the top layer: no module of the package imports ``saboteur.cli``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "saboteur"


def importers_of(target: str) -> list[str]:
    """The modules of the package that import ``target`` (also inside functions)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            if any(name == target or name.startswith(f"{target}.") for name in names):
                found.append(path.relative_to(PACKAGE.parent).as_posix())
    return found


def test_nothing_imports_the_cli() -> None:
    assert importers_of("saboteur.cli") == []


def test_the_check_sees_an_import() -> None:
    assert "saboteur/cli.py" in importers_of("saboteur.commandline")
