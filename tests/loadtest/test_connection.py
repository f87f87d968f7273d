"""One load-test connection against a real server: hello, answers, refusals, closing."""

from __future__ import annotations

import asyncio

import pytest

from saboteur.loadtest.connection import Connection, Refused
from saboteur.loadtest.metrics import Metrics
from tests.loadtest.helpers import connections_drop_to_zero
from tests.server.helpers import LiveServer


async def exchange(url: str, metrics: Metrics) -> None:
    with pytest.raises(Refused) as caught:  # a one-letter nickname
        await Connection.open(url, "x", metrics, timeout=5, compression=True)
    assert caught.value.code == "bad-name"
    connection = await Connection.open(url, "Ann", metrics, timeout=5, compression=False)
    assert connection.name == "Ann" and connection.is_open
    await connection.request({"type": "new_game", "players": 4})
    await connection.send({"type": "ping", "id": "after"})
    pong = await connection.expect("pong", 5)  # the table's `joined` comes first: kept
    assert pong["ref"] == "after"
    joined = await connection.receive(5)
    assert joined["type"] == "joined" and joined["seat"] == 0
    missing = await connection.request({"type": "join", "game": 99_999})
    with pytest.raises(Refused, match="no-such-game"):
        await connection.expect("joined", 5, ref=missing)
    with pytest.raises(TimeoutError):
        await connection.expect("joined", 0.2)
    await connection.close()
    assert not connection.is_open


def test_answers_refusals_and_closing_are_told_apart(server: LiveServer) -> None:
    metrics = Metrics()
    asyncio.run(exchange(server.ws, metrics))
    assert metrics.errors == {"bad-name": 1, "no-such-game": 1}  # each counted once
    assert metrics.connections_lost == 0  # closed by us, not lost
    assert metrics.messages_received >= 5
    assert connections_drop_to_zero(server)
