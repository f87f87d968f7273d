"""What a load test counts, and exact latency percentiles.

>>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50)
3.0
>>> percentile([], 99) is None
True
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

ABANDONED_KEPT = 20  # games given up that a report lists


def percentile(samples: Sequence[float], p: float) -> float | None:
    """The ``p``-th percentile by the nearest-rank method: the smallest sample that at least
    ``p`` percent of the samples are less than or equal to (``None`` without samples)."""
    if not 0 < p <= 100:
        raise ValueError(f"a percentile is over 0 and at most 100, not {p}")
    if not samples:
        return None
    ordered = sorted(samples)
    rank = math.ceil(p / 100 * len(ordered))
    return ordered[max(rank, 1) - 1]


@dataclass
class Metrics:
    """Counters shared by every client of one run (one event loop: no locks needed).

    Actions per second and latencies are measured in the steady state only: from the moment
    every connection is open and every table (``groups`` of them) has started its first game.
    """

    groups: int = 0
    connections_opened: int = 0
    connections_failed: int = 0
    connections_lost: int = 0
    games_started: int = 0
    games_finished: int = 0
    actions_total: int = 0  # actions seen applied, over the whole run
    latencies: list[float] = field(default_factory=list)  # seconds, per steady-state action
    chat_lines: int = 0
    messages_received: int = 0
    bytes_received: int = 0
    bytes_by_type: Counter[str] = field(default_factory=Counter)  # by message type
    errors: Counter[str] = field(default_factory=Counter)  # by kind
    finished_by_group: Counter[int] = field(default_factory=Counter)  # games, by group number
    abandoned: list[dict[str, Any]] = field(default_factory=list)  # the first games given up
    ramp_seconds: float | None = None  # time to open every connection
    steady_at: float | None = None  # time.monotonic() when the steady state began
    counting: bool = True  # off after the deadline: what comes while closing is not counted
    started: float = field(default_factory=time.monotonic)
    _waiting: set[int] = field(default_factory=set)  # groups yet to start their first game

    def __post_init__(self) -> None:
        self._waiting = set(range(self.groups))

    @property
    def actions(self) -> int:
        """Actions measured in the steady state."""
        return len(self.latencies)

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    def error(self, kind: str) -> None:
        self.errors[kind] += 1

    def abandon(self, game: int, seq: int, why: str, its_turn: bool) -> None:
        """A seat gave ``game`` up at action ``seq`` (the last it saw): kept, up to
        ``ABANDONED_KEPT``, for a look at the server's side (``--keep-data`` of bench_server)."""
        if len(self.abandoned) < ABANDONED_KEPT:
            at = round(time.monotonic() - self.started, 3)
            self.abandoned.append(
                {"game": game, "seq": seq, "why": why, "its_turn": its_turn, "at_seconds": at}
            )

    def action_done(self, seconds: float) -> None:
        """An action took ``seconds`` from sending it to seeing it applied."""
        self.actions_total += 1
        if self.steady_at is not None:
            self.latencies.append(seconds)

    def ramp_done(self, seconds: float) -> None:
        """Every connection has been tried."""
        self.ramp_seconds = seconds
        self._settle()

    def game_started(self, group: int) -> None:
        self.games_started += 1
        self.group_settled(group)

    def group_settled(self, group: int) -> None:
        """``group`` has started its first game (or never will: it is not waited for)."""
        self._waiting.discard(group)
        self._settle()

    def _settle(self) -> None:
        if self.steady_at is None and self.ramp_seconds is not None and not self._waiting:
            self.steady_at = time.monotonic()

    def latency_ms(self, p: float) -> float | None:
        value = percentile(self.latencies, p)
        return None if value is None else round(value * 1000, 3)
