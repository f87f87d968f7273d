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
from typing import Final

from saboteur.engine.grid import (
    SIDE_STEPS,
    SIDES,
    SLOT_COUNT,
    STEP,
    field_id,
    field_slot,
    slot_index,
    xy_text,
)
from saboteur.engine.growth import OPEN, new_maze
from saboteur.engine.maze import KEY_BITS, Maze
from saboteur.engine.walk import FieldRules
from saboteur.engine.zwergengold import cards as C

START: Final = slot_index(0, 0)
START_EXIT: Final = START + STEP[C.PRINTED[C.START]]
AROUND_START: Final = frozenset(
    slot_index(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)
)


class Misfit(ValueError):
    """Why a card cannot be attached at a place (the text names the rule)."""


class Chains:
    """The passages of a labyrinth joined through arches that meet in pairs."""

    __slots__ = ("deepest", "level", "of", "ports")

    def __init__(self, lab: Labyrinth | None) -> None:
        """The chains of ``lab``, found in full (``None``: none yet, to be filled in)."""
        self.of: dict[int, int] = {}  # slot -> chain number (cards with arches only)
        self.level: dict[int, int | None] = {}
        self.deepest: dict[int, int] = {}  # the deepest card level over a chain
        self.ports: dict[int, list[tuple[int, int]]] = {}  # chain -> (slot, side) opening into it
        if lab is None:
            return
        # the per-shape tables and the levels are read directly (what Labyrinth.depth, .top,
        # .exit_level and .over compute, without a call per card)
        cells, levels, arrow, up = lab.maze.cells, lab.levels, lab.arrow, lab.up
        sides, arches_of, deeps = C.SIDES_OF, C.ARCHES_OF, C.DEEP_OF
        of = self.of
        for slot in sorted(cells):
            if slot in of or not arches_of[cells[slot]]:
                continue
            number = len(self.level)
            ports: list[tuple[int, int]] = []
            level: int | None = None
            deepest = -99
            queue = [slot]
            of[slot] = number
            while queue:
                here = queue.pop()
                sid = cells[here]
                stairs = deeps[sid] != 0
                deepest = max(deepest, levels[here] + (stairs and arrow > 0))  # depth(here)
                top = levels[here] - (stairs and arrow < 0)  # top(here)
                arches = arches_of[sid]
                for side, opposite, step in SIDE_STEPS:
                    if not arches & side:
                        continue
                    there = here + step
                    other = cells.get(there)
                    if other is None:
                        continue
                    if sides[other] & opposite:
                        end = levels[there] + (arrow if deeps[other] == opposite else 0)
                        if not (up and end < top):  # not over(end, top)
                            ports.append((there, opposite))
                            level = end
                    elif there not in of:
                        of[there] = number
                        queue.append(there)
            self.level[number], self.deepest[number], self.ports[number] = level, deepest, ports
        if START in of and not up:
            self.level[of[START]] = lab.target

    def grown(self, lab: Labyrinth, slot: int) -> Chains | None:
        """The chains of ``lab`` after a card was laid on the empty ``slot`` (its level set),
        worked out from these around that card alone (these stay as they are: clones share
        them), instead of all again after every card; ``None`` where a chain it changes would
        have ports at different levels (only the full search says which level it then takes).

        A card laid on an empty slot changes only the chains it joins through its arches
        (merged into one, with the ports opening into its arches) and those its exits open
        into (a port more each); ports are never lost, and other chains stay as they were.
        """
        cells, levels, arrow, up = lab.maze.cells, lab.levels, lab.arrow, lab.up
        sides, arches_of, deeps = C.SIDES_OF, C.ARCHES_OF, C.DEEP_OF
        sid = cells[slot]
        arches, deep = arches_of[sid], deeps[sid]
        depth = levels[slot] + (deep != 0 and arrow > 0)
        top = levels[slot] - (deep != 0 and arrow < 0)
        new = Chains(None)
        of, level, deepest = dict(self.of), dict(self.level), dict(self.deepest)
        ports = dict(self.ports)  # a changed chain gets a new list: the old ones are shared
        new.of, new.level, new.deepest, new.ports = of, level, deepest, ports
        joined: list[int] = []  # chains whose arches meet the new card's
        own: list[tuple[int, int]] = []  # corridor ends opening into the new card's arches
        changed: list[int] = []
        for side, opposite, step in SIDE_STEPS:
            there = slot + step
            other = cells.get(there)
            if other is None:
                continue
            if arches & side:
                if sides[other] & opposite:
                    end = levels[there] + (arrow if deeps[other] == opposite else 0)
                    if not (up and end < top):
                        own.append((there, opposite))
                else:
                    joined.append(of[there])
            elif arches_of[other] & opposite:  # the new card's exit opens into that arch
                end = levels[slot] + (arrow if deep == side else 0)
                if not (up and end < levels[there] - (deeps[other] != 0 and arrow < 0)):
                    chain = of[there]
                    ports[chain] = ports[chain] + [(slot, side)]
                    changed.append(chain)
        if arches:
            if joined:
                number = min(joined)
                for chain in set(joined):
                    if chain != number:
                        for card, old in of.items():
                            if old == chain:
                                of[card] = number
                        ports[number] = ports[number] + ports.pop(chain)
                        deepest[number] = max(deepest[number], deepest.pop(chain))
                        del level[chain]
                        changed = [number if c == chain else c for c in changed]
                ports[number] = ports[number] + own
                deepest[number] = max(deepest[number], depth)
            else:
                number = max(level, default=-1) + 1
                ports[number], deepest[number], level[number] = own, max(-99, depth), None
            of[slot] = number
            changed.append(number)
        for chain in set(changed):
            ends = {
                levels[s] + (arrow if deeps[cells[s]] == side else 0) for s, side in ports[chain]
            }
            if len(ends) > 1:
                return None
            level[chain] = ends.pop() if ends else None
        if START in of and not up:
            level[of[START]] = lab.target
        return new


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
        "inside",
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
        self.inside = _inside(half)  # per slot: within the maze's bounds
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
        clone.inside = self.inside
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
        return _level(self._fit_empty(slot, sid))

    def _fit_empty(self, slot: int, sid: int, covering: bool = False) -> int | str:
        """The level of ``sid`` at the empty ``slot``, or why it does not fit (returned, not
        raised: :meth:`places` tries many shapes that do not fit, and a raise costs far more)."""
        inside = self.inside
        if not inside[slot]:
            return f"{xy_text(slot)} is off the table"
        cells, levels, sides, deeps = self.maze.cells, self.levels, C.SIDES_OF, C.DEEP_OF
        exits, deep, arrow = sides[sid], deeps[sid], self.arrow
        level: int | None = None
        for side, opposite, step in SIDE_STEPS:
            if not exits & side:
                continue
            there = slot + step
            if not inside[there]:
                return "no exit may point towards the table's edge"
            other = cells.get(there)
            if other is not None and sides[other] & opposite:
                # the neighbour's exit level (exit_level), less this card's own arrow end
                mine = levels[there] + (arrow if deeps[other] == opposite else 0)
                mine -= arrow if side == deep else 0
                if level is not None and mine != level:
                    return "the exits it meets lie at different levels"
                level = mine
        if level is None:
            return "a card must meet an exit of the labyrinth with an exit of its own"
        if not covering:
            why = self._check_start(slot, sid, level)
            if why is not None:
                return why
        depth = level + (deep != 0 and arrow > 0)
        why = self._check_arches(slot, exits, C.ARCHES_OF[sid], level, depth, deep)
        return level if why is None else why

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
        level = _level(trial._fit_empty(slot, sid, covering=True))
        if level + (C.deep_side(sid) != 0 and self.arrow > 0) >= self.top(slot):
            raise Misfit("a card covering another lies higher than it")
        return level

    def _check_start(self, slot: int, sid: int, level: int) -> str | None:
        """Why the rules around the start forbid ``sid`` at ``slot``, if they do."""
        card = C.CARD_OF[sid]
        if slot == START_EXIT:
            if card != C.STRAIGHT:
                return "the first card at the start's exit must be a straight"
        elif slot in AROUND_START and not self.up:
            if level + (card == C.STAIRS) != self.target:
                return (
                    f"around the start lie only cards at level {self.target} or stairs down into it"
                )
            for side, _, step in SIDE_STEPS:
                if slot + step == START and C.ARCHES_OF[sid] & side:
                    return "an arch may not meet the start's arches"
        return None

    def _check_arches(
        self, slot: int, exits: int, arches: int, level: int, depth: int, deep: int
    ) -> str | None:
        """Each chain this card joins or opens into stays at one level, below all its cards
        (else why not)."""
        # tried for many shapes at every step: the tables read directly, and the containers made
        # only when a neighbour needs them (found in the same order as before)
        chains, cells, levels, arrow, up = (
            self.chains,
            self.maze.cells,
            self.levels,
            self.arrow,
            self.up,
        )
        sides, arches_of, deeps = C.SIDES_OF, C.ARCHES_OF, C.DEEP_OF
        joined: set[int] | None = None  # chains the new card's passage joins through arches
        below: set[int] = set()  # levels of the corridors opening into the new card's arches
        into: dict[int, set[int]] | None = None  # chain -> levels of its exits opening into it
        top = level - (deep != 0 and arrow < 0)
        for side, opposite, step in SIDE_STEPS:
            there = slot + step
            other = cells.get(there)
            if other is None:
                continue
            if arches & side and arches_of[other] & opposite:
                if joined is None:
                    joined = set()
                joined.add(chains.of[there])
            elif arches & side and sides[other] & opposite:
                end = levels[there] + (arrow if deeps[other] == opposite else 0)
                if not (up and end < top):
                    below.add(end)
            elif exits & side and arches_of[other] & opposite:
                end = level + (arrow if side == deep else 0)
                if not (up and end < levels[there] - (deeps[other] != 0 and arrow < 0)):
                    if into is None:
                        into = {}
                    into.setdefault(chains.of[there], set()).add(end)
        if joined is not None:
            for chain in joined:
                if into is not None:
                    below |= into.pop(chain, set())
                known = chains.level[chain]
                if known is not None:
                    below.add(known)
                depth = max(depth, chains.deepest[chain])
        if arches:
            why = _one_level(below, depth)
            if why is not None:
                return why
        if into is not None:
            for chain, ends in into.items():
                why = _one_level(ends | _known(chains.level[chain]), chains.deepest[chain])
                if why is not None:
                    return why
        return None

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
        covering = slot in self.cards
        if covering:
            self.under.setdefault(slot, []).append(
                (self.cards[slot], self.maze.cells[slot], self.levels[slot], slot in self.face_up)
            )
            self.face_up.discard(slot)
            self.maze.replace(slot, sid)
        else:
            self.maze.place(slot, sid)
        self.levels[slot] = level
        self.cards[slot] = card
        # the chains grown around the new card where they can be (a covered card: all again)
        known = self._chains
        self._chains = None if known is None or covering else known.grown(self, slot)
        self._places = {}
        self._rebuild_jumps()
        return level

    def places(self, corridor: str, occupied: Iterable[int] = ()) -> list[tuple[int, int]]:
        """Every ``(slot, shape)`` where a card of ``corridor`` fits, in slot order: next to an
        exit, or ("Auf zum Gipfel!") on a laid card that no mage stands on (``occupied``)."""
        key = (corridor, frozenset(occupied) if self.up else frozenset())
        known = self._places.get(key)
        if known is not None:
            return known
        out = self._places[key] = []
        cells, shapes = self.maze.cells, C.SHAPES_BY_CORRIDOR[corridor]
        if self.up:
            slots = sorted(set(self.maze.frontier) | (set(self.cards) - key[1]))
        else:
            slots = [packed >> KEY_BITS for packed in self.maze.frontier_in_order()]
        sides = C.SIDES_OF
        for slot in slots:
            if slot in cells:
                for sid in shapes:  # in the order of C.TURNS[corridor]
                    try:
                        self._cover(slot, sid)
                    except Misfit:
                        continue
                    out.append((slot, sid))
                continue
            # the sides where a neighbour's exit faces this slot: a shape with no exit there
            # meets no exit and does not fit (_fit_empty's own verdict), found once per slot
            meets = 0
            for side, opposite, step in SIDE_STEPS:
                other = cells.get(slot + step)
                if other is not None and sides[other] & opposite:
                    meets |= side
            for sid in shapes:
                if sides[sid] & meets and not isinstance(self._fit_empty(slot, sid), str):
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

    def next_slots(self, slot: int) -> list[int]:
        """The cards one step or one passage from the card at ``slot``, in the order the field
        walk gives them (``Steps(maze, LevelRules(lab))`` from its one field), read straight
        from the tables: a mage's moves ask this at every step.

        >>> lab = Labyrinth(target=2)
        >>> _ = lab.lay(START_EXIT, C.SHAPES.by_name["I0"], "I-cloak")
        >>> from saboteur.engine.walk import Steps
        >>> walk = Steps(lab.maze, LevelRules(lab))
        >>> steps = [field_slot(f) for f in walk(field_id(START, 0))]
        >>> steps == lab.next_slots(START) == [START_EXIT]
        True
        """
        cells, levels, sides, deeps, arrow = (
            self.maze.cells,
            self.levels,
            C.SIDES_OF,
            C.DEEP_OF,
            self.arrow,
        )
        sid = cells[slot]
        exits, deep = sides[sid], deeps[sid]
        out = []
        for side, opposite, step in SIDE_STEPS:  # every Zwergengold card is one field
            if not exits & side:
                continue
            there = slot + step
            other = cells.get(there)
            if other is None or not sides[other] & opposite:
                continue
            mine = levels[slot] + (arrow if deep == side else 0)  # as LevelRules.crosses
            if mine == levels[there] + (arrow if deeps[other] == opposite else 0):
                out.append(there)
        overlay = self.maze.overlay_if_any
        if overlay is not None:
            jumps = overlay.jumps.get(field_id(slot, 0))
            if jumps:
                for target in sorted(jumps):
                    if field_slot(target) in cells:
                        out.append(field_slot(target))
        return out

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


def _one_level(levels: set[int], deepest: int) -> str | None:
    """A passage lies at one level, deeper than every card above it; else why not."""
    if len(levels) > 1:
        return "a passage under cards would lie at two levels"
    if levels and min(levels) <= deepest:
        return (
            f"a corridor at level {min(levels)} may open only into an arch of a card lying higher"
        )
    return None


def _level(found: int | str) -> int:
    """A level found, or :class:`Misfit` with the reason found instead."""
    if isinstance(found, str):
        raise Misfit(found)
    return found


_INSIDE: Final[dict[int, list[bool]]] = {}  # half the table's width -> per slot index: on the table


def _inside(half: int) -> list[bool]:
    """Per slot index, whether it lies on a table reaching ``half`` slots from the start each
    way (a list item: far cheaper in the hot loops than ``Maze.in_bounds``); built once."""
    table = _INSIDE.get(half)
    if table is None:
        table = _INSIDE[half] = [False] * SLOT_COUNT
        for x in range(-half, half + 1):
            for y in range(-half, half + 1):
                table[slot_index(x, y)] = True
    return table


class LevelRules(FieldRules):
    """Steps between corridors only where both ends lie at the same level."""

    def __init__(self, lab: Labyrinth) -> None:
        super().__init__()
        self.lab = lab

    def crosses(self, maze: Maze, source: int, target: int) -> bool:
        # called for every step the walk tries: exit_level() of both ends, read from the tables
        a, b = field_slot(source), field_slot(target)
        lab = self.lab
        cells, levels, deeps, arrow = lab.maze.cells, lab.levels, C.DEEP_OF, lab.arrow
        for side, opposite, step in SIDE_STEPS:
            if a + step == b:
                mine = levels[a] + (arrow if deeps[cells[a]] == side else 0)
                return mine == levels[b] + (arrow if deeps[cells[b]] == opposite else 0)
        raise ValueError(f"{xy_text(a)} and {xy_text(b)} are not neighbours")
