"""The labyrinth of Zwergengold: corridor levels, arch chains, passages and where a card fits.

The cards lie in the shared maze (:class:`~saboteur.engine.maze.Maze`: every laid card's
corridor is known, so every card is a cell; its symbol is the state's secret).  This module
adds what the maze does not know: each card's level (stairs: of the end without the arrow), the
arches, the *chains* of passages under cards whose arches meet in pairs, the level of each chain
(fixed by the corridors that open into it; the start's chain lies at the target level), and
the *ports* of a chain: the corridor ends opening into its arches.  A mage passes under a
chain from one port to another (a jump of the field layer); steps between corridors go only
between exits at the same level (:class:`LevelRules`, a :class:`FieldRules` hook).

>>> lab = Labyrinth(target=2)
>>> lab.fit(slot_index(0, 1), C.SHAPES.by_name["I0"])  # the start's exit takes a straight
1
>>> lab.fit(slot_index(0, 1), C.SHAPES.by_name["S0"])
Traceback (most recent call last):
...
saboteur.engine.zwergengold.labyrinth.Misfit: the first card at the start's exit must be a straight
"""

from __future__ import annotations

from collections.abc import Iterable

from saboteur.engine.grid import (
    OPPOSITE,
    SIDE_STEPS,
    SIDES,
    STEP,
    field_id,
    field_slot,
    slot_index,
    xy_text,
)
from saboteur.engine.growth import OPEN, new_maze
from saboteur.engine.maze import Maze
from saboteur.engine.walk import FieldRules
from saboteur.engine.zwergengold import cards as C

START = slot_index(0, 0)
START_EXIT = START + STEP[C.PRINTED[C.START]]
AROUND_START = frozenset(
    slot_index(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)
)


class Misfit(ValueError):
    """Why a card cannot be attached at a place (the text names the rule)."""


class Chains:
    """The passages of a labyrinth joined through arches that meet in pairs."""

    __slots__ = ("deepest", "level", "of", "ports")

    def __init__(self, lab: Labyrinth) -> None:
        cells, sides = lab.maze.cells, C.SHAPES.sides
        self.of: dict[int, int] = {}  # slot -> chain number (cards with arches only)
        self.level: dict[int, int | None] = {}
        self.deepest: dict[int, int] = {}  # the deepest card level over a chain
        self.ports: dict[int, list[tuple[int, int]]] = {}  # chain -> (slot, side) opening into it
        for slot in sorted(cells):
            if slot in self.of or not C.arches(cells[slot]):
                continue
            number = len(self.level)
            self.level[number], self.deepest[number], self.ports[number] = None, -99, []
            queue = [slot]
            self.of[slot] = number
            while queue:
                here = queue.pop()
                self.deepest[number] = max(self.deepest[number], lab.depth(here))
                for side, opposite, step in SIDE_STEPS:
                    if not C.arches(cells[here]) & side:
                        continue
                    there = here + step
                    sid = cells.get(there)
                    if sid is None:
                        continue
                    if sides[sid] & opposite:
                        level = lab.exit_level(there, opposite)
                        if not lab.over(level, lab.top(here)):
                            self.ports[number].append((there, opposite))
                            self.level[number] = level
                    elif there not in self.of:
                        self.of[there] = number
                        queue.append(there)
        if START in self.of and not lab.up:
            self.level[self.of[START]] = lab.target


class Labyrinth:
    """The laid cards, their levels and faces; the chains under them, on demand.

    Levels are kept so that a smaller number always lies higher: as the seed counts them
    (1, 2, … downwards), or for "Auf zum Gipfel!" (``up``) turned round (``shown`` gives the
    level as players count it there: 1, 2, … upwards), where stairs lead up and a card may
    cover an unoccupied card whose exits lie exactly where its own arches are.
    """

    __slots__ = (
        "_chains",
        "_places",
        "arrow",
        "cards",
        "face_up",
        "levels",
        "maze",
        "target",
        "under",
        "up",
    )

    def __init__(self, target: int, half: int = 6, up: bool = False) -> None:
        self.up = up
        self.arrow = -1 if up else 1  # where the stairs' arrow end lies, from their other end
        self.target = self.shown(target)
        self.under: dict[int, list[tuple[str, int, int, bool]]] = {}  # covered cards, oldest first
        self.maze: Maze = new_maze(C.SHAPES, (-half, half, -half, half), OPEN)
        self.maze.add_root(START, C.START_SHAPE)
        self.maze.recompute()
        self.levels: dict[int, int] = {
            START: 1
        }  # slot -> corridor level (stairs: not the arrow end)
        self.cards: dict[int, str] = {START: C.START}
        self.face_up: set[int] = {START}
        self._chains: Chains | None = None
        self._places: dict[tuple[str, frozenset[int]], list[tuple[int, int]]] = {}

    def copy(self) -> Labyrinth:
        # a constructor call, not __new__: the compiled class (mypyc) needs one; maze replaced below
        clone = Labyrinth(self.shown(self.target), up=self.up)
        clone.target, clone.up, clone.arrow = self.target, self.up, self.arrow
        clone.under = {slot: list(stack) for slot, stack in self.under.items()}
        clone.maze = self.maze.copy()
        clone.levels = dict(self.levels)
        clone.cards = dict(self.cards)
        clone.face_up = set(self.face_up)
        clone._chains = self._chains
        clone._places = dict(self._places)
        return clone

    @property
    def chains(self) -> Chains:
        if self._chains is None:
            self._chains = Chains(self)
        return self._chains

    # -- levels -----------------------------------------------------------------------------------

    def shown(self, level: int) -> int:
        """A level as players count it (and back): turned round for "Auf zum Gipfel!"."""
        return 2 - level if self.up else level

    def exit_level(self, slot: int, side: int) -> int:
        """The level of the corridor end on ``side`` of the card at ``slot``."""
        sid = self.maze.cells[slot]
        return self.levels[slot] + (self.arrow if C.deep_side(sid) == side else 0)

    def depth(self, slot: int) -> int:
        """The level a card lies at for the arches: stairs at their lower end."""
        return self.levels[slot] + (C.deep_side(self.maze.cells[slot]) != 0 and self.arrow > 0)

    def top(self, slot: int) -> int:
        """The highest level of the card at ``slot`` (stairs: their upper end)."""
        return self.levels[slot] - (C.deep_side(self.maze.cells[slot]) != 0 and self.arrow < 0)

    # -- laying cards -----------------------------------------------------------------------------

    def fit(self, slot: int, sid: int) -> int:
        """The level a card lying as ``sid`` would take at ``slot``; else :class:`Misfit`."""
        if slot in self.maze.cells:
            return self._cover(slot, sid)
        return self._fit_empty(slot, sid)

    def _fit_empty(self, slot: int, sid: int, covering: bool = False) -> int:
        maze, sides = self.maze, C.SHAPES.sides
        if not maze.in_bounds(slot):
            raise Misfit(f"{xy_text(slot)} is off the table")
        exits, arches, deep = sides[sid], C.arches(sid), C.deep_side(sid)
        level = None
        for side, opposite, step in SIDE_STEPS:
            there = slot + step
            if exits & side and not maze.in_bounds(there):
                raise Misfit("no exit may point towards the table's edge")
            other = maze.cells.get(there)
            if other is not None and exits & side and sides[other] & opposite:
                mine = self.exit_level(there, opposite) - (self.arrow if side == deep else 0)
                if level is not None and mine != level:
                    raise Misfit("the exits it meets lie at different levels")
                level = mine
        if level is None:
            raise Misfit("a card must meet an exit of the labyrinth with an exit of its own")
        if not covering:
            self._check_start(slot, sid, level)
        depth = level + (deep != 0 and self.arrow > 0)
        self._check_arches(slot, exits, arches, level, depth, deep)
        return level

    def _cover(self, slot: int, sid: int) -> int:
        """ "Auf zum Gipfel!": the level of a card covering the one at ``slot``, its arches
        exactly where that card's exits are, lying higher; else :class:`Misfit`."""
        if not self.up:
            raise Misfit(f"{xy_text(slot)} is taken")
        covered = self.maze.cells[slot]
        if C.arches(sid) != C.SHAPES.sides[covered]:
            raise Misfit(
                "a card covering another has its arches exactly where that one's exits are"
            )
        trial = self.copy()
        del trial.maze.cells[slot]
        trial._chains = None
        level = trial._fit_empty(slot, sid, covering=True)
        if level + (C.deep_side(sid) != 0 and self.arrow > 0) >= self.top(slot):
            raise Misfit("a card covering another lies higher than it")
        return level

    def _check_start(self, slot: int, sid: int, level: int) -> None:
        card = C.SHAPES.shapes[sid].card
        if slot == START_EXIT:
            if card != C.STRAIGHT:
                raise Misfit("the first card at the start's exit must be a straight")
        elif slot in AROUND_START and not self.up:
            if level + (card == C.STAIRS) != self.target:
                raise Misfit(
                    f"around the start lie only cards at level {self.target} or stairs down into it"
                )
            for side, _, step in SIDE_STEPS:
                if slot + step == START and C.arches(sid) & side:
                    raise Misfit("an arch may not meet the start's arches")

    def _check_arches(
        self, slot: int, exits: int, arches: int, level: int, depth: int, deep: int
    ) -> None:
        """Each chain this card joins or opens into stays at one level, below all its cards."""
        chains, cells, sides = self.chains, self.maze.cells, C.SHAPES.sides
        joined: set[int] = set()  # chains the new card's passage joins through arches
        below: set[int] = set()  # levels of the corridors opening into the new card's arches
        into: dict[int, set[int]] = {}  # chain -> levels of the new card's exits opening into it
        for side, opposite, step in SIDE_STEPS:
            there = slot + step
            other = cells.get(there)
            if other is None:
                continue
            if arches & side and C.arches(other) & opposite:
                joined.add(chains.of[there])
            elif arches & side and sides[other] & opposite:
                end = self.exit_level(there, opposite)
                if not self.over(end, level - (deep != 0 and self.arrow < 0)):
                    below.add(end)
            elif exits & side and C.arches(other) & opposite:
                end = self.exit_level_of(level, side, deep)
                if not self.over(end, self.top(there)):
                    into.setdefault(chains.of[there], set()).add(end)
        for chain in joined:
            below |= into.pop(chain, set()) | _known(chains.level[chain])
            depth = max(depth, chains.deepest[chain])
        if arches:
            _one_level(below, depth)
        for chain, levels in into.items():
            _one_level(levels | _known(chains.level[chain]), chains.deepest[chain])

    def over(self, end: int, top: int) -> bool:
        """ "Auf zum Gipfel!": whether a corridor end at level ``end`` facing an arch leads over
        the card (whose highest level is ``top``) rather than into the passage under it: it
        ends there until a card covers that one."""
        return self.up and end < top

    def exit_level_of(self, level: int, side: int, deep: int) -> int:
        """The level of the corridor end on ``side`` of a card at ``level`` (``deep``: its
        arrow side, if stairs)."""
        return level + (self.arrow if side == deep else 0)

    def invalidate(self) -> None:
        """Forget the chains and rebuild the passages (after cards were laid directly)."""
        self._chains = None
        self._places = {}
        self._rebuild_jumps()

    def lay(self, slot: int, sid: int, card: str) -> int:
        """Attach ``card`` face down as ``sid`` at ``slot`` (checked); returns its level."""
        level = self.fit(slot, sid)
        if slot in self.cards:
            self.under.setdefault(slot, []).append(
                (self.cards[slot], self.maze.cells[slot], self.levels[slot], slot in self.face_up)
            )
            self.face_up.discard(slot)
            self.maze.replace(slot, sid)
        else:
            self.maze.place(slot, sid)
        self.levels[slot] = level
        self.cards[slot] = card
        self.invalidate()
        return level

    def places(self, corridor: str, occupied: Iterable[int] = ()) -> list[tuple[int, int]]:
        """Every ``(slot, shape)`` where a card of ``corridor`` fits, in slot order: next to an
        exit, or ("Auf zum Gipfel!") on a laid card that no mage stands on (``occupied``)."""
        key = (corridor, frozenset(occupied) if self.up else frozenset())
        known = self._places.get(key)
        if known is not None:
            return known
        out = self._places[key] = []
        slots = set(self.maze.frontier)
        if self.up:
            slots |= set(self.cards) - key[1]
        for slot in sorted(slots):
            for turns in C.TURNS[corridor]:
                sid = C.shape_of(corridor, turns)
                try:
                    self.fit(slot, sid)
                except Misfit:
                    continue
                out.append((slot, sid))
        return out

    # -- passages ---------------------------------------------------------------------------------

    def _rebuild_jumps(self) -> None:
        """Passages as jumps of the field layer: between every two ports of a chain."""
        overlay = self.maze.overlay
        overlay.jumps.clear()
        for ports in self.chains.ports.values():
            slots = sorted({slot for slot, _ in ports})
            for i, a in enumerate(slots):
                for b in slots[i + 1 :]:
                    overlay.add_jump(field_id(a, 0), field_id(b, 0))

    def trapdoor_ports(self, slot: int) -> list[int]:
        """The slots beyond the arches of the card at ``slot`` whose corridors open into them
        (not those that only lead over it)."""
        cells, sides = self.maze.cells, C.SHAPES.sides
        out = []
        for side, opposite, step in SIDE_STEPS:
            there = slot + step
            other = cells.get(there)
            if (
                C.arches(cells[slot]) & side
                and other is not None
                and sides[other] & opposite
                and not self.over(self.exit_level(there, opposite), self.top(slot))
            ):
                out.append(there)
        return sorted(out)

    def at_gold(self, slot: int) -> bool:
        """Whether a mage on the card at ``slot`` has found the gold: on a card at the target
        level whose exit opens into one of the start's arches ("Auf zum Gipfel!": on the card at
        the target level that covers the start)."""
        if self.up:
            return slot == START and self.levels[START] == self.target
        for side in SIDES:
            if slot + STEP[side] == START and C.SHAPES.sides[self.maze.cells[slot]] & side:
                return slot != START_EXIT and self.exit_level(slot, side) == self.target
        return False


def _known(level: int | None) -> set[int]:
    return set() if level is None else {level}


def _one_level(levels: set[int], deepest: int) -> None:
    """A passage lies at one level, deeper than every card above it; else :class:`Misfit`."""
    if len(levels) > 1:
        raise Misfit("a passage under cards would lie at two levels")
    if levels and min(levels) <= deepest:
        raise Misfit(
            f"a corridor at level {min(levels)} may open only into an arch of a card lying higher"
        )


class LevelRules(FieldRules):
    """Steps between corridors only where both ends lie at the same level."""

    def __init__(self, lab: Labyrinth) -> None:
        super().__init__()
        self.lab = lab

    def crosses(self, maze: Maze, source: int, target: int) -> bool:
        a, b = field_slot(source), field_slot(target)
        side = next(s for s in SIDES if a + STEP[s] == b)
        return self.lab.exit_level(a, side) == self.lab.exit_level(b, OPPOSITE[side])
