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

from saboteur.engine.maze import SIDE_STEPS, Maze, ShapeTable

JOINED, OPEN = "joined", "open"


class OpenMaze(Maze):
    """A maze whose frontier is every empty slot next to an open side of a face-up card."""

    __slots__ = ()

    def place(self, index: int, sid: int) -> list[tuple[int, int]]:
        reached = super().place(index, sid)
        self._grow_from(index, sid)
        self._ordered = None  # (grown beside the joined tunnel too: rebuilt when next asked)
        return reached

    def _take_out(self, index: int) -> None:
        self.recompute()  # the slots beside it may have been open only towards this card

    def recompute(self, removed: int = -1) -> list[tuple[int, int]]:
        reached = super().recompute(removed)
        for index, sid in self.cells.items():
            self._grow_from(index, sid)
        return reached

    def _grow_from(self, index: int, sid: int) -> None:
        cells, hidden, frontier = self.cells, self.hidden, self.frontier
        open_sides = self.table.sides[sid]
        for side, _, step in SIDE_STEPS:
            neighbour = index + step
            if (
                open_sides & side
                and neighbour not in frontier
                and neighbour not in cells
                and neighbour not in hidden
                and self.in_bounds(neighbour)
            ):
                frontier[neighbour] = self.constraint_key(neighbour)


GROWTH: dict[str, type[Maze]] = {JOINED: Maze, OPEN: OpenMaze}


def new_maze(
    table: ShapeTable, bounds: tuple[int, int, int, int] | None = None, growth: str = JOINED
) -> Maze:
    """An empty maze of ``table``'s shapes that grows by the rule named ``growth``."""
    return GROWTH[growth](table, bounds)
