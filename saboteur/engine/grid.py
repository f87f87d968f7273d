"""Addresses on the card grid: slots, sides, quarter turns, fields and edges.

A slot ``(x, y)`` is packed into one integer so that neighbours are a single
addition away (x grows East, y grows South)::

    >>> slot_index(3, -1) - slot_index(3, 0) == STEP[N]
    True
    >>> slot_xy(slot_index(-5, 7))
    (-5, 7)

Sides are bits (``N=1, E=2, S=4, W=8``); a quarter turn clockwise carries N to E::

    >>> sides_text(rotate(N | E, 1)), sides_text(rotate(N | E, 2))
    ('ES', 'SW')

A field is a slot and a field number packed into one integer; an edge is the
border between a slot and its neighbour, the same from either side::

    >>> field = field_id(slot_index(2, 0), 1)
    >>> slot_xy(field_slot(field)), field_number(field)
    ((2, 0), 1)
    >>> edge_id(slot_index(2, 0), E) == edge_id(slot_index(3, 0), W)
    True
"""

from __future__ import annotations

from typing import Any, Final

N: Final = 1
E: Final = 2
S: Final = 4
W: Final = 8
SIDES: Final = (N, E, S, W)
SIDE_NAMES: Final = {N: "N", E: "E", S: "S", W: "W"}
SIDE_BY_NAME: Final = {name: side for side, name in SIDE_NAMES.items()}
OPPOSITE: Final = {N: S, S: N, E: W, W: E}

_OFFSET: Final = 128
_STRIDE: Final = 256
# the index step towards each side; as constants for loops written out side by side
STEP_N: Final = -1
STEP_S: Final = 1
STEP_E: Final = 256  # _STRIDE
STEP_W: Final = -256
STEP: Final = {N: STEP_N, S: STEP_S, E: STEP_E, W: STEP_W}
# (side, its opposite, the index step towards it) for every side: the hot loops use this
SIDE_STEPS: Final = tuple((side, OPPOSITE[side], STEP[side]) for side in SIDES)
STEPS: Final = tuple(STEP[side] for side in SIDES)  # the offset to each side's neighbour
SLOT_COUNT: Final = _STRIDE * _STRIDE  # every slot index lies in range(SLOT_COUNT)
# Every slot index as one int object, made once. A dictionary keyed by slots finds a key given as
# the same object by identity (no comparison), and the compiled build (mypyc), which keeps ints
# unboxed, makes no new int object for a look-up with it: the maze's hot paths write
# ``cells.get(SLOT_KEYS[index])``. Typed ``Any`` so that it stays the object it is.
SLOT_KEYS: Final[list[Any]] = list(range(SLOT_COUNT))
# |x| and |y| of any slot stay below this: the one coordinate limit of every ruleset
COORD_LIMIT: Final = 120

QUARTER_TURNS = (0, 1, 2, 3)  # a card may lie in any of the four ways
HALF_TURNS = (0, 2)  # as printed or turned 180° (classic, the Duel, The Dark Cave's path cards)

FIELD_BITS: Final = 3  # up to 8 fields per card
MAX_FIELDS: Final = 1 << FIELD_BITS


def slot_index(x: int, y: int) -> int:
    """Pack a slot's coordinates into one integer."""
    return (x + _OFFSET) * _STRIDE + (y + _OFFSET)


def slot_xy(index: int) -> tuple[int, int]:
    """Unpack a slot index into ``(x, y)``."""
    return index // _STRIDE - _OFFSET, index % _STRIDE - _OFFSET


def within_limits(x: int, y: int) -> bool:
    """Whether ``(x, y)`` lies inside the coordinate limit (``-120 < x, y < 120``)."""
    return -COORD_LIMIT < x < COORD_LIMIT and -COORD_LIMIT < y < COORD_LIMIT


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


def rotate(mask: int, turns: int) -> int:
    """The side mask after ``turns`` quarter turns clockwise (N to E); any integer turns."""
    turns &= 3
    return ((mask << turns) | (mask >> (4 - turns))) & 15


def turn_half(mask: int) -> int:
    """The side mask after a 180° turn (N<->S, E<->W)."""
    return rotate(mask, 2)


def field_id(index: int, number: int) -> int:
    """Pack field ``number`` (0-7) of the card at slot ``index`` into one integer."""
    return index << FIELD_BITS | number


def field_slot(field: int) -> int:
    """The slot of a field."""
    return field >> FIELD_BITS


def field_number(field: int) -> int:
    """The number of a field on its card."""
    return field & (MAX_FIELDS - 1)


def edge_id(index: int, side: int) -> int:
    """The edge on ``side`` of slot ``index``, one number for both slots it separates."""
    if side in (N, W):
        index += STEP[side]
        side = OPPOSITE[side]
    return index << 1 | (side == E)


def edge_slots(edge: int) -> tuple[int, int]:
    """The two slots an edge separates (West or North one first)."""
    index = edge >> 1
    return index, index + (STEP[E] if edge & 1 else STEP[S])


def edge_side(edge: int) -> tuple[int, int]:
    """The edge as ``(slot, side)`` of its West or North slot (side E or S), for a view.

    >>> index, side = edge_side(edge_id(slot_index(1, 1), W))
    >>> slot_xy(index), sides_text(side)
    ((0, 1), 'E')
    """
    return edge >> 1, E if edge & 1 else S
