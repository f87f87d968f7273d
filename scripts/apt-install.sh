#!/usr/bin/env bash
# Installs Debian packages for the tests: `bash scripts/apt-install.sh PURPOSE PACKAGE...`.
# Exits 2 without installing anything when it cannot (not root, or no apt-get), so that the caller
# can say what is missing; a failing apt-get fails with its own status.
set -euo pipefail
purpose="$1"
shift
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  exit 2
fi
echo "installing Debian's $* for $purpose" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$@" >/dev/null
