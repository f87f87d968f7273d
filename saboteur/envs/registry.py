"""Rulesets the research environments know, by name.

A ruleset plugs in with a function ``(players, options) -> Adapter`` (an action
space, an observer and the engine's game); OpenSpiel additionally needs an
explicit-chance core (:data:`saboteur.envs.openspiel.CORES`).

>>> sorted(ADAPTERS)
['classic', 'duel']
>>> make_adapter("classic", 3).actions.size, make_adapter("duel", 2).actions.size
(8790, 17230)
>>> make_adapter("solo", 1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saboteur.engine.classic.options.OptionError: no research environment for 'solo' (known: ...)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from saboteur.engine import OptionError
from saboteur.envs.base import Adapter
from saboteur.envs.classic import classic_adapter
from saboteur.envs.duel import duel_adapter

ADAPTERS: dict[str, Callable[[int, Mapping[str, Any] | None], Adapter]] = {
    "classic": classic_adapter,
    "duel": duel_adapter,
}


def make_adapter(
    ruleset: str = "classic", players: int = 4, options: Mapping[str, Any] | None = None
) -> Adapter:
    """The adapter of ``ruleset``; raises OptionError for an unknown ruleset or bad options."""
    factory = ADAPTERS.get(ruleset)
    if factory is None:
        known = ", ".join(sorted(ADAPTERS))
        raise OptionError(f"no research environment for {ruleset!r} (known: {known})")
    return factory(players, options)
