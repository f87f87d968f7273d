"""The fixed action space of The Dark Cave: every action one integer, and back.

Blocks, in this order, for ``n`` seats (``CELLS`` = slots of the window x, y in [-7, 7],
``FIELDS`` = 8 fields a card may have, ``KINDS`` = the 43 hand card kinds sorted by name,
``PAIRS`` = the pairs of hand cards a hand can hold):

============  =====================  ===================================================
block         size                   number of an action
============  =====================  ===================================================
place         ``53 * CELLS``         ``cell * 53 + path shape`` (engine shape id - 12)
reveal        ``4 * 11``             ``corner * 11 + goal shape`` (how a goal turned over lies)
info-goal     ``4``                  corner (the order of ``setup.goal_slots``)
info-seat     ``n``                  seat
rockfall      ``CELLS``              cell
swap          ``n``                  seat
boots, axe    ``n`` each             seat
web, axe-web  ``2 * CELLS`` each     ``cell * 2 + (0: East edge, 1: South edge)``
lure          ``3 * (1 + FIELDS *    creature (rat, wyrm, goblin), then 0: move it on, else
              CELLS)``               ``1 + cell * FIELDS + field`` (a dark hole)
step          ``FIELDS * CELLS``     ``cell * FIELDS + field``
words         ``6``                  stop, drive-off, endure, propose-end, agree, refuse
pass          ``KINDS + PAIRS``      one card kind, then ``KINDS + pair``
============  =====================  ===================================================

Cards laid, fields stepped on and edges outside the window are not in the space and so never
offered (a dwarf can always stop; a pass is always legal).

>>> space = DarkCaveActionSpace(4)
>>> space.size
21290
>>> texts = ("II-hole-Ns@2,1", "step@-3,4.2", "rat", "web@1,0:S", "pass:I-NS+rat")
>>> [space.text(space.encode(parse_action(t)) or 0) for t in texts] == list(texts)
True
>>> space.encode(parse_action("I-NS@9,0")) is None
True
"""

from __future__ import annotations

from collections import Counter

from saboteur.engine import Action
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave.actions import parse_action
from saboteur.engine.darkcave.setup import goal_slots
from saboteur.engine.grid import (
    MAX_FIELDS,
    E,
    S,
    edge_id,
    edge_side,
    field_id,
    field_number,
    field_slot,
    slot_index,
    slot_xy,
)
from saboteur.envs.base import BlockSpace, Window

__all__ = ["DarkCaveActionSpace", "parse_action"]

WINDOW = Window(-7, 7, -7, 7)
CELLS = WINDOW.cells
PATH_SIDS: tuple[int, ...] = tuple(sorted(C.PATH_SHAPE_IDS))
GOAL_SIDS: tuple[int, ...] = tuple(sid for goal in C.GOALS for sid in C.SHAPE_IDS[goal])
CREATURES: tuple[str, ...] = tuple(C.CREATURES)
WORDS = (A.STOP, A.DRIVE_OFF, A.ENDURE, A.PROPOSE, A.AGREE, A.REFUSE)
COUNTS: Counter[str] = sum((C.PATH_COUNTS[d] + C.ACTION_COUNTS[d] for d in C.DECKS), Counter())
KINDS: tuple[str, ...] = tuple(sorted(C.HAND_CARDS))
PAIRS: tuple[tuple[str, str], ...] = tuple(
    (a, b) for a in KINDS for b in KINDS if a < b or (a == b and COUNTS[a] > 1)
)
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
EDGE_SIDES = (E, S)
SEAT_CARDS = {A.SWAP: "swap", C.BOOTS: "boots", C.AXE: "axe"}


def cell_of_slot(index: int) -> int | None:
    """The window cell of engine slot ``index`` (``None`` outside the window)."""
    return WINDOW.cell_of(*slot_xy(index))


def slot_of_cell(cell: int) -> int:
    """The engine slot of window ``cell``."""
    return slot_index(*WINDOW.cell_xy(cell))


class DarkCaveActionSpace(BlockSpace):
    """The Dark Cave's action space for ``players`` seats (see the module doc)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.corners = tuple(slot_index(x, y) for x, y in goal_slots(players))
        n, fields = players, MAX_FIELDS * CELLS
        sizes = {
            "place": len(PATH_SIDS) * CELLS,
            "reveal": 4 * len(GOAL_SIDS),
            "info-goal": 4,
            "info-seat": n,
            "rockfall": CELLS,
            "swap": n,
            "boots": n,
            "axe": n,
            "web": 2 * CELLS,
            "axe-web": 2 * CELLS,
            "lure": len(CREATURES) * (1 + fields),
            "step": fields,
            "words": len(WORDS),
            "pass": len(KINDS) + len(PAIRS),
        }
        super().__init__(sizes)

    def _encode(self, action: Action) -> int | None:
        kind, at = action.kind, self.starts
        if kind in (A.PLACE, A.REVEAL):
            index, sid = action.code >> 8, action.code & 0xFF
            if kind == A.REVEAL:
                return (
                    at["reveal"] + self.corners.index(index) * len(GOAL_SIDS) + GOAL_SIDS.index(sid)
                )
            cell = cell_of_slot(index)
            return (
                None if cell is None else at["place"] + cell * len(PATH_SIDS) + PATH_SIDS.index(sid)
            )
        if kind in (A.STEP, A.LURE):
            return self._field(action)
        if kind in (A.WEB, A.AXE_WEB):
            index, side = edge_side(action.code)
            cell = cell_of_slot(index)
            return None if cell is None else at[kind] + cell * 2 + EDGE_SIDES.index(side)
        if action.seat is not None:  # info, swap, boots, axe on a seat
            assert action.card is not None
            name = "info-seat" if kind == A.INFO else SEAT_CARDS[action.card]
            return at[name] + action.seat
        if kind == A.INFO:
            return at["info-goal"] + self.corners.index(action.code)
        if kind == A.ROCKFALL:
            cell = cell_of_slot(action.code)
            return None if cell is None else at["rockfall"] + cell
        if kind == A.PASS:
            cards = A.discarded(action)
            if len(cards) == 1:
                return at["pass"] + KINDS.index(cards[0])
            return at["pass"] + len(KINDS) + PAIR_INDEX[(cards[0], cards[1])]
        return at["words"] + WORDS.index(kind)

    def _field(self, action: Action) -> int | None:
        """A step, or a creature set on a dark hole (or moved on: code -1)."""
        if action.kind == A.LURE and action.code < 0:
            assert action.card is not None
            return self.starts["lure"] + CREATURES.index(action.card) * (1 + MAX_FIELDS * CELLS)
        cell = cell_of_slot(field_slot(action.code))
        if cell is None:
            return None
        number = cell * MAX_FIELDS + field_number(action.code)
        if action.kind == A.STEP:
            return self.starts["step"] + number
        assert action.card is not None
        block = CREATURES.index(action.card) * (1 + MAX_FIELDS * CELLS)
        return self.starts["lure"] + block + 1 + number

    def _decode(self, index: int) -> Action:
        name, offset = self.block_of(index)
        if name == "place":
            cell, shape = divmod(offset, len(PATH_SIDS))
            return A.place_action(slot_of_cell(cell), PATH_SIDS[shape])
        if name == "reveal":
            corner, shape = divmod(offset, len(GOAL_SIDS))
            return A.place_action(self.corners[corner], GOAL_SIDS[shape])
        if name == "info-goal":
            return A.slot_action(C.INFO, self.corners[offset])
        if name == "info-seat":
            return A.seat_action(C.INFO, offset)
        if name == "rockfall":
            return A.slot_action(C.ROCKFALL, slot_of_cell(offset))
        if name in ("swap", "boots", "axe"):
            return A.seat_action(name, offset)
        if name in ("web", "axe-web"):
            cell, side = divmod(offset, 2)
            return A.edge_action(name, edge_id(slot_of_cell(cell), EDGE_SIDES[side]))
        if name == "lure":
            creature, rest = divmod(offset, 1 + MAX_FIELDS * CELLS)
            field = None if rest == 0 else _field_of(rest - 1)
            return A.lure_action(CREATURES[creature], field)
        if name == "step":
            return A.step_action(_field_of(offset))
        if name == "words":
            return A.word_action(WORDS[offset])
        if offset < len(KINDS):
            return A.pass_action((KINDS[offset],))
        return A.pass_action(PAIRS[offset - len(KINDS)])


def _field_of(number: int) -> int:
    cell, field = divmod(number, MAX_FIELDS)
    return field_id(slot_of_cell(cell), field)
