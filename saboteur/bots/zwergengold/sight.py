"""What a Zwergengold bot makes of its view: the labyrinth rebuilt, and how far each card
lies from the gold (levels to go down, then cards back to the start).

>>> from saboteur.engine import new_game
>>> state = new_game("zwergengold", 3).new_state(seed=2)
>>> sight = Sight(state.game, state.view(0))
>>> sight.lab.cards == {slot: C.back(card) for slot, card in state.lab.cards.items()}
True
>>> sight.here(0) == state.mage_slot(0), sight.worth(sight.here(0)) > 0
(True, True)
"""

from __future__ import annotations

import heapq

from saboteur.engine.base import JSON, Game
from saboteur.engine.grid import STEP, field_id, field_slot, slot_index, slot_xy
from saboteur.engine.walk import Steps
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold.labyrinth import START, Labyrinth, LevelRules

LEVEL_WEIGHT = 4.0  # a level still to go down weighs like this many cards to walk
GOLD = -100.0  # the worth of a card where the mage finds the gold
OVERSHOOT = 2  # a level too deep weighs this many levels still to go (stairs up are rare)
UNKNOWN_COST = 1.5
ENOUGH_ENDS = (
    6  # open places beyond this many add nothing  # the AP a face-down card is expected to take
)
GOLD_PLACES = tuple(START + STEP[side] for side in STEP if not C.PRINTED[C.START] & side)


def rebuild(game: Game, view: JSON) -> Labyrinth:
    """The labyrinth of a view (face-down cards by their backs; symbols where seen)."""
    lab = Labyrinth(game.levels, game.table // 2, game.summit)  # type: ignore[attr-defined]
    seen = {slot_index(x, y): card for x, y, card in view.get("seen", [])}
    for entry in view["labyrinth"]:
        slot = slot_index(entry["x"], entry["y"])
        card = entry["card"]
        if card == C.START:
            continue
        sid = C.shape_of(card, entry["turn"])
        if slot in lab.maze.cells:  # "Auf zum Gipfel!": a card covering the start
            lab.maze.lay(slot, sid)
        else:
            lab.maze.place(slot, sid)
        lab.levels[slot] = lab.shown(entry["level"])
        lab.cards[slot] = seen.get(slot, card)
        if entry["face"] == "up":
            lab.face_up.add(slot)
    lab.maze.recompute()
    lab.invalidate()
    return lab


class Sight:
    """The labyrinth of one view, where the mages stand, and each card's worth (lower is
    nearer the gold)."""

    def __init__(self, game: Game, view: JSON, lab: Labyrinth | None = None) -> None:
        self.game, self.view = game, view
        self.lab = lab if lab is not None else rebuild(game, view)
        self.mages = [slot_index(x, y) for x, y in view["mages"]]
        self.no_plan: bool = bool(getattr(game, "no_plan", False))

    def here(self, seat: int) -> int:
        return self.mages[seat]

    def with_card(self, slot: int, sid: int, back: str) -> Sight:
        """The sight after a card with ``back`` is laid as ``sid`` at ``slot``."""
        lab = self.lab.copy()
        lab.lay(slot, sid, back)
        return Sight(self.game, self.view, lab)

    def worth(self, slot: int) -> float:
        """How far the card at ``slot`` lies from the gold: levels to go, then distance."""
        lab = self.lab
        if lab.at_gold(slot):
            return GOLD
        sid = lab.maze.cells[slot]
        ends = [lab.levels[slot]]
        if C.deep_side(sid):
            ends.append(lab.levels[slot] + lab.arrow)
        levels = min(
            abs(level - lab.target) * (OVERSHOOT if (level - lab.target) * lab.arrow > 0 else 1)
            for level in ends
        )
        x, y = slot_xy(slot)
        near = min(abs(x - gx) + abs(y - gy) for gx, gy in map(slot_xy, GOLD_PLACES))
        if lab.up:
            near = abs(x) + abs(y)
        return LEVEL_WEIGHT * levels + near

    def open_ends(self) -> float:
        """How many places a card may still grow at (a few count, more do not)."""
        return float(min(len(self.lab.maze.frontier), ENOUGH_ENDS))

    def cost(self, slot: int) -> float:
        """The AP entering the card at ``slot`` is expected to take (grilles: a lot)."""
        lab = self.lab
        if slot not in lab.face_up and C.symbol(lab.cards[slot]) is None:
            return 0.0 if C.corridor(lab.cards[slot]) == C.START else UNKNOWN_COST
        mark = C.symbol(lab.cards[slot])
        fresh = slot not in lab.face_up
        if mark == C.DRAGON:
            return C.DRAGON_COST if fresh else 0.0
        if mark == C.WALL:
            return C.WALL_COST if fresh else 0.0
        if mark == C.GRILLE:
            return 5.0
        if mark in C.COSTS and not (fresh and mark == C.ROT):
            return float((C.NO_PLAN_COSTS if self.no_plan else {}).get(mark, C.COSTS[mark]))
        return 0.0

    def paths(self, seat: int) -> dict[int, tuple[float, int | None]]:
        """Every card the mage of ``seat`` can walk to (AP aside): (AP expected, first step)."""
        start = self.here(seat)
        steps = Steps(self.lab.maze, LevelRules(self.lab))
        best: dict[int, tuple[float, int | None]] = {start: (0.0, None)}
        queue: list[tuple[float, int, int | None]] = [(0.0, start, None)]
        while queue:
            spent, slot, first = heapq.heappop(queue)
            if best[slot][0] < spent:
                continue
            for target in steps(field_id(slot, 0)):
                there = field_slot(target)
                cost = spent + self.cost(there) + 0.01
                if there not in best or cost < best[there][0]:
                    best[there] = (cost, first if first is not None else there)
                    heapq.heappush(queue, (cost, there, best[there][1]))
        return best

    def outlook(self, seat: int) -> float:
        """The best the mage of ``seat`` can make of the labyrinth: the worth of the best card
        it can walk to, plus a little for the AP the way takes."""
        return min(self.worth(slot) + 0.3 * spent for slot, (spent, _) in self.paths(seat).items())
