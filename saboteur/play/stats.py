"""What ``saboteur simulate`` counts: each ruleset names a statistics class in its descriptor.

Any class with ``add(state)``, ``to_json()`` and ``rows()`` will do (:class:`Stats`); a ruleset
that names none gets :class:`GameStats`, which counts what every game has: actions, scores, wins.

>>> from saboteur.engine import new_game
>>> from saboteur.play.simulate import play_random_game
>>> stats = GameStats()
>>> stats.add(play_random_game(new_game("duel", 2), seed=3))
>>> stats.games, len(stats.scores)
(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from saboteur.engine import State


class Stats(Protocol):
    """Totals over finished games, as JSON and as the rows of a two-column table."""

    def add(self, state: State) -> None: ...

    def to_json(self) -> dict[str, Any]: ...

    def rows(self) -> list[tuple[str, str]]: ...


def mean(total: float, count: int) -> float:
    """``total / count`` rounded to 4 places (0 when nothing was counted)."""
    return round(total / count, 4) if count else 0.0


@dataclass
class GameStats:
    """Games, actions per game, and each seat's mean score and wins."""

    games: int = 0
    actions: int = 0
    scores: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)

    def add(self, state: State) -> None:
        if not self.scores:
            self.scores, self.wins = [0] * len(state.scores), [0] * len(state.scores)
        self.games += 1
        self.actions += len(state.history)
        for seat, score in enumerate(state.scores):
            self.scores[seat] += score
        for seat in state.winners:
            self.wins[seat] += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "mean_actions_per_game": mean(self.actions, self.games),
            "mean_score": [mean(total, self.games) for total in self.scores],
            "wins": list(self.wins),
        }

    def rows(self) -> list[tuple[str, str]]:
        data = self.to_json()
        rows = [("mean actions per game", f"{data['mean_actions_per_game']:.1f}")]
        for seat, score in enumerate(data["mean_score"]):
            rows.append((f"mean score of seat {seat}", f"{score:.2f}"))
            rows.append((f"games won by seat {seat}", str(data["wins"][seat])))
        return rows
