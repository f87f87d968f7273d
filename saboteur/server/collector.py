"""Keeping Python's cycle collector from pausing the server.

A node holding thousands of connections and hundreds of games has half a million
long-lived objects.  Python's full collection walks all of them (measured: 0.4 s on the
2-core development machine with 2,000 connections and 500 games, every 13 s, finding no
garbage), and nothing else runs on the event loop meanwhile: every player waits.  The
server's garbage is almost all freed by reference counting, so the collector is set to:

- walk long-lived objects never: every ``FREEZE_EVERY`` seconds, after a collection of the
  youngest generation, what survived is frozen (``gc.freeze``, moved where collections do
  not look), so a full collection only walks what came since;
- still free what cycles there are among frozen objects: every ``SWEEP_EVERY`` seconds
  everything is thawed and one full collection runs (one pause in that long a time);
- collect the youngest generation a little less often (``YOUNG_THRESHOLD``), so fewer
  short-lived objects happen to be alive when it runs, and are promoted.

>>> import asyncio
>>> async def demo() -> int:
...     keeper = Collector(freeze_every=0.01, sweep_every=3600)
...     keeper.start()
...     await asyncio.sleep(0.05)
...     await keeper.close()
...     return keeper.freezes
>>> asyncio.run(demo()) > 0
True
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time

FREEZE_EVERY = 1.0  # seconds between two freezes of what survived
SWEEP_EVERY = 1800.0  # seconds between two full collections of everything
YOUNG_THRESHOLD = 2_000  # allocations between two young collections (Python's default: 700)


class Collector:
    """Runs the freezes and sweeps as one task on the event loop."""

    def __init__(
        self, freeze_every: float = FREEZE_EVERY, sweep_every: float = SWEEP_EVERY
    ) -> None:
        self.freeze_every, self.sweep_every = freeze_every, sweep_every
        self.freezes = 0
        self.sweeps = 0
        self._task: asyncio.Task[None] | None = None
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        _, middle, old = self._thresholds
        gc.set_threshold(YOUNG_THRESHOLD, middle, old)
        gc.collect()
        gc.freeze()  # what the server loaded at start lives as long as it does
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        swept = time.monotonic()
        while True:
            await asyncio.sleep(self.freeze_every)
            if time.monotonic() - swept >= self.sweep_every:
                gc.unfreeze()
                gc.collect()
                swept = time.monotonic()
                self.sweeps += 1
            else:
                gc.collect(0)  # the youngest cycles are freed, not frozen (a few ms)
            gc.freeze()
            self.freezes += 1

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        gc.unfreeze()
        gc.set_threshold(*self._thresholds)

    @staticmethod
    def frozen() -> int:
        """How many objects are frozen now."""
        return gc.get_freeze_count()
