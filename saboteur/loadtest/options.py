"""What a load test runs: its options, checked, and the loopback-only server address.

>>> target = parse_url("ws://127.0.0.1:8765")
>>> target.ws, target.health
('ws://127.0.0.1:8765/ws', 'http://127.0.0.1:8765/api/health')
>>> parse_url("ws://example.org:8765")
Traceback (most recent call last):
...
saboteur.loadtest.options.OptionsError: --url: the load test only runs against this machine \
(127.0.0.1, localhost or ::1), not 'example.org'
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
MIN_CHAT_EVERY = 2.0  # the server allows 5 chat lines in 5 s per user: stay well below


class OptionsError(ValueError):
    """A bad option; the message names it and says what is wrong."""


@dataclass(frozen=True)
class Target:
    """A server on this machine: its WebSocket URL and its health URL."""

    ws: str
    health: str


@dataclass(frozen=True)
class Options:
    """One load test. ``games`` tables of ``players`` seats each are played by the first
    ``games * players`` clients; the others hold idle connections."""

    target: Target
    clients: int
    games: int = 0
    duration: float = 10.0
    players: int = 4
    think: float = 0.0
    chat_every: float = 10.0  # 0: no chat
    seed: int = 0
    idle_only: bool = False
    rounds: int | None = None  # None: the ruleset's default
    concurrency: int = 50  # connections being opened at once while ramping up
    timeout: float = 10.0  # longest wait for one answer
    compression: bool = True  # permessage-deflate, as browsers offer it
    name_prefix: str = "lt"
    more: tuple[Target, ...] = ()  # further nodes of the same cluster: clients take turns

    @property
    def targets(self) -> tuple[Target, ...]:
        """Every node; client ``i`` connects to node ``i % len(targets)``."""
        return (self.target, *self.more)

    def __post_init__(self) -> None:
        check(self)

    @property
    def seated(self) -> int:
        """How many clients sit at tables."""
        return self.games * self.players


def check(options: Options) -> None:
    """Raise :class:`OptionsError` for the first option that does not make sense."""
    if options.clients < 1:
        raise OptionsError(f"--clients must be at least 1, not {options.clients}")
    if options.games < 0:
        raise OptionsError(f"--games must be 0 or more, not {options.games}")
    if not 3 <= options.players <= 10:
        raise OptionsError(f"--players must be 3 to 10 (classic), not {options.players}")
    if options.idle_only and options.games:
        raise OptionsError("--idle-only plays no games: drop --games")
    if options.seated > options.clients:
        raise OptionsError(
            f"--games {options.games} of --players {options.players} need "
            f"{options.seated} clients, but --clients is {options.clients}"
        )
    if not 1 <= options.duration <= 3600:
        raise OptionsError(f"--duration must be 1 to 3600 seconds, not {options.duration:g}")
    if not 0 <= options.think <= 60:
        raise OptionsError(f"--think must be 0 to 60 seconds, not {options.think:g}")
    if options.chat_every and not MIN_CHAT_EVERY <= options.chat_every <= 3600:
        raise OptionsError(
            f"--chat-every must be 0 (no chat) or {MIN_CHAT_EVERY:g} to 3600 seconds, "
            f"not {options.chat_every:g}"
        )
    if options.rounds is not None and not 1 <= options.rounds <= 3:
        raise OptionsError(f"--rounds must be 1 to 3, not {options.rounds}")
    if options.concurrency < 1:
        raise OptionsError(f"--concurrency must be at least 1, not {options.concurrency}")
    if not 0.1 <= options.timeout <= 600:
        raise OptionsError(f"--timeout must be 0.1 to 600 seconds, not {options.timeout:g}")


def parse_url(url: str) -> Target:
    """The server behind ``ws://HOST:PORT[/PATH]`` (path ``/ws`` when none is given); only
    loopback hosts are accepted."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as err:
        raise OptionsError(f"--url: {url!r} is not a URL ({err})") from None
    if parts.scheme != "ws":
        raise OptionsError(f"--url: use ws://HOST:PORT, not {url!r}")
    host = parts.hostname or ""
    if host not in LOOPBACK:
        raise OptionsError(
            "--url: the load test only runs against this machine "
            f"(127.0.0.1, localhost or ::1), not {host or url!r}"
        )
    if port is None:
        raise OptionsError(f"--url: name the port, e.g. ws://127.0.0.1:8765, not {url!r}")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise OptionsError(f"--url: ws://HOST:PORT[/PATH] takes nothing more, not {url!r}")
    netloc = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    path = parts.path if parts.path not in ("", "/") else "/ws"
    return Target(ws=f"ws://{netloc}{path}", health=f"http://{netloc}/api/health")
