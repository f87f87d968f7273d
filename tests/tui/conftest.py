"""Fixtures of the terminal client's tests: a real server on 127.0.0.1 with a fresh SQLite file."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from saboteur.server import seats
from tests.server.conftest import anyio_backend, server  # the server tests' fixtures, shared

__all__ = ["anyio_backend", "fixed_deal", "server"]

DEAL = 5  # the seed of every deal in tests that fix it (the bots' choices follow from it)


@pytest.fixture
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game the server starts is dealt from one seed, so a pilot's game is the same
    game each time."""
    monkeypatch.setattr(seats, "secrets", SimpleNamespace(randbits=lambda bits: DEAL))
