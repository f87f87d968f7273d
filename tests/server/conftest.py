"""Fixtures of the server tests: a real server on 127.0.0.1 with a fresh database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import LiveServer, fresh_postgres, live_server, sqlite_url


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A fresh server on a new SQLite file."""
    with live_server(sqlite_url(tmp_path)) as running:
        yield running


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database on 127.0.0.1:5432 (skips if PostgreSQL is unreachable)."""
    with fresh_postgres() as url:
        yield url
