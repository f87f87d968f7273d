"""Tournaments: bots play whole games; win rates by bot and role with Wilson intervals.

Seating is fair: in game ``g`` seat ``s`` holds bot ``(s + g) mod k`` (``k``
bots), and the ``k`` games of a block share one deal (seed ``seed + g // k``),
so every bot sits in every seat equally often and meets the same cards and
roles as the others.  Roles are dealt by the engine, fresh each round.

What counts is the ruleset's business (its descriptor's ``outcomes``): classic counts
every seat in every round, a win if that seat's side won it; the Duel counts a whole
game once per seat with the dwarf's colour as its "role", and a shared win as a tie
(``ties``), not a win.

>>> wilson(8, 10)
(0.4902, 0.9433)
>>> from saboteur.engine import new_game
>>> from saboteur.bots.registry import parse_spec
>>> result = run_tournament(new_game("classic", 3), [parse_spec("random")] * 1, games=1, seed=0)
>>> result.tallies["random"]["digger"].rounds + result.tallies["random"]["saboteur"].rounds
9
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from saboteur.bots.journal import Journal
from saboteur.bots.pool import Job, Played, collect
from saboteur.bots.registry import BotSpec
from saboteur.engine import Game
from saboteur.engine.registry import get_ruleset
from saboteur.engine.ruleset import Ruleset


def wilson(wins: int, rounds: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``wins`` out of ``rounds``."""
    if rounds == 0:
        return (0.0, 1.0)
    p = wins / rounds
    denominator = 1 + z * z / rounds
    centre = (p + z * z / (2 * rounds)) / denominator
    half = z * math.sqrt(p * (1 - p) / rounds + z * z / (4 * rounds * rounds)) / denominator
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def paired_difference(
    blocks: Sequence[tuple[int, int, int, int]], resamples: int = 10_000, seed: int = 0
) -> tuple[float, float, float]:
    """Win rate of bot A minus bot B, with a 95% bootstrap interval over ``blocks``.

    Each block is ``(wins_a, rounds_a, wins_b, rounds_b)`` from games that share their deals (a
    tournament's block of games, or a chunk of them): resampling whole blocks keeps each deal's
    pairing and the rounds of one game together, which Wilson intervals of the two rates, taken
    as independent rounds, do not.

    >>> paired_difference([(3, 4, 1, 4), (2, 4, 2, 4), (4, 4, 1, 4)] * 20)
    (0.4167, 0.3375, 0.4917)
    """
    if not blocks:
        raise ValueError("no blocks to compare")
    rng = random.Random(seed)
    count = len(blocks)

    def difference(picked: Sequence[tuple[int, int, int, int]]) -> float:
        won_a, rounds_a, won_b, rounds_b = (sum(column) for column in zip(*picked, strict=True))
        return (won_a / rounds_a if rounds_a else 0.0) - (won_b / rounds_b if rounds_b else 0.0)

    draws = sorted(
        difference([blocks[rng.randrange(count)] for _ in range(count)]) for _ in range(resamples)
    )
    low, high = draws[int(0.025 * resamples)], draws[int(0.975 * resamples) - 1]
    return (round(difference(blocks), 4), round(low, 4), round(high, 4))


@dataclass
class Tally:
    """Rounds one bot played in one role, and how many of them its side won."""

    rounds: int = 0
    wins: int = 0
    ties: int | None = None  # counted only where the ruleset has shared wins

    def to_json(self) -> dict[str, Any]:
        rate = round(self.wins / self.rounds, 4) if self.rounds else 0.0
        low, high = wilson(self.wins, self.rounds)
        out = {"rounds": self.rounds, "wins": self.wins, "win_rate": rate, "ci95": [low, high]}
        if self.ties is not None:
            out["ties"] = self.ties
        return out


@dataclass
class Clock:
    """Decisions one bot made, the CPU seconds it thought, and its search iterations."""

    decisions: int = 0
    seconds: float = 0.0
    iterations: int = 0


@dataclass
class TournamentResult:
    """Tallies by bot spec text and role, and each bot's thinking time."""

    games: int = 0
    tallies: dict[str, dict[str, Tally]] = field(default_factory=dict)
    clocks: dict[str, Clock] = field(default_factory=dict)
    roles: tuple[str, ...] = ()
    paired: dict[str, Any] | None = None  # two bots: see :func:`paired_comparison`

    @property
    def ties(self) -> bool:
        """Whether shared wins are counted apart (as ties)."""
        return any(
            t.ties is not None for tallies in self.tallies.values() for t in tallies.values()
        )

    def add(self, played: Played) -> None:
        """Count a finished game (its outcomes by seat) and its bots' thinking."""
        self.games += 1
        for seat, side, how in played.outcomes:
            tally = self.tallies[played.seats[seat]][side]
            tally.rounds += 1
            tally.wins += how == "win"
            if tally.ties is not None:
                tally.ties += how == "tie"
        add_thinking(self.clocks, played)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "games": self.games,
            "bots": {
                name: {role: tallies[role].to_json() for role in self.roles}
                for name, tallies in self.tallies.items()
            },
        }
        if self.paired is not None:
            out["paired_difference"] = self.paired
        return out


def seating(specs: Sequence[BotSpec], players: int, number: int) -> list[BotSpec]:
    """The bot at each seat in game ``number`` (rotating by one seat per game).

    >>> from saboteur.bots.registry import parse_spec
    >>> a, b = parse_spec("random"), parse_spec("heuristic")
    >>> [s.name for s in seating([a, b], 3, 1)]
    ['heuristic', 'random', 'heuristic']
    """
    return [specs[(seat + number) % len(specs)] for seat in range(players)]


def add_thinking(clocks: dict[str, Clock], played: Played) -> None:
    """Add a game's thinking per seat to the ``clocks`` of the bots that sat there."""
    for text, (decisions, seconds, iterations) in zip(played.seats, played.thinking, strict=True):
        clock = clocks.setdefault(text, Clock())
        clock.decisions += decisions
        clock.seconds += seconds
        clock.iterations += iterations


def tournament_jobs(specs: Sequence[BotSpec], players: int, games: int, seed: int) -> list[Job]:
    """The games of a tournament: seats rotating, ``len(specs)`` games per deal."""
    k = len(specs)
    return [
        Job(n, tuple(s.text for s in seating(specs, players, n)), seed + n // k, f"{seed}:{n}")
        for n in range(games)
    ]


def run_tournament(
    game: Game,
    specs: Sequence[BotSpec],
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
    workers: int = 1,
    journal: Journal | None = None,
    cluster: str | None = None,
) -> TournamentResult:
    """Play ``games`` games between ``specs`` (distinct bots) and tally them, in game order
    (so the result is the same with any number of ``workers``); see :func:`pool.collect`."""
    jobs = tournament_jobs(specs, game.players, games, seed)
    played = collect(game, jobs, workers, on_game, journal, cluster)
    return tally_tournament(get_ruleset(game.ruleset), [spec.text for spec in specs], played)


def tally_tournament(
    rules: Ruleset, names: Sequence[str], played: Mapping[int, Played]
) -> TournamentResult:
    """Tally games played between the bots ``names``, in game order; with two bots, also
    their paired comparison (:func:`paired_comparison`)."""
    ties = 0 if rules.ties else None
    result = TournamentResult(
        tallies={name: {role: Tally(ties=ties) for role in rules.sides} for name in names},
        clocks={name: Clock() for name in names},
        roles=rules.sides,
    )
    for number in sorted(played):
        result.add(played[number])
    if len(names) == 2:
        result.paired = paired_comparison(rules.sides, names, played)
    return result


def deal_tallies(
    played: Mapping[int, Played], per_deal: int
) -> dict[int, dict[tuple[str, str], tuple[int, int]]]:
    """Per deal (game number ``// per_deal``) whose games are all in: each (bot, role)'s wins
    and rounds over that deal's games."""
    games: dict[int, list[Played]] = {}
    for number, game in played.items():
        games.setdefault(number // per_deal, []).append(game)
    deals: dict[int, dict[tuple[str, str], tuple[int, int]]] = {}
    for deal, its_games in games.items():
        if len(its_games) < per_deal:
            continue  # a deal still being played
        counts: dict[tuple[str, str], tuple[int, int]] = {}
        for game in its_games:
            for seat, role, how in game.outcomes:
                wins, rounds = counts.get((game.seats[seat], role), (0, 0))
                counts[game.seats[seat], role] = (wins + (how == "win"), rounds + 1)
        deals[deal] = counts
    return deals


def paired_comparison(
    roles: Sequence[str], names: Sequence[str], played: Mapping[int, Played]
) -> dict[str, Any] | None:
    """Per role, the first bot's win rate minus the second's with its 95% bootstrap interval
    (:func:`paired_difference`) over the blocks of two games that share a deal (games ``2b``
    and ``2b + 1``, seats rotated); a block with a game missing is left out.  None without a
    complete block.

    >>> from saboteur.bots.pool import Played
    >>> def game(n, a_won):
    ...     seats = ("a", "b") if n % 2 == 0 else ("b", "a")
    ...     won = seats.index("a") if a_won else seats.index("b")
    ...     outcomes = tuple((s, "x", "win" if s == won else "loss") for s in (0, 1))
    ...     return Played(n, seats, outcomes, (0, 0), ((0, 0.0, 0),) * 2)
    >>> played = {0: game(0, True), 1: game(1, True), 2: game(2, False)}
    >>> paired_comparison(["x"], ["a", "b"], played)
    {'of': ['a', 'b'], 'blocks': 1, 'x': [1.0, 1.0, 1.0]}
    """
    blocks = paired_blocks(roles, names, played)
    count = len(blocks[roles[0]]) if roles else 0
    if not count:
        return None
    out: dict[str, Any] = {"of": list(names), "blocks": count}
    for role in roles:
        out[role] = list(paired_difference(blocks[role]))
    return out


def paired_looks(
    roles: Sequence[str], names: Sequence[str], played: Mapping[int, Played], every: int
) -> list[dict[str, Any]]:
    """The paired comparison as it stood after every ``every`` complete deals (and after the
    last): how a test read at each look, to see when an interval left zero for good.

    >>> from saboteur.bots.pool import Played
    >>> def game(n):
    ...     seats = ("a", "b") if n % 2 == 0 else ("b", "a")
    ...     outcomes = tuple((s, "x", "win" if seats[s] == "a" else "loss") for s in (0, 1))
    ...     return Played(n, seats, outcomes, (0, 0), ((0, 0.0, 0),) * 2)
    >>> looks = paired_looks(["x"], ["a", "b"], {n: game(n) for n in range(10)}, 2)
    >>> [(look["deals"], look["x"]) for look in looks][-2:]
    [(4, [1.0, 1.0, 1.0]), (5, [1.0, 1.0, 1.0])]
    """
    blocks = paired_blocks(roles, names, played)
    count = len(blocks[roles[0]]) if roles else 0
    looks = [*range(every, count, every), count] if count else []
    return [
        {"deals": deals, **{r: list(paired_difference(blocks[r][:deals])) for r in roles}}
        for deals in looks
    ]


def paired_blocks(
    roles: Sequence[str], names: Sequence[str], played: Mapping[int, Played]
) -> dict[str, list[tuple[int, int, int, int]]]:
    """Per role, ``(wins_a, rounds_a, wins_b, rounds_b)`` of each deal whose two games are in,
    in deal order (the blocks of :func:`paired_difference`)."""
    blocks: dict[str, list[tuple[int, int, int, int]]] = {role: [] for role in roles}
    deals = deal_tallies(played, 2)
    for block in sorted(deals):
        counts = deals[block]
        for role in roles:
            (won_a, rounds_a), (won_b, rounds_b) = (counts.get((n, role), (0, 0)) for n in names)
            blocks[role].append((won_a, rounds_a, won_b, rounds_b))
    return blocks
