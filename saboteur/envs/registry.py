"""Rulesets the research environments know, by name: those whose descriptor names an adapter.

A ruleset plugs in with a function ``(players, options) -> Adapter`` (an action space, an
observer and the engine's game), named in its descriptor's ``env_adapter``; OpenSpiel
additionally needs its ``spiel_core`` (:class:`saboteur.envs.spiel_parts.SpielRuleset`).

>>> env_rulesets()
['classic', 'darkcave', 'duel', 'zwergengold']
>>> make_adapter("classic", 3).actions.size, make_adapter("duel", 2).actions.size
(8790, 17230)
>>> make_adapter("solo", 1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saboteur.engine.options.OptionError: no research environment for 'solo' (known: ...)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from saboteur.engine import OptionError
from saboteur.engine.registry import DEFAULT_RULESET, RULESETS, get_ruleset
from saboteur.engine.ruleset import load
from saboteur.envs.base import Adapter


def env_rulesets() -> list[str]:
    """The rulesets with research environments, sorted."""
    return [name for name in RULESETS if RULESETS[name].env_adapter]


def make_adapter(
    ruleset: str = DEFAULT_RULESET, players: int = 4, options: Mapping[str, Any] | None = None
) -> Adapter:
    """The adapter of ``ruleset``; raises OptionError for an unknown ruleset or bad options."""
    path = get_ruleset(ruleset).env_adapter
    if path is None:
        known = ", ".join(env_rulesets())
        raise OptionError(f"no research environment for {ruleset!r} (known: {known})")
    factory: Callable[[int, Mapping[str, Any] | None], Adapter] = load(path)
    return factory(players, options)
