"""Fixtures of the server tests: a real server on 127.0.0.1 with a fresh database."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis

from saboteur.server.store.migrate import upgrade
from saboteur.server.store.store import Store
from tests.server.helpers import REDIS, LiveServer, fresh_postgres, live_server, sqlite_url


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


@pytest.fixture
def redis_url() -> str:
    """The machine's Redis (skips if it is unreachable)."""
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.RedisError as err:
        pytest.skip(f"Redis on 127.0.0.1:6379 is unreachable: {err}")
    return REDIS


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind (its URL), not yet migrated."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path)
    else:
        with fresh_postgres() as url:
            yield url


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """A store on a migrated ``database`` of each kind."""
    await asyncio.to_thread(upgrade, database)
    opened = Store(database)
    try:
        yield opened
    finally:
        await opened.close()
