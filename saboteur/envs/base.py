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
from saboteur.engine.tools import TOOLS

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Window:
    """The bounded part of the maze an action space numbers: slots x in [x_min, x_max], y in
    [y_min, y_max], cell ``(y - y_min) * width + (x - x_min)``.

    >>> window = Window(-6, 12, -8, 8)
    >>> window.cells, window.cell_of(0, 0), window.cell_xy(window.cell_of(8, -2) or 0)
    (323, 158, (8, -2))
    >>> window.cell_of(13, 0) is None
    True
    """

    x_min: int
    x_max: int
    y_min: int
    y_max: int

    @property
    def width(self) -> int:
        return self.x_max - self.x_min + 1

    @property
    def height(self) -> int:
        return self.y_max - self.y_min + 1

    @property
    def cells(self) -> int:
        return self.width * self.height

    def cell_of(self, x: int, y: int) -> int | None:
        """The window cell of slot ``(x, y)``, or ``None`` outside the window."""
        if self.x_min <= x <= self.x_max and self.y_min <= y <= self.y_max:
            return (y - self.y_min) * self.width + (x - self.x_min)
        return None

    def cell_xy(self, cell: int) -> tuple[int, int]:
        """The slot of window cell ``cell``."""
        width = self.width
        return cell % width + self.x_min, cell // width + self.y_min


class ActionSpace(ABC):
    """A fixed numbering of every action a player could take, for one table size.

    ``encode`` maps an engine action to its number (``None`` for the rare action
    the space leaves out, e.g. a placement outside the maze window); ``decode``
    maps a number back to the engine action.
    """

    size: int

    def __init__(self, size: int) -> None:
        self.size = size
        self._ids: dict[Action, int | None] = {}  # both directions cached: spaces are reused
        self._actions: list[Action | None] = [None] * size

    def encode(self, action: Action) -> int | None:
        """The number of ``action`` (``None`` if the space leaves it out)."""
        cached = self._ids.get(action, -1)
        if cached != -1:
            return cached
        index = self._ids[action] = self._encode(action)
        return index

    def decode(self, index: int) -> Action:
        """The action number ``index`` stands for (``ValueError`` outside the space)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action {index} is outside the action space (0 to {self.size - 1})")
        action = self._actions[index]
        if action is None:
            action = self._actions[index] = self._decode(index)
        return action

    @abstractmethod
    def _encode(self, action: Action) -> int | None: ...

    @abstractmethod
    def _decode(self, index: int) -> Action: ...

    def text(self, index: int) -> str:
        """The action notation of action number ``index``."""
        return self.decode(index).text

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


class BlockSpace(ActionSpace):
    """An action space made of named blocks laid one after the other (``sizes``, in order)."""

    def __init__(self, sizes: dict[str, int]) -> None:
        self.starts: dict[str, int] = {}
        start = 0
        for name, size in sizes.items():
            self.starts[name] = start
            start += size
        super().__init__(start)
        self._bounds = [*self.starts.values(), self.size]

    def blocks(self) -> dict[str, tuple[int, int]]:
        """Each block's ``(start, size)``."""
        ends = self._bounds[1:]
        return {name: (a, b - a) for (name, a), b in zip(self.starts.items(), ends, strict=True)}

    def block_of(self, index: int) -> tuple[str, int]:
        """The block action number ``index`` falls in, and its number within the block."""
        block = max(b for b in range(len(self.starts)) if self._bounds[b] <= index)
        return list(self.starts)[block], index - self._bounds[block]


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


TOOL_ORDER = tuple(TOOLS)  # pickaxe, lantern, cart: the engine's order


class Observer(ABC):
    """Encodes what one seat may know as a flat ``float32`` vector (and as named parts)."""

    fields: tuple[Field, ...]
    size: int

    @abstractmethod
    def encode(self, state: State, seat: int, out: FloatArray | None = None) -> FloatArray:
        """The observation of ``seat`` (written into ``out`` if given)."""

    def encode_view(
        self, view: dict[str, Any], reach: Any, out: FloatArray | None = None
    ) -> FloatArray:
        """Encode a view (``state.view(seat)``) and the engine's public reachability ``reach``
        (what the ruleset's tunnels need: a maze, or one per dwarf)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        self._fill(view, reach, out)
        return out

    @abstractmethod
    def _fill(self, view: dict[str, Any], reach: Any, out: FloatArray) -> None:
        """Write the observation of ``view`` into the zeroed ``out``."""

    @abstractmethod
    def text(self, view: dict[str, Any]) -> str:
        """The observation of a seat's ``view`` in words (OpenSpiel's observation string)."""

    @staticmethod
    def fill_turn(
        view: dict[str, Any], out: FloatArray, at: dict[str, int], phases: tuple[str, ...]
    ) -> None:
        """Write the fields every ruleset has alike: whose turn, round, phase, turns, and per
        seat the hand size and broken tools (``at``: each field's offset)."""
        if view["current"] is not None:
            out[at["current"] + view["current"]] = 1.0
        out[at["round"] + view["round"] - 1] = 1.0
        out[at["phase"] + phases.index(view["phase"])] = 1.0
        out[at["turns"]] = float(view["turns"])
        for seat, size in enumerate(view["hand_sizes"]):
            out[at["hand_sizes"] + seat] = float(size)
            for tool in view["broken"][seat]:
                out[at["broken"] + len(TOOL_ORDER) * seat + TOOL_ORDER.index(tool)] = 1.0

    @staticmethod
    def fill_whose(
        view: dict[str, Any], parts: dict[str, FloatArray], phases: tuple[str, ...]
    ) -> None:
        """Write the one-hots ``seat`` (who observes), ``current``, ``turn`` and ``phase`` into the
        named ``parts`` (for rulesets whose layout has them)."""
        for name in ("seat", "current"):
            if view[name] is not None:
                parts[name][view[name]] = 1.0
        parts["turn"][view["turn"]] = 1.0
        parts["phase"][phases.index(view["phase"])] = 1.0

    @staticmethod
    def common_lines(view: dict[str, Any]) -> dict[str, str]:
        """The lines of :meth:`text` that every ruleset writes alike, by name."""
        broken = ["+".join(tools) or "-" for tools in view["broken"]]
        goals = [f"{g['x']},{g['y']}:{g['card'] or '?'}" for g in view["goals"]]
        return {
            "hand": f"hand {' '.join(sorted(view['hand']))}",
            "sizes": f"hand sizes {view['hand_sizes']} deck {view['deck_size']}",
            "broken": f"broken {' '.join(broken)}",
            "goals": f"goals {' '.join(goals)}",
        }

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
