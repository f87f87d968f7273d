"""A real server on 127.0.0.1 and WebSocket test clients that keep a log of all they receive.

Every wait is bounded: a message is awaited for at most ``TIMEOUT`` seconds, a game for
``GAME_TIMEOUT`` seconds, and every loop reads a bounded number of messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import httpx
import pytest
import uvicorn
import websockets
from websockets.asyncio.client import ClientConnection

from saboteur.server.app import create_app
from saboteur.server.bus import RedisBus
from saboteur.server.service import Service
from saboteur.server.store.store import Store
from saboteur.server.transport import AbortableWebSockets
from tests.schemas import check_event, check_view

TIMEOUT = 10.0  # seconds to wait for one expected message
GAME_TIMEOUT = 180.0  # seconds for a whole game played through the protocol
MAX_MESSAGES = 20_000  # messages one wait may skip before it gives up
REDIS = "redis://127.0.0.1:6379/0"  # the machine's Redis (and CI's)
WS_MAX_SIZE = 64 * 1024  # as `saboteur server` runs uvicorn
ROOT = Path(__file__).resolve().parents[2]

Message = dict[str, Any]


def sqlite_url(directory: Path) -> str:
    return f"sqlite+aiosqlite:///{directory / 'saboteur.db'}"


class Address:
    """Where a server listens, and plain HTTP requests to it."""

    port: int

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def get(self, path: str, **params: Any) -> Any:
        """GET an HTTP endpoint; the decoded JSON body (asserting a 200)."""
        response = httpx.get(self.http + path, params=params, timeout=TIMEOUT)
        assert response.status_code == 200, (path, response.status_code, response.text)
        return response.json()

    def status(self, path: str) -> int:
        return httpx.get(self.http + path, timeout=TIMEOUT).status_code


class LiveServer(Address):
    """The ASGI app served by uvicorn in a background thread, on a port of its own."""

    def __init__(
        self, db_url: str, bot_delay: float = 0.0, redis_url: str | None = None, **options: Any
    ) -> None:
        """``options``: more arguments of ``create_app`` (such as ``send_limits``)."""
        self.db_url = db_url
        self.app = create_app(db_url, bot_delay=bot_delay, redis_url=redis_url, **options)
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", 0))
        self.port: int = self.socket.getsockname()[1]
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            ws_max_size=WS_MAX_SIZE,
            lifespan="on",
            ws=AbortableWebSockets,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    @property
    def service(self) -> Service:
        """The running service (read it only while no message is being handled)."""
        service: Service = self.app.state.service
        return service

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.socket.close()


@contextlib.contextmanager
def live_server(db_url: str, redis_url: str | None = None, **options: Any) -> Iterator[LiveServer]:
    server = LiveServer(db_url, redis_url=redis_url, **options).start()
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def two_nodes(db_url: str, redis_url: str) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two nodes in this process on one database and one Redis."""
    with live_server(db_url, redis_url) as first, live_server(db_url, redis_url) as second:
        yield first, second


async def wait_until(check: object, timeout: float = 10.0) -> None:
    """Until ``check()`` holds (it must within ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not callable(check) or not check():
        assert time.monotonic() < deadline, "the nodes did not agree in time"
        await asyncio.sleep(0.05)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess(Address):
    """``saboteur server`` in a subprocess (to be killed with SIGKILL)."""

    def __init__(self, data_dir: Path, *more: str) -> None:
        """``more``: further arguments of ``saboteur server`` (such as ``--db URL``)."""
        self.data_dir = data_dir
        self.port = free_port()
        self.log = open(data_dir / f"server-{self.port}.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "saboteur.cli",
                "server",
                str(self.port),
                "--data-dir",
                str(data_dir),
                "--log-level",
                "warning",
                *more,
            ],
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server process did not start: {self.output()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.http}/api/health", timeout=2).status_code == 200:
                    break
            time.sleep(0.1)

    def output(self) -> str:
        self.log.flush()
        return (self.data_dir / f"server-{self.port}.log").read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs at all."""
        if self.process.poll() is None:
            os.kill(self.process.pid, 9)
        self.process.wait(30)
        self.log.close()


# -- WebSocket clients ---------------------------------------------------------------------------


class Client:
    """One WebSocket connection; ``log`` holds every message it received, in order."""

    _ids = itertools.count(1)

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.log: list[Message] = []
        self.welcome: Message = {}
        self.name = ""
        self.token = ""
        self.pending: deque[Message] = deque()  # received, logged, given back to be read again

    @classmethod
    async def open(cls, url: str, name: str | None = None, token: str | None = None) -> Client:
        """Connect and say hello (with a name and/or a token); waits for the welcome."""
        client = await cls.connect(url)
        hello: Message = {"type": "hello"}
        if name is not None:
            hello["name"] = name
        if token is not None:
            hello["token"] = token
        await client.send(hello)
        first = await client.recv()
        assert first["type"] == "welcome", first
        return client

    @classmethod
    async def connect(cls, url: str) -> Client:
        connection = await asyncio.wait_for(
            websockets.connect(url, max_size=None, open_timeout=TIMEOUT), TIMEOUT
        )
        return cls(connection)

    async def send(self, message: Message) -> None:
        await self.connection.send(json.dumps(message))

    async def send_raw(self, frame: str | bytes) -> None:
        await self.connection.send(frame)

    async def recv(self, timeout: float = TIMEOUT) -> Message:
        if self.pending:
            return self.pending.popleft()
        text = await asyncio.wait_for(self.connection.recv(), timeout)
        message: Message = json.loads(text)
        self.log.append(message)
        if message["type"] == "game":  # every view and event received fits its ruleset's schema
            check_view(message["view"])
            for event in message["events"]:
                check_event(message["view"]["ruleset"], event)
        if message["type"] == "welcome":
            self.welcome = message
            self.name = message["user"]["name"]
            self.token = message["token"]
        return message

    async def expect(self, kind: str, timeout: float = TIMEOUT, **match: Any) -> Message:
        """Skip messages until one of type ``kind`` whose fields equal ``match``."""
        deadline = time.monotonic() + timeout
        for _ in range(MAX_MESSAGES):
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message
        raise AssertionError(f"no {kind} message among {MAX_MESSAGES}")

    async def expect_keeping(self, kind: str, timeout: float = TIMEOUT, **match: Any) -> Message:
        """Like ``expect``, but what comes before is kept to be read again (by ``play_out``)."""
        deadline = time.monotonic() + timeout
        skipped: list[Message] = []
        for _ in range(MAX_MESSAGES):
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                self.pending.extend(skipped)
                return message
            skipped.append(message)
        raise AssertionError(f"no {kind} message among {MAX_MESSAGES}")

    async def expect_any(self, *kinds: str, timeout: float = TIMEOUT) -> Message:
        """Skip messages until one of any of these types."""
        deadline = time.monotonic() + timeout
        for _ in range(MAX_MESSAGES):
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] in kinds:
                return message
        raise AssertionError(f"none of {kinds} among {MAX_MESSAGES} messages")

    async def sync(self) -> list[Message]:
        """Everything the server sends before it answers a ping sent now."""
        ref = f"sync-{next(self._ids)}"
        await self.send({"type": "ping", "id": ref})
        seen: list[Message] = []
        for _ in range(MAX_MESSAGES):
            message = await self.recv()
            if message == {"type": "pong", "ref": ref}:
                return seen
            seen.append(message)
        raise AssertionError("no pong")

    async def request(self, message: Message) -> list[Message]:
        """Send a message; everything received until the server has handled it."""
        await self.send(message)
        return await self.sync()

    async def error(self, message: Message) -> Message:
        """Send a message that must be refused; the one error it gets."""
        if not self.welcome:  # before hello a ping is refused too: the answer is the next message
            await self.send(message)
            replies = [await self.recv()]
        else:
            replies = await self.request(message)
        errors = [m for m in replies if m["type"] == "error"]
        assert len(errors) == 1, replies
        error = errors[0]
        assert isinstance(error["code"], str) and isinstance(error["message"], str), error
        assert error["code"] != "internal", error  # a server bug, not a refusal
        assert error["message"], error
        return error

    async def close(self) -> None:
        await self.connection.close()

    def of_type(self, kind: str) -> list[Message]:
        return [m for m in self.log if m["type"] == kind]

    def last_game(self, game: int) -> Message:
        """The latest game message received for ``game``."""
        return [m for m in self.log if m["type"] == "game" and m["game"] == game][-1]


@contextlib.asynccontextmanager
async def clients(url: str, *names: str) -> AsyncIterator[list[Client]]:
    """Several connected and welcomed clients, closed afterwards."""
    opened: list[Client] = []
    try:
        for name in names:
            opened.append(await Client.open(url, name))
        yield opened
    finally:
        for client in opened:
            with contextlib.suppress(Exception):
                await client.close()


# -- games ---------------------------------------------------------------------------------------


async def new_table(host: Client, players: int, **options: Any) -> int:
    """``host`` creates a game (``options`` are more fields of new_game); its id."""
    await host.send({"type": "new_game", "players": players, **options})
    joined = await host.expect("joined")
    assert joined["seat"] == 0
    game: int = joined["game"]["id"]
    return game


async def seat_all(players: Sequence[Client], **options: Any) -> int:
    """A game for exactly these clients (the first hosts it), started; its id."""
    game = await new_table(players[0], len(players), **options)
    for seat, client in enumerate(players[1:], start=1):
        await client.send({"type": "join", "game": game})
        joined = await client.expect("joined")
        assert joined["game"]["id"] == game and joined["seat"] == seat
    await players[0].send({"type": "start", "game": game})
    players[0].pending.extend(await players[0].sync())  # started: what came is read later
    return game


Chooser = Callable[[Client, Message], str]


def random_chooser(rng: random.Random) -> Chooser:
    def choose(_client: Client, message: Message) -> str:
        legal: list[str] = message["view"]["legal"]
        return rng.choice(legal)

    return choose


async def play_out(
    players: Sequence[Client],
    game: int,
    choose: Chooser,
    stop_after: int | None = None,
    on_message: Callable[[Client, Message], Awaitable[None]] | None = None,
    allowed_errors: frozenset[str] | set[str] = frozenset({"stale"}),
) -> dict[Client, Message]:
    """Every client plays its turns (choosing from ``view.legal``) until the game is over
    (or its ``seq`` reaches ``stop_after``); each client's last game message."""
    last: dict[Client, Message] = {}

    async def seat(client: Client) -> None:
        sent: Message | None = None
        for _ in range(MAX_MESSAGES):
            message = await client.recv(GAME_TIMEOUT)
            if on_message is not None:
                await on_message(client, message)
            if message["type"] == "error":
                if (
                    message["code"] == "rate-limited"
                    and sent
                    and sent["seq"] == last[client]["seq"]
                ):
                    await asyncio.sleep(0.2)  # as a polite bot does: wait, send again
                    await client.send(sent)
                    continue
                assert message["code"] in allowed_errors, message
                continue
            if message["type"] != "game" or message["game"] != game:
                continue
            last[client] = message
            view = message["view"]
            if view["phase"] == "over" or (stop_after is not None and message["seq"] >= stop_after):
                return
            if view["legal"]:
                action = choose(client, message)
                sent = {"type": "act", "game": game, "action": action, "seq": message["seq"]}
                await client.send(sent)
        raise AssertionError("the game did not end")

    await asyncio.wait_for(asyncio.gather(*(seat(c) for c in players)), GAME_TIMEOUT)
    return last


# -- PostgreSQL ----------------------------------------------------------------------------------

PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres", "database": "test"}


async def _pg_execute(sql: str) -> None:
    connection = await asyncpg.connect(**PG, timeout=5)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@contextlib.contextmanager
def fresh_postgres() -> Iterator[str]:
    """A new empty PostgreSQL database (dropped afterwards); its SQLAlchemy URL."""
    name = f"sab_{secrets.token_hex(6)}"
    try:
        asyncio.run(_pg_execute(f'CREATE DATABASE "{name}"'))
    except (OSError, TimeoutError, asyncpg.PostgresError) as err:
        pytest.skip(f"PostgreSQL on 127.0.0.1:5432 (database test) is unreachable: {err}")
    try:
        yield f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}"
    finally:
        asyncio.run(_pg_execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def fake_publisher(
    bus: RedisBus, failures: list[Exception], delay: list[float] | None = None
) -> list[list[int]]:
    """Give ``bus`` a fake Redis publisher (no Redis needed): each pipeline takes ``delay[0]``
    seconds (0.01 by default), then fails with the last of ``failures`` (removing it) while
    there are any; the batches it took, as their messages' ``n``, in the list returned."""
    taken: list[list[int]] = []
    wait = delay if delay is not None else [0.01]

    class Pipeline:
        def __init__(self) -> None:
            self.texts: list[int] = []

        def publish(self, _channel: str, text: str) -> None:
            self.texts.append(json.loads(text)["n"])

        async def execute(self) -> None:
            await asyncio.sleep(wait[0])  # a round trip
            if failures:
                raise failures.pop()
            taken.append(self.texts)

    bus._publisher = SimpleNamespace(pipeline=lambda transaction: Pipeline())  # type: ignore[assignment]
    return taken


async def seed_finished(db_url: str, tables: Sequence[Sequence[str]]) -> list[int]:
    """Finished classic games written to the server's database as a server would, one per list
    of player names, in order (the last the newest; the first seat wins); their ids. The users
    are made as they are first named (each name new to the database)."""
    store = Store(db_url)
    users: dict[str, int] = {}
    games = []
    try:
        for names in tables:
            for name in names:
                if name not in users:
                    users[name] = (await store.create_user(name))[0].id
            seating = {seat: users[name] for seat, name in enumerate(names)}
            row = await store.create_game("classic", len(names), {}, seating[0], None)
            await store.start_game(row.id, 1, seating)
            outcome = [
                (seat, user, 3 if seat == 0 else 0, seat == 0) for seat, user in seating.items()
            ]
            assert await store.finish_game(row.id, outcome)
            games.append(row.id)
    finally:
        await store.close()
    return games
