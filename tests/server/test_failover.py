"""A node dies, or misses what another node did: the others show the stored game, not an older one.

Against the real PostgreSQL and Redis (skipped where they are unreachable, see test_cluster).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from redis.exceptions import RedisError

from saboteur.server import bus as B
from saboteur.server import cluster
from saboteur.server.bus import RedisBus
from tests.server.failover import BOUND, failover_trial, silent_trial
from tests.server.helpers import (
    REDIS,
    Client,
    LiveServer,
    ServerProcess,
    clients,
    fake_publisher,
    seat_all,
    two_nodes,
    wait_until,
)

pytestmark = pytest.mark.anyio

TRIALS = 4


async def test_an_acknowledged_action_survives_its_node(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> None:
    """Killed the moment it acknowledged an action, a node has already handed the action to
    Redis: the survivor's viewers see it within the bound, and the player reconnecting there
    finds her move made, every time."""
    cluster_args = ("--db", postgres_url, "--redis", redis_url)
    survivor = ServerProcess(tmp_path, *cluster_args)
    try:
        for n in range(TRIALS):
            trial = await failover_trial(tmp_path, cluster_args, survivor, n)
            assert max(trial.bob_ms, trial.dan_ms) < BOUND * 1000, trial
    finally:
        survivor.kill()


async def test_a_silent_node_s_stored_action_is_read_when_its_games_are_taken_over(
    monkeypatch: pytest.MonkeyPatch, postgres_url: str, redis_url: str
) -> None:
    """Node A stores an action but never publishes it, then falls silent: when B takes over
    A's games it reads them from the store and pushes the action to its viewers at once."""
    monkeypatch.setattr(cluster, "PEER_TIMEOUT", 1.5)
    with two_nodes(postgres_url, redis_url) as (a, b):
        waited = await silent_trial(a, b, 0)
    assert waited < (cluster.PEER_TIMEOUT + 2 * cluster.HEARTBEAT) * 1000, waited


async def test_a_player_ahead_of_the_node_makes_it_read_the_store(
    postgres_url: str, redis_url: str
) -> None:
    """Bob sends an action for sequence number 1 to node B, which missed action 0: B reads
    the game from the store and judges the action there, instead of answering ``stale``."""
    with two_nodes(postgres_url, redis_url) as (a, b):
        async with clients(a.ws, "Ann", "Cat") as [ann, cat], clients(b.ws, "Bob") as [bob]:
            game = await seat_all([ann, bob, cat], options={"first": 0})
            await bob.expect("game", game=game, seq=0)
            deaf_to(b, "action")
            bob_on_a = await Client.open(a.ws, token=bob.token)
            view = await ann.expect("game", game=game, seq=0)
            await ann.send({"type": "act", "game": game, "action": view["view"]["legal"][0]})
            seen = await bob_on_a.expect("game", game=game, seq=1)
            assert b.service.tables[game].seq == 0
            move = seen["view"]["legal"][0]
            await bob.send({"type": "act", "game": game, "action": move, "seq": 1})
            assert (await bob.expect("game", game=game, seq=2))["view"]["current"] == 2
            await bob_on_a.close()


async def test_watching_a_game_just_started_on_another_node(
    postgres_url: str, redis_url: str
) -> None:
    """A ``watch`` reaching B before B heard that A started the game reads the store."""
    with two_nodes(postgres_url, redis_url) as (a, b):
        async with clients(a.ws, "Ann", "Cat") as [ann, cat], clients(b.ws, "Dan") as [dan]:
            game = await new_open_table(ann, cat, await Client.open(a.ws, "Eve"))
            deaf_to(b, "table")
            await ann.send({"type": "start", "game": game})
            await ann.expect("game", game=game, seq=0)
            watched = await dan.request({"type": "watch", "game": game})
            assert [m["type"] for m in watched if m["type"] in ("game", "error")] == ["game"]


async def new_open_table(host: Client, *others: Client) -> int:
    await host.send({"type": "new_game", "players": 1 + len(others)})
    game: int = (await host.expect("joined"))["game"]["id"]
    for client in others:
        await client.send({"type": "join", "game": game})
        await client.expect("joined")
    return game


def deaf_to(server: LiveServer, kind: str) -> None:
    """The server no longer hears bus messages of ``kind`` from the other nodes."""
    bus = server.service.bus
    deliver = bus._deliver  # type: ignore[union-attr]

    async def deaf(data: bytes | str, on_message: Any) -> None:
        if json.loads(data).get("kind") != kind:
            await deliver(data, on_message)

    bus._deliver = deaf  # type: ignore[union-attr,method-assign]


async def test_publish_sent_returns_once_redis_took_the_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Waits for the pipeline holding the message; not at all while Redis is known to be away;
    at most ``CONFIRM_SECONDS`` when Redis is slow.  (No Redis: the publisher is a fake.)"""
    monkeypatch.setattr(B, "CONFIRM_SECONDS", 0.2)
    bus = RedisBus(REDIS, "saboteur-test-sent")
    failures: list[Exception] = []
    delay = [0.01]
    batches = fake_publisher(bus, failures, delay)

    def taken() -> list[int]:
        return [n for batch in batches for n in batch]

    writer = asyncio.ensure_future(bus._write())
    try:
        assert await bus.publish_sent({"n": 1}) is True and taken() == [1]
        failures.append(RedisError("away"))
        bus.publish({"n": 2})
        await wait_until(lambda: not bus.redis_up, timeout=2)
        assert await bus.publish_sent({"n": 3}) is False  # at once: Redis is away
        await wait_until(lambda: taken() == [1, 2, 3], timeout=2)  # sent when it came back
        assert bus.redis_up
        delay[0] = 1.0
        assert await bus.publish_sent({"n": 4}) is False  # slow: given up on after 0.2 s
    finally:
        writer.cancel()
