"""The lobby feed sends what changed, coalesced, and no faster than its rates allow."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from saboteur.server import feed as F

pytestmark = pytest.mark.anyio


async def test_a_crowd_slows_the_feed_by_the_characters_it_sends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """100 connections told 1,000 characters each at 50,000 characters a second: the next
    send waits 2 s, not the interval; the changes of that wait go out together."""
    monkeypatch.setattr(F, "CHAR_RATE", 50_000)
    sent: list[tuple[float, set[int]]] = []

    async def make(presence: bool, tables: set[int], highscores: bool) -> list[dict[str, Any]]:
        return [{"type": "games_changed", "games": sorted(tables), "pad": "x" * 960}]

    def send(message: dict[str, Any]) -> int:
        sent.append((time.monotonic(), set(message["games"])))
        return 100

    feed = F.LobbyFeed(make, send, interval=0.05)
    feed.tables(1)
    for _ in range(100):  # bounded: 5 s at most
        if sent:
            break
        await asyncio.sleep(0.05)
    feed.tables(2)
    feed.tables(3)
    for _ in range(100):
        if len(sent) == 2:
            break
        await asyncio.sleep(0.05)
    await feed.close()
    (first, tables_first), (second, tables_second) = sent
    assert tables_first == {1} and tables_second == {2, 3}
    assert second - first >= 1.9  # 100 x ~1,000 characters / 50,000 a second
