"""Where dwarfs and creatures may step in The Dark Cave, on the shared field walker.

Webs (markers of kind ``web``) block the edge they lie on; ladders are jumps between
every two ladder fields (kept up to date as ladder cards are laid, revealed or removed).
What a step costs besides a step (a hand card onto a bridge, a gold into the tunnel) is
the state's business; see :func:`toll`.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Final

from saboteur.engine.darkcave import cards as C
from saboteur.engine.grid import SIDE_STEPS, SIDES, edge_id, field_id, field_number, field_slot
from saboteur.engine.maze import Maze
from saboteur.engine.walk import FieldRules, Steps, fields_next, reach

WEB_MARKER = "web"
RULES: Final = FieldRules(blocking={WEB_MARKER})


def _special_at() -> list[list[str | None]]:
    """Per shape id, per field number: what is special there (``None``: nothing)."""
    return [
        [specials.get(number) for number in range(len(shape.fields))]
        for shape, specials in zip(C.SHAPES.shapes, C.SPECIAL_BY_SHAPE, strict=True)
    ]


_SPECIAL_AT: Final = _special_at()  # two list items, not a tuple item and an int-keyed dict look-up


def special(maze: Maze, field: int) -> str | None:
    """What is special on ``field`` (a face-up card's field): hole, ladder, eagle, ..."""
    return _SPECIAL_AT[maze.cells[field_slot(field)]][field_number(field)]


def _numbers_by_shape() -> dict[str, list[tuple[int, ...]]]:
    """Per special kind, per shape id: the numbers of its fields with that kind on them."""
    kinds = {kind for specials in C.SPECIAL_BY_SHAPE for kind in specials.values()}
    return {
        kind: [
            tuple(number for number, what in specials.items() if what == kind)
            for specials in C.SPECIAL_BY_SHAPE
        ]
        for kind in kinds
    }


# read per card by a list index, not by a walk over each card's specials (a hot path)
_NUMBERS: Final = _numbers_by_shape()
_NONE: Final[list[tuple[int, ...]]] = [() for _ in C.SPECIAL_BY_SHAPE]


def special_fields(maze: Maze, kind: str) -> list[int]:
    """Every field of a face-up card with ``kind`` on it, in slot order."""
    numbers = _NUMBERS.get(kind, _NONE)
    cells = maze.cells
    hits = [index for index, sid in cells.items() if numbers[sid]]  # (sort only these)
    hits.sort()
    out = []
    for index in hits:
        for number in numbers[cells[index]]:
            out.append(field_id(index, number))
    return out


def link_ladders(maze: Maze, index: int) -> None:
    """Join the ladder fields of the card just laid at ``index`` to every other ladder."""
    new = [field_id(index, number) for number in _NUMBERS[C.LADDER][maze.cells[index]]]
    if not new:  # (most cards: no walk over the maze)
        return
    overlay = maze.overlay
    for field in new:
        for other in special_fields(maze, C.LADDER):
            if other != field:
                overlay.add_jump(field, other)


def toll(maze: Maze, source: int, target: int) -> str | None:
    """What stepping from ``source`` onto ``target`` costs a dwarf: ``"card"`` (onto a bridge
    from off it), ``"gold"`` (into the tunnel) or nothing."""
    kind = special(maze, target)
    if kind == C.BRIDGE:
        same_card = field_slot(source) == field_slot(target)
        return None if same_card and special(maze, source) == C.BRIDGE else "card"
    if kind == C.TUNNEL:
        return "gold"
    return None


def stepper(maze: Maze) -> Steps:
    """The steps of ``maze`` under these rules, webs and ladders read once: call it for the fields
    one step from a field; its ``hidden_next`` gives the face-down goals one step away, as
    ``(slot, side of the goal entered)``."""
    return Steps(maze, RULES)


def step_targets(maze: Maze, field: int, goals: bool) -> list[int]:
    """The fields one step from ``field``, sorted (``goals``: with field 0 of each face-down goal
    one step away): what ``stepper(maze)`` and its ``hidden_next`` give, without a walker to
    build (the webs are read only if there are markers) — the legal actions' hot path."""
    overlay = maze.overlay_if_any
    webs: AbstractSet[int] = frozenset()
    if overlay is not None and overlay.markers:
        webs = overlay.edges_with(RULES.blocking)
    found = fields_next(maze, field, webs, goals=goals)
    found.sort()
    return found


def web_edges_next(maze: Maze, field: int) -> list[int]:
    """The edges with a web that the card side(s) of ``field`` touch (where an axe can reach)."""
    overlay = maze.overlay_if_any
    if overlay is None or not overlay.markers:  # (most turns: no web lies anywhere)
        return []
    webs = overlay.edges_with(RULES.blocking)
    index = field_slot(field)
    touch = maze.table.shapes[maze.cells[index]].fields[field_number(field)]
    return [edge_id(index, side) for side in SIDES if touch & side and edge_id(index, side) in webs]


def open_ends(maze: Maze) -> list[int]:
    """Every edge a web may lie on: where an open side of a face-up card meets an open side,
    an empty slot or a face-down goal, in a fixed order."""
    edges = set()
    cells, sides = maze.cells, maze.table.sides
    for index, sid in cells.items():
        for side, opposite, step in SIDE_STEPS:
            if not sides[sid] & side:
                continue
            other = cells.get(index + step)
            if other is None or sides[other] & opposite:
                edges.add(edge_id(index, side))
    return sorted(edges)


def dwarf_reach(maze: Maze, start: int, budget: int) -> dict[int, int]:
    """The fields a dwarf on ``start`` reaches in ``budget`` steps, with the steps each takes
    (for clients and bots; creatures and goals that end a move are not considered)."""
    return reach(maze, start, budget, rules=RULES)
