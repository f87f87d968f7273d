"""Fixtures of the load-test tests: a real server on 127.0.0.1 with a fresh SQLite database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import LiveServer, live_server, sqlite_url


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(sqlite_url(tmp_path)) as running:
        yield running


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich tables wrap at 80 columns when not on a terminal; give them room."""
    monkeypatch.setenv("COLUMNS", "200")
