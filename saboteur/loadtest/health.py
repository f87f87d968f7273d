"""The server's ``GET /api/health``: its connections and resident memory."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

FIELDS = ("status", "version", "online", "games", "connections", "rss_bytes")


class HealthError(Exception):
    """The health endpoint did not answer as a saboteur server's does."""


@dataclass(frozen=True)
class Health:
    version: str
    online: int
    games: int
    connections: int
    rss_bytes: int


def parse_health(data: Any) -> Health:
    """A health answer, checked.

    >>> parse_health({"status": "ok", "version": "0.1.0", "online": 2, "games": 1,
    ...               "connections": 3, "rss_bytes": 1024}).rss_bytes
    1024
    """
    if not isinstance(data, dict) or any(key not in data for key in FIELDS):
        raise HealthError(f"the answer lacks some of {', '.join(FIELDS)}: is it a saboteur server?")
    try:
        return Health(
            str(data["version"]),
            int(data["online"]),
            int(data["games"]),
            int(data["connections"]),
            int(data["rss_bytes"]),
        )
    except (TypeError, ValueError) as err:
        raise HealthError(f"the answer holds a bad figure: {err}") from None


def _fetch(url: str, timeout: float) -> Health:
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy
    try:
        with opener.open(request, timeout=timeout) as response:
            return parse_health(json.loads(response.read(1_000_000)))
    except urllib.error.HTTPError as err:
        raise HealthError(f"{url} answered HTTP {err.code}") from None
    except urllib.error.URLError as err:
        raise HealthError(f"no server answers at {url}: {err.reason}") from None
    except (OSError, ValueError) as err:  # a timeout, a reset, not JSON
        raise HealthError(f"{url} did not answer properly: {err}") from None


def combine(nodes: list[Health]) -> Health:
    """The health of a cluster: connections and memory add up; users online and games are
    the cluster's own (every node knows them all), so the largest answer counts.

    >>> a = Health("0.1.0", 5, 2, 3, 100)
    >>> combine([a, Health("0.1.0", 5, 2, 2, 50)])
    Health(version='0.1.0', online=5, games=2, connections=5, rss_bytes=150)
    """
    return Health(
        nodes[0].version,
        max(n.online for n in nodes),
        max(n.games for n in nodes),
        sum(n.connections for n in nodes),
        sum(n.rss_bytes for n in nodes),
    )


async def read_cluster_health(urls: list[str], timeout: float) -> Health:
    """Every node's health, combined (see :func:`combine`)."""
    return combine([await read_health(url, timeout) for url in urls])


async def read_health(url: str, timeout: float) -> Health:
    """GET the health URL (in a thread; at most ``timeout`` seconds)."""
    try:
        return await asyncio.wait_for(asyncio.to_thread(_fetch, url, timeout), timeout)
    except TimeoutError:
        raise HealthError(f"{url} did not answer within {timeout:g} s") from None
