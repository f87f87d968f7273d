#!/usr/bin/env bash
# Sets everything up, then runs the main job (for now: a simulation of random games).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/saboteur simulate --players 5 --games 20 --seed 1 "$@"
