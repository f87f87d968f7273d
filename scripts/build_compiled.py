"""Compile the hot modules (saboteur.native.HOT_MODULES) with mypyc, in place.

The extension modules land beside their sources, with saboteur/_native.json naming the sources
they were built from; ``--clean`` removes them (pure Python again).  Needs mypy (the ``dev``
extra) and a C compiler.  Prints how long the build took::

    python scripts/build_compiled.py
    python scripts/build_compiled.py --clean
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import sys
import time
from importlib import machinery
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SABOTEUR_PURE"] = "1"  # this process imports the sources, whatever lies beside them

from saboteur import native  # noqa: E402


def clean() -> int:
    """Remove every compiled module and the manifest; how many files went."""
    removed = 0
    for path in (ROOT / "saboteur").rglob("*"):
        if path.suffix in (".so", ".pyd") and any(
            path.name.endswith(s) for s in machinery.EXTENSION_SUFFIXES
        ):
            path.unlink()
            removed += 1
    if native.MANIFEST.exists():
        native.MANIFEST.unlink()
        removed += 1
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    return removed


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    os.chdir(ROOT)
    paths = [str(native.source_of(module).relative_to(ROOT)) for module in native.HOT_MODULES]
    modules = mypycify(paths, group_name="saboteur._native", opt_level="3")
    dist = Distribution({"name": "saboteur-native", "ext_modules": modules})
    dist.script_args = ["build_ext", "--inplace"]
    dist.parse_command_line()
    log = io.StringIO()
    try:
        with contextlib.redirect_stdout(log):  # the compiler's command lines, shown on failure
            dist.run_commands()
    except BaseException:
        print(log.getvalue(), file=sys.stderr)
        raise
    native.write_manifest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args()
    start = time.monotonic()
    if args.clean:
        print(f"removed {clean()} files: saboteur runs as pure Python")
        return
    clean()
    build()
    took = time.monotonic() - start
    print(f"compiled {len(native.HOT_MODULES)} modules with mypyc in {took:.0f} s")


if __name__ == "__main__":
    main()
