"""Statistics of finished Duel and solo games (``saboteur simulate --ruleset duel|solo``).

>>> from saboteur.engine import new_game
>>> from saboteur.play.simulate import play_random_game
>>> stats = DuelStats()
>>> stats.add(play_random_game(new_game("duel", 2), seed=3))
>>> stats.games, stats.rounds, sum(stats.ends.values())
(1, 3, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from saboteur.engine import State

ENDS = ("goals", "markers", "cards")


@dataclass
class DuelStats:
    """Totals over finished games: how rounds ended, turns, gold per seat and wins per seat."""

    games: int = 0
    rounds: int = 0
    turns: int = 0
    ends: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDS, 0))
    scores: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    ratings: dict[str, int] = field(default_factory=dict)

    def add(self, state: State) -> None:
        n = len(state.scores)
        if not self.scores:
            self.scores, self.wins = [0] * n, [0] * n
        self.games += 1
        for event in state.events:
            if event.kind == "round-end":
                self.rounds += 1
                self.turns += event.data["turns"]
                self.ends[event.data["end"]] += 1
            elif event.kind == "game-over" and "rating" in event.data:
                rating = event.data["rating"]
                self.ratings[rating] = self.ratings.get(rating, 0) + 1
        for seat, score in enumerate(state.scores):
            self.scores[seat] += score
        for seat in state.winners:
            self.wins[seat] += 1

    def to_json(self) -> dict[str, Any]:
        def mean(total: int, count: int) -> float:
            return round(total / count, 4) if count else 0.0

        out: dict[str, Any] = {
            "games": self.games,
            "rounds": self.rounds,
            "round_ends": dict(self.ends),
            "mean_turns_per_round": mean(self.turns, self.rounds),
            "mean_score": [mean(total, self.games) for total in self.scores],
            "wins": list(self.wins),
        }
        if self.ratings:
            out["ratings"] = dict(sorted(self.ratings.items()))
        return out

    def rows(self) -> list[tuple[str, str]]:
        data = self.to_json()
        rows = [("rounds", str(data["rounds"]))]
        rows += [
            (f"rounds ended by {end}", str(count)) for end, count in data["round_ends"].items()
        ]
        rows.append(("mean turns per round", f"{data['mean_turns_per_round']:.1f}"))
        for seat, score in enumerate(data["mean_score"]):
            rows.append((f"mean gold of seat {seat}", f"{score:.2f}"))
            rows.append((f"games won by seat {seat}", str(data["wins"][seat])))
        rows += [
            (f"rating {rating}", str(count)) for rating, count in data.get("ratings", {}).items()
        ]
        return rows
