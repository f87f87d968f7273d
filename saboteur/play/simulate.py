"""Random legal games and their statistics (used by ``saboteur simulate`` and ``bench``).

>>> from saboteur.engine import new_game
>>> stats = SimulationStats()
>>> stats.add(play_random_game(new_game("classic", 4), seed=3))
>>> stats.games, stats.rounds
(1, 3)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from saboteur.engine import Game, State
from saboteur.engine.chance import choice
from saboteur.play.playout import play_out


def play_random_game(
    game: Game, seed: int, on_step: Callable[[State], None] | None = None
) -> State:
    """Deal with ``seed`` and play uniformly random legal actions to the end."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(choice(rng, state.legal_actions()))
        if on_step is not None:
            on_step(state)
    return state


@dataclass
class SimulationStats:
    """Totals over finished games: rounds by winning side, turns, and gold per role."""

    games: int = 0
    rounds: int = 0
    wins: dict[str, int] = field(
        default_factory=lambda: {"diggers": 0, "saboteurs": 0, "nobody": 0}
    )
    turns: int = 0
    gold: dict[str, int] = field(default_factory=lambda: {"digger": 0, "saboteur": 0})
    seats: dict[str, int] = field(default_factory=lambda: {"digger": 0, "saboteur": 0})

    def add(self, state: State) -> None:
        """Count a finished game; gold goes to the role its receiver held in that round."""
        self.games += 1
        roles: list[str] = []
        for event in state.events:
            if event.kind == "round-end":
                roles = event.data["roles"]
                self.rounds += 1
                self.turns += event.data["turns"]
                self.wins[event.data["winner"]] += 1
                for role in roles:
                    self.seats[role] += 1
            elif event.kind == "gold-value" and event.seat is not None and roles:
                self.gold[roles[event.seat]] += sum(event.data["values"])

    def to_json(self) -> dict[str, Any]:
        def mean(total: int, count: int) -> float:
            return round(total / count, 4) if count else 0.0

        return {
            "games": self.games,
            "rounds": self.rounds,
            "digger_rounds": self.wins["diggers"],
            "saboteur_rounds": self.wins["saboteurs"],
            "nobody_rounds": self.wins["nobody"],
            "mean_turns_per_round": mean(self.turns, self.rounds),
            "mean_gold_per_round": {
                role: mean(self.gold[role], self.seats[role]) for role in ("digger", "saboteur")
            },
        }

    def rows(self) -> list[tuple[str, str]]:
        data = self.to_json()
        rows = [
            ("rounds", str(data["rounds"])),
            ("rounds won by diggers", str(data["digger_rounds"])),
            ("rounds won by saboteurs", str(data["saboteur_rounds"])),
            ("rounds won by nobody", str(data["nobody_rounds"])),
            ("mean turns per round", f"{data['mean_turns_per_round']:.1f}"),
        ]
        for role, gold in data["mean_gold_per_round"].items():
            rows.append((f"mean gold per {role} and round", f"{gold:.2f}"))
        return rows


@dataclass
class BenchResult:
    players: int
    seconds: float
    steps: int
    games: int
    cpu_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        cpu = self.cpu_seconds or self.seconds
        return {
            "players": self.players,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(cpu, 3),
            "steps": self.steps,
            "games": self.games,
            "steps_per_second": round(self.steps / self.seconds, 1),
            "games_per_second": round(self.games / self.seconds, 2),
            "steps_per_cpu_second": round(self.steps / cpu, 1),
        }


def bench(game: Game, seconds: float, seed: int = 0) -> BenchResult:
    """Random legal play with legal-action generation at every step, for ``seconds``."""
    steps = games = 0
    rng = random.Random(seed)
    clock = time.perf_counter
    start, cpu_start = clock(), time.process_time()
    deadline = start + seconds
    while clock() < deadline:
        steps += play_out(game.new_state(seed + games), rng)
        games += 1
    cpu = time.process_time() - cpu_start
    return BenchResult(game.players, clock() - start, steps, games, cpu)
