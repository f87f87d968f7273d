"""Walking the maze's fields: steps, reach within a budget, shortest paths.

Every face-up card is a small graph of fields (see :class:`~saboteur.engine.maze.Shape`).
A step goes from a field to

- a field linked to it inside the card (``Shape.inner``);
- a field of the neighbouring card across an edge where the field touches an open
  side and the neighbour's field touches the matching one, unless a blocking marker
  lies on that edge or the ruleset's :meth:`FieldRules.crosses` vetoes it;
- a field a jump leads to (``maze.overlay.add_jump``: a ladder, a passage under cards);
- any field :meth:`FieldRules.extra` adds (links a ruleset works out itself).

Classic shapes have one field per tunnel group, so walking a classic maze follows its
tunnels; a spider web on an edge cuts the step across it::

    >>> from saboteur.engine.classic import cards as C
    >>> from saboteur.engine.maze import E, Maze, slot_index
    >>> from saboteur.engine.grid import field_id, field_slot, slot_xy
    >>> maze = Maze(C.SHAPES)
    >>> maze.add_root(slot_index(0, 0), C.START_SHAPE)
    >>> for x in (1, 2, 3):
    ...     _ = maze.place(slot_index(x, 0), C.SHAPES.by_name["EW"])
    >>> start = field_id(slot_index(0, 0), 0)
    >>> costs = reach(maze, start, budget=2)
    >>> sorted((slot_xy(field_slot(f)), cost) for f, cost in costs.items())
    [((0, 0), 0), ((1, 0), 1), ((2, 0), 2)]
    >>> _ = maze.overlay.add_marker("web", 0, slot_index(1, 0), E)
    >>> sorted(slot_xy(field_slot(f)) for f in reach(maze, start, 9, rules=FieldRules({"web"})))
    [(0, 0), (1, 0)]
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from typing import Final

from mypy_extensions import mypyc_attr

from saboteur.engine.grid import SIDE_STEPS, edge_id, field_id, field_number, field_slot
from saboteur.engine.maze import Maze

FieldTest = Callable[[int], bool]
FieldCost = Callable[[int], int]
StepCost = Callable[[int, int], int]  # (from field, to field) -> what that step costs besides


@mypyc_attr(allow_interpreted_subclasses=True)  # rulesets' and tests' own rules subclass it
class FieldRules:
    """What a ruleset adds to the cards' own links; subclass to veto or add links.

    ``blocking``: the kinds of edge markers that block a step across their edge.
    """

    def __init__(self, blocking: Iterable[str] = ()) -> None:
        self.blocking = frozenset(blocking)

    def crosses(self, maze: Maze, source: int, target: int) -> bool:
        """Whether a step across an edge from field ``source`` to ``target`` is possible."""
        return True

    def extra(self, maze: Maze, field: int) -> Iterable[int]:
        """Fields one step from ``field`` besides its card, its neighbours and its jumps."""
        return ()


PLAIN: Final = FieldRules()


def card_fields(maze: Maze, index: int) -> list[int]:
    """The fields of the face-up card at ``index``, in their order on the card."""
    return [field_id(index, n) for n in range(len(maze.table.shapes[maze.cells[index]].fields))]


def fields_next(
    maze: Maze,
    field: int,
    blocked_edges: AbstractSet[int] = frozenset(),
    *,
    goals: bool = False,
    rules: FieldRules | None = None,
) -> list[int]:
    """The fields one step from ``field`` (a field of a face-up card) by the cards and jumps.

    In this order: the fields its card links it to; across each open side whose edge is not in
    ``blocked_edges``, the neighbour's fields touching that side (if ``rules`` is given, those
    its :meth:`FieldRules.crosses` allows) or, with ``goals``, field 0 of a face-down card
    there; then where a jump leads (to a face-up card, each field once, in field order).
    :class:`Steps` adds :meth:`FieldRules.extra`; a ruleset's hot path may call this directly.
    """
    cells, table = maze.cells, maze.table
    index, number = field_slot(field), field_number(field)
    sid = cells[index]
    out = [field_id(index, other) for other in table.inner_links[sid][number]]
    touch = table.shapes[sid].fields[number]
    side_fields = table.side_fields
    for side, opposite, step in SIDE_STEPS:
        if not touch & side or (blocked_edges and edge_id(index, side) in blocked_edges):
            continue
        neighbour = index + step
        other_sid = cells.get(neighbour)
        if other_sid is not None:
            for other in side_fields[other_sid].get(opposite, ()):
                target = field_id(neighbour, other)
                if rules is None or rules.crosses(maze, field, target):
                    out.append(target)
        elif goals and neighbour in maze.hidden:
            out.append(field_id(neighbour, 0))
    overlay = maze.overlay_if_any
    if overlay is not None and overlay.jumps:
        for target in sorted(overlay.jumps.get(field, ())):
            if field_slot(target) in cells and target not in out:
                out.append(target)
    return out


class Steps:
    """The steps from each field of one maze under one set of rules (markers read once)."""

    def __init__(self, maze: Maze, rules: FieldRules = PLAIN) -> None:
        self.maze, self.rules = maze, rules
        overlay = maze.overlay_if_any
        self.blocked_edges: AbstractSet[int] = (
            overlay.edges_with(rules.blocking) if overlay and rules.blocking else frozenset()
        )

    def __call__(self, field: int) -> list[int]:
        """The fields one step from ``field`` (a field of a face-up card): :func:`fields_next`
        under the rules, then what the rules add (:meth:`FieldRules.extra`)."""
        out = fields_next(self.maze, field, self.blocked_edges, rules=self.rules)
        out += self.rules.extra(self.maze, field)
        return out

    def hidden_next(self, field: int) -> list[tuple[int, int]]:
        """The face-down cards one step from ``field``, as ``(slot, side entered from)``.

        A ruleset where pieces reveal goals (The Dark Cave) turns such a card over
        and puts the piece on it.
        """
        maze = self.maze
        index = field_slot(field)
        touch = maze.table.shapes[maze.cells[index]].fields[field_number(field)]
        return [
            (index + step, opposite)
            for side, opposite, step in SIDE_STEPS
            if touch & side
            and index + step in maze.hidden
            and edge_id(index, side) not in self.blocked_edges
        ]


def reach(
    maze: Maze,
    start: int,
    budget: int | None = None,
    *,
    rules: FieldRules = PLAIN,
    cost: FieldCost | None = None,
    blocked: FieldTest | None = None,
    step_cost: StepCost | None = None,
) -> dict[int, int]:
    """Every field reachable from ``start`` within ``budget``, with its least cost.

    Entering a field costs ``cost(field)`` (default 1), plus ``step_cost(source, field)``
    if given (a step whose price depends on where it comes from: onto a bridge from
    outside, up a trapdoor); no cost is negative.  A field for which ``blocked(field)``
    is true is never entered.  ``start`` costs 0.
    """
    return _search(maze, start, None, budget, rules, (cost, step_cost, blocked))[0]


def shortest_path(
    maze: Maze,
    start: int,
    goal: int,
    budget: int | None = None,
    *,
    rules: FieldRules = PLAIN,
    cost: FieldCost | None = None,
    blocked: FieldTest | None = None,
    step_cost: StepCost | None = None,
) -> list[int] | None:
    """The cheapest way from ``start`` to ``goal`` (both included) as :func:`reach` counts, or
    ``None``."""
    costs, previous = _search(maze, start, goal, budget, rules, (cost, step_cost, blocked))
    if goal not in costs:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(previous[path[-1]])
    return path[::-1]


def _search(
    maze: Maze,
    start: int,
    goal: int | None,
    budget: int | None,
    rules: FieldRules,
    mover: tuple[FieldCost | None, StepCost | None, FieldTest | None],
) -> tuple[dict[int, int], dict[int, int]]:
    """Dijkstra from ``start`` (ties broken by field number, so the result is deterministic)."""
    cost, step_cost, blocked = mover
    steps = Steps(maze, rules)
    best = {start: 0}
    previous: dict[int, int] = {}
    done: set[int] = set()
    queue = [(0, start)]
    while queue:
        spent, field = heapq.heappop(queue)
        if field in done:
            continue
        done.add(field)
        if field == goal:
            break
        for target in steps(field):
            if target in done or (blocked is not None and blocked(target)):
                continue
            total = spent + (1 if cost is None else cost(target))
            if step_cost is not None:
                total += step_cost(field, target)
            if (budget is None or total <= budget) and total < best.get(target, total + 1):
                best[target] = total
                previous[target] = field
                heapq.heappush(queue, (total, target))
    return best, previous
