"""A client that never reads is dropped (its transport aborted), its seat goes to a bot, and the
server goes on serving the others."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import anyio
import pytest

from saboteur.loadtest.stuck import StuckClient
from saboteur.server.hub import Client, Hub
from saboteur.server.limits import SendLimits
from tests.server.helpers import clients, live_server, new_table, sqlite_url

pytestmark = pytest.mark.anyio

SENDS = 3000  # at most 60 s of asking at 50 a second
LIMITS = SendLimits(messages=50, chars=64 * 1024, timeout=2.0)


async def test_a_client_that_never_reads_is_dropped_and_a_bot_takes_its_seat(
    tmp_path: Path,
) -> None:
    with live_server(sqlite_url(tmp_path), send_limits=LIMITS) as server:
        server.service.absence_timeout = 0.2
        async with clients(server.ws, "Ann") as [ann]:
            game = await new_table(ann, 3, bots=["random", None])
            stuck = await StuckClient.open("127.0.0.1", server.port, "Stuck")
            try:
                assert await stuck.send({"type": "join", "game": game})
                await ann.expect("presence", online=["Ann", "Stuck"])
                await ann.request({"type": "start", "game": game})
                for sent in range(SENDS):  # asks for its game 50 times a second, reads nothing
                    if not await stuck.send({"type": "watch", "game": game}):
                        break
                    if sent % 25 == 0 and "Stuck" not in server.get("/api/online"):
                        break
                    await anyio.sleep(0.02)
                await ann.expect("presence", online=["Ann"])
                assert server.get("/api/health")["connections"] == 1
                replies = await ann.request({"type": "lists"})  # a chat line may come first
                assert [m["type"] for m in replies].count("lists") == 1, replies
                away = "Stuck is away: a bot plays for them."
                if not any(m["type"] == "chat" and m.get("text") == away for m in replies):
                    await ann.expect("chat", text=away)  # (it may come before the lists, or after)
                assert server.get(f"/api/games/{game}")["away"] == [2]
            finally:
                stuck.close()


class Stuck:
    """A connection whose every send waits for ever (until it is aborted)."""

    def __init__(self) -> None:
        self.aborted = asyncio.Event()

    async def send(self, text: str) -> None:
        await self.aborted.wait()
        raise ConnectionError("aborted")

    def abort(self) -> None:
        self.aborted.set()


async def test_a_connection_over_its_outbox_is_aborted_and_its_outbox_freed() -> None:
    for limits, pushed in ((SendLimits(messages=10), 11), (SendLimits(chars=2100), 3)):
        hub, peer = Hub(), Stuck()
        client = Client(peer.send, peer.abort, limits)
        hub.add(client)
        for _ in range(pushed):
            assert client.dropped is None and not peer.aborted.is_set()
            client.push({"type": "chat", "text": "x" * 1000})
        assert client.dropped == "outbox-full" and peer.aborted.is_set()
        assert client.waiting == (0, 0)  # nothing kept for it
        client.push({"type": "ping"})  # nothing more is taken
        assert client.waiting == (0, 0)
        await client.stop()


async def test_a_send_waiting_past_the_timeout_is_aborted() -> None:
    hub, peer = Hub(), Stuck()
    client = Client(peer.send, peer.abort, SendLimits(timeout=10.0))
    hub.add(client)
    client.push({"type": "ping"})
    await asyncio.sleep(0)  # the writer takes it and waits in the send
    now = time.monotonic()
    hub.drop_stuck(now + 9.0)
    assert client.dropped is None
    hub.drop_stuck(now + 11.0)
    assert client.dropped == "send-timeout" and peer.aborted.is_set()
    await client.stop()
