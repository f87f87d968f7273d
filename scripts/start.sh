#!/usr/bin/env bash
# Sets everything up, then starts the game server (SQLite in the data directory) on port 8765.
# Open http://127.0.0.1:8765/ in a browser; extra arguments go to `saboteur server`
# (e.g. `bash scripts/start.sh 9000 --host 0.0.0.0`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/saboteur server "$@"
