"""Play alone measured: each bot plays the same deals; mean score and rating bands.

A ruleset played alone (the Duel's solo mode: one seat, no opponent, no sides in its
descriptor) has no win rate: a bot's strength is its mean final score (with a 95%
interval, normal approximation) and how its games fall into the ruleset's rating
bands (its descriptor's ``score_bands``).  Every bot plays the
deals ``seed``, ``seed + 1``, ... ``seed + games - 1``, so bots meet the same cards.

>>> from saboteur.engine import new_game
>>> from saboteur.bots.registry import parse_spec
>>> result = run_solo(new_game("solo", 1), [parse_spec("random")], games=2, seed=0)
>>> data = result.to_json()
>>> data["games"], sorted(data["bots"]["random"])
(2, ['ci95', 'games', 'mean_score', 'ratings'])
>>> bands(((25, "boss"), (20, "nose-for-gold"), (15, "decent"), (0, "nothing")))
{'nothing': '0-14', 'decent': '15-19', 'nose-for-gold': '20-24', 'boss': '25+'}
>>> mean_interval([10, 20])
(15.0, [5.2, 24.8])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from saboteur.bots.journal import Journal
from saboteur.bots.pool import Job, Played, collect
from saboteur.bots.registry import BotSpec
from saboteur.bots.tournament import Clock, add_thinking
from saboteur.engine import Game
from saboteur.engine.registry import get_ruleset


def bands(score_bands: Sequence[tuple[int, str]]) -> dict[str, str]:
    """Rating name -> its band of scores, from the lowest (``score_bands``: best first)."""
    out: dict[str, str] = {}
    upper: int | None = None
    for least, name in score_bands:
        out[name] = f"{least}+" if upper is None else f"{least}-{upper - 1}"
        upper = least
    return dict(reversed(out.items()))


def band_of(score: int, score_bands: Sequence[tuple[int, str]]) -> str:
    """The name of the best band ``score`` reaches."""
    return next(name for least, name in score_bands if score >= least)


def mean_interval(scores: Sequence[int], z: float = 1.96) -> tuple[float, list[float]]:
    """The mean of ``scores`` and its 95% interval (normal approximation)."""
    n = len(scores)
    if n == 0:
        return 0.0, [0.0, 0.0]
    mean = sum(scores) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1)) if n > 1 else 0.0
    half = z * spread / math.sqrt(n)
    return round(mean, 4), [round(mean - half, 4), round(mean + half, 4)]


@dataclass
class SoloResult:
    """Final scores by bot spec text, and each bot's thinking time."""

    games: int = 0
    scores: dict[str, list[int]] = field(default_factory=dict)
    clocks: dict[str, Clock] = field(default_factory=dict)
    score_bands: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        bots: dict[str, Any] = {}
        for name, scores in self.scores.items():
            mean, interval = mean_interval(scores)
            names = bands(self.score_bands)
            counts = dict.fromkeys(names, 0)
            for score in scores if self.score_bands else ():
                counts[band_of(score, self.score_bands)] += 1
            ratings = {names[band]: count for band, count in counts.items()}
            bots[name] = {
                "games": len(scores),
                "mean_score": mean,
                "ci95": interval,
                "ratings": ratings,
            }
        return {"games": self.games, "bots": bots}


def run_solo(
    game: Game,
    specs: Sequence[BotSpec],
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
    workers: int = 1,
    journal: Journal | None = None,
    cluster: str | None = None,
) -> SoloResult:
    """Let each of ``specs`` play ``games`` solo deals from ``seed`` on; collect the scores
    (in deal order, the same with any number of ``workers``)."""
    jobs = [
        Job(number * len(specs) + i, (spec.text,), seed + number, f"{seed}:{number}")
        for number in range(games)
        for i, spec in enumerate(specs)
    ]
    played = collect(game, jobs, workers, on_game, journal, cluster)
    names = [spec.text for spec in specs]
    return tally_solo(get_ruleset(game.ruleset).score_bands, names, played, games)


def tally_solo(
    score_bands: tuple[tuple[int, str], ...],
    names: Sequence[str],
    played: Mapping[int, Played],
    games: int | None = None,
) -> SoloResult:
    """Tally solo games played by the bots ``names`` (in deal order); ``games`` deals per bot
    (by default: as many as the bot that played most)."""
    result = SoloResult(
        scores={name: [] for name in names},
        clocks={name: Clock() for name in names},
        score_bands=score_bands,
    )
    for key in sorted(played):
        result.scores[played[key].seats[0]].append(played[key].scores[0])
        add_thinking(result.clocks, played[key])
    result.games = games if games is not None else max(map(len, result.scores.values()))
    return result
