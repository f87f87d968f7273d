"""The Duel (2 players) for the research environments: action space, observer, explicit chance.

>>> adapter = duel_adapter(2, {"rounds": 1})
>>> adapter.ruleset, adapter.players, adapter.actions.size, adapter.observer.size
('duel', 2, 17230, 25060)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from saboteur.engine import new_game
from saboteur.envs.base import Adapter
from saboteur.envs.duel.actions import DuelActionSpace
from saboteur.envs.duel.observation import DuelObserver


@cache
def action_space() -> DuelActionSpace:
    """The (shared, cached) action space of the Duel."""
    return DuelActionSpace()


@cache
def observer() -> DuelObserver:
    """The (shared, cached) observer of the Duel."""
    return DuelObserver()


def duel_adapter(players: int, options: Mapping[str, Any] | None = None) -> Adapter:
    """The Duel with engine ``options`` (``players`` must be 2: the engine refuses others)."""
    game = new_game("duel", players, options)
    return Adapter("duel", game, action_space(), observer())
