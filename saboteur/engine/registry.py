"""Rulesets by name: ``new_game("classic", players=5, options={"demo": True})``.

>>> sorted(RULESETS)
['classic', 'duel', 'solo']
>>> new_game("chess", 2)
Traceback (most recent call last):
...
saboteur.engine.classic.options.OptionError: unknown ruleset 'chess' (known: classic, duel, solo)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, overload

from saboteur.engine.base import Game
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.classic.options import OptionError
from saboteur.engine.duel.game import DuelGame, SoloGame

RULESETS: dict[str, Callable[[int, Mapping[str, Any] | None], Game]] = {
    "classic": ClassicGame,
    "duel": DuelGame,
    "solo": SoloGame,
}


@overload
def new_game(
    ruleset: Literal["classic"] = ..., players: int = ..., options: Mapping[str, Any] | None = ...
) -> ClassicGame: ...


@overload
def new_game(
    ruleset: Literal["duel"], players: int = ..., options: Mapping[str, Any] | None = ...
) -> DuelGame: ...


@overload
def new_game(
    ruleset: Literal["solo"], players: int = ..., options: Mapping[str, Any] | None = ...
) -> SoloGame: ...


@overload
def new_game(
    ruleset: str = ..., players: int = ..., options: Mapping[str, Any] | None = ...
) -> Game: ...


def new_game(
    ruleset: str = "classic", players: int = 4, options: Mapping[str, Any] | None = None
) -> Game:
    """The game of ``ruleset`` for ``players`` with ``options``; raises OptionError on bad input."""
    factory = RULESETS.get(ruleset)
    if factory is None:
        raise OptionError(f"unknown ruleset {ruleset!r} (known: {', '.join(sorted(RULESETS))})")
    return factory(players, options)
