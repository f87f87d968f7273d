"""The lobby's finished games, a page at a time (no Textual here).

The server's ``welcome`` and ``lists`` carry the newest page of finished games, and the lobby
feed adds those that finish (``finished_new``): that first page is live.  Every other page, and
the games of one player, come over HTTP (``GET /api/games?status=finished``, its header
``X-Total-Count`` the number in all), as the browser reads them; they stay as they were answered.

>>> pages = FinishedPages()
>>> pages.live, pages.ask()
(True, ('', 0))
>>> pages.answered(("", 0), [{"id": 9}], 23)
True
>>> pages.turn(1), pages.query, pages.pages
(True, ('', 1), 3)
>>> pages.turn(5), pages.query
(True, ('', 2))
>>> pages.turn(1)
False
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from saboteur.tui.connection import Unreachable, fetch_finished
from saboteur.tui.texts import Texts

Message = dict[str, Any]
Query = tuple[str, int]  # the player searched for ("" for everyone) and the page (0-based)
# finished games on a page: the server's FINISHED_SHOWN (saboteur/server/feed.py), the browser's
# PAGE_SIZES.finished (web/static/lobby.js); tests/tui/test_finished.py checks they agree
FINISHED_PAGE = 10


@dataclass
class FinishedPages:
    """Which page of whose finished games the lobby shows, and what the server answered."""

    player: str = ""
    page: int = 0
    rows: list[Message] = field(default_factory=list)  # the page answered last (over HTTP)
    got: Query | None = None  # the query ``rows`` answer
    total: int | None = None  # how many games ``total_of`` played in all, as last answered
    total_of: str = ""
    asked: Query | None = None  # the query awaited
    error: str | None = None  # why the last query failed

    @property
    def query(self) -> Query:
        return (self.player, self.page)

    @property
    def live(self) -> bool:
        """Whether the page on show is the first of everyone's: the lobby feed's."""
        return not self.player and self.page == 0

    @property
    def count(self) -> int | None:
        """How many games the page's search finds in all (``None``: not known yet)."""
        return self.total if self.total_of == self.player else None

    @property
    def pages(self) -> int:
        return max(1, -(-(self.count or 0) // FINISHED_PAGE))

    def shown(self, live: list[Message]) -> list[Message]:
        """The games on show: the live first page (``live``: the lobby's), else the page
        answered for this query (none while it is awaited)."""
        if self.live:
            return live[:FINISHED_PAGE]
        return self.rows if self.got == self.query and self.error is None else []

    def turn(self, step: int) -> bool:
        """Go ``step`` pages on (older games; back: newer), as far as there are pages; whether
        the page changed."""
        page = max(0, min(self.pages - 1, self.page + step))
        moved = page != self.page
        self.page = page
        return moved

    def search(self, player: str) -> None:
        """Show the first page of the games of players whose names hold ``player``."""
        self.player, self.page = player.strip(), 0

    def ask(self) -> Query:
        """The query to send now (the answer to any other is dropped)."""
        self.asked, self.error = self.query, None
        return self.query

    def answered(self, query: Query, rows: list[Message], total: int) -> bool:
        """The server's answer to ``query``; whether it is the one awaited."""
        if query != self.asked:
            return False
        self.rows, self.got, self.asked = rows, query, None
        self.total, self.total_of = total, query[0]
        return True

    async def read(self, query: Query, base: str) -> None:
        """Ask the server at ``base`` for ``query`` (over HTTP, in a thread: the screen does not
        wait) and take its answer, or why there is none."""
        try:
            rows, total = await asyncio.to_thread(fetch_finished, base, *query, FINISHED_PAGE)
        except Unreachable as err:
            self.failed(query, str(err))
        else:
            self.answered(query, rows, total)

    def failed(self, query: Query, reason: str) -> bool:
        """``query`` found no answer; whether it was the one awaited."""
        if query != self.asked:
            return False
        self.asked, self.error = None, reason
        return True

    def grew(self, added: int) -> None:
        """``added`` games finished (the lobby feed): everyone's count grows."""
        if self.total is not None and self.total_of == "":
            self.total += added

    def forget(self) -> None:
        """The lobby was sent whole again (a welcome, ``lists``): the count is asked again."""
        self.total = None

    def line(self, shown: int, texts: Texts) -> str:
        """The line above the list: which games of how many, what went wrong, the keys.

        >>> from saboteur.server.messages import catalogue_body
        >>> pages, texts = FinishedPages(page=1), Texts(catalogue_body())
        >>> pages.line(0, texts).split(" · ")[0]
        'loading…'
        >>> _ = pages.ask(); _ = pages.answered(("", 1), [{"id": 3}] * 10, 234)
        >>> pages.line(10, texts).split(" · ")[0]
        '11–20 of 234'
        """
        t = texts.t
        count = self.count
        if self.error is not None:
            head = t("finished.error", reason=self.error)
        elif shown:
            first = self.page * FINISHED_PAGE + 1
            total = "…" if count is None else count  # the live page, before the count came
            head = t("finished.range", first=first, last=first + shown - 1, total=total)
        elif count is None or self.asked is not None:
            head = t("finished.loading")
        elif self.player:
            head = t("finished.noneFound", q=self.player)
        else:
            head = t("finished.none")
        return f"{head} · {t('finished.keys')}"
