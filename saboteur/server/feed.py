"""The lobby feed: what every connection is told about the lobby, coalesced.

Who is online, which tables changed and the high scores change with every hello, join and
finished game; telling every connection the whole of it each time costs the square of the
number of connections.  The feed marks what changed and sends it at most every ``INTERVAL``
seconds (the first change after a quiet spell goes out at once), and less often when many are
connected, so that it sends about ``RATE`` messages and ``CHAR_RATE`` characters a second in all
at the most: the tables as
changes (``games_changed``: the new summaries and the ids that are gone), the first page of
``ONLINE_SHOWN`` names with the count of everyone online (more pages and a search are asked for
with ``online``), and the high scores with the finished games.  All of it goes only to the
connections showing the lobby (a game window sends ``lobby`` with ``follow`` false), so what
a connection is sent does not grow with the crowd.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

from saboteur.server.hub import encode

INTERVAL = 0.5  # seconds between two sends of the feed, at the most
RATE = 2000  # messages a second the feed may send in all (to many connections: less often)
CHAR_RATE = 4_000_000  # characters a second the feed may send in all (a crowd filling tables)
ONLINE_SHOWN = 50  # names of people online on a page (the count covers the rest)
TABLES_SHOWN = 20  # open and active tables each in a welcome or lists (besides one's own)
# finished games in a welcome or lists: the newest page of the clients' finished lists (the
# browser's PAGE_SIZES.finished, the terminal client's FINISHED_PAGE); more come over HTTP
FINISHED_SHOWN = 10


class LobbyFeed:
    """Marks what changed; a single task sends it, at most every ``interval`` seconds.

    ``make`` builds the messages of what changed: ``make(presence, tables, highscores)``;
    ``send`` sends one to everyone it is for and says to how many connections.
    """

    def __init__(
        self,
        make: Callable[[bool, set[int], bool], Awaitable[list[dict[str, Any]]]],
        send: Callable[[dict[str, Any]], int],
        interval: float = INTERVAL,
    ) -> None:
        self._make, self._send, self.interval = make, send, interval
        self._told = 0  # connections told by the last send (each message counts)
        self._chars = 0  # characters the last send sent in all
        self._presence = False
        self._tables: set[int] = set()
        self._highscores = False
        self._last = 0.0
        self._task: asyncio.Task[None] | None = None

    def presence(self) -> None:
        self._presence = True
        self._wake()

    def tables(self, *game_ids: int) -> None:
        self._tables.update(game_ids)
        self._wake()

    def highscores(self) -> None:
        self._highscores = True
        self._wake()

    def _wake(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._send_soon())

    async def _send_soon(self) -> None:
        while True:
            pause = max(self.interval, self._told / RATE, self._chars / CHAR_RATE)
            wait = self._last + pause - time.monotonic()
            await asyncio.sleep(max(0.0, wait))  # 0: still lets this tick's changes join in
            if not (self._presence or self._tables or self._highscores):
                return
            presence, tables, highscores = self._presence, self._tables, self._highscores
            self._presence, self._tables, self._highscores = False, set(), False
            self._last = time.monotonic()
            messages = await self._make(presence, tables, highscores)
            self._told = self._chars = 0
            for message in messages:
                told = self._send(message)
                self._told += told
                self._chars += told * len(encode(message))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
