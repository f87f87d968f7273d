"""Small parts of the players' logic that need no server."""

from __future__ import annotations

import asyncio
import time

import pytest

from saboteur.loadtest.players import ChatClock, all_or_none


def test_a_failed_step_cancels_the_others_and_is_raised() -> None:
    finished: list[str] = []

    async def slow() -> None:
        await asyncio.sleep(5)
        finished.append("slow")

    async def failing() -> None:
        await asyncio.sleep(0.01)
        raise TimeoutError("no joined")

    async def main() -> None:
        await all_or_none([slow(), failing()])

    began = time.monotonic()
    with pytest.raises(TimeoutError, match="no joined"):
        asyncio.run(main())
    assert time.monotonic() - began < 2 and finished == []


def test_all_steps_run_when_none_fails() -> None:
    finished: list[int] = []

    async def step(n: int) -> None:
        await asyncio.sleep(0.01 * n)
        finished.append(n)

    asyncio.run(all_or_none([step(2), step(1), step(3)]))
    assert finished == [1, 2, 3]


def test_the_chat_clock_rings_every_so_often_and_never_when_off() -> None:
    clock = ChatClock(time.monotonic() - 3)
    assert clock.due(2.0)
    assert not clock.due(2.0)  # just reset
    assert not ChatClock(time.monotonic() - 100).due(0.0)
