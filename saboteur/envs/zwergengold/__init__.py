"""Zwergengold (2–7 players) for the research environments: action space and observer.

>>> adapter = zwergengold_adapter(4)
>>> adapter.ruleset, adapter.players, adapter.actions.size, adapter.observer.size
('zwergengold', 4, 117415, 21040)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from saboteur.engine import new_game
from saboteur.envs.base import Adapter
from saboteur.envs.zwergengold.actions import ZwergengoldActionSpace
from saboteur.envs.zwergengold.observation import ZwergengoldObserver


@cache
def _table(players: int) -> tuple[ZwergengoldActionSpace, ZwergengoldObserver]:
    """The action space and the observer for ``players`` seats, made once and shared."""
    return ZwergengoldActionSpace(players), ZwergengoldObserver(players)


def action_space(players: int) -> ZwergengoldActionSpace:
    return _table(players)[0]


def observer(players: int) -> ZwergengoldObserver:
    return _table(players)[1]


def zwergengold_adapter(players: int, options: Mapping[str, Any] | None = None) -> Adapter:
    """Zwergengold for ``players`` seats with engine ``options``."""
    space, seen = _table(players)
    return Adapter("zwergengold", new_game("zwergengold", players, options), space, seen)
