"""One client connection: hello, a reader that drains every frame, paced sends, bounded waits.

The reader reads each frame as bytes and parses only the messages a client acts on (see
``WANTED``); lobby broadcasts (``presence``, ``games``, chat lines, …) are counted and dropped.
A connection that did not read would be dropped by the server once 1000 messages or 1 MiB wait
for it, or one waits 10 s (docs/protocol.md, limits).

>>> frame_type(b'{"type":"presence","online":["Ann"]}')
'presence'
>>> frame_type(b'{"online":[],"type":"presence"}') is None
True
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import time
from collections.abc import Callable
from typing import Any

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.protocol import State

from saboteur.loadtest.metrics import Metrics

Message = dict[str, Any]

WANTED = frozenset({"welcome", "joined", "game", "error", "pong"})  # parsed and queued
MAX_FRAME = 16 * 1024 * 1024  # lobby lists of many tables are large
INBOX_LIMIT = 1000  # queued messages a connection keeps unread before it drops some
MAX_SKIPPED = 10_000  # messages one wait may look past
SEND_BURST, SEND_WINDOW = 50, 1.0  # the server allows 60 messages a second per connection
ABORT_WAIT = 1.0  # seconds for the reader to stop once the connection is dropped
_PREFIX = b'{"type":"'


class CannotConnect(Exception):
    """No WebSocket connection could be opened."""


class ConnectionLost(Exception):
    """The server closed the connection, or it broke (its reader counts that)."""


class Refused(Exception):
    """The server answered a request with an error."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def frame_type(frame: bytes) -> str | None:
    """A frame's message type read from a compact JSON prefix; None if it has none."""
    if frame.startswith(_PREFIX):
        end = frame.find(b'"', len(_PREFIX))
        if end > 0:
            return frame[len(_PREFIX) : end].decode("ascii", "replace")
    return None


class Connection:
    """A welcomed client; read its queued messages with :meth:`receive` or :meth:`expect`."""

    def __init__(self, ws: ClientConnection, metrics: Metrics) -> None:
        self.ws = ws
        self.metrics = metrics
        self.name = ""
        self.lost = False
        self.closing = False
        self._ids = itertools.count(1)
        self._inbox: asyncio.Queue[Message | None] = asyncio.Queue(INBOX_LIMIT)
        self._kept: collections.deque[Message] = collections.deque()  # looked past, read later
        self._sent: collections.deque[float] = collections.deque()  # send times, for pacing
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls, url: str, name: str, metrics: Metrics, timeout: float, compression: bool
    ) -> Connection:
        """Connect and say hello; returns once the welcome has come."""
        try:
            ws = await websockets.connect(
                url,
                open_timeout=timeout,
                close_timeout=1,
                ping_interval=None,  # the server pings; loopback needs no keep-alive of ours
                max_size=MAX_FRAME,
                compression="deflate" if compression else None,
                proxy=None,
            )
        except TimeoutError:  # (an OSError too)
            raise TimeoutError(f"no WebSocket handshake within {timeout:g} s") from None
        except (OSError, InvalidHandshake) as err:
            raise CannotConnect(str(err)) from None
        connection = cls(ws, metrics)
        try:
            ref = await connection.request({"type": "hello", "name": name})
            welcome = await connection.expect("welcome", timeout, ref=ref)
        except BaseException:
            await connection.abort()
            raise
        connection.name = welcome["user"]["name"]
        return connection

    @property
    def is_open(self) -> bool:
        return not self.lost and self.ws.state is State.OPEN

    def next_id(self) -> int:
        return next(self._ids)

    async def send(self, message: Message) -> None:
        """Send one message, at most ``SEND_BURST`` a second (waiting if need be)."""
        now = time.monotonic()
        while self._sent and now - self._sent[0] >= SEND_WINDOW:
            self._sent.popleft()
        if len(self._sent) >= SEND_BURST:
            await asyncio.sleep(SEND_WINDOW - (now - self._sent[0]))
            self._sent.popleft()
        self._sent.append(time.monotonic())
        try:
            await self.ws.send(msgspec.json.encode(message), text=True)
        except ConnectionClosed:
            raise ConnectionLost("the connection is closed") from None

    async def request(self, message: Message) -> int:
        """Send ``message`` with a fresh ``id``; the id (errors about it carry it as ``ref``)."""
        ident = self.next_id()
        await self.send({**message, "id": ident})
        return ident

    async def receive(self, timeout: float) -> Message:
        """The next queued message (raises TimeoutError, or ConnectionLost once closed)."""
        if self._kept:
            return self._kept.popleft()
        if self.lost and self._inbox.empty():
            raise ConnectionLost("the server closed the connection")
        async with asyncio.timeout(max(timeout, 0.0)):  # unlike wait_for, never eats a cancel
            message = await self._inbox.get()
        if message is None:
            raise ConnectionLost("the server closed the connection")
        return message

    async def expect(
        self,
        kind: str,
        timeout: float,
        ref: int | None = None,
        where: Callable[[Message], bool] | None = None,
    ) -> Message:
        """The first message of type ``kind`` (for which ``where`` holds, if given); an error
        about ``ref`` raises :class:`Refused`. Messages looked past are kept for later reads."""
        deadline = time.monotonic() + timeout
        skipped: list[Message] = []
        try:
            for _ in range(MAX_SKIPPED):
                message = await self.receive(deadline - time.monotonic())
                if message["type"] == "error" and ref is not None and message.get("ref") == ref:
                    raise Refused(str(message.get("code")), str(message.get("message")))
                if message["type"] == kind and (where is None or where(message)):
                    return message
                skipped.append(message)
            raise TimeoutError(f"no {kind} among {MAX_SKIPPED} messages")
        finally:
            self._kept.extendleft(reversed(skipped))

    async def _read(self) -> None:
        metrics = self.metrics
        try:
            while True:
                frame = await self.ws.recv(decode=False)
                kind = frame_type(frame) if isinstance(frame, bytes) else None
                if metrics.counting:
                    metrics.messages_received += 1
                    metrics.bytes_received += len(frame)
                    metrics.bytes_by_type[kind or "?"] += len(frame)
                if kind is not None and kind not in WANTED:
                    continue
                try:
                    message = msgspec.json.decode(frame)
                except ValueError:  # not JSON (nor UTF-8): a broken server
                    metrics.error("bad-frame")
                    continue
                if not isinstance(message, dict) or message.get("type") not in WANTED:
                    continue
                if message["type"] == "error":
                    metrics.error(str(message.get("code")))
                try:
                    self._inbox.put_nowait(message)
                except asyncio.QueueFull:
                    metrics.error("inbox-full")
        except ConnectionClosed:
            pass
        finally:
            if not self.closing:
                self.lost = True
                metrics.connections_lost += 1
                metrics.error("connection-lost")
            self._wake()

    def _wake(self) -> None:
        """Let a waiting :meth:`receive` see that the connection is gone."""
        self.lost = True
        while True:
            try:
                self._inbox.put_nowait(None)
                return
            except asyncio.QueueFull:
                self._inbox.get_nowait()

    async def close(self) -> None:
        """Close politely (waits at most ``close_timeout``), then stop reading."""
        self.closing = True
        try:
            await self.ws.close()
        finally:
            await self.abort()

    async def abort(self) -> None:
        """Drop the connection at once."""
        self.closing = True
        if self.ws.transport is not None:
            self.ws.transport.abort()
        self._reader.cancel()
        await asyncio.wait([self._reader], timeout=ABORT_WAIT)
