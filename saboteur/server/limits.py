"""Rate limits: at most so many events in a sliding window of time.

>>> limit = RateLimit(2, 60.0)
>>> [limit.allow() for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import time
from collections import deque


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
