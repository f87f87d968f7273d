"""No module outside a ruleset's own package branches on a ruleset's name.

What differs between rulesets comes from their descriptors (saboteur/engine/ruleset.py); the
registry, which lists the built-in rulesets, and the name of the default ruleset
(``DEFAULT_RULESET``) are the only places that spell a name.  Docstrings (with their doctest
examples) may name rulesets: they are documentation, not branches.

In the browser client only the client adapters (which register themselves for the rulesets they
draw) spell a name; the registry's list of built-in adapters imports their modules by file.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from saboteur.engine.registry import RULESETS, registered
from tests.toy import TOY

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "saboteur"
# each ruleset's own packages, in every layer, may name their rulesets
RULESET_PACKAGES = (
    "engine/classic",
    "engine/duel",
    "engine/darkcave",
    "engine/zwergengold",
    "bots/duel",
    "envs/classic",
    "envs/duel",
    "envs/darkcave",
    "envs/zwergengold",
    "bots/darkcave",
    "bots/zwergengold",
    "tui/rulesets/",  # the terminal client's adapters register themselves by name
)
ALLOWED = {"engine/registry.py"}
WEB = PACKAGE / "web"
# the client adapters register themselves for their rulesets by name
ADAPTERS = {"static/classic.js", "static/duel.js", "static/darkcave.js", "static/zwergengold.js"}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def names_outside_rulesets(names: set[str]) -> list[str]:
    """``file:line: 'name'`` for every ruleset name spelled in code outside the exceptions."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in ALLOWED or relative.startswith(RULESET_PACKAGES):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and node.value in names
            ):
                found.append(f"saboteur/{relative}:{node.lineno}: {node.value!r}")
    return found


def test_no_python_module_outside_a_ruleset_names_one() -> None:
    assert names_outside_rulesets(set(RULESETS)) == []


def test_the_check_finds_a_name_where_there_is_one() -> None:
    # the registry spells every built-in name; a check that found nothing there would be blind
    names = {"classic", "duel", "solo"}
    tree = ast.parse((PACKAGE / "engine/registry.py").read_text(encoding="utf-8"))
    spelled = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names
    }
    assert spelled == names


def client_names(names: set[str], allowed: set[str] = ADAPTERS) -> list[str]:
    """``file:line: 'name'`` for every ruleset name spelled as a string literal ('x', "x" or
    `x`) in the browser client's modules and page, outside ``allowed``."""
    alternatives = "|".join(map(re.escape, sorted(names)))
    literal = re.compile(r"""(["'`])(""" + alternatives + r""")\1""")
    found = []
    for path in sorted([*WEB.glob("static/*.js"), WEB / "index.html"]):
        relative = path.relative_to(WEB).as_posix()
        if relative in allowed:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"web/{relative}:{number}: {m[2]!r}" for m in literal.finditer(line)]
    return found


def test_no_client_module_but_the_adapters_names_a_ruleset() -> None:
    with registered(TOY):
        names = set(RULESETS)
    assert names >= {"classic", "duel", "solo", "toy"}
    assert client_names(names) == []


def test_the_client_check_finds_the_adapters_names() -> None:
    # the adapters spell the names they register for: a check finding nothing there is blind
    found = client_names({"classic", "duel", "solo"}, allowed=set())
    assert {line.split(": ")[1] for line in found} == {"'classic'", "'duel'", "'solo'"}
    assert all(line.startswith(tuple(f"web/{a}" for a in ADAPTERS)) for line in found)
