#!/usr/bin/env bash
# Sets everything up (the virtualenv, Node.js for the client's unit tests, Chromium for the
# browser tests and axe-core from npm for the accessibility test), then runs the whole test suite:
# ruff, mypy, the client's unit tests and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-node.sh
bash scripts/setup-browser.sh
bash scripts/setup-axe.sh
.venv/bin/ruff check saboteur tests examples scripts
.venv/bin/ruff format --check saboteur tests examples scripts
.venv/bin/mypy
node --test tests/js/*.test.mjs
# two or more workers (one per core), each test file on one worker (its module-scoped servers too)
.venv/bin/pytest -n "${PYTEST_WORKERS:-auto}" --dist loadfile "$@"
