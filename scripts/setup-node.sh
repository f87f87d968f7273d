#!/usr/bin/env bash
# Makes sure the browser client's unit tests (tests/js/, `node --test`) have Node.js 18 or newer.
# Installs Debian's nodejs package with apt-get when node is missing and we are root; otherwise
# fails saying why. No npm packages: the tests use only Node's built-in test runner.
set -euo pipefail
cd "$(dirname "$0")/.."
need=18
if ! command -v node >/dev/null 2>&1; then
  status=0
  bash scripts/apt-install.sh "the browser client's unit tests" nodejs || status=$?
  if [ "$status" -eq 2 ]; then
    echo "setup-node: no node on PATH and cannot install it (not root or no apt-get):" \
      "install Node.js $need or newer (Debian: apt-get install nodejs) to run tests/js/" >&2
  fi
  [ "$status" -eq 0 ] || exit "$status"
fi
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt "$need" ]; then
  echo "setup-node: node $(node --version) is too old for tests/js/: Node.js $need or newer is needed" >&2
  exit 1
fi
