"""The terminal client's link to a server: the documented protocol only, as any client.

One WebSocket at ``/ws`` (docs/protocol.md) carries everything; plain HTTP brings what a
client reads once (``/api/rulesets``, ``/api/messages``) and the pages of finished games past
the lobby's first (``/api/games``).  The connection says hello with a
name or with the session token it was given; when the connection drops it opens a new one
after a growing pause (0.5 s up to 10 s) and says hello with the token, which puts the user
back at every seat.  Tokens are kept in a small file per server (:class:`TokenFile`).

A registered nickname is logged in to with its password: the :class:`Greeting` then sends
``login`` instead of hello, answered by the same ``welcome``.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import websockets
from websockets.asyncio.client import ClientConnection

Message = dict[str, Any]
BACKOFF = (0.5, 10.0)  # the first pause before opening again, and the longest


class Unreachable(Exception):
    """No saboteur server answers at the address (``status``: the HTTP error it answered)."""

    def __init__(self, reason: str, status: int | None = None) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(frozen=True)
class Greeting:
    """Who to say the client is: a new user by ``name``, the user of ``token`` (a token that
    has expired falls back on the name), or a registered ``name`` logged in to by ``password``."""

    name: str | None = None
    token: str | None = None
    password: str | None = None

    def message(self) -> Message:
        """The first message of a connection.

        >>> Greeting(name="Ann").message(), Greeting("Ann", "t").message()
        ({'type': 'hello', 'name': 'Ann'}, {'type': 'hello', 'token': 't', 'name': 'Ann'})
        >>> Greeting(name="Ann", password="secret words").message()["type"]
        'login'
        """
        if self.password and not self.token:
            return {"type": "login", "name": self.name, "password": self.password}
        if self.token:
            return {
                "type": "hello",
                "token": self.token,
                **({"name": self.name} if self.name else {}),
            }
        return {"type": "hello", "name": self.name}


@dataclass
class ServerInfo:
    """What a client reads once over HTTP: the rulesets and the message catalogue."""

    base: str  # http://HOST:PORT/
    rulesets: list[Message] = field(default_factory=list)
    messages: Message = field(default_factory=dict)

    @property
    def ws(self) -> str:
        return "ws" + self.base[4:] + "ws"


def get_json(url: str, timeout: float = 5.0) -> tuple[Any, Message]:
    """GET ``url``: its JSON body and its headers (names in lower case); :class:`Unreachable`
    says why there is none (no answer, an HTTP error, a body that is not JSON)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            headers = {name.lower(): value for name, value in reply.headers.items()}
            return json.load(reply), headers
    except urllib.error.HTTPError as err:
        raise Unreachable(f"it answered {err.code}", err.code) from None
    except (OSError, ValueError, http.client.HTTPException) as err:
        reason = getattr(err, "reason", None) or err
        raise Unreachable(str(reason) or type(err).__name__) from None


def fetch_info(base: str, timeout: float = 5.0) -> ServerInfo:
    """The server's rulesets and catalogue; :class:`Unreachable` says why there are none."""

    def get(path: str) -> Any:
        return get_json(base + path, timeout)[0]

    try:
        get("api/health")
        return ServerInfo(base, get("api/rulesets"), get("api/messages"))
    except Unreachable as err:
        if err.status is None:
            raise
        raise Unreachable(f"{err}: is it a saboteur server?", err.status) from None


def fetch_finished(
    base: str, player: str, page: int, size: int, timeout: float = 5.0
) -> tuple[list[Message], int]:
    """A page (0-based, ``size`` games) of the finished games, the newest first, of those where
    a player whose name holds ``player`` sat, and how many there are in all
    (``GET /api/games?status=finished``); :class:`Unreachable` says why there is none."""
    query = {"status": "finished", "limit": size, "offset": page * size}
    if player:
        query["player"] = player
    rows, headers = get_json(f"{base}api/games?{urllib.parse.urlencode(query)}", timeout)
    total = headers.get("x-total-count", "")
    if not isinstance(rows, list) or not all(isinstance(row, dict) and "id" in row for row in rows):
        raise Unreachable("its answer is not a list of games")
    if not total.isdigit():
        raise Unreachable("its answer does not say how many games there are")
    return rows, int(total)


class Link(Protocol):
    """What the app needs of a connection (a test may hand it a fake one)."""

    async def run(self) -> None: ...

    async def send(self, message: Message) -> None: ...

    async def close(self) -> None: ...


OnMessage = Callable[[Message], Awaitable[None] | None]
OnStatus = Callable[[str, float | None], None]  # "connecting" / "online" / "retry" (in s)


class Connection:
    """A WebSocket to the server that comes back by itself with the session token."""

    def __init__(
        self,
        url: str,
        greeting: Greeting,
        on_message: OnMessage,
        on_status: OnStatus | None = None,
        backoff: tuple[float, float] = BACKOFF,
    ) -> None:
        self.url = url
        self.greeting = greeting
        self.on_message = on_message
        self.on_status = on_status or (lambda status, wait: None)
        self.backoff = backoff
        self.socket: ClientConnection | None = None
        self.welcomed = False  # a welcome came on some connection: the token brings us back
        self.closing = False
        self.sent: list[Message] = []  # every message sent (tests read it)

    async def run(self) -> None:
        """Connect and read until :meth:`close`; reconnect after a drop.  The first connection
        failing is :class:`Unreachable`."""
        wait = self.backoff[0]
        while not self.closing:
            self.on_status("connecting", None)
            try:
                async with websockets.connect(self.url, max_size=None, open_timeout=10) as socket:
                    self.socket = socket
                    await self.send(self.greeting.message())
                    wait = self.backoff[0]
                    async for frame in socket:
                        message: Message = json.loads(frame)
                        if message.get("type") == "welcome":
                            self.welcomed = True
                            self.greeting = Greeting(message["user"]["name"], message["token"])
                            self.on_status("online", None)
                        handled = self.on_message(message)
                        if handled is not None:
                            await handled
            except (OSError, websockets.exceptions.WebSocketException, TimeoutError) as err:
                if not self.welcomed and not self.closing:
                    raise Unreachable(str(err) or type(err).__name__) from None
            finally:
                self.socket = None
            if self.closing:
                break
            self.on_status("retry", wait)
            await asyncio.sleep(wait)
            wait = min(wait * 2, self.backoff[1])

    async def send(self, message: Message) -> None:
        """Send a message (dropped while there is no connection: the hello after it resyncs)."""
        socket = self.socket
        if socket is None:
            return
        self.sent.append(message)
        with contextlib.suppress(websockets.exceptions.ConnectionClosed):
            await socket.send(json.dumps(message))

    async def drop(self) -> None:
        """Drop the connection as a network would (it comes back by itself)."""
        if self.socket is not None:
            self.socket.transport.abort()

    async def close(self) -> None:
        self.closing = True
        if self.socket is not None:
            await self.socket.close()


class TokenFile:
    """Session tokens by server address, in a JSON file only its owner may read.

    >>> import tempfile
    >>> store = TokenFile(Path(tempfile.mkdtemp()) / "tokens.json")
    >>> store.save("h:1", "Ann", "t1"); store.load("h:1")
    ('Ann', 't1')
    >>> store.load("h:2") is None
    True
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def default(cls) -> TokenFile:
        base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
        return cls(Path(base) / "saboteur" / "tokens.json")

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def load(self, address: str) -> tuple[str, str] | None:
        entry = self._read().get(address)
        if isinstance(entry, dict) and isinstance(entry.get("token"), str):
            return str(entry.get("name") or ""), entry["token"]
        return None

    def save(self, address: str, name: str, token: str) -> None:
        data = self._read()
        data[address] = {"name": name, "token": token}
        self._write(data)

    def forget(self, address: str) -> None:
        """The session at ``address`` has ended: its token is no use any more."""
        data = self._read()
        if data.pop(address, None) is not None:
            self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
