"""Helpers of the load-test tests."""

from __future__ import annotations

import time

from tests.server.helpers import LiveServer


def connections_drop_to_zero(server: LiveServer, within: float = 5.0) -> bool:
    """Whether the server counts no open WebSocket within ``within`` seconds (it forgets a
    closed connection just after the closing handshake)."""
    deadline = time.monotonic() + within
    while server.get("/api/health")["connections"] != 0:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
