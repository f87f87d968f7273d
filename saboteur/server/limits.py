"""Limits on a client: at most so many events in a sliding window of time; how far a
connection may fall behind in reading.

>>> limit = RateLimit(2, 60.0)
>>> [limit.allow() for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass


class RateLimit:
    """At most ``burst`` events per sliding ``window`` seconds."""

    def __init__(self, burst: int, window: float) -> None:
        self.burst, self.window = burst, window
        self.times: deque[float] = deque()

    def allow(self) -> bool:
        now = time.monotonic()
        while self.times and now - self.times[0] > self.window:
            self.times.popleft()
        if len(self.times) >= self.burst:
            return False
        self.times.append(now)
        return True


@dataclass(frozen=True)
class SendLimits:
    """How far a connection may fall behind before it is dropped: messages and characters
    waiting in its outbox, and seconds one send may wait for the peer to read."""

    messages: int = 1000
    chars: int = 1 << 20
    timeout: float = 10.0
