"""The message bus between server nodes: nothing for one node, Redis pub/sub for several.

A node publishes what the other nodes must know (an appended action, a chat line, a changed
table, its online users) and handles what they publish.  Publishing never blocks a handler:
messages wait in an ordered outbox that a writer task drains, retrying while Redis is away; what
has gathered there goes out in one pipeline (one round trip for a busy moment's hundred messages;
one round trip each let the outbox of a node in a 1,000-table ramp grow past a thousand messages).
What concerns one game is handled in order, and different games side by side, so that a slow
game (one read from the store) holds up neither the others nor the heartbeats.
After the subscription is restored (a Redis restart), the node is told to resynchronise
from the store, which holds everything that matters.

>>> bus = LocalBus()
>>> bus.clustered
False
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

log = logging.getLogger("saboteur.server.bus")

Handler = Callable[[dict[str, Any]], Awaitable[None]]
Resync = Callable[[], Awaitable[None]]

OUTBOX_LIMIT = 100_000  # messages kept while Redis is away; older ones give way (a resync follows)
CONFIRM_SECONDS = 1.0  # the longest :meth:`RedisBus.publish_sent` waits for Redis to take a message
RETRY_SECONDS = (0.05, 0.1, 0.2, 0.5, 1.0)  # backoff while Redis does not answer
BATCH = 500  # most messages published in one pipeline


def channel_for(db_url: str) -> str:
    """The Redis channel of the nodes that share the database at ``db_url``.

    >>> channel_for("postgresql+asyncpg://me:secret@db/saboteur") == channel_for(
    ...     "postgresql+asyncpg://db/saboteur")
    True
    """
    bare = re.sub(r"//[^@/]*@", "//", db_url)
    return "saboteur:" + hashlib.sha256(bare.encode()).hexdigest()[:16]


class LocalBus:
    """A single node: there is nobody to tell."""

    clustered = False

    def __init__(self) -> None:
        self.node = secrets.token_hex(6)

    async def start(self, on_message: Handler, on_resync: Resync) -> None:
        return None

    def publish(self, message: dict[str, Any]) -> None:
        return None

    async def publish_sent(self, message: dict[str, Any]) -> bool:
        return True

    async def close(self) -> None:
        return None


class RedisBus:
    """Nodes sharing one Redis channel; each message carries its sender's node id."""

    clustered = True

    def __init__(self, url: str, channel: str) -> None:
        self.node = secrets.token_hex(6)
        self.channel = channel
        self._publisher = redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
        self._subscriber = redis.from_url(url, socket_connect_timeout=2, health_check_interval=5)
        self._outbox: asyncio.Queue[tuple[str, asyncio.Future[None] | None]] = asyncio.Queue(
            OUTBOX_LIMIT
        )
        self.redis_up = True  # False from a failed publish until one goes through
        self._tasks: list[asyncio.Task[None]] = []
        self._lanes: dict[int, collections.deque[dict[str, Any]]] = {}  # game -> waiting messages
        self._lane_tasks: set[asyncio.Task[None]] = set()
        self.subscribed = asyncio.Event()

    async def start(self, on_message: Handler, on_resync: Resync) -> None:
        """Subscribe (waiting until Redis answers the first time) and start the writer."""
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(on_message, on_resync)),
            loop.create_task(self._write()),
        ]
        await self.subscribed.wait()

    def publish(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the other nodes; it goes out soon, in order, never blocking."""
        self._queue(message, None)

    async def publish_sent(self, message: dict[str, Any]) -> bool:
        """Queue ``message`` and wait until Redis has taken it (every subscribed node then gets
        it, even if this node dies the next moment): True; False if Redis is away or slow (it
        still goes out when Redis is back, and the peers resync), waiting ``CONFIRM_SECONDS`` at
        most, and not at all while Redis is known to be away."""
        sent: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue(message, sent)
        if not self.redis_up:
            return False
        try:
            await asyncio.wait_for(asyncio.shield(sent), CONFIRM_SECONDS)
        except TimeoutError:
            return False
        return True

    def _queue(self, message: dict[str, Any], sent: asyncio.Future[None] | None) -> None:
        text = json.dumps({**message, "node": self.node}, separators=(",", ":"))
        if self._outbox.full():  # Redis has been away long: drop the oldest; peers resync
            _, dropped = self._outbox.get_nowait()
            if dropped is not None and not dropped.done():
                dropped.cancel()
            log.warning("bus outbox full: the oldest message is dropped")
        self._outbox.put_nowait((text, sent))

    async def _write(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while len(batch) < BATCH and not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            for attempt in range(1_000_000):
                try:  # sent again whole after a failure: a repeated action or line is known
                    pipe = self._publisher.pipeline(transaction=False)
                    for text, _sent in batch:
                        pipe.publish(self.channel, text)
                    await pipe.execute()
                    break
                except (OSError, ConnectionError, TimeoutError, RedisError) as err:
                    if attempt == 0:
                        log.warning("Redis does not take messages (%s): retrying", err)
                    self.redis_up = False
                    await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
            self.redis_up = True
            for _text, sent in batch:
                if sent is not None and not sent.done():
                    sent.set_result(None)

    async def _listen(self, on_message: Handler, on_resync: Resync) -> None:
        first = True
        attempt = 0
        while True:
            pubsub = self._subscriber.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                attempt = 0
                if not first:
                    log.warning("Redis is back: resynchronising from the store")
                    await on_resync()
                first = False
                self.subscribed.set()
                while True:
                    frame = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if frame is None or frame.get("type") != "message":
                        continue
                    await self._deliver(frame["data"], on_message)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                raise
            except (OSError, ConnectionError, TimeoutError, RedisError) as err:
                if attempt == 0:
                    log.warning("lost the Redis subscription (%s): reconnecting", err)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
                attempt += 1

    async def _deliver(self, data: bytes | str, on_message: Handler) -> None:
        try:
            message = json.loads(data)
        except ValueError:
            log.error("ignored a malformed bus message")
            return
        if not isinstance(message, dict) or message.get("node") == self.node:
            return
        game = message.get("game")
        if not isinstance(game, int):  # heartbeats, lobby chat, renames: at once
            await self._handle(message, on_message)
            return
        lane = self._lanes.get(game)  # a game's messages in order; games side by side
        if lane is None:
            lane = self._lanes[game] = collections.deque()
            task = asyncio.get_running_loop().create_task(self._drain_lane(game, on_message))
            self._lane_tasks.add(task)
            task.add_done_callback(self._lane_tasks.discard)
        lane.append(message)

    async def _drain_lane(self, game: int, on_message: Handler) -> None:
        lane = self._lanes[game]
        while lane:
            await self._handle(lane.popleft(), on_message)
        del self._lanes[game]

    async def _handle(self, message: dict[str, Any], on_message: Handler) -> None:
        try:
            await on_message(message)
        except Exception:  # one bad message must not end the subscription
            log.exception("bus message %s failed", message.get("kind"))

    async def close(self) -> None:
        """Flush what waits (briefly), then stop."""
        for _ in range(40):
            if self._outbox.empty():
                break
            await asyncio.sleep(0.05)
        for task in [*self._tasks, *self._lane_tasks]:
            task.cancel()
        for task in [*self._tasks, *self._lane_tasks]:
            with contextlib.suppress(BaseException):
                await task
        await self._publisher.aclose()
        await self._subscriber.aclose()


Bus = LocalBus | RedisBus
