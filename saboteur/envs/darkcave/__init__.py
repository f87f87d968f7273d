"""The Dark Cave (2–8 players) for the research environments: action space and observer.

>>> adapter = darkcave_adapter(4)
>>> adapter.ruleset, adapter.players, adapter.actions.size, adapter.observer.size
('darkcave', 4, 21290, 29902)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from saboteur.engine import new_game
from saboteur.envs.base import Adapter
from saboteur.envs.darkcave.actions import DarkCaveActionSpace
from saboteur.envs.darkcave.observation import DarkCaveObserver


@cache
def action_space(players: int) -> DarkCaveActionSpace:
    """The (shared, cached) action space for ``players`` seats."""
    return DarkCaveActionSpace(players)


@cache
def observer(players: int) -> DarkCaveObserver:
    """The (shared, cached) observer for ``players`` seats."""
    return DarkCaveObserver(players)


def darkcave_adapter(players: int, options: Mapping[str, Any] | None = None) -> Adapter:
    """The Dark Cave for ``players`` seats with engine ``options``."""
    game = new_game("darkcave", players, options)
    return Adapter("darkcave", game, action_space(players), observer(players))
