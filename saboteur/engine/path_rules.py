"""The rules that refuse a path card at a slot, shared by the rulesets (one maze each).

>>> from saboteur.engine.classic import cards as C
>>> from saboteur.engine.maze import Maze, slot_index
>>> maze = Maze(C.SHAPES)
>>> maze.add_root(slot_index(0, 0), C.START_SHAPE)
>>> place_rule(maze, slot_index(0, 0), 0, "NS")
('path.occupied', '(0,0) already holds a card')
"""

from __future__ import annotations

from saboteur.engine.maze import Maze, sides_text, xy_text


def sides_rule(maze: Maze, index: int, sid: int, name: str) -> tuple[str, str] | None:
    """``path.sides-match`` if shape ``sid`` (called ``name``) clashes with a neighbour."""
    mismatched = maze.mismatched_sides(index, sid)
    if not mismatched:
        return None
    return (
        "path.sides-match",
        f"{name} at {xy_text(index)} does not match its neighbours on side(s)"
        f" {sides_text(mismatched)}",
    )


def place_rule(maze: Maze, index: int, sid: int, name: str) -> tuple[str, str] | None:
    """The rule (and a sentence) refusing shape ``sid`` at an occupied, lone or clashing slot."""
    where = xy_text(index)
    if index in maze.cells or index in maze.hidden:
        return "path.occupied", f"{where} already holds a card"
    if not maze.touches_card(index):
        return "path.adjacent", f"{where} touches no card in the maze"
    return sides_rule(maze, index, sid, name)
