#!/usr/bin/env bash
# Makes sure the accessibility test (tests/web/test_accessibility.py) has axe-core: the npm package
# installed into .cache/npm (ignored by git), from the npm registry with npm. Installs Debian's npm
# with apt-get when npm is missing and we are root; otherwise says why the test will be skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
axe=.cache/npm/node_modules/axe-core/axe.min.js
if [ -f "$axe" ]; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  status=0
  bash scripts/apt-install.sh "the accessibility test" npm || status=$?
  if [ "$status" -eq 2 ]; then
    echo "setup-axe: no npm and cannot install it (not root or no apt-get):" \
      "the accessibility test will be skipped" >&2
    exit 0
  fi
  [ "$status" -eq 0 ] || exit "$status"
fi
mkdir -p .cache/npm
if ! npm install --prefix .cache/npm --no-save --no-audit --no-fund --loglevel=error "axe-core@^4.10" >&2; then
  echo "setup-axe: npm could not install axe-core: the accessibility test will be skipped" >&2
fi
