"""The maze as plain text, for terminals, logs and bug reports.

Each slot is 3×3 characters: ``#`` marks a tunnel, the centre is ``#`` where the
tunnels meet, ``x`` for a dead end, ``S`` for the start, ``?`` for a face-down
goal, ``G`` for the gold and ``o`` for a stone goal (revealed, or seen through a
map by the player the picture is for).

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 3, {"demo": "true"}).new_state(seed=1)
>>> for line in render_maze(state).splitlines()[5:12]:
...     print(line)
 -1       ##
          #
    #     #
  0#S###########x#          ?
    #     #
          #
  1      ###
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saboteur.engine.classic import cards as C
from saboteur.engine.maze import slot_xy
from saboteur.engine.picture import cell, picture

if TYPE_CHECKING:
    from saboteur.engine.classic.state import ClassicState


def render_maze(state: ClassicState, player: int | None = None) -> str:
    """The maze as ``player`` may see it (``None``: the public picture)."""
    maze = state.maze
    cells: dict[tuple[int, int], list[str]] = {}
    for index, sid in maze.cells.items():
        shape = C.SHAPES.shapes[sid]
        if shape.card == C.START:
            centre = "S"
        elif shape.card == C.GOLD_GOAL:
            centre = "G"
        elif shape.card in C.GOAL_CARDS:
            centre = "o"
        else:
            centre = "x" if len(shape.groups) > 1 or shape.card.startswith("x") else "#"
        cells[slot_xy(index)] = cell(shape.sides, centre)
    peeks = state.peeks[player] if player is not None else {}
    for index in maze.hidden:
        seen = peeks.get(index)
        centre = "?" if seen is None else ("G" if seen == C.GOLD_GOAL else "o")
        cells[slot_xy(index)] = cell(0, centre)
    return picture(cells)
