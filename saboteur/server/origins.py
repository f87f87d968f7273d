"""Which web pages may open a WebSocket to this server: its own, and those the admin allows.

A browser names the page's origin in the ``Origin`` header; a page of this server's own has the
origin of the ``Host`` it asked.  A connection without ``Origin`` is no browser's (a bot, the load
generator, a test) and is let in: the check guards players' browsers against foreign pages.

>>> allowed = Origins(["https://play.example.org"])
>>> allowed.permits("http://127.0.0.1:8765", "127.0.0.1:8765"), allowed.permits(None, "x")
(True, True)
>>> allowed.permits("https://play.example.org/", "10.0.0.5:8765")
True
>>> allowed.permits("https://evil.example", "127.0.0.1:8765")
False
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def normal(origin: str) -> str | None:
    """``scheme://host:port`` in lower case (with the scheme's default port), or None if it is no
    origin (such as ``null``).

    >>> normal("HTTPS://Example.org/"), normal("http://[::1]:8765"), normal("null")
    ('https://example.org:443', 'http://[::1]:8765', None)
    """
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if not parts.hostname or port is None:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}"


class Origins:
    """The origins allowed besides the server's own."""

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = {n for n in map(normal, allowed) if n is not None}

    def permits(self, origin: str | None, host: str | None) -> bool:
        """Whether a WebSocket with this ``Origin`` header, asked of this ``Host``, is let in."""
        if origin is None:
            return True
        seen = normal(origin)
        if seen is None:
            return False
        own = normal(f"{seen.split('://')[0]}://{host}") if host else None
        return seen == own or seen in self.allowed
