"""The Duel's maze as plain text, for terminals, logs and bug reports.

Each slot is 3×3 characters: ``#`` marks a tunnel; the centre tells the card: ``G``/``B``
a green/blue start, ``L`` a ladder, ``$`` gold, ``T`` a troll (``t`` once bribed), ``D`` a
door (``d`` with a key on it), ``+`` a bridge or double curve, ``x`` a dead end, a digit a
revealed goal's gold (``o`` stone) and ``?`` a face-down goal (or what a map showed).

>>> from saboteur.engine import new_game
>>> state = new_game("duel", 2).new_state(seed=1)
>>> for line in render_maze(state).splitlines()[4:11]:
...     print(line)
    #
  0#G#                ?
    #
<BLANKLINE>
  1                ?     ?
<BLANKLINE>
    #
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saboteur.engine.duel import cards as C
from saboteur.engine.maze import slot_xy
from saboteur.engine.picture import cell, picture

if TYPE_CHECKING:
    from saboteur.engine.duel.state import DuelState


def _centre(card: str, opened: bool) -> str:
    if card in C.STARTS.values():
        return card[6].upper()
    if card in C.GOAL_COUNTS:
        return "o" if card.startswith("stone") else str(C.GOLD_VALUE[card])
    if card in C.GOLD_PATH_COUNTS:
        return "$"
    if card in C.TROLL_COUNTS:
        return "t" if opened else "T"
    if card in C.DOOR_COUNTS:
        return "d" if opened else "D"
    if card in C.LADDER_COUNTS:
        return "L"
    if card in C.TWIN_COUNTS:
        return "+"
    return "x" if card.startswith("x") else "#"


def _goal_centre(card: str) -> str:
    return "o" if card.startswith("stone") else str(C.GOLD_VALUE[card])


def render_maze(state: DuelState, player: int | None = None) -> str:
    """The maze as ``player`` may see it (``None``: the public picture)."""
    maze = state.mazes[0]
    cells: dict[tuple[int, int], list[str]] = {}
    for index, sid in maze.cells.items():
        spec = C.SPECS[sid]
        cells[slot_xy(index)] = cell(spec.sides, _centre(spec.card, spec.opened))
    peeks = state.peeks[player] if player is not None else {}
    for index in maze.hidden:
        seen = peeks.get(index)
        cells[slot_xy(index)] = cell(0, "?" if seen is None else _goal_centre(seen))
    return picture(cells)
