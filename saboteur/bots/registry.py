"""Bots by name, with budgets: ``random``, ``heuristic``, ``ismcts:iterations=200``.

A spec is a bot name, optionally followed by ``:KEY=VALUE`` budget settings
(``iterations`` and/or ``seconds``; only searching bots take a budget).  A name
means the bot of that kind for the game's ruleset: ``heuristic`` is the classic
heuristic at a classic table and the Duel heuristic in the ``duel`` and ``solo``
rulesets (:data:`RULESET_BOTS`); ``ismcts`` plays the classic game only.

>>> parse_spec("ismcts:iterations=200").budget
Budget(seconds=None, iterations=200)
>>> parse_spec("ismcts:seconds=0.5:iterations=50").text
'ismcts:iterations=50:seconds=0.5'
>>> parse_spec("chess")
Traceback (most recent call last):
...
saboteur.bots.registry.BotSpecError: unknown bot 'chess' (known: heuristic, ismcts, random)
>>> check_ruleset(parse_spec("ismcts"), "duel")
Traceback (most recent call last):
...
saboteur.bots.registry.BotSpecError: bot ismcts does not play duel (duel bots: heuristic, random)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from saboteur.bots.base import Bot, Budget
from saboteur.bots.duel.bot import DuelHeuristicBot
from saboteur.bots.heuristic import HeuristicBot
from saboteur.bots.ismcts import DEFAULT_ITERATIONS, IsmctsBot
from saboteur.bots.random_bot import RandomBot
from saboteur.engine import Game

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "ismcts": IsmctsBot}
_DUEL_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": DuelHeuristicBot}
RULESET_BOTS: dict[str, dict[str, type[Bot]]] = {
    "classic": BOTS,
    "duel": _DUEL_BOTS,
    "solo": _DUEL_BOTS,
}
SEARCHING = {"ismcts"}


class BotSpecError(ValueError):
    """A bot spec that names no bot or has a bad budget."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot kind and its budget; :meth:`make` seats one."""

    name: str
    budget: Budget

    @property
    def text(self) -> str:
        budget = self.budget.describe()
        return f"{self.name}:{budget}" if budget else self.name

    def make(self, game: Game, seat: int, rng: random.Random) -> Bot:
        """Seat this bot in ``game``; raises :class:`BotSpecError` if it cannot play the ruleset."""
        check_ruleset(self, game.ruleset)
        return RULESET_BOTS[game.ruleset][self.name](game, seat, rng, self.budget)


def check_ruleset(spec: BotSpec, ruleset: str) -> None:
    """Raise :class:`BotSpecError` unless ``spec`` names a bot that plays ``ruleset``."""
    kinds = RULESET_BOTS.get(ruleset, {})
    if spec.name not in kinds:
        known = ", ".join(sorted(kinds)) or "none"
        raise BotSpecError(f"bot {spec.name} does not play {ruleset} ({ruleset} bots: {known})")


def _budget(name: str, settings: list[str]) -> Budget:
    values: dict[str, str] = {}
    for setting in settings:
        key, sep, value = setting.partition("=")
        if not sep or key not in ("iterations", "seconds"):
            raise BotSpecError(
                f"bad budget {setting!r} for {name} (expected iterations=N or seconds=S)"
            )
        if key in values:
            raise BotSpecError(f"budget {key} given twice for {name}")
        values[key] = value
    iterations = seconds = None
    if "iterations" in values:
        try:
            iterations = int(values["iterations"])
        except ValueError:
            iterations = 0
        if not 1 <= iterations <= 10_000_000:
            raise BotSpecError(
                f"iterations must be a whole number from 1, not {values['iterations']!r}"
            )
    if "seconds" in values:
        try:
            seconds = float(values["seconds"])
        except ValueError:
            seconds = 0.0
        if not (math.isfinite(seconds) and 0 < seconds <= 3600):
            raise BotSpecError(
                f"seconds must be a number above 0 (at most 3600), not {values['seconds']!r}"
            )
    if name in SEARCHING and iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    return Budget(seconds=seconds, iterations=iterations)


def parse_spec(text: str) -> BotSpec:
    """Read ``NAME[:KEY=VALUE...]``; raises :class:`BotSpecError` on bad input."""
    name, *settings = text.strip().split(":")
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    if settings and name not in SEARCHING:
        raise BotSpecError(f"bot {name} takes no budget (only {', '.join(sorted(SEARCHING))} does)")
    return BotSpec(name, _budget(name, settings))


def make_bot(text: str, game: Game, seat: int, seed: int | str = 0) -> Bot:
    """A bot from its spec, seated at ``seat`` with a generator seeded by ``seed``."""
    return parse_spec(text).make(game, seat, random.Random(seed))
