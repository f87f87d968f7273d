"""A progress bar on stderr for games being played: games done, games per second, time left.

>>> with progress_bar(3) as on_game:
...     on_game(0); on_game(3)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class GamesPerSecond(ProgressColumn):
    """How many games end per second (once a few have)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("– games/s" if speed is None else f"{speed:,.2f} games/s")


@contextlib.contextmanager
def progress_bar(total: int) -> Iterator[Callable[[int], None]]:
    """A bar for ``total`` games; the function it gives takes how many are done.  The first
    count (games read back from a journal) does not count towards the speed."""
    columns = (
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("playing", total=total)
        first = True

        def on_game(done: int) -> None:
            nonlocal first
            if first:
                progress.reset(task, total=total, completed=done)
                first = False
            else:
                progress.update(task, completed=done)

        yield on_game
