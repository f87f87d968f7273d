#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: Debian's chromium package at /usr/bin/chromium.
# Installs it with apt-get when it is missing and we are root; otherwise says why the browser
# tests will be skipped. Never downloads a browser build of its own (no `playwright install`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
status=0
bash scripts/apt-install.sh "the browser tests" chromium || status=$?
if [ "$status" -eq 2 ]; then
  echo "setup-browser: no /usr/bin/chromium and cannot install it (not root or no apt-get):" \
    "the browser tests will be skipped" >&2
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi
