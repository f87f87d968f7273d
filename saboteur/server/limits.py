"""Limits on a client: at most so many events in a sliding window of time; how far a
connection may fall behind in reading.

>>> limit = RateLimit(2, 60.0)
>>> [limit.allow() for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict, deque
from collections.abc import Hashable
from dataclasses import dataclass, field


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


class Buckets:
    """A :class:`RateLimit` per key (an address, a user), made on first use; at most ``size``
    keys are kept (the least recently used go first), so a crowd of addresses cannot grow it.

    >>> buckets = Buckets(1, 60.0)
    >>> buckets.allow("10.0.0.1"), buckets.allow("10.0.0.1"), buckets.allow("10.0.0.2")
    (True, False, True)
    """

    def __init__(self, burst: int, window: float, size: int = 100_000) -> None:
        self.burst, self.window, self.size = burst, window, size
        self.limits: OrderedDict[Hashable, RateLimit] = OrderedDict()

    def allow(self, key: Hashable) -> bool:
        limit = self.limits.pop(key, None) or RateLimit(self.burst, self.window)
        self.limits[key] = limit  # the most recently used last
        if len(self.limits) > self.size:
            self.limits.popitem(last=False)
        return limit.allow()


@dataclass(frozen=True)
class AbuseLimits:
    """What one address (or one person) may do, as (how many, per seconds); the defaults are
    far above what people playing do, and far below what a script does."""

    new_users: tuple[int, float] = (10, 3600.0)  # new nicknames made from one address
    renames: tuple[int, float] = (10, 600.0)  # renames of one person
    new_tables: tuple[int, float] = (10, 60.0)  # tables opened from one address
    open_tables: int = 3  # open tables one person hosts at once
    chat: tuple[int, float] = (30, 10.0)  # chat lines from one address (all its names)
    logins: tuple[int, float] = (20, 600.0)  # password tries from one address
    login_names: tuple[int, float] = (10, 600.0)  # password tries for one nickname, from anywhere
    loopback: bool = False  # limit this machine's own addresses too (tests, load tests: not)


@dataclass
class Guards:
    """The buckets of :class:`AbuseLimits`, shared by a node's parts."""

    limits: AbuseLimits = field(default_factory=AbuseLimits)

    def __post_init__(self) -> None:
        self.new_users = Buckets(*self.limits.new_users)
        self.renames = Buckets(*self.limits.renames)
        self.new_tables = Buckets(*self.limits.new_tables)
        self.chat = Buckets(*self.limits.chat)
        self.logins = Buckets(*self.limits.logins)
        self.login_names = Buckets(*self.limits.login_names)

    def allows(self, buckets: Buckets, address: str) -> bool:
        """Whether one more event from ``address`` is allowed (this machine's own addresses
        always are, unless the limits say ``loopback``: behind a proxy, tell the server to
        trust its X-Forwarded-For so that players are told apart).

        >>> guards = Guards(AbuseLimits(new_users=(1, 60.0)))
        >>> [guards.allows(guards.new_users, "203.0.113.9") for _ in range(2)]
        [True, False]
        >>> [guards.allows(guards.new_users, "127.0.0.1") for _ in range(2)]
        [True, True]
        """
        if not self.limits.loopback and _loopback(address):
            return True
        return buckets.allow(address)


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address in ("", "testclient")  # no address known (in-process test clients)
