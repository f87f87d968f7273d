"""The compiled core: the hot modules built with mypyc, or the same modules in pure Python.

The modules in :data:`HOT_MODULES` are ordinary typed Python, the one source of truth.
``python scripts/build_compiled.py`` (run by ``bash scripts/setup.sh`` where a C compiler is
found) compiles them with mypyc into extension modules beside their sources and writes
``saboteur/_native.json``, the SHA-256 of each source it compiled.  Python imports an extension
module before a source file of the same name, so the compiled ones are used from then on, unless

- ``SABOTEUR_PURE=1`` is set in the environment, or
- a source changed since the build (its hash differs from the manifest; a warning says so),

in which case :func:`use_pure_python` makes every ``saboteur`` module load from its source.
Both behave the same (``tests/test_native.py`` replays every stored record both ways).

>>> HOT_MODULES[0]
'saboteur.engine.moves'
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery as machinery
import json
import os
import sys
import warnings
from pathlib import Path

HOT_MODULES = (
    "saboteur.engine.moves",
    "saboteur.engine.chance",
    "saboteur.engine.grid",
    "saboteur.engine.maze",
    "saboteur.engine.growth",
    "saboteur.engine.walk",
    "saboteur.engine.table",
    "saboteur.engine.classic.actions",
    "saboteur.engine.classic.state",
    "saboteur.engine.duel.actions",
    "saboteur.engine.duel.state",
    "saboteur.engine.duel.solo",
    "saboteur.engine.duel.legal",
    "saboteur.engine.darkcave.actions",
    "saboteur.engine.darkcave.walking",
    "saboteur.engine.darkcave.state",
    "saboteur.engine.darkcave.legal",
    "saboteur.engine.zwergengold.cards",
    "saboteur.engine.zwergengold.labyrinth",
    "saboteur.engine.zwergengold.actions",
    "saboteur.engine.zwergengold.moves",
    "saboteur.engine.zwergengold.state",
    "saboteur.engine.zwergengold.legal",
    "saboteur.play.playout",
    "saboteur.bots.tunnel",
    "saboteur.bots.policy",
    "saboteur.bots.evaluate",
    "saboteur.bots.tree",
)
PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_native.json"
PURE_VARIABLE = "SABOTEUR_PURE"


def source_of(module: str) -> Path:
    """The source file of one of :data:`HOT_MODULES`."""
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def source_hash(module: str) -> str:
    return hashlib.sha256(source_of(module).read_bytes()).hexdigest()


def write_manifest() -> None:
    """Record the sources just compiled (called by the build)."""
    hashes = {module: source_hash(module) for module in HOT_MODULES}
    MANIFEST.write_text(json.dumps({"modules": hashes}, indent=1) + "\n", encoding="utf-8")


def stale_modules() -> list[str]:
    """Compiled modules whose source changed since the build (all of them without a manifest)."""
    try:
        built = json.loads(MANIFEST.read_text(encoding="utf-8"))["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return list(HOT_MODULES)
    return [module for module in HOT_MODULES if built.get(module) != source_hash(module)]


def has_build() -> bool:
    """Whether compiled modules lie beside the sources (used or not)."""
    suffixes = tuple(machinery.EXTENSION_SUFFIXES)
    return any(
        source_of(module).with_suffix(suffix).exists()
        for module in HOT_MODULES
        for suffix in suffixes
    )


def _pure_hook(path: str) -> machinery.FileFinder:
    """A finder for the package's folders that knows sources and bytecode, not extensions."""
    if not str(Path(path).resolve()).startswith(str(PACKAGE)):
        raise ImportError("not a folder of the saboteur package")
    loaders = [
        (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES),
        (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES),
    ]
    return machinery.FileFinder(path, *loaders)


def use_pure_python() -> None:
    """Load every ``saboteur`` module imported from now on from its source."""
    if _pure_hook not in sys.path_hooks:
        sys.path_hooks.insert(0, _pure_hook)
    for key in list(sys.path_importer_cache):
        if key.startswith(str(PACKAGE)):
            del sys.path_importer_cache[key]


def choose() -> None:
    """Pure Python if asked for, or if the build is older than its sources (called on import)."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        use_pure_python()
    elif has_build():
        stale = stale_modules()
        if stale:
            warnings.warn(
                f"the compiled saboteur modules are older than their sources ({', '.join(stale)});"
                " using pure Python: run `python scripts/build_compiled.py` to rebuild them",
                RuntimeWarning,
                stacklevel=2,
            )
            use_pure_python()


def compiled_modules() -> list[str]:
    """Which of :data:`HOT_MODULES` this process runs compiled (imports them)."""
    found = []
    for module in HOT_MODULES:
        loaded = importlib.import_module(module)
        if not str(getattr(loaded, "__file__", "")).endswith(".py"):
            found.append(module)
    return found
