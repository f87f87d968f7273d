"""The card grid and its tunnel graph, shared by every ruleset.

Slots, sides and turns are addressed as in :mod:`saboteur.engine.grid` (re-exported
here).  Each placed card is a *shape*: its open sides (a 4-bit mask), the groups of
sides joined through the card, its quarter turns from the printed card, and its
*fields* (by default one per group).  A dead end has one group per open side, so a
tunnel never passes through it.  The maze keeps incrementally

- ``live``: per card, the sides joined to a root (the start card) by tunnels;
- ``frontier``: every empty slot where a card may grow (by default next to a live
  side; see :mod:`saboteur.engine.growth`), with its *constraint key* (which sides
  must be open or closed), so finding where a card fits is one table lookup per slot.

Fields, pieces, markers and jumps are kept apart (:mod:`saboteur.engine.overlay`,
:mod:`saboteur.engine.walk`) so that this hot path does not pay for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from mypy_extensions import mypyc_attr

from saboteur.engine.grid import COORD_LIMIT as COORD_LIMIT
from saboteur.engine.grid import HALF_TURNS as HALF_TURNS
from saboteur.engine.grid import MAX_FIELDS, STEP_E, STEP_N, STEP_S, STEP_W, within_limits
from saboteur.engine.grid import OPPOSITE as OPPOSITE
from saboteur.engine.grid import QUARTER_TURNS as QUARTER_TURNS
from saboteur.engine.grid import SIDE_BY_NAME as SIDE_BY_NAME
from saboteur.engine.grid import SIDE_NAMES as SIDE_NAMES
from saboteur.engine.grid import SIDE_STEPS as SIDE_STEPS
from saboteur.engine.grid import SIDES as SIDES
from saboteur.engine.grid import SLOT_KEYS as SLOT_KEYS
from saboteur.engine.grid import STEP as STEP
from saboteur.engine.grid import E as E
from saboteur.engine.grid import N as N
from saboteur.engine.grid import S as S
from saboteur.engine.grid import W as W
from saboteur.engine.grid import rotate as rotate
from saboteur.engine.grid import sides_mask as sides_mask
from saboteur.engine.grid import sides_text as sides_text
from saboteur.engine.grid import slot_index as slot_index
from saboteur.engine.grid import slot_xy as slot_xy
from saboteur.engine.grid import turn_half as turn_half
from saboteur.engine.grid import xy_text as xy_text
from saboteur.engine.moves import Action
from saboteur.engine.overlay import Overlay

_SLOT_KEYS: Final = SLOT_KEYS  # read directly by the compiled build (a module constant)
# OPPOSITE and STEP as lists indexed by side (a list read is cheaper than a dict look-up)
_OPPOSITE_OF: Final = [OPPOSITE.get(side, 0) for side in range(16)]
_STEP_OF: Final = [STEP.get(side, 0) for side in range(16)]
# a constraint key fits in a byte: Maze.frontier_in_order packs it below the slot index
KEY_BITS: Final = 8
KEY_MASK: Final = 255
# the set bits of each byte, ascending: a shape mask read a byte at a time visits only its shapes
_BYTE_BITS: Final[list[tuple[int, ...]]] = [
    tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256)
]


def _beside(index: int, other: int) -> bool:
    """Whether two slots share a side."""
    step = index - other
    return step in (STEP_N, STEP_S, STEP_E, STEP_W)


def _ordered_drop(ordered: list[int], index: int) -> None:
    """Take slot ``index`` out of a frontier in order (see :meth:`Maze.frontier_in_order`)."""
    for at in range(len(ordered)):
        if ordered[at] >> KEY_BITS == index:
            ordered.pop(at)  # (a native call: del goes through the generic protocol)
            return


def _ordered_put(ordered: list[int], index: int, key: int) -> None:
    """Give slot ``index`` the constraint key ``key`` in a frontier in order, adding it in its
    place if it is not there yet."""
    packed = index << KEY_BITS | key
    at, size = 0, len(ordered)
    while at < size:
        here = ordered[at] >> KEY_BITS
        if here == index:
            ordered[at] = packed
            return
        if here > index:
            break
        at += 1
    ordered.insert(at, packed)


def _facing(
    cells: dict[int, int], sides: tuple[int, ...], neighbour: Any, side: int, opposite: int
) -> int:
    """The constraint key's bits for ``side`` of a slot whose neighbour there is ``neighbour``."""
    sid = cells.get(neighbour)
    if sid is None:
        return 0
    return side | side << 4 if sides[sid] & opposite else side


@dataclass(frozen=True, slots=True)
class Shape:
    """A card as it lies in the maze: which card, how turned, its sides, tunnels and fields.

    ``rotation`` counts quarter turns clockwise from the printed card (left out: 2 if
    ``turned``, else 0).  ``fields`` gives, per field, the sides it touches; left out,
    there is one field per group.  ``inner`` lists the pairs of fields linked inside
    the card (a group II crossroads of The Dark Cave: four side fields, all linked).
    """

    card: str
    turned: bool
    sides: int
    groups: tuple[int, ...]
    name: str
    rotation: int = -1
    fields: tuple[int, ...] = ()
    inner: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if self.rotation == -1:
            object.__setattr__(self, "rotation", 2 if self.turned else 0)
        if not self.fields:
            object.__setattr__(self, "fields", self.groups)
        if len(self.fields) > MAX_FIELDS:
            raise ValueError(f"{self.name}: at most {MAX_FIELDS} fields on a card")

    @property
    def links(self) -> list[tuple[str, str]]:
        """Pairs of sides joined through the card (empty for a dead end)."""
        pairs = []
        for group in self.groups:
            names = [SIDE_NAMES[s] for s in SIDES if group & s]
            pairs += [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        return pairs


def orient(
    card: str,
    printed: int,
    groups: Sequence[int],
    rotation: int,
    name: str,
    fields: Sequence[int] = (),
    inner: Sequence[tuple[int, int]] = (),
) -> Shape:
    """``card`` (open sides ``printed``, ``groups``, ``fields`` as printed) turned ``rotation``.

    Groups come out ordered by their first side (N, E, S, W); fields keep their numbers::

        >>> shape = orient("curve", N | E, (N | E,), 1, "curve-ES")
        >>> sides_text(shape.sides), shape.turned, shape.rotation
        ('ES', True, 1)
    """
    rotation &= 3
    turned_groups = sorted((rotate(group, rotation) for group in groups), key=lambda g: g & -g)
    return Shape(
        card=card,
        turned=rotation != 0,
        sides=rotate(printed, rotation),
        groups=tuple(turned_groups),
        name=name,
        rotation=rotation,
        fields=tuple(rotate(field, rotation) for field in fields),
        inner=tuple(inner),
    )


Layout = tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]


def layout(shape: Shape) -> Layout:
    """What a shape looks like, whatever the numbers of its fields: sides, groups, the
    sides of its fields and of the fields at both ends of each inner link (sorted).

    Two ways a card lies that look alike (a crossroads turned, a double curve turned
    180°) have the same layout, and :func:`orientations` keeps only the first.
    """
    fields = shape.fields
    links = sorted(tuple(sorted((fields[a], fields[b]))) for a, b in shape.inner)
    return shape.sides, shape.groups, tuple(sorted(fields)), tuple((a, b) for a, b in links)


Namer = Callable[[int, int], str]  # (quarter turns, open sides) -> the name of a shape


def orientations(
    card: str,
    printed: int,
    groups: Sequence[int],
    rotations: Iterable[int],
    namer: Namer,
    fields: Sequence[int] = (),
    inner: Sequence[tuple[int, int]] = (),
) -> list[Shape]:
    """The distinct ways ``card`` lies under ``rotations``; ``namer(rotation, sides)`` names each.

    A turn that gives the same :func:`layout` as an earlier one is left out::

        >>> def namer(turns: int, sides: int) -> str:
        ...     return sides_text(sides)
        >>> [s.name for s in orientations("NS", N | S, (N | S,), QUARTER_TURNS, namer)]
        ['NS', 'EW']
    """
    shapes: list[Shape] = []
    seen: set[Layout] = set()
    for rotation in rotations:
        shape = orient(card, printed, groups, rotation, "", fields, inner)
        key = layout(shape)
        if key not in seen:
            seen.add(key)
            shapes.append(replace(shape, name=namer(shape.rotation, shape.sides)))
    return shapes


@mypyc_attr(allow_interpreted_subclasses=True)
class ShapeTable:
    """Numbered shapes plus the lookup tables the maze needs (built once per ruleset).

    ``rotations``: the quarter turns the ruleset's cards may take (classic: 0 and 2);
    ``card_rotations``: other turns for some cards (The Dark Cave's goals turn by
    quarters when revealed, its path cards only by halves).  The field tables are
    built on first use, so a ruleset that never walks fields never builds them.
    """

    def __init__(
        self,
        shapes: Sequence[Shape],
        rotations: Sequence[int] = HALF_TURNS,
        card_rotations: Mapping[str, Sequence[int]] | None = None,
    ) -> None:
        self.shapes = tuple(shapes)
        self.rotations = tuple(rotations)
        self.card_rotations = {card: tuple(turns) for card, turns in (card_rotations or {}).items()}
        self.sides = tuple(shape.sides for shape in self.shapes)
        self.group_of: tuple[dict[int, int], ...] = tuple(
            {side: group for group in shape.groups for side in SIDES if group & side}
            for shape in self.shapes
        )
        # the same as lists indexed by the side's bit (0 where closed): no hashing in the hot path
        self.group_at: tuple[list[int], ...] = tuple(
            [groups.get(side, 0) for side in range(W + 1)] for groups in self.group_of
        )
        self.by_name = {shape.name: sid for sid, shape in enumerate(self.shapes)}
        # per shape: whether a tunnel passes through it (a group joins two sides or more)
        self.passes: list[bool] = [
            any(group & (group - 1) for group in shape.groups) for shape in self.shapes
        ]
        self._side_fields: tuple[dict[int, tuple[int, ...]], ...] | None = None
        self._inner_links: tuple[tuple[tuple[int, ...], ...], ...] | None = None
        self._lying: dict[tuple[str, int], int] | None = None

    def shape_for(self, card: str, rotation: int) -> int:
        """The shape id of ``card`` turned ``rotation`` quarter turns clockwise.

        A turn that leaves the card as another of its shapes gives that shape (a
        crossroads turned is the crossroads); a turn the card may not take, ``KeyError``.

            >>> from saboteur.engine.classic.cards import SHAPES
            >>> [SHAPES.shapes[SHAPES.shape_for(card, 2)].name for card in ("NESW", "NES")]
            ['NESW', 'NSW']
        """
        rotation &= 3
        own = [sid for sid, shape in enumerate(self.shapes) if shape.card == card]
        for sid in own:
            if self.shapes[sid].rotation == rotation:
                return sid
        if rotation in self.card_rotations.get(card, self.rotations):
            for sid in own:
                shape = self.shapes[sid]
                turns = rotation - shape.rotation
                turned = orient(
                    card, shape.sides, shape.groups, turns, "", shape.fields, shape.inner
                )
                if layout(turned) == layout(shape):
                    return sid
        raise KeyError(f"{card} turned {rotation} quarter turn(s)")

    # Built on first use and kept (a plain property: the compiled build, mypyc, would not keep
    # what a functools.cached_property computed).

    @property
    def side_fields(self) -> tuple[dict[int, tuple[int, ...]], ...]:
        """Per shape: open side -> the numbers of the fields touching it."""
        if self._side_fields is None:
            self._side_fields = self._make_side_fields()
        return self._side_fields

    def _make_side_fields(self) -> tuple[dict[int, tuple[int, ...]], ...]:
        return tuple(
            {
                side: tuple(n for n, touch in enumerate(shape.fields) if touch & side)
                for side in SIDES
                if shape.sides & side
            }
            for shape in self.shapes
        )

    @property
    def inner_links(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per shape and field: the numbers of the fields linked to it inside the card."""
        if self._inner_links is None:
            self._inner_links = self._make_inner_links()
        return self._inner_links

    def _make_inner_links(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        tables = []
        for shape in self.shapes:
            linked: list[list[int]] = [[] for _ in shape.fields]
            for a, b in shape.inner:
                linked[a].append(b)
                linked[b].append(a)
            tables.append(tuple(tuple(numbers) for numbers in linked))
        return tuple(tables)

    @property
    def lying(self) -> dict[tuple[str, int], int]:
        """``(card, quarter turns)`` -> the first shape of that card lying so, as a view's board
        cell gives it (where several share both, the first: the Duel's door shut, not opened)."""
        if self._lying is None:
            self._lying = self._make_lying()
        return self._lying

    def _make_lying(self) -> dict[tuple[str, int], int]:
        found: dict[tuple[str, int], int] = {}
        for sid, shape in enumerate(self.shapes):
            found.setdefault((shape.card, shape.rotation), sid)
        return found

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


@mypyc_attr(allow_interpreted_subclasses=True)
class Maze:
    """Placed cards, face-down goals, reachability from the roots, and the frontier.

    ``place`` and ``remove`` update the reach and the frontier where they change, not from the
    roots. A subclass whose frontier grows by another rule (``growth.OpenMaze``) must therefore
    also override ``_take_out`` (a local removal) and add the open slots its ``place`` adds
    itself with ``_open_slot`` (which keeps the frontier in order up to date).
    """

    __slots__ = (
        "_ordered",
        "_ordered_own",
        "_overlay",
        "bounds",
        "cells",
        "frontier",
        "hidden",
        "live",
        "roots",
        "table",
    )

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
        self._overlay: Overlay | None = None
        # frontier_in_order(): kept up to date by place, else rebuilt when next asked; changed
        # in place only while no copy of the maze shares it
        self._ordered: list[int] | None = None
        self._ordered_own = False

    def copy(self) -> Maze:
        # a subclass (another growth rule) stays itself; a constructor call, not __new__, which a
        # compiled class (mypyc) does not allow without one
        clone = type(self)(self.table, self.bounds)
        clone.cells = dict(self.cells)
        clone.hidden = dict(self.hidden)
        clone.roots = list(self.roots)
        clone.live = dict(self.live)
        clone.frontier = dict(self.frontier)
        clone._ordered = self._ordered  # shared: each changes a list of its own from now on
        self._ordered_own = False
        overlay = self._overlay
        clone._overlay = overlay and overlay.copy()
        return clone

    @property
    def overlay(self) -> Overlay:
        """Pieces, edge markers and jumps (made on first use, copied with the maze)."""
        if self._overlay is None:
            self._overlay = Overlay()
        return self._overlay

    @property
    def overlay_if_any(self) -> Overlay | None:
        """The overlay if one was made (queries use this so as not to make one)."""
        return self._overlay

    # -- queries ---------------------------------------------------------------------------------

    def frontier_in_order(self) -> list[int]:
        """The frontier by slot index, each slot packed with its constraint key as
        ``index << KEY_BITS | key`` (kept up to date by the next placement, in place: the caller
        reads it before the maze changes and does not change it)::

            >>> from saboteur.engine.classic.cards import SHAPES, START_SHAPE
            >>> maze = Maze(SHAPES)
            >>> maze.add_root(slot_index(0, 0), START_SHAPE)
            >>> _ = maze.recompute()
            >>> order = maze.frontier_in_order()
            >>> [slot_xy(packed >> KEY_BITS) for packed in order]
            [(-1, 0), (0, -1), (0, 1), (1, 0)]
            >>> [packed & KEY_MASK for packed in order] == [
            ...     maze.frontier[packed >> KEY_BITS] for packed in order
            ... ]
            True
        """
        ordered = self._ordered
        if ordered is None:  # one int per slot, sorted as ints: no look-up, no pairs
            ordered = [index << KEY_BITS | key for index, key in self.frontier.items()]
            ordered.sort()
            self._ordered = ordered
            self._ordered_own = True
        return ordered

    def add_placements(
        self,
        bits: int,
        fit: list[int],
        rows: list[list[Action] | None],
        row_of: Callable[[int], list[Action]],
        actions: list[Action],
    ) -> None:
        """Append to ``actions`` each shape of the mask ``bits`` that fits at each frontier slot,
        by slot, then by shape id: ``rows[index][sid]`` (``row_of(index)`` makes a missing row).
        ``fit`` maps a constraint key to the mask of the shapes that fit it."""
        byte_bits = _BYTE_BITS
        for packed in self.frontier_in_order():
            index = packed >> KEY_BITS
            fits = fit[packed & KEY_MASK] & bits
            if fits:
                row = rows[index] or row_of(index)
                base = 0
                while fits:  # the fitting shapes, ascending, a byte of the mask at a time
                    for bit in byte_bits[fits & 255]:
                        actions.append(row[base + bit])
                    fits >>= 8
                    base += 8

    def in_bounds(self, index: int) -> bool:
        x, y = slot_xy(index)
        if self.bounds is None:
            return within_limits(x, y)
        x_min, x_max, y_min, y_max = self.bounds
        return x_min <= x <= x_max and y_min <= y <= y_max

    def constraint_key(self, index: int, open_side: int = 0) -> int:
        """``care | need << 4``: sides facing a face-up card, and which of those must be open.

        ``open_side``: a side known to face a card open towards the slot (a slot reached from a
        live tunnel end), taken as such and not looked up."""
        cells, sides, keys = self.cells, self.table.sides, _SLOT_KEYS
        key = open_side | open_side << 4  # the sides written out: a hot path of every placement
        if open_side != N:
            key |= _facing(cells, sides, keys[index + STEP_N], N, S)
        if open_side != E:
            key |= _facing(cells, sides, keys[index + STEP_E], E, W)
        if open_side != S:
            key |= _facing(cells, sides, keys[index + STEP_S], S, N)
        if open_side != W:
            key |= _facing(cells, sides, keys[index + STEP_W], W, E)
        return key

    def joined_sides(self, index: int) -> int:
        """Sides of an empty slot that face a live (start-joined) tunnel end."""
        mask = 0
        live, keys = self.live, _SLOT_KEYS
        for side, opposite, step in SIDE_STEPS:  # (not SIDES: a fixed tuple, boxed anew per loop)
            if live.get(keys[index + step], 0) & opposite:
                mask |= side
        return mask

    def touches_card(self, index: int) -> bool:
        cells, hidden, keys = self.cells, self.hidden, _SLOT_KEYS
        return any(
            keys[index + step] in cells or keys[index + step] in hidden for _, _, step in SIDE_STEPS
        )

    def mismatched_sides(self, index: int, sid: int) -> int:
        """Sides where ``sid`` placed at ``index`` would not match a face-up neighbour."""
        key = self.constraint_key(index)
        care, need = key & 15, key >> 4
        return (self.table.sides[sid] ^ need) & care

    # -- changes ---------------------------------------------------------------------------------

    def add_root(self, index: int, sid: int) -> None:
        """Lay a root card (a start): all its sides are live."""
        self.cells[_SLOT_KEYS[index]] = sid
        self.roots.append(index)

    def add_hidden(self, index: int, card: str) -> None:
        """Lay a face-down goal: no side constraint, no tunnel through it."""
        self.hidden[_SLOT_KEYS[index]] = card

    def lay(self, index: int, sid: int) -> None:
        """Put a card at ``index`` without spreading reachability (a maze being read back:
        :meth:`recompute` when all are laid)."""
        self.cells[_SLOT_KEYS[index]] = sid

    def place(self, index: int, sid: int) -> list[tuple[int, int]]:
        """Lay a card (legality is the caller's business) and spread reachability.

        Returns the face-down goals the tunnel now leads into, as ``(index, entry sides)``.
        """
        keys = _SLOT_KEYS
        key = keys[index]
        self.cells[key] = sid
        # the frontier in order is kept up to date, not rebuilt: in a list of its own (a copy of
        # this maze may share the old one)
        ordered = self._ordered
        if ordered is not None and not self._ordered_own:
            ordered = self._ordered = ordered[:]
            self._ordered_own = True
        frontier, live = self.frontier, self.live
        if key in frontier:  # (not pop(index, None): a method call through Python when compiled)
            del frontier[key]
            if ordered is not None:
                _ordered_drop(ordered, index)
        open_sides, group_of = self.table.sides[sid], self.table.group_at[sid]
        joined = 0
        for side, opposite, step in SIDE_STEPS:
            neighbour = keys[index + step]
            if open_sides & side:
                if live.get(neighbour, 0) & opposite:
                    joined |= group_of[side]
                faces = opposite | opposite << 4  # a neighbour must now be open towards this card
            else:
                faces = opposite  # ... or closed towards it
            if neighbour in frontier:
                changed = frontier[neighbour] | faces
                frontier[neighbour] = changed
                if ordered is not None:
                    _ordered_put(ordered, index + step, changed)
        reached: list[tuple[int, int]] = []
        if joined:
            live[key] = joined
            self._grow(
                [index << 4 | joined], reached, live, frontier, -1, True, frontier, -1, ordered
            )
        return reached

    def reveal(self, index: int, sid: int) -> list[tuple[int, int]]:
        """Turn a face-down goal face up as shape ``sid`` and spread reachability through it."""
        del self.hidden[_SLOT_KEYS[index]]
        return self.place(index, sid)

    def place_root(self, index: int, sid: int) -> None:
        """Lay a card that is itself a root (a ladder joined to its start) and spread from it."""
        self.cells[_SLOT_KEYS[index]] = sid
        self.roots.append(index)
        self.recompute()

    def replace(self, index: int, sid: int) -> None:
        """Swap the shape lying at ``index`` (a door opened, a troll bribed) and recompute."""
        self.cells[_SLOT_KEYS[index]] = sid
        self.recompute()

    def remove(self, index: int) -> int:
        """Take a card out of the maze and update reachability; returns its shape id."""
        key = _SLOT_KEYS[index]
        sid = self.cells.pop(key)
        if index in self.roots:
            self.roots.remove(index)
            self.recompute()
        elif key in self.live and self.table.passes[sid]:
            self.recompute(index)  # a tunnel ran through it: what lay beyond may be cut off now
        else:
            self._take_out(index)
        return sid

    def _open_slot(self, index: int, key: int) -> None:
        """Open the empty slot ``index`` with the constraint key ``key`` (in the frontier in
        order too, if one is kept: in a list of its own)."""
        self.frontier[_SLOT_KEYS[index]] = key
        ordered = self._ordered
        if ordered is not None:
            if not self._ordered_own:
                ordered = self._ordered = ordered[:]
                self._ordered_own = True
            _ordered_put(ordered, index, key)

    def _take_out(self, index: int) -> None:
        """What :meth:`remove` leaves when no tunnel ran through the card (a dead end, or a card
        no tunnel reaches): every other card's reach stays as it was, only the slot itself (open
        if a live end faces it) and the constraints of the open slots beside it change."""
        self._ordered = None
        keys, live, frontier = _SLOT_KEYS, self.live, self.frontier
        key = keys[index]
        if key in live:
            del live[key]
        for _, _, step in SIDE_STEPS:
            neighbour = keys[index + step]
            if neighbour in frontier:
                frontier[neighbour] = self.constraint_key(index + step)
        if self.joined_sides(index) and (self.bounds is None or self.in_bounds(index)):
            frontier[key] = self.constraint_key(index)

    def recompute(self, removed: int = -1) -> list[tuple[int, int]]:
        """Rebuild ``live`` and ``frontier`` from the roots (after a removal or a load).

        ``removed`` is the slot whose card was just taken out, if that is the change: a slot
        open before and not beside it keeps its constraint key (its neighbours are the same).
        """
        known = self.frontier
        self.live = {}
        self.frontier = {}
        self._ordered = None
        reached: list[tuple[int, int]] = []
        queue = []
        for root in self.roots:
            key = _SLOT_KEYS[root]
            mask = self.table.sides[self.cells[key]]
            self.live[key] = mask
            queue.append(root << 4 | mask)
        self._grow(queue, reached, self.live, self.frontier, -1, True, known, removed, None)
        return reached

    def frontier_without(self, index: int) -> list[int]:
        """The frontier's slots as they would be with the card at ``index`` taken out, without
        changing anything (what :meth:`remove` would leave in :attr:`frontier`, in no set order)::

            >>> from saboteur.engine.classic.cards import SHAPES, START_SHAPE
            >>> maze = Maze(SHAPES)
            >>> maze.add_root(slot_index(0, 0), START_SHAPE)
            >>> _ = maze.place(slot_index(1, 0), SHAPES.by_name["EW"])
            >>> sorted(slot_xy(i) for i in maze.frontier_without(slot_index(1, 0)))
            [(-1, 0), (0, -1), (0, 1), (1, 0)]
        """
        live: dict[int, int] = {}
        frontier: dict[int, int] = {}
        queue = []
        for root in self.roots:
            if root != index:
                key = _SLOT_KEYS[root]
                mask = self.table.sides[self.cells[key]]
                live[key] = mask
                queue.append(root << 4 | mask)
        self._grow(queue, [], live, frontier, index, False, frontier, -1, None)
        return list(frontier)

    def _grow(
        self,
        queue: list[int],
        reached: list[tuple[int, int]],
        live: dict[int, int],
        frontier: dict[int, int],
        skip: int,
        keyed: bool,
        known: dict[int, int],
        removed: int,
        ordered: list[int] | None,
    ) -> None:
        """Spread reachability from ``queue`` (live slots and their newly live sides, packed as
        ``index << 4 | sides``) into ``live`` and ``frontier`` (with each slot's
        constraint key if ``keyed``, else 0), the slot ``skip`` counted as empty.

        If ``removed >= 0``, ``known`` is the frontier before the card there was taken out:
        its keys are kept for the slots not beside ``removed``. Slots new to the frontier are
        also put into ``ordered`` (the frontier in order), if given."""
        cells, hidden = self.cells, self.hidden
        sides, group_of = self.table.sides, self.table.group_at
        bounded, keys = self.bounds is not None, _SLOT_KEYS
        opposite_of, step_of = _OPPOSITE_OF, _STEP_OF
        while queue:
            packed = queue.pop()
            index, mask = packed >> 4, packed & 15
            while mask:  # each newly live side, lowest first
                side = mask & -mask
                mask ^= side
                opposite = opposite_of[side]
                neighbour = index + step_of[side]
                key = keys[neighbour]
                sid = cells.get(key) if neighbour != skip else None
                if sid is not None:
                    if sides[sid] & opposite:
                        group = group_of[sid][opposite]
                        current = live.get(key, 0)
                        if group & ~current:
                            live[key] = current | group
                            queue.append(neighbour << 4 | (group & ~current))
                elif key in hidden:
                    reached.append((neighbour, opposite))
                elif key not in frontier and (not bounded or self.in_bounds(neighbour)):
                    value = 0
                    if keyed:
                        kept = known.get(key) if removed >= 0 else None
                        if kept is not None and not _beside(neighbour, removed):
                            value = kept
                        else:
                            value = self.constraint_key(neighbour, opposite)
                    frontier[key] = value
                    if ordered is not None:
                        _ordered_put(ordered, neighbour, value)
