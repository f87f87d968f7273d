"""Every ``t("key", ...)`` in the terminal client names a label (or catalogue text) that exists and
passes every placeholder its English and German templates use, so no "{where}" reaches a screen."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import saboteur.tui
from saboteur.server.messages import catalogue_body
from saboteur.tui.texts import LANGS, labels

PLACEHOLDER = re.compile(r"\{(\w+)(?::[^}]*)?\}")


def label_calls() -> list[tuple[str, int, str, set[str] | None]]:
    """(file, line, key, keyword names or None where ``**`` passes more) of each literal call."""
    found = []
    for path in sorted(Path(saboteur.tui.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func  # texts.t(…), or t(…) with t = texts.t
            named = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0] if node.args else None
            if named != "t" or not isinstance(first, ast.Constant):
                continue
            names = {k.arg for k in node.keywords if k.arg is not None}
            spread = any(k.arg is None for k in node.keywords)
            found.append((path.name, node.lineno, str(first.value), None if spread else names))
    return found


def test_every_label_call_names_a_label_and_fills_it() -> None:
    texts = {**catalogue_body()["texts"], **labels()}
    calls = label_calls()
    assert len(calls) > 100
    unknown = [(f, n, key) for f, n, key, _ in calls if key not in texts]
    assert unknown == []
    unfilled = [
        (f, n, key, lang, sorted(wanted - names))
        for f, n, key, names in calls
        if names is not None
        for lang in LANGS
        if (wanted := set(PLACEHOLDER.findall(texts[key][lang]))) - names
    ]
    assert unfilled == []
