"""Statistics of finished Dark Cave games (``saboteur simulate --ruleset darkcave``).

>>> from saboteur.engine import new_game
>>> from saboteur.play.simulate import play_random_game
>>> stats = DarkCaveStats()
>>> stats.add(play_random_game(new_game("darkcave", 4), seed=3))
>>> stats.games, sum(stats.ends.values())
(1, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from saboteur.engine import State
from saboteur.play.stats import mean

ENDS = ("cards", "out", "agreed", "stuck")


@dataclass
class DarkCaveStats:
    """How games ended, which side won, turns, goals turned over, dwarfs out and their gold."""

    games: int = 0
    turns: int = 0
    ends: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDS, 0))
    winners: Counter[str] = field(default_factory=Counter)
    goals: int = 0
    out: int = 0
    gold_out: int = 0
    events: Counter[str] = field(default_factory=Counter)

    def add(self, state: State) -> None:
        self.games += 1
        self.turns += getattr(state, "turns", 0)
        for event in state.events:
            self.events[event.kind] += 1
            if event.kind == "game-end":
                self.ends[event.data["why"]] += 1
                self.winners[event.data["winner"] or "draw"] += 1
            elif event.kind == "reveal":
                self.goals += 1
            elif event.kind == "leave":
                self.out += 1
                self.gold_out += event.data["gold"]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "mean_turns": mean(self.turns, self.games),
            "ends": dict(self.ends),
            "winners": dict(sorted(self.winners.items())),
            "mean_goals_turned": mean(self.goals, self.games),
            "mean_dwarfs_out": mean(self.out, self.games),
            "mean_gold_carried_out": mean(self.gold_out, self.out),
            "creature_attacks": self.events["attack"],
            "webs": self.events["web"],
            "rockfalls": self.events["rockfall"],
        }

    def rows(self) -> list[tuple[str, str]]:
        data = self.to_json()
        rows = [("mean turns per game", f"{data['mean_turns']:.1f}")]
        rows += [(f"games ended: {end}", str(count)) for end, count in data["ends"].items()]
        rows += [(f"won by: {side}", str(count)) for side, count in data["winners"].items()]
        rows += [
            ("goals turned over per game", f"{data['mean_goals_turned']:.2f}"),
            ("dwarfs out of the cave per game", f"{data['mean_dwarfs_out']:.2f}"),
            ("gold each carried out", f"{data['mean_gold_carried_out']:.2f}"),
            ("creature attacks", str(data["creature_attacks"])),
            ("webs laid", str(data["webs"])),
            ("rockfalls", str(data["rockfalls"])),
        ]
        return rows
