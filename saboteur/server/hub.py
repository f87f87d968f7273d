"""Connections: who is online, and sending to a user's every tab without blocking.

Each connection has a bounded outbox drained by its own writer task, so one slow client never
holds up a broadcast.  A client that falls behind (its outbox over its :class:`SendLimits`, or
one send waiting longer than their timeout: :meth:`Hub.watch` looks every second) is dropped: its
transport is aborted at once and its outbox freed, and the reader of its socket then ends it as
any other disconnection.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from saboteur.server.limits import SendLimits
from saboteur.server.store.store import User

Sender = Callable[[str], Awaitable[None]]
Aborter = Callable[[], None]


_ENCODER = msgspec.json.Encoder()
CHANGES_KEPT = 4096  # changes of who is online kept, for those who follow them step by step


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text (UTF-8 kept as it is).

    >>> encode({"type": "chat", "text": "Glück auf", "to": [1, 2]})
    '{"type":"chat","text":"Glück auf","to":[1,2]}'
    """
    return _ENCODER.encode(message).decode()


class Client:
    """One WebSocket connection (a browser tab, a bot, a test client).

    ``abort`` drops the connection at once, whatever it still has to send; ``dropped`` then
    says why (``outbox-full`` or ``send-timeout``)."""

    def __init__(
        self, send: Sender, abort: Aborter, limits: SendLimits | None = None, address: str = ""
    ) -> None:
        self.address = address  # the peer's IP address (a trusted proxy's X-Forwarded-For)
        self.user: User | None = None
        self.session: str | None = None  # the hash of the token this connection logged in with
        self.watching: set[int] = set()  # games this connection follows as a spectator
        self.follows_lobby = True  # told of the lobby's tables and high scores as they change
        self.limits = limits or SendLimits()
        self._send = send
        self._abort = abort
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._waiting = 0  # characters in the outbox
        self._since: float | None = None  # when the send under way began (monotonic)
        self._writer = asyncio.create_task(self._drain())
        self.closed = False
        self.dropped: str | None = None

    def push(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else encode(message)
        self._waiting += len(text)
        self._outbox.put_nowait(text)
        if self._outbox.qsize() > self.limits.messages or self._waiting > self.limits.chars:
            self.drop("outbox-full")

    def drop(self, reason: str) -> None:
        """Give up on a connection that does not keep up: abort it, free its outbox."""
        if self.dropped is not None:
            return
        self.closed = True
        self.dropped = reason
        self._clear()
        self._abort()  # a send under way fails: the writer stops

    def _clear(self) -> None:
        while not self._outbox.empty():
            self._outbox.get_nowait()
        self._waiting = 0

    async def _drain(self) -> None:
        while True:
            text = await self._outbox.get()
            if text is None:
                return
            self._waiting -= len(text)
            self._since = time.monotonic()  # (no timer per send: the hub's watch looks)
            try:
                await self._send(text)
            except Exception:  # the connection is gone: stop writing, the reader ends it
                self.closed = True
                self._clear()
                return
            finally:
                self._since = None

    @property
    def waiting(self) -> tuple[int, int]:
        """Messages and characters waiting in the outbox."""
        return self._outbox.qsize(), self._waiting

    def stuck(self, now: float) -> bool:
        """Whether the send under way has waited longer than the limits allow."""
        return self._since is not None and now - self._since > self.limits.timeout

    async def stop(self) -> None:
        """Flush what is queued, then stop the writer."""
        self.closed = True
        self._outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, timeout=2)
        if not self._writer.done():
            self._writer.cancel()


class Hub:
    """Online users and their connections."""

    def __init__(self) -> None:
        self.clients: set[Client] = set()
        self.by_user: dict[int, set[Client]] = {}
        self.names: dict[int, str] = {}
        self.version = 0  # counts changes of who is online here, and of their names
        self.changes: deque[tuple[int, int]] = deque(maxlen=CHANGES_KEPT)  # (version, user id)

    def _changed(self, user_id: int) -> None:
        self.version += 1
        self.changes.append((self.version, user_id))

    def changed_since(self, version: int) -> list[int] | None:
        """The users who came, went or were renamed here after ``version`` (the latest first),
        or None if that is longer ago than the changes kept.

        >>> hub = Hub()
        >>> hub._changed(7); hub._changed(9)
        >>> hub.changed_since(0), hub.changed_since(1), hub.changed_since(2)
        ([9, 7], [9], [])
        """
        wanted = self.version - version
        if wanted <= 0:
            return []
        kept = self.changes
        if wanted > len(kept) or (kept[-wanted][0], kept[-1][0]) != (version + 1, self.version):
            return None  # too old, or the version moved without a change noted
        return [self.changes[-k][1] for k in range(1, wanted + 1)]

    async def watch(self, every: float = 1.0) -> None:
        """Drop, every ``every`` seconds, the connections whose send has waited too long."""
        while True:
            await asyncio.sleep(every)
            self.drop_stuck(time.monotonic())

    def drop_stuck(self, now: float) -> None:
        """Drop the connections whose send under way began too long before ``now``."""
        for client in [c for c in self.clients if c.stuck(now)]:
            client.drop("send-timeout")

    def add(self, client: Client) -> None:
        self.clients.add(client)

    def login(self, client: Client, user: User) -> bool:
        """Attach a user to a connection; True if the user just came online."""
        client.user = user
        if self.names.get(user.id) != user.name:
            self.names[user.id] = user.name
            self._changed(user.id)
        tabs = self.by_user.setdefault(user.id, set())
        tabs.add(client)
        return len(tabs) == 1

    def remove(self, client: Client) -> bool:
        """Forget a connection; True if its user just went offline."""
        self.clients.discard(client)
        if client.user is None:
            return False
        tabs = self.by_user.get(client.user.id)
        if tabs is None:
            return False
        tabs.discard(client)
        if not tabs:
            del self.by_user[client.user.id]
            self.names.pop(client.user.id, None)
            self._changed(client.user.id)
            return True
        return False

    def online(self, user_id: int) -> bool:
        return user_id in self.by_user

    def online_names(self) -> list[str]:
        return sorted(self.names.values(), key=str.casefold)

    def rename(self, user_id: int, name: str) -> None:
        if user_id in self.names:
            self.names[user_id] = name
            self._changed(user_id)
        for client in self.by_user.get(user_id, ()):
            if client.user is not None:
                client.user.name = name

    def to_user(self, user_id: int, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else encode(message)
        for client in self.by_user.get(user_id, ()):
            client.push(text)

    def to_all(self, message: dict[str, Any], lobby_only: bool = False) -> int:
        """Send to every logged-in connection (with ``lobby_only``: those showing the lobby);
        returns how many were sent it."""
        text = encode(message)
        told = 0
        for client in self.clients:
            if client.user is not None and (client.follows_lobby or not lobby_only):
                client.push(text)
                told += 1
        return told
