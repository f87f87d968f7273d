"""What a ruleset provides to the research environments: a fixed action space and an observer.

Every environment in :mod:`saboteur.envs` is written against these two interfaces
and an :class:`Adapter` that bundles them with the engine's game, so a new ruleset
plugs in by implementing them once (see :mod:`saboteur.envs.registry`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from saboteur.engine import Action, Game, State

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class ActionSpace(ABC):
    """A fixed numbering of every action a player could take, for one table size.

    ``encode`` maps an engine action to its number (``None`` for the rare action
    the space leaves out, e.g. a placement outside the maze window); ``decode``
    maps a number back to the engine action.
    """

    size: int

    @abstractmethod
    def encode(self, action: Action) -> int | None: ...

    @abstractmethod
    def decode(self, index: int) -> Action: ...

    def legal_ids(self, state: State) -> list[int]:
        """The numbers of the current player's legal actions, ascending."""
        ids = {self.encode(action) for action in state.legal_actions()}
        ids.discard(None)
        return sorted(i for i in ids if i is not None)

    def mask(self, state: State, seat: int | None = None) -> MaskArray:
        """0/1 (``int8``) over the space: the legal actions of ``seat`` (default: whoever acts)."""
        out = np.zeros(self.size, dtype=np.int8)
        if not state.is_over and (seat is None or seat == state.current_player):
            out[self.legal_ids(state)] = 1
        return out


@dataclass(frozen=True, slots=True)
class Field:
    """One named part of the flat observation: ``flat[offset:offset + size].reshape(shape)``."""

    name: str
    shape: tuple[int, ...]
    offset: int
    high: float | tuple[float, ...]
    size: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", int(np.prod(self.shape)))


class Observer(ABC):
    """Encodes what one seat may know as a flat ``float32`` vector (and as named parts)."""

    fields: tuple[Field, ...]
    size: int

    @abstractmethod
    def encode(self, state: State, seat: int, out: FloatArray | None = None) -> FloatArray:
        """The observation of ``seat`` (written into ``out`` if given)."""

    def high(self) -> FloatArray:
        """The largest value each element can take (the low is always 0)."""
        out = np.zeros(self.size, dtype=np.float32)
        for field in self.fields:
            part = out[field.offset : field.offset + field.size].reshape(field.shape)
            part[...] = np.asarray(field.high, dtype=np.float32)
        return out

    def as_dict(self, flat: FloatArray) -> dict[str, FloatArray]:
        """Named views into ``flat`` (no copy), shaped as the layout says."""
        return {
            field.name: flat[field.offset : field.offset + field.size].reshape(field.shape)
            for field in self.fields
        }

    def layout(self) -> list[dict[str, Any]]:
        """The layout as data: name, shape, offset and size of each field."""
        return [
            {"name": f.name, "shape": list(f.shape), "offset": f.offset, "size": f.size}
            for f in self.fields
        ]


def build_fields(
    parts: list[tuple[str, tuple[int, ...], float | tuple[float, ...]]],
) -> tuple[Field, ...]:
    """Lay ``(name, shape, high)`` parts out one after the other."""
    fields, offset = [], 0
    for name, shape, high in parts:
        field = Field(name, shape, offset, high)
        fields.append(field)
        offset += field.size
    return tuple(fields)


@dataclass(frozen=True)
class Adapter:
    """A ruleset at a table size, ready for the environments: game, action space, observer."""

    ruleset: str
    game: Game
    actions: ActionSpace
    observer: Observer

    @property
    def players(self) -> int:
        return self.game.players

    def observe(self, state: State, seat: int) -> FloatArray:
        return self.observer.encode(state, seat)

    def outcome(self, state: State) -> list[float]:
        """Terminal rewards: +1 for every winner (a shared win counts), -1 for everyone else."""
        winners = set(state.winners)
        return [1.0 if seat in winners else -1.0 for seat in range(self.players)]
