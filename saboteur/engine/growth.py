"""Where the maze may grow: a growth rule per ruleset, on the same fit-table fast path.

- ``joined`` (classic, the Duel): next to a tunnel end joined to a root, the plain
  :class:`~saboteur.engine.maze.Maze`;
- ``open`` (The Dark Cave): next to any open side of any face-up card, joined or not,
  :class:`OpenMaze`.

Either way a frontier slot carries its constraint key, and the ruleset's fit table
says which shapes fit there.  A card cut off from the start still grows the open maze::

    >>> from saboteur.engine.classic import cards as C
    >>> from saboteur.engine.maze import sides_text, slot_index, slot_xy
    >>> maze = new_maze(C.SHAPES, growth=OPEN)
    >>> maze.add_root(slot_index(0, 0), C.START_SHAPE)
    >>> maze.place(slot_index(3, 0), C.SHAPES.by_name["NS"])  # touches nothing joined
    []
    >>> [slot_xy(i) for i in sorted(maze.frontier) if slot_xy(i)[0] == 3]
    [(3, -1), (3, 1)]
    >>> sides_text(maze.frontier[slot_index(3, 1)] >> 4)  # must open N, towards the card
    'N'
"""

from __future__ import annotations

from typing import Final

from saboteur.engine.maze import SIDE_STEPS, SLOT_KEYS, Maze, ShapeTable

JOINED: Final = "joined"
OPEN: Final = "open"
_SLOT_KEYS: Final = SLOT_KEYS  # read directly by the compiled build (a module constant)


class OpenMaze(Maze):
    """A maze whose frontier is every empty slot next to an open side of a face-up card."""

    __slots__ = ()

    def place(self, index: int, sid: int) -> list[tuple[int, int]]:
        reached = super().place(index, sid)  # (the frontier in order, if kept, is its own now)
        self._grow_from(index, sid)
        return reached

    def _take_out(self, index: int) -> None:
        """Besides the joined rule's local update: a slot beside the card stays open only if
        another card opens towards it, and the card's own slot opens if a card opens towards it
        (no other slot's openness depends on the card)."""
        super()._take_out(index)
        keys, cells, hidden, frontier = _SLOT_KEYS, self.cells, self.hidden, self.frontier
        for _, _, step in SIDE_STEPS:
            neighbour = index + step
            key = keys[neighbour]
            if key in frontier and not self._faces_open_side(neighbour):
                del frontier[key]
        key = keys[index]
        if (
            key not in frontier
            and key not in hidden
            and key not in cells
            and self._faces_open_side(index)
            and self.in_bounds(index)
        ):
            frontier[key] = self.constraint_key(index)

    def recompute(self, removed: int = -1) -> list[tuple[int, int]]:
        reached = super().recompute(removed)
        for index, sid in self.cells.items():
            self._grow_from(index, sid)
        return reached

    def _faces_open_side(self, index: int) -> bool:
        """Whether a face-up card beside the slot ``index`` is open towards it."""
        keys, cells, sides = _SLOT_KEYS, self.cells, self.table.sides
        for _, opposite, step in SIDE_STEPS:
            sid = cells.get(keys[index + step])
            if sid is not None and sides[sid] & opposite:
                return True
        return False

    def _grow_from(self, index: int, sid: int) -> None:
        """Open every empty slot towards which the card ``sid`` at ``index`` is open (kept in
        the frontier in order too, if the maze keeps one)."""
        keys, cells, hidden, frontier = _SLOT_KEYS, self.cells, self.hidden, self.frontier
        open_sides = self.table.sides[sid]
        for side, _, step in SIDE_STEPS:
            if not open_sides & side:
                continue
            neighbour = index + step
            key = keys[neighbour]
            if (
                key not in frontier
                and key not in cells
                and key not in hidden
                and self.in_bounds(neighbour)
            ):
                self._open_slot(neighbour, self.constraint_key(neighbour))


GROWTH: Final[dict[str, type[Maze]]] = {JOINED: Maze, OPEN: OpenMaze}


def new_maze(
    table: ShapeTable, bounds: tuple[int, int, int, int] | None = None, growth: str = JOINED
) -> Maze:
    """An empty maze of ``table``'s shapes that grows by the rule named ``growth``."""
    return GROWTH[growth](table, bounds)
