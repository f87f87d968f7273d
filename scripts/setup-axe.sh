#!/usr/bin/env bash
# Makes sure the accessibility test (tests/web/test_accessibility.py) has axe-core's axe.min.js,
# fetched from the npm registry into .cache/npm (ignored by git) without npm; when the registry
# cannot be reached, says so and the test is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
axe=.cache/npm/node_modules/axe-core/axe.min.js
if [ -f "$axe" ]; then
  exit 0
fi
if ! .venv/bin/python scripts/fetch_axe.py "$axe"; then
  echo "setup-axe: could not fetch axe-core: the accessibility test will be skipped" >&2
fi
