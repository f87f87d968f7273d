"""Fixtures of the terminal client's tests: a real server on 127.0.0.1 with a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import LiveServer, live_server, sqlite_url


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(sqlite_url(tmp_path)) as running:
        yield running
