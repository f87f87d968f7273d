"""Work asked for again while it runs is done once more after it, for everyone who asked.

A node refreshes a game from the store when told it changed; four players joining a table made
on another node, or a burst of its changes on the bus, ask for the same refresh many times at
once.  :class:`Coalescer` runs the work for a key, and callers who ask for that key while it runs
share one more run after it: each caller returns after a run that began after it asked, and a
crowd costs two runs, not one each.

>>> import asyncio
>>> async def demo() -> list[int]:
...     runs: list[int] = []
...     async def work() -> None:
...         runs.append(len(runs))
...         await asyncio.sleep(0.01)
...     coalescer = Coalescer()
...     await asyncio.gather(*(coalescer.run(7, work) for _ in range(5)))
...     return runs
>>> asyncio.run(demo())
[0, 1]
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable


class Coalescer:
    """Runs of work by key, coalesced (see the module)."""

    def __init__(self) -> None:
        self._running: dict[Hashable, asyncio.Future[None]] = {}  # key -> its run under way
        self._again: set[Hashable] = set()  # keys asked for again during their run

    @property
    def idle(self) -> bool:
        """Whether nothing runs and nothing waits."""
        return not self._running and not self._again

    async def run(self, key: Hashable, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` for ``key``, or, if a run of ``key`` is under way, wait for the one
        after it."""
        running = self._running.get(key)
        if running is not None:
            self._again.add(key)
            await asyncio.shield(running)
            return
        done = asyncio.get_running_loop().create_future()
        self._running[key] = done
        try:
            while True:
                self._again.discard(key)
                await work()
                if key not in self._again:
                    break
        finally:
            del self._running[key]
            self._again.discard(key)
            done.set_result(None)
