"""The walk map of a Dark Cave view: where the piece to move can get this turn, and what it costs.

The seat to move (its dwarf in the ``move`` phase, the creature it set loose in ``creature``)
gets every field it can reach within the steps left, each with the fewest steps to it, the
field it is reached from (so a client can send a path's steps one after another) and what
entering it means (:data:`ENTER`).  Among equally short ways the one with the fewest tolls is
taken.  A face-down goal is entered on its field 0 and shows nothing of its card::

    >>> from tests.darkcave_scenario import dealt, lay, load
    >>> data = dealt()
    >>> lay(data, 0, 1, "II-bridge")
    >>> state = load(data)
    >>> state.apply("pass:" + state.hands[0][0])
    >>> walk = walk_map(state)
    >>> walk["mover"], walk["start"], walk["steps_left"]
    ('dwarf', '0,0.0', 3)
    >>> [(f["field"], f["steps"], f["via"], f["enter"], f["cards"]) for f in walk["fields"]]
    [('0,1.0', 1, '0,0.0', ['card'], 1), ('0,1.2', 2, '0,1.0', [], 1)]

(Onto the bridge's planks from off it costs a hand card; along them nothing more.)
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from saboteur.engine.base import JSON
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import walking as W
from saboteur.engine.grid import field_id, field_number, field_slot, slot_xy

if TYPE_CHECKING:
    from saboteur.engine.darkcave.state import DarkCaveState

ENTER = ("card", "gold", "attack", "goal", "exit", "eagle")
"""What entering a field may mean: a hand card lost (onto a bridge), a gold paid (into the
tunnel), a creature attacking (it ends the move), a face-down goal turned over (it ends the
move), leaving the cave, gold lying on an eagle (taken if the move ends there)."""

_ENDS = frozenset({"attack", "goal", "exit"})


def walk_map(state: DarkCaveState) -> JSON | None:
    """The walk map of the seat to move (``None`` outside the ``move`` and ``creature`` phases)."""
    from saboteur.engine.darkcave.state import CREATURE, DWARF, GOLD, MOVE

    maze = state.maze
    if state.phase == MOVE:
        mover, start, budget = DWARF, state.dwarf_field(state.turn), state.steps_left
    elif state.phase == CREATURE and state.moving is not None:
        mover, budget = state.moving, state.creature_steps
        start = state.creature_field(state.moving)
    else:
        return None
    if start is None:
        return None
    overlay = maze.overlay
    on: dict[int, set[str]] = {}
    for piece in overlay.pieces.values():
        on.setdefault(piece.field, set()).add(piece.kind)
    dwarf = mover == DWARF
    if not dwarf:  # a creature stops at the first field with dwarfs (its own start aside)
        on = {f: {"dwarf-here"} for f, kinds in on.items() if DWARF in kinds and f != start}
    steps = W.stepper(maze)

    def entering(source: int, target: int) -> list[str]:
        kinds = on.get(target, set())
        if not dwarf:
            return ["attack"] if kinds else []
        if field_slot(target) in maze.hidden:
            return ["goal"]
        out = []
        toll = W.toll(maze, source, target)
        if toll:
            out.append(toll)
        if W.special(maze, target) == C.EXIT:
            out.append("exit")
        elif kinds & set(C.CREATURES):
            out.append("attack")
        if GOLD in kinds:
            out.append("eagle")
        return out

    def neighbours(field: int) -> list[int]:
        out = list(steps(field))
        if dwarf:
            out += [field_id(index, 0) for index, _ in steps.hidden_next(field)]
        return out

    best: dict[int, tuple[int, int, int]] = {start: (0, 0, 0)}  # steps, cards, gold
    via: dict[int, int] = {}
    enter: dict[int, list[str]] = {}
    queue = [(0, 0, start)]
    done: set[int] = set()
    while queue:
        _, _, field = heapq.heappop(queue)
        if field in done:
            continue
        done.add(field)
        spent, cards, gold = best[field]
        if spent >= budget or (field != start and _ENDS & set(enter[field])):
            continue
        for target in neighbours(field):
            if target == start or target in done:
                continue
            what = entering(field, target)
            cost = (spent + 1, cards + what.count("card"), gold + what.count("gold"))
            if cost < best.get(target, (budget + 1, 0, 0)):
                best[target], via[target], enter[target] = cost, field, what
                heapq.heappush(queue, (cost[0], cost[1] + cost[2], target))
    fields = []
    for field in sorted(via, key=lambda f: (best[f], f)):
        x, y = slot_xy(field_slot(field))
        spent, cards, gold = best[field]
        fields.append(
            {
                "field": A.field_text(field),
                "x": x,
                "y": y,
                "n": field_number(field),
                "steps": spent,
                "via": A.field_text(via[field]),
                "enter": enter[field],
                "cards": cards,
                "gold": gold,
            }
        )
    return {"mover": mover, "start": A.field_text(start), "steps_left": budget, "fields": fields}
