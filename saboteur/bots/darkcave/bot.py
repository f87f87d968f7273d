"""The ``heuristic`` bot of The Dark Cave: it knows its side, digs and walks towards the exit
with its gold, takes eagle gold on the way, and sets creatures on dwarfs it believes enemies.

>>> import random
>>> from saboteur.engine import new_game
>>> from saboteur.bots.base import choose
>>> game = new_game("darkcave", 4)
>>> state = game.new_state(seed=3)
>>> bots = [DarkCaveHeuristicBot(game, seat, random.Random(seat)) for seat in range(4)]
>>> while not state.is_over:
...     state.apply(choose(bots[state.current_player], state, state.current_player))
>>> state.events[-1].kind
'game-end'
"""

from __future__ import annotations

from collections.abc import Sequence

from saboteur.bots.base import Bot
from saboteur.bots.darkcave.sight import Sight
from saboteur.engine import Action
from saboteur.engine.base import JSON
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import walking as W
from saboteur.engine.grid import SIDE_STEPS, field_id, field_slot, slot_index, slot_xy
from saboteur.engine.walk import reach, shortest_path

# how little a card is worth keeping, for passing (lower goes first)
_KEEP = {C.SWAP: 0, C.WEB: 1, C.ROCKFALL: 2, C.INFO: 3, C.AXE: 5, C.BOOTS: 6}
_CROSSING = {"I": 1, "II": 2, "III": 3}


def _distance(a: int, b: int) -> int:
    (ax, ay), (bx, by) = slot_xy(a), slot_xy(b)
    return abs(ax - bx) + abs(ay - by)


class DarkCaveHeuristicBot(Bot):
    """Plays one seat of The Dark Cave by simple rules (see the module docstring)."""

    name = "heuristic"

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        by_text = {action.text: action for action in legal}
        phase = view["phase"]
        if phase == "defend":
            return by_text.get(A.DRIVE_OFF, legal[0])
        if phase == "vote":
            return by_text[A.AGREE if self._ahead(Sight(view)) else A.REFUSE]
        if phase == "reveal":
            return legal[0]
        sight = Sight(view)
        if phase == "creature":
            return self._creature(sight, view, by_text)
        if phase == "move":
            return self._move(sight, view, by_text)
        return self._play(sight, view, legal)

    # -- whose side is ahead -----------------------------------------------------------------------

    def _ahead(self, sight: Sight) -> bool:
        view = sight.view
        gold: list[int] = view["gold"]
        ours = sum(gold[s] * sight.ally(s) for s in view["out"])
        theirs = sum(gold[s] * (1 - sight.ally(s)) for s in view["out"])
        return bool(ours > theirs)

    # -- walking -----------------------------------------------------------------------------------

    def _target(self, sight: Sight, here: int) -> int | None:
        """The slot to make for: the exit if face up, else the nearest goal that may be it."""
        exit_field = sight.exit_field()
        if exit_field is not None:
            return field_slot(exit_field)
        goals = sight.target_goals()
        if not goals:
            return None
        return min(goals, key=lambda goal: (_distance(field_slot(here), goal), goal))

    def _move(self, sight: Sight, view: JSON, by_text: dict[str, Action]) -> Action:
        here = sight.dwarfs[self.seat]
        stop = by_text[A.STOP]
        if here is None:
            return stop
        maze, left = sight.maze, view["steps_left"]
        blocked = sight.creature_fields()
        exit_field = sight.exit_field()
        if exit_field is not None:
            path = shortest_path(
                maze, here, exit_field, rules=W.RULES, blocked=lambda f: f in blocked
            )
            if path is not None and len(path) > 1:
                step = by_text.get(f"step@{A.field_text(path[1])}")
                if step is not None:
                    return step
        costs = reach(maze, here, left, rules=W.RULES, blocked=lambda f: f in blocked)
        gold = {field for field in self._eagle_gold(view) if field in costs}
        if gold:
            best = min(gold, key=lambda f: (costs[f], f))
            return self._towards(sight, here, best, by_text, blocked) or stop
        target = self._target(sight, here)
        if target is None:
            return stop
        anywhere = reach(maze, here, None, rules=W.RULES, blocked=lambda f: f in blocked)
        if target in maze.hidden:  # a face-down goal next to a reachable field: step onto it
            steps = W.stepper(maze)
            for field, _ in sorted(anywhere.items(), key=lambda item: (item[1], item[0])):
                if any(i == target for i, _ in steps.hidden_next(field)):
                    if field == here:
                        return by_text.get(f"step@{A.field_text(field_id(target, 0))}", stop)
                    return self._towards(sight, here, field, by_text, blocked) or stop
        best = min(anywhere, key=lambda f: (_distance(field_slot(f), target), anywhere[f], f))
        if best == here:
            return stop
        return self._towards(sight, here, best, by_text, blocked) or stop

    def _towards(
        self, sight: Sight, here: int, there: int, by_text: dict[str, Action], blocked: set[int]
    ) -> Action | None:
        path = shortest_path(sight.maze, here, there, rules=W.RULES, blocked=lambda f: f in blocked)
        if path is None or len(path) < 2:
            return None
        return by_text.get(f"step@{A.field_text(path[1])}")

    @staticmethod
    def _eagle_gold(view: JSON) -> list[int]:
        return [
            field_id(slot_index(p["x"], p["y"]), p.get("field", 0))
            for p in view["board"]["pieces"]
            if p["kind"] == "gold"
        ]

    # -- creatures ---------------------------------------------------------------------------------

    def _prey(self, sight: Sight, start: int, steps: int) -> tuple[float, int | None]:
        """The best field with dwarfs a creature on ``start`` reaches in ``steps`` (it stops at
        the first dwarfs it meets): (how much worse for the other side, that field)."""
        occupied = {f for f in sight.dwarfs if f is not None}
        maze = sight.maze
        costs = reach(
            maze, start, steps, rules=W.RULES, blocked=lambda f: f != start and f in occupied
        )
        best: tuple[float, int | None] = (0.0, None)
        step = W.stepper(maze)
        for field in sorted(occupied):
            if field == start or field in costs:
                continue
            # a dwarf field is entered (and ends the walk) from a reachable neighbour
            near = [f for f in costs if costs[f] < steps and field in step(f)]
            if near:
                worth = sum(1 - 2 * sight.ally(s) for s in sight.dwarfs_on(field))
                if worth > best[0]:
                    best = (worth, field)
        return best

    def _creature(self, sight: Sight, view: JSON, by_text: dict[str, Action]) -> Action:
        creature = view["moving"]
        start = sight.creatures[creature]
        _, prey = self._prey(sight, start, view["creature_steps"])
        stop = by_text[A.STOP]
        if prey is None:
            return stop
        occupied = {f for f in sight.dwarfs if f is not None} - {prey}
        path = shortest_path(
            sight.maze, start, prey, rules=W.RULES, blocked=lambda f: f in occupied
        )
        if path is None or len(path) < 2:
            return stop
        return by_text.get(f"step@{A.field_text(path[1])}", stop)

    # -- playing a card ----------------------------------------------------------------------------

    def _play(self, sight: Sight, view: JSON, legal: Sequence[Action]) -> Action:
        here = sight.dwarfs[self.seat]
        hand = view["hand"]
        by_text = {action.text: action for action in legal}
        propose = by_text.get(A.PROPOSE)
        if propose is not None and self._ahead(sight):
            return propose
        if here is not None and sight.exit_field() is None:
            info = self._info(sight, here, by_text)
            if info is not None:
                return info
        scores = self._place_scores(sight, here, legal) if here is not None else {}
        if scores:
            return max(scores, key=lambda action: (scores[action], action.text))
        if here is not None:
            boots = by_text.get(f"boots@{self.seat}")
            if boots is not None:
                return boots
        lure = self._best_lure(sight, legal)
        if lure is not None:
            return lure
        axe = by_text.get(f"axe@{self.seat}")
        if axe is not None and not view["axes"][self.seat]:
            return axe
        return self._pass(sight, hand, by_text)

    @staticmethod
    def _info(sight: Sight, here: int, by_text: dict[str, Action]) -> Action | None:
        """Look at the nearest goal not known yet, while the exit is not known."""
        if any(card == C.EXIT_GOAL for card in sight.goals.values()):
            return None
        unknown = [goal for goal, card in sight.goals.items() if card is None]
        if len(unknown) < 2:
            return None
        goal = min(unknown, key=lambda g: (_distance(field_slot(here), g), g))
        x, y = slot_xy(goal)
        return by_text.get(f"info@{x},{y}")

    def _place_scores(
        self, sight: Sight, here: int, legal: Sequence[Action]
    ) -> dict[Action, float]:
        """The placements that bring the dwarf's reachable cave closer to its target (or open it
        onwards there), each with how good it is."""
        target = self._target(sight, here)
        if target is None:
            return {}
        maze = sight.maze
        reachable = {field_slot(f) for f in reach(maze, here, None, rules=W.RULES)}
        near = min(_distance(slot, target) for slot in reachable)
        scores: dict[Action, float] = {}
        for action in legal:
            if action.kind != A.PLACE or action.slot is None:
                continue
            index = slot_index(*action.slot)
            if not self._joins(sight, index, action.code & 0xFF, reachable):
                continue
            gain = near - _distance(index, target)
            onwards = self._onwards(index, C.SHAPES.sides[action.code & 0xFF], target)
            if gain < 0 or onwards < 0 or (gain == 0 and onwards == 0):
                continue
            shape = C.SHAPES.shapes[action.code & 0xFF]
            specials = set(C.SPECIAL_BY_SHAPE[action.code & 0xFF].values())
            score = 10.0 * gain - _CROSSING[shape.card.split("-")[0]]
            score += 3 * (C.EAGLE in specials) + 1.5 * (C.LADDER in specials)
            score -= 2 * (C.HOLE in specials) + 2 * (C.TUNNEL in specials)
            scores[action] = score + onwards
        return scores

    @staticmethod
    def _joins(sight: Sight, index: int, sid: int, reachable: set[int]) -> bool:
        """Whether the card at ``index`` opens onto a card the dwarf can reach."""
        sides = C.SHAPES.sides[sid]
        return any(sides & side and index + step in reachable for side, _, step in SIDE_STEPS)

    @staticmethod
    def _onwards(index: int, sides: int, target: int) -> float:
        """A bonus for a card open towards the target (a dead end towards it is worth less)."""
        towards = [
            side
            for side, _, step in SIDE_STEPS
            if _distance(index + step, target) < _distance(index, target)
        ]
        if _distance(index, target) == 0:
            return 0.0
        return 2.0 if any(sides & side for side in towards) else -1.0

    def _best_lure(self, sight: Sight, legal: Sequence[Action]) -> Action | None:
        best: tuple[float, Action] | None = None
        for action in legal:
            if action.kind != A.LURE or action.card is None:
                continue
            start = sight.creatures.get(action.card) if action.code == -1 else action.code
            if start is None:
                continue
            worth, prey = self._prey(sight, start, C.CREATURES[action.card])
            if prey is not None and worth > 0.2 and (best is None or worth > best[0]):
                best = (worth, action)
        return best[1] if best is not None else None

    def _pass(self, sight: Sight, hand: list[str], by_text: dict[str, Action]) -> Action:
        """Throw away the least useful card, or the two least useful if both are of little use."""
        ranked = sorted(sorted(hand), key=lambda card: self._keep(sight, card))
        if len(ranked) >= 2 and self._keep(sight, ranked[1]) < 3:
            pair = by_text.get(f"pass:{'+'.join(sorted(ranked[:2]))}")
            if pair is not None:
                return pair
        return by_text[f"pass:{ranked[0]}"]

    def _keep(self, sight: Sight, card: str) -> float:
        """How much a card is worth keeping (lower: thrown away first)."""
        if card in _KEEP:
            if card == C.INFO and sight.exit_field() is not None:
                return 0.5
            if card == C.BOOTS and sight.view["boots"][self.seat]:
                return 1.5
            return _KEEP[card]
        if card in C.CREATURES:
            return 4
        return 7 - _CROSSING[card.split("-")[0]]
