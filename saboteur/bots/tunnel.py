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

from saboteur.engine.base import JSON
from saboteur.engine.board import laid
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import GOAL_SLOTS, START_SLOT
from saboteur.engine.grid import SLOT_COUNT
from saboteur.engine.maze import SIDE_STEPS, Maze, slot_index

__all__ = ["GOAL_SLOTS", "START_SLOT", "Maze", "Reach", "distance", "shape_id", "slot_index"]

SHAPES = C.SHAPES.shapes
SIDES_OF = C.SHAPES.sides
GROUP_OF = C.SHAPES.group_of
DEAD_END = tuple(shape.card.startswith("x") for shape in SHAPES)
FAR = 99
shape_id = C.shape_id


def distance(a: int, b: int) -> int:
    """Manhattan distance between two packed slots."""
    ax, ay = divmod(a, 256)
    bx, by = divmod(b, 256)
    return abs(ax - bx) + abs(ay - by)


# per tuple of targets (subsets of the goal slots: a handful), each slot's distance to the nearest
# one, -1 until asked; a list by slot index, which the compiled build reads without hashing a number
_NEAREST: dict[tuple[int, ...], list[int]] = {}


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
JOINED = tuple(tuple(_joined(sid, mask) for mask in range(16)) for sid in range(len(SHAPES)))
OPENINGS = tuple(bin(mask).count("1") for mask in range(16))


def slot_masks(maze: Maze, index: int) -> tuple[int, int]:
    """For an empty slot: (sides facing a live tunnel end, sides facing no card).

    At an open end the maze's constraint key already says which sides face a card.
    """
    live, cells = maze.live, maze.cells
    key = maze.frontier.get(index)
    facing_live = free = 0
    for side, opposite, step in SIDE_STEPS:
        neighbour = index + step
        if live.get(neighbour, 0) & opposite:
            facing_live |= side
        if key is None and neighbour not in cells:
            free |= side
    return facing_live, free if key is None else ~key & 15


class Reach:
    """The tunnel's reach towards ``targets`` (goal slots), with what-if questions."""

    __slots__ = ("best", "ends", "masks", "maze", "near", "second", "targets")

    def __init__(self, maze: Maze, targets: Iterable[int]) -> None:
        self.maze = maze
        self.targets = targets = tuple(targets)
        self.near = near = nearest_table(targets)
        ends: dict[int, int] = {}
        self.ends = ends
        best = second = FAR  # the two smallest distances (one pass, no sort)
        for index in maze.frontier:
            distance_here = near[index]
            if distance_here < 0:
                distance_here = _nearest(index, targets, near)
            ends[index] = distance_here
            if distance_here < best:
                best, second = distance_here, best
            elif distance_here < second:
                second = distance_here
        self.best, self.second = best, second
        # per open end asked about: (sides facing a live end, sides facing no card, the reach if
        # this end were filled by a card leading nowhere): one look-up per what-if
        self.masks: dict[int, tuple[int, int, int]] = {}

    def _slot(self, index: int) -> tuple[int, int, int]:
        facing_live, free = slot_masks(self.maze, index)
        without = self.second if self.ends.get(index) == self.best else self.best
        masks = self.masks[index] = (facing_live, free, without)
        return masks

    def after_place(self, index: int, sid: int) -> int:
        """The reach after laying ``sid`` at ``index`` (0: it opens into a target goal)."""
        return self.place_effect(index, sid)[0]

    def place_effect(self, index: int, sid: int) -> tuple[int, int]:
        """The reach after laying ``sid`` at ``index``, and how many open ends the card adds."""
        masks = self.masks.get(index) or self._slot(index)
        onward = JOINED[sid][masks[0]] & masks[1]
        best = masks[2]
        targets, hidden, table = self.targets, self.maze.hidden, self.near
        for side, _, step in SIDE_STEPS:
            if onward & side:
                neighbour = index + step
                if neighbour in hidden and neighbour in targets:
                    return 0, OPENINGS[onward]
                near = table[neighbour]
                if near < 0:
                    near = _nearest(neighbour, targets, table)
                if near < best:
                    best = near
        return best, OPENINGS[onward]

    def onward(self, index: int, sid: int) -> int:
        """The sides through which ``sid`` laid at ``index`` would lead the tunnel on."""
        masks = self.masks.get(index) or self._slot(index)
        return JOINED[sid][masks[0]] & masks[1]

    def after_remove(self, index: int) -> int:
        """The reach after a rockfall at ``index``."""
        maze = self.maze
        if index not in maze.live and not maze.joined_sides(index):
            return self.best  # no tunnel leads into or through it: the open ends stay as they are
        targets, near = self.targets, self.near
        ends = [_nearest(slot, targets, near) for slot in maze.frontier_without(index)]
        return min(ends, default=FAR)


def is_dead_end(sid: int) -> bool:
    """Whether shape ``sid`` is a dead end (no tunnel through it)."""
    return DEAD_END[sid]


def maze_from_view(view: JSON) -> Maze:
    """Rebuild the public maze from a view (its board's cells, ``goals`` and ``bounds``)."""
    bounds = view.get("bounds")
    maze = Maze(C.SHAPES, tuple(bounds) if bounds else None)
    for index, sid in laid(view["board"]["cells"], C.SHAPES):
        if sid == C.START_SHAPE:
            maze.add_root(index, sid)
        else:
            maze.cells[index] = sid
    for goal in view["goals"]:
        x, y = goal["x"], goal["y"]
        assert isinstance(x, int) and isinstance(y, int)
        if not goal["revealed"]:
            maze.add_hidden(slot_index(x, y), "?")
    maze.recompute()
    return maze
