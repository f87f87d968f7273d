"""Transport limits: an oversized frame ends only its connection; the message rate limit."""

from __future__ import annotations

import anyio
import pytest
import websockets

from saboteur.server import service
from tests.server.helpers import WS_MAX_SIZE, LiveServer, clients

pytestmark = pytest.mark.anyio


async def test_a_frame_beyond_the_transport_limit_ends_only_that_connection(
    server: LiveServer,
) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        await ann.send_raw("x" * (WS_MAX_SIZE + 1))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            for _ in range(10):  # what was pushed before, then the close
                await ann.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # too big
        await bob.expect("presence", online=["Bob"])
        assert (await bob.request({"type": "lists"}))[0]["type"] == "lists"
        assert server.get("/api/online") == ["Bob"]


async def test_the_message_rate_limit(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        for index in range(3 * service.MESSAGE_BURST):  # faster than allowed
            await ann.send({"type": "ping", "id": index})
        await anyio.sleep(service.MESSAGE_WINDOW + 0.5)
        replies = await ann.sync()  # the connection survived, and may go on
        pongs = [m for m in replies if m["type"] == "pong"]
        limited = [m for m in replies if m["type"] == "error"]
        assert len(pongs) >= service.MESSAGE_BURST - 1  # (the hello counted too)
        assert limited and all(m["code"] == "rate-limited" for m in limited)
        assert len(pongs) + len(limited) == 3 * service.MESSAGE_BURST
