"""Bots by name, with budgets: ``random``, ``heuristic``, ``ismcts:iterations=200``.

A spec is a bot name, optionally followed by ``:KEY=VALUE`` budget settings
(``iterations`` and/or ``seconds``; only searching bots take a budget).  A name
means the bot of that kind for the game's ruleset, as its descriptor's ``bots``
say: ``heuristic`` is the classic heuristic at a classic table and the Duel
heuristic in the ``duel`` and ``solo`` rulesets; ``ismcts`` plays the classic
game only.

>>> parse_spec("ismcts:iterations=200").budget
Budget(seconds=None, iterations=200, depth=None, margin=None, belief=None, width=None, halving=None)
>>> parse_spec("ismcts:seconds=0.5:iterations=50").text
'ismcts:iterations=50:seconds=0.5'
>>> parse_spec("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saboteur.bots.registry.BotSpecError: unknown bot 'chess' (known: heuristic, ismcts, ...)
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
from saboteur.engine import Game
from saboteur.engine.registry import RULESETS, get_ruleset
from saboteur.engine.ruleset import BotOffer, load


def bot_names() -> list[str]:
    """Every bot name some ruleset offers, sorted."""
    return sorted({offer.name for name in RULESETS for offer in RULESETS[name].bots})


def _offers(name: str) -> list[BotOffer]:
    return [offer for ruleset in RULESETS for offer in RULESETS[ruleset].bots if offer.name == name]


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
        offer = check_ruleset(self, game.ruleset)
        bot_class: type[Bot] = load(offer.factory)
        return bot_class(game, seat, rng, self.budget)


def check_ruleset(spec: BotSpec, ruleset: str) -> BotOffer:
    """The ruleset's offer of ``spec``'s bot; :class:`BotSpecError` if it does not play there."""
    rules = get_ruleset(ruleset)
    offer = rules.bot(spec.name)
    if offer is None:
        known = ", ".join(sorted(offer.name for offer in rules.bots)) or "none"
        raise BotSpecError(f"bot {spec.name} does not play {ruleset} ({ruleset} bots: {known})")
    return offer


_SETTINGS = ("iterations", "seconds", "depth", "margin", "belief", "width", "halving")


def _budget(name: str, settings: list[str]) -> Budget:
    values: dict[str, str] = {}
    for setting in settings:
        key, sep, value = setting.partition("=")
        if not sep or key not in _SETTINGS:
            raise BotSpecError(
                f"bad budget {setting!r} for {name} (expected iterations=N, seconds=S, "
                "depth=D, margin=Z, belief=B, width=W or halving=0/1)"
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
    depth = _depth(name, values["depth"]) if "depth" in values else None
    margin = _margin(name, values["margin"]) if "margin" in values else None
    belief = _belief(name, values["belief"]) if "belief" in values else None
    width = _width(name, values["width"]) if "width" in values else None
    halving = None
    if "halving" in values:
        halving = _search_setting(name, "halving", values["halving"], int, 1) == 1
        if halving and margin is not None:
            raise BotSpecError(
                f"{name}: margin compares every candidate with the first, halving drops them:"
                " give one of the two"
            )
    if iterations is None and seconds is None:
        for offer in _offers(name):  # a searching bot without a budget: its own default one
            default = load(offer.factory).default_budget
            if default.iterations is not None or default.seconds is not None:
                return Budget(
                    default.seconds, default.iterations, depth, margin, belief, width, halving
                )
    return Budget(seconds, iterations, depth, margin, belief, width, halving)


def _depth(name: str, text: str) -> int:
    """A cut-off depth for bot ``name``: a whole number of moves, for a bot that cuts its
    playouts short (``ismcts``), else :class:`BotSpecError`."""
    return int(_search_setting(name, "depth", text, int, 1000))


def _margin(name: str, text: str) -> float:
    """How many standard errors a candidate must win by over the heuristic's first choice, for a
    bot that searches its candidates side by side (``ismcts``), else :class:`BotSpecError`."""
    return _search_setting(name, "margin", text, float, 10)


def _belief(name: str, text: str) -> float:
    """How strongly a search deals the saboteur roles to the seats it suspects (the weight of
    suspicion), for a bot that samples the hidden roles (``ismcts``), else :class:`BotSpecError`."""
    return _search_setting(name, "belief", text, float, 20)


def _width(name: str, text: str) -> int:
    """How many of the heuristic's best moves a search compares at its root (1 to 64), for a
    bot that searches its candidates side by side (``ismcts``), else :class:`BotSpecError`."""
    return int(_search_setting(name, "width", text, int, 64, lowest=1))


def _search_setting(
    name: str, key: str, text: str, kind: type[int] | type[float], highest: int, lowest: int = 0
) -> float:
    """A setting of the search (``depth``: moves, ``margin``: standard errors, ``belief``: a
    weight, ``width``: moves, ``halving``: off or on) from ``lowest`` to ``highest``, for a bot with
    playouts (``ismcts``); else :class:`BotSpecError`."""
    if not any(hasattr(load(offer.factory), "playout_depth") for offer in _offers(name)):
        raise BotSpecError(f"bot {name} has no search with playouts: it takes no {key}")
    try:
        value = float(kind(text))
    except ValueError:
        value = -1.0
    if not (math.isfinite(value) and lowest <= value <= highest):
        span = f"from {lowest} to {highest}"
        what = {
            "depth": f"a whole number of moves {span}",
            "width": f"a whole number of moves {span}",
            "halving": "0 (off) or 1 (on)",
            "margin": f"a number of standard errors {span}",
        }.get(key, f"a number {span}")
        raise BotSpecError(f"{key} must be {what}, not {text!r}")
    return value


def parse_spec(text: str) -> BotSpec:
    """Read ``NAME[:KEY=VALUE...]``; raises :class:`BotSpecError` on bad input."""
    name, *settings = text.strip().split(":")
    offers = _offers(name)
    if not offers:
        raise BotSpecError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    if settings and not any(offer.searching for offer in offers):
        searching = sorted({o.name for r in RULESETS for o in RULESETS[r].bots if o.searching})
        raise BotSpecError(f"bot {name} takes no budget (searching bots: {', '.join(searching)})")
    return BotSpec(name, _budget(name, settings))


def make_bot(text: str, game: Game, seat: int, seed: int | str = 0) -> Bot:
    """A bot from its spec, seated at ``seat`` with a generator seeded by ``seed``."""
    return parse_spec(text).make(game, seat, random.Random(seed))
