"""The card grid and its tunnel graph, shared by every ruleset.

A slot ``(x, y)`` is packed into one integer so that neighbours are a single
addition away (x grows East, y grows South)::

    >>> slot_index(3, -1) - slot_index(3, 0) == STEP[N]
    True
    >>> slot_xy(slot_index(-5, 7))
    (-5, 7)

Each placed card is a *shape*: its open sides (a 4-bit mask) and the groups of
sides joined through the card.  A dead end has one group per open side, so a
tunnel never passes through it.  The maze keeps incrementally

- ``live``: per card, the sides joined to a root (the start card) by tunnels;
- ``frontier``: every empty slot next to a live side, with its *constraint
  key* (which sides must be open or closed), so finding where a card fits is
  one table lookup per slot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

N, E, S, W = 1, 2, 4, 8
SIDES = (N, E, S, W)
SIDE_NAMES = {N: "N", E: "E", S: "S", W: "W"}
SIDE_BY_NAME = {name: side for side, name in SIDE_NAMES.items()}
OPPOSITE = {N: S, S: N, E: W, W: E}

_OFFSET = 128
_STRIDE = 256
STEP = {N: -1, S: 1, E: _STRIDE, W: -_STRIDE}
# (side, its opposite, the index step towards it) for every side: the hot loops use this
SIDE_STEPS = tuple((side, OPPOSITE[side], STEP[side]) for side in SIDES)
COORD_LIMIT = 120  # |x| and |y| of any slot stay below this


def slot_index(x: int, y: int) -> int:
    """Pack a slot's coordinates into one integer."""
    return (x + _OFFSET) * _STRIDE + (y + _OFFSET)


def slot_xy(index: int) -> tuple[int, int]:
    """Unpack a slot index into ``(x, y)``."""
    return index // _STRIDE - _OFFSET, index % _STRIDE - _OFFSET


def xy_text(index: int) -> str:
    """A slot as text for messages: ``(x,y)``."""
    x, y = slot_xy(index)
    return f"({x},{y})"


def sides_text(mask: int) -> str:
    """``sides_text(N | S | E) == 'NES'`` (always in the order N, E, S, W)."""
    return "".join(SIDE_NAMES[side] for side in SIDES if mask & side)


def sides_mask(text: str) -> int:
    """Inverse of :func:`sides_text`; raises ``KeyError`` on a letter not in NESW."""
    mask = 0
    for letter in text:
        mask |= SIDE_BY_NAME[letter]
    return mask


def turn_half(mask: int) -> int:
    """The side mask after a 180° turn (N<->S, E<->W)."""
    return ((mask & N) and S) | ((mask & S) and N) | ((mask & E) and W) | ((mask & W) and E)


@dataclass(frozen=True, slots=True)
class Shape:
    """A card as it lies in the maze: which card, turned or not, its sides and tunnels."""

    card: str
    turned: bool
    sides: int
    groups: tuple[int, ...]
    name: str

    @property
    def links(self) -> list[tuple[str, str]]:
        """Pairs of sides joined through the card (empty for a dead end)."""
        pairs = []
        for group in self.groups:
            names = [SIDE_NAMES[s] for s in SIDES if group & s]
            pairs += [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        return pairs


class ShapeTable:
    """Numbered shapes plus the lookup tables the maze needs (built once per ruleset)."""

    def __init__(self, shapes: Sequence[Shape]) -> None:
        self.shapes = tuple(shapes)
        self.sides = tuple(shape.sides for shape in self.shapes)
        self.group_of: tuple[dict[int, int], ...] = tuple(
            {side: group for group in shape.groups for side in SIDES if group & side}
            for shape in self.shapes
        )
        self.by_name = {shape.name: sid for sid, shape in enumerate(self.shapes)}

    def fit_table(self, placeable: Iterable[int]) -> list[int]:
        """For each constraint key, the bitmask of placeable shape ids that fit it."""
        placeable = list(placeable)
        table = []
        for key in range(256):
            care, need = key & 15, key >> 4
            mask = 0
            for sid in placeable:
                if (self.sides[sid] & care) == need:
                    mask |= 1 << sid
            table.append(mask)
        return table

    def card_bits(self, placeable: Iterable[int]) -> dict[str, int]:
        """For each card, the bitmask of the placeable shape ids it can lie as."""
        bits: dict[str, int] = {}
        for sid in placeable:
            card = self.shapes[sid].card
            bits[card] = bits.get(card, 0) | 1 << sid
        return bits


class Maze:
    """Placed cards, face-down goals, reachability from the roots, and the frontier."""

    __slots__ = ("bounds", "cells", "frontier", "hidden", "live", "roots", "table")

    def __init__(
        self,
        table: ShapeTable,
        bounds: tuple[int, int, int, int] | None = None,
    ) -> None:
        self.table = table
        self.bounds = bounds  # (x_min, x_max, y_min, y_max), inclusive
        self.cells: dict[int, int] = {}
        self.hidden: dict[int, str] = {}
        self.roots: list[int] = []
        self.live: dict[int, int] = {}
        self.frontier: dict[int, int] = {}

    def copy(self) -> Maze:
        clone = Maze.__new__(Maze)
        clone.table = self.table
        clone.bounds = self.bounds
        clone.cells = dict(self.cells)
        clone.hidden = dict(self.hidden)
        clone.roots = list(self.roots)
        clone.live = dict(self.live)
        clone.frontier = dict(self.frontier)
        return clone

    # -- queries ---------------------------------------------------------------------------------

    def in_bounds(self, index: int) -> bool:
        x, y = slot_xy(index)
        if self.bounds is None:
            return -COORD_LIMIT < x < COORD_LIMIT and -COORD_LIMIT < y < COORD_LIMIT
        x_min, x_max, y_min, y_max = self.bounds
        return x_min <= x <= x_max and y_min <= y <= y_max

    def constraint_key(self, index: int) -> int:
        """``care | need << 4``: sides facing a face-up card, and which of those must be open."""
        care = need = 0
        cells, sides = self.cells, self.table.sides
        for side, opposite, step in SIDE_STEPS:
            sid = cells.get(index + step)
            if sid is not None:
                care |= side
                if sides[sid] & opposite:
                    need |= side
        return care | need << 4

    def joined_sides(self, index: int) -> int:
        """Sides of an empty slot that face a live (start-joined) tunnel end."""
        mask = 0
        live = self.live
        for side in SIDES:
            if live.get(index + STEP[side], 0) & OPPOSITE[side]:
                mask |= side
        return mask

    def touches_card(self, index: int) -> bool:
        cells, hidden = self.cells, self.hidden
        return any(index + STEP[side] in cells or index + STEP[side] in hidden for side in SIDES)

    def mismatched_sides(self, index: int, sid: int) -> int:
        """Sides where ``sid`` placed at ``index`` would not match a face-up neighbour."""
        key = self.constraint_key(index)
        care, need = key & 15, key >> 4
        return (self.table.sides[sid] ^ need) & care

    # -- changes ---------------------------------------------------------------------------------

    def add_root(self, index: int, sid: int) -> None:
        """Lay a root card (a start): all its sides are live."""
        self.cells[index] = sid
        self.roots.append(index)

    def add_hidden(self, index: int, card: str) -> None:
        """Lay a face-down goal: no side constraint, no tunnel through it."""
        self.hidden[index] = card

    def place(self, index: int, sid: int) -> list[tuple[int, int]]:
        """Lay a card (legality is the caller's business) and spread reachability.

        Returns the face-down goals the tunnel now leads into, as ``(index, entry sides)``.
        """
        self.cells[index] = sid
        frontier, live = self.frontier, self.live
        frontier.pop(index, None)
        open_sides, group_of = self.table.sides[sid], self.table.group_of[sid]
        joined = 0
        for side, opposite, step in SIDE_STEPS:
            neighbour = index + step
            if open_sides & side:
                if live.get(neighbour, 0) & opposite:
                    joined |= group_of[side]
                if neighbour in frontier:  # the neighbour must now be open towards this card
                    frontier[neighbour] |= opposite | opposite << 4
            elif neighbour in frontier:  # ... or closed towards it
                frontier[neighbour] |= opposite
        reached: list[tuple[int, int]] = []
        if joined:
            live[index] = joined
            self._spread([(index, joined)], reached)
        return reached

    def reveal(self, index: int, sid: int) -> list[tuple[int, int]]:
        """Turn a face-down goal face up as shape ``sid`` and spread reachability through it."""
        del self.hidden[index]
        return self.place(index, sid)

    def place_root(self, index: int, sid: int) -> None:
        """Lay a card that is itself a root (a ladder joined to its start) and spread from it."""
        self.cells[index] = sid
        self.roots.append(index)
        self.recompute()

    def replace(self, index: int, sid: int) -> None:
        """Swap the shape lying at ``index`` (a door opened, a troll bribed) and recompute."""
        self.cells[index] = sid
        self.recompute()

    def remove(self, index: int) -> int:
        """Take a card out of the maze and recompute reachability; returns its shape id."""
        sid = self.cells.pop(index)
        if index in self.roots:
            self.roots.remove(index)
        self.recompute()
        return sid

    def recompute(self) -> list[tuple[int, int]]:
        """Rebuild ``live`` and ``frontier`` from the roots (after a removal or a load)."""
        self.live = {}
        self.frontier = {}
        reached: list[tuple[int, int]] = []
        queue = []
        for root in self.roots:
            mask = self.table.sides[self.cells[root]]
            self.live[root] = mask
            queue.append((root, mask))
        self._spread(queue, reached)
        return reached

    def _spread(self, queue: list[tuple[int, int]], reached: list[tuple[int, int]]) -> None:
        cells, live, hidden, frontier = self.cells, self.live, self.hidden, self.frontier
        sides, group_of = self.table.sides, self.table.group_of
        bounded = self.bounds is not None
        while queue:
            index, mask = queue.pop()
            for side, opposite, step in SIDE_STEPS:
                if not mask & side:
                    continue
                neighbour = index + step
                sid = cells.get(neighbour)
                if sid is not None:
                    if sides[sid] & opposite:
                        group = group_of[sid][opposite]
                        current = live.get(neighbour, 0)
                        if group & ~current:
                            live[neighbour] = current | group
                            queue.append((neighbour, group & ~current))
                elif neighbour in hidden:
                    reached.append((neighbour, opposite))
                elif neighbour not in frontier and (not bounded or self.in_bounds(neighbour)):
                    frontier[neighbour] = self.constraint_key(neighbour)
