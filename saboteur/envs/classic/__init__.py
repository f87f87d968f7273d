"""The classic ruleset for the research environments: action space, observer, explicit chance.

>>> adapter = classic_adapter(5, {"rounds": 1})
>>> adapter.ruleset, adapter.players, adapter.actions.size, adapter.observer.size
('classic', 5, 8814, 14338)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from saboteur.engine import new_game
from saboteur.envs.base import Adapter
from saboteur.envs.classic.actions import ClassicActionSpace
from saboteur.envs.classic.observation import ClassicObserver


@cache
def action_space(players: int) -> ClassicActionSpace:
    """The (shared, cached) action space for ``players`` seats."""
    return ClassicActionSpace(players)


@cache
def observer(players: int) -> ClassicObserver:
    return ClassicObserver(players)


def classic_adapter(players: int, options: Mapping[str, Any] | None = None) -> Adapter:
    """Classic Saboteur for ``players`` seats with engine ``options``."""
    game = new_game("classic", players, options)
    return Adapter("classic", game, action_space(players), observer(players))
