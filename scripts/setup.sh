#!/usr/bin/env bash
# Creates .venv (if missing) and installs saboteur with its development tools into it, then
# compiles the hot modules with mypyc where a C compiler is found (about half a minute; see
# saboteur/native.py). SABOTEUR_PURE=1 skips the build (and makes saboteur run as pure Python).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev,research,cluster]'
if [ "${SABOTEUR_PURE:-0}" != "0" ]; then
  echo "SABOTEUR_PURE is set: the compiled core is not built"
elif command -v "${CC:-cc}" >/dev/null 2>&1; then
  .venv/bin/python scripts/build_compiled.py
else
  echo "no C compiler found: saboteur runs as pure Python (scripts/build_compiled.py builds it)"
fi
