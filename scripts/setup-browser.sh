#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: Debian's chromium package at /usr/bin/chromium.
# Installs it with apt-get when it is missing and we are root; otherwise says why the browser
# tests will be skipped. Never downloads a browser build of its own (no `playwright install`).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup-browser: installing Debian's chromium for the browser tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
else
  echo "setup-browser: no /usr/bin/chromium and cannot install it (not root or no apt-get):" \
    "the browser tests will be skipped" >&2
fi
