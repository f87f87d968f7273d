"""Progress on stderr for games being played: games done, games per second, time left — a bar on
a terminal, and where stderr is a file or a pipe (a tournament run in the background, its output
sent to a log) a plain line now and then.

>>> with progress_bar(3) as on_game:
...     on_game(0); on_game(3)
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from datetime import timedelta

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
def progress_bar(total: int, every: float = 300.0) -> Iterator[Callable[[int], None]]:
    """A bar for ``total`` games; the function it gives takes how many are done.  The first
    count (games read back from a journal) does not count towards the speed.  Where stderr is
    no terminal, a line every ``every`` seconds instead (:func:`progress_lines`)."""
    console = Console(stderr=True)
    if not console.is_terminal:
        with progress_lines(total, _to_stderr, every) as on_game:
            yield on_game
        return
    columns = (
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
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


@contextlib.contextmanager
def progress_lines(
    total: int,
    say: Callable[[str], None],
    every: float,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[Callable[[int], None]]:
    """Say how far the games are at most once every ``every`` seconds, and once at the end if
    games ended since; the first count (games read back) does not count towards the rate.

    >>> now = [0.0]
    >>> with progress_lines(100, print, 60, lambda: now[0]) as on_game:
    ...     on_game(40)  # read back from a journal
    ...     now[0] = 30; on_game(41)
    ...     now[0] = 1800; on_game(70)
    ...     now[0] = 1830; on_game(71)
    ...     now[0] = 1900
    70 of 100 games (30 this run), 60 an hour, 0:30:00 elapsed, about 0:30:00 left
    71 of 100 games (31 this run), 59 an hour, 0:31:40 elapsed, about 0:29:37 left
    """
    started = clock()
    first = done = reported = -1
    said = started

    def report() -> None:
        nonlocal said, reported
        elapsed = clock() - started
        rate = (done - first) / elapsed if elapsed > 0 else 0.0
        left = f"about {_clock_time((total - done) / rate)}" if rate > 0 else "unknown time"
        say(
            f"{done} of {total} games ({done - first} this run), {rate * 3600:,.0f} an hour, "
            f"{_clock_time(elapsed)} elapsed, {left} left"
        )
        said, reported = clock(), done

    def on_game(count: int) -> None:
        nonlocal first, done
        if first < 0:
            first = count
        done = count
        if clock() - said >= every:
            report()

    yield on_game
    if done > reported and done > first:
        report()


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _clock_time(seconds: float) -> str:
    """Seconds as ``h:mm:ss``, to the second.

    >>> _clock_time(3725.4)
    '1:02:05'
    """
    return str(timedelta(seconds=round(seconds)))
