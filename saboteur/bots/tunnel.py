"""How far the tunnel is from the goals, and how a card or a rockfall would change that.

The measure is the *reach*: the smallest Manhattan distance from an open tunnel
end (an empty slot next to a start-joined side) to a target goal.  Reach 1 means
one more card can turn a goal over; a placement that opens into a target has
reach 0.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 4).new_state(seed=1)
>>> reach = Reach(state.maze, GOAL_SLOTS)
>>> reach.best  # the open ends around the start are 7 slots from (8,0)
7
>>> reach.after_place(slot_index(1, 0), shape_id("EW", False))
6
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from saboteur.engine.base import JSON
from saboteur.engine.board import laid
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import GOAL_SLOTS, START_SLOT
from saboteur.engine.grid import SLOT_COUNT, SLOT_KEYS
from saboteur.engine.maze import KEY_BITS, SIDE_STEPS, STEP, E, Maze, N, S, W, slot_index

__all__ = ["GOAL_SLOTS", "START_SLOT", "Maze", "Reach", "distance", "shape_id", "slot_index"]

SHAPES: Final = C.SHAPES.shapes
SIDES_OF: Final = C.SHAPES.sides
GROUP_OF: Final = C.SHAPES.group_of
DEAD_END: Final = tuple(shape.card.startswith("x") for shape in SHAPES)
FAR: Final = 99
shape_id = C.shape_id
_SLOT_KEYS: Final = SLOT_KEYS  # each slot's one int object: look-ups make none (grid.SLOT_KEYS)


def distance(a: int, b: int) -> int:
    """Manhattan distance between two packed slots."""
    ax, ay = divmod(a, 256)
    bx, by = divmod(b, 256)
    return abs(ax - bx) + abs(ay - by)


# per tuple of targets (subsets of the goal slots: a handful), each slot's distance to the nearest
# one, -1 until asked; a list by slot index, which the compiled build reads without hashing a number
_NEAREST: Final[dict[tuple[int, ...], list[int]]] = {}


def nearest_table(targets: tuple[int, ...]) -> list[int]:
    """A memo of each slot's distance to the nearest of ``targets`` (-1: not asked yet)."""
    table = _NEAREST.get(targets)
    if table is None:
        table = _NEAREST[targets] = [-1] * SLOT_COUNT
    return table


def _nearest(index: int, targets: tuple[int, ...], table: list[int]) -> int:
    near = table[index]
    if near < 0:
        near = min((distance(index, target) for target in targets), default=FAR)
        table[index] = near
    return near


def _joined(sid: int, facing_live: int) -> int:
    groups = GROUP_OF[sid]
    joined = 0
    for side, _, _ in SIDE_STEPS:
        if SIDES_OF[sid] & facing_live & side:
            joined |= groups[side]
    return joined


# JOINED[sid][mask]: the sides of shape sid joined to the tunnel when the sides in mask face it
JOINED: Final = tuple(tuple(_joined(sid, mask) for mask in range(16)) for sid in range(len(SHAPES)))
OPENINGS: Final = tuple(bin(mask).count("1") for mask in range(16))
# STEPS_OF[mask]: the slot steps towards the sides in mask (a loop over them boxes nothing)
STEPS_OF: Final = tuple(
    tuple(STEP[side] for side in (N, E, S, W) if mask & side) for mask in range(16)
)


# What Reach keeps per open end asked about, packed in one small int (no tuple to make or read,
# and below 2**30: one digit, which the compiled build reads back without a slow path): the sides
# facing a live end (bits 0-3), the sides facing no card (4-7), and the reach if this end were
# filled by a card leading nowhere (from bit 8). The distance beyond each side comes from the
# memo of nearest distances (a list) when asked.
_WITHOUT_SHIFT: Final = 8
# the step from a slot to its neighbour on each side, as constants the compiled build reads directly
_NORTH: Final = STEP[N]
_EAST: Final = STEP[E]
_SOUTH: Final = STEP[S]
_WEST: Final = STEP[W]


class Reach:
    """The tunnel's reach towards ``targets`` (goal slots), with what-if questions."""

    __slots__ = ("best", "maze", "near", "second", "slots", "targets")

    def __init__(self, maze: Maze, targets: Iterable[int]) -> None:
        self.maze = maze
        self.targets = targets = tuple(targets)
        self.near = near = nearest_table(targets)
        best = second = FAR  # the two smallest distances (one pass, no sort)
        ordered = maze.frontier_in_order()  # a list (kept until the frontier changes): no dict walk
        for packed in ordered:
            index = packed >> KEY_BITS
            distance_here = near[index]
            if distance_here < 0:
                distance_here = _nearest(index, targets, near)
            if distance_here < best:
                best, second = distance_here, best
            elif distance_here < second:
                second = distance_here
        self.best, self.second = best, second
        self.slots: dict[int, int] = {}  # per open end asked about: see _WITHOUT_SHIFT

    def _slot(self, index: int) -> int:
        """What the what-ifs need of the slot ``index`` (packed as described above).

        The constraint key says which sides face a card and which of those cards are open
        towards the slot: only there can a live end lie, so only there is ``live`` asked. The
        four sides are written out: the compiled build would box a loop over them into objects.
        """
        maze, keys = self.maze, _SLOT_KEYS
        key = maze.frontier.get(keys[index])
        end_here = key is not None and self.near[index] == self.best
        if key is None:
            key = maze.constraint_key(index)
        facing_live = 0
        open_towards = key >> 4
        if open_towards:
            live = maze.live
            if open_towards & N and live.get(keys[index + _NORTH], 0) & S:
                facing_live |= N
            if open_towards & E and live.get(keys[index + _EAST], 0) & W:
                facing_live |= E
            if open_towards & S and live.get(keys[index + _SOUTH], 0) & N:
                facing_live |= S
            if open_towards & W and live.get(keys[index + _WEST], 0) & E:
                facing_live |= W
        free = ~key & 15
        without = self.second if end_here else self.best
        packed = facing_live | free << 4 | without << _WITHOUT_SHIFT
        self.slots[keys[index]] = packed
        return packed

    def _beyond(self, neighbour: int) -> int:
        """The distance from the empty slot ``neighbour`` to the nearest target, at most FAR."""
        near = self.near
        far = near[neighbour]
        if far < 0:
            far = _nearest(neighbour, self.targets, near)
        return far if far < FAR else FAR

    def after_place(self, index: int, sid: int) -> int:
        """The reach after laying ``sid`` at ``index`` (0: it opens into a target goal)."""
        return self.place_effect(index, sid)[0]

    def place_effect(self, index: int, sid: int) -> tuple[int, int]:
        """The reach after laying ``sid`` at ``index``, and how many open ends the card adds."""
        known = self.slots.get(_SLOT_KEYS[index])
        packed = self._slot(index) if known is None else known  # (an int: kept unboxed)
        onward = JOINED[sid][packed & 15] & packed >> 4
        best = packed >> _WITHOUT_SHIFT
        for step in STEPS_OF[onward]:  # the sides it leads on through face no card
            far = self._beyond(index + step)
            if far < best:
                best = far
        return best, OPENINGS[onward]

    def onward(self, index: int, sid: int) -> int:
        """The sides through which ``sid`` laid at ``index`` would lead the tunnel on."""
        known = self.slots.get(_SLOT_KEYS[index])
        packed = self._slot(index) if known is None else known
        return JOINED[sid][packed & 15] & packed >> 4

    def after_remove(self, index: int) -> int:
        """The reach after a rockfall at ``index``."""
        maze = self.maze
        if _SLOT_KEYS[index] not in maze.live and not maze.joined_sides(index):
            return self.best  # no tunnel leads into or through it: the open ends stay as they are
        targets, near = self.targets, self.near
        if is_dead_end(maze.cells[index]):
            # nothing leads on through a dead end, so taking it out cuts nothing off: the open
            # ends stay, and its slot (next to the tunnel) becomes one more
            return min(self.best, _nearest(index, targets, near))
        best = -1  # (a loop, not min(..., default=FAR): a keyword call goes through Python)
        for slot in maze.frontier_without(index):
            end = _nearest(slot, targets, near)
            if best < 0 or end < best:
                best = end
        return FAR if best < 0 else best


def is_dead_end(sid: int) -> bool:
    """Whether shape ``sid`` is a dead end (no tunnel through it)."""
    return DEAD_END[sid]


def laying_suspicion(sid: int, before: int, after: int) -> float:
    """How much more a digger onlooker suspects the player who lays shape ``sid``, the reach
    going from ``before`` to ``after``: a dead end is suspect (doubly if it also leads the tunnel
    away), a card that brings the tunnel nearer earns trust, one that leads it away is suspect."""
    if is_dead_end(sid):
        return 2.0 if after > before else 1.0
    if after < before:
        return -0.4 * (before - after)
    return 0.5 if after > before else 0.0


def rockfall_suspicion(sid: int, before: int, after: int) -> float:
    """The same for a rockfall taking out shape ``sid``: clearing a dead end earns trust, cutting
    the tunnel back is suspect, any other rockfall a little."""
    if is_dead_end(sid):
        return -1.0
    return 2.0 if after > before else 0.3


def maze_from_view(view: JSON) -> Maze:
    """Rebuild the public maze from a view (its board's cells, ``goals`` and ``bounds``)."""
    bounds = view.get("bounds")
    maze = Maze(C.SHAPES, tuple(bounds) if bounds else None)
    for index, sid in laid(view["board"]["cells"], C.SHAPES):
        if sid == C.START_SHAPE:
            maze.add_root(index, sid)
        else:
            maze.lay(index, sid)
    for goal in view["goals"]:
        x, y = goal["x"], goal["y"]
        assert isinstance(x, int) and isinstance(y, int)
        if not goal["revealed"]:
            maze.add_hidden(slot_index(x, y), "?")
    maze.recompute()
    return maze
