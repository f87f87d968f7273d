"""Which code played a game: a short hash of the sources that decide it, the rules and the bots.

A tournament's journal records it with every game (``Played.code``), so that a run resumed
later — on another machine, from another checkout, after a change — shows whether all its games
were played by the same code (``saboteur journal`` lists them by version).

>>> len(code_id()), code_id() == code_id()
(12, True)
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
DECIDING = ("engine", "bots")  # the folders of the package whose sources decide a game
SUFFIXES = (".py", ".json")


@cache
def code_id() -> str:
    """The id of the code this process runs (computed once)."""
    return sources_id(PACKAGE)


def sources_id(package: Path) -> str:
    """12 hex digits of the SHA-256 of the deciding sources under ``package``, by relative path.

    Compiled modules are left out: they are built from these sources and behave alike
    (``saboteur/native.py``).
    """
    digest = hashlib.sha256()
    for folder in DECIDING:
        paths = [p for p in (package / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file()]
        for path in sorted(paths):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]
