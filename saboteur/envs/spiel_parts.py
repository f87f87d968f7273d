"""What a ruleset hands OpenSpiel (``python_saboteur``), without importing OpenSpiel itself.

A ruleset's research-environment package defines one :class:`SpielRuleset` and its descriptor
names it (``spiel_core="saboteur.envs.classic.spiel:SPIEL"``); :mod:`saboteur.envs.openspiel`
loads it when a game of that ruleset is made.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from saboteur.engine import Game
from saboteur.envs.base import Field, FloatArray


def seeded(sample: float) -> random.Random:
    """A generator seeded from one uniform sample in [0, 1) (OpenSpiel's probability samplers)."""
    return random.Random(int(sample * 2**53))


class SpielCore(Protocol):
    """What a ruleset provides to play one OpenSpiel state (classic: ClassicSpielCore)."""

    def current(self) -> int: ...
    def is_terminal(self) -> bool: ...
    def legal_ids(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply(self, index: int) -> None: ...
    def action_text(self, player: int, index: int) -> str: ...
    def returns(self) -> list[float]: ...
    def info_string(self, seat: int) -> str: ...
    def observation_string(self, seat: int) -> str: ...
    def observation_tensor(self, seat: int, out: FloatArray) -> None: ...
    def history_tensor(self, out: FloatArray) -> None: ...
    def resample(self, seat: int, rng: Any) -> SpielCore: ...
    def clone(self) -> SpielCore: ...


@dataclass(frozen=True)
class SpielRuleset:
    """A ruleset's OpenSpiel parts: the root core, sizes and the tensor layouts."""

    root: Callable[[Game], SpielCore]
    num_actions: Callable[[int], int]
    observation_fields: Callable[[int], tuple[Field, ...]]
    history_fields: Callable[[int], tuple[Field, ...]]
    max_game_length: Callable[[Game], int]
    max_chance_outcomes: int


def cached_root(initial: Callable[[Any], SpielCore]) -> Callable[[Game], SpielCore]:
    """A ``root`` that makes the initial core once per table configuration and hands out
    clones of it (OpenSpiel's states all start from the root)."""
    roots: dict[str, SpielCore] = {}

    def root(game: Game) -> SpielCore:
        key = repr(game.config())
        if key not in roots:
            roots[key] = initial(game)
        return roots[key].clone()

    return root
