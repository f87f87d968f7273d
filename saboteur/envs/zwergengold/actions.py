"""The fixed action space of Zwergengold: every action one integer, and back.

Blocks, in this order, for ``n`` seats (``CELLS`` = slots of the window x, y in [-10, 10], the
largest table; ``BACKS`` = the 32 card backs sorted by name):

============  ==========================  ==============================================
block         size                        number of an action
============  ==========================  ==============================================
move          ``3 * CELLS``               ``kind * CELLS + cell`` (step, under, trapdoor)
wall, look,   ``CELLS`` each              cell
dust
lay           ``2 * BACKS * (4 * CELLS    ``(kind * BACKS + back) * (4 * CELLS + 1)``, then
              + 1)``                      ``cell * 4 + turns`` or ``4 * CELLS`` (under the pile);
                                          kind 0 plays, 1 reads the scroll first
stairs        ``4 * CELLS``               ``cell * 4 + turns`` (a plan card's stairs)
duel          ``7 * n``                   ``seat * 7 + AP - 1``
order         ``9``                       the orders of 1, 2 and 3 cards seen (``ORDERS``)
potion        ``2``                       4 AP, 2 cards
words         ``6``                       enter, retreat, agree, refuse, done, end
============  ==========================  ==============================================

>>> space = ZwergengoldActionSpace(3)
>>> space.size
117408
>>> texts = ("step@0,1", "read:T-pick@-2,3:1", "play:S@pile", "duel@2:7", "order:1,0", "end")
>>> [space.text(space.encode(parse_action(t)) or 0) for t in texts] == list(texts)
True
"""

from __future__ import annotations

from itertools import permutations

from saboteur.engine import Action
from saboteur.engine.grid import slot_index, slot_xy
from saboteur.engine.zwergengold import actions as A
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold.actions import parse_action
from saboteur.envs.base import BlockSpace, Window

__all__ = ["ZwergengoldActionSpace", "parse_action"]

WINDOW = Window(-10, 10, -10, 10)
CELLS = WINDOW.cells
BACKS: tuple[str, ...] = C.BACKS
MOVE_KINDS = A.MOVES
ON_CELL = (A.WALL, A.LOOK, A.DUST)
LAY_KINDS = (A.PLAY, A.READ)
PER_BACK = 4 * CELLS + 1
ORDERS: tuple[tuple[int, ...], ...] = tuple(
    order for count in (1, 2, 3) for order in permutations(range(count))
)
POTIONS = (A.POTION_AP, A.POTION_CARDS)
WORDS = (A.ENTER, A.RETREAT, A.AGREE, A.REFUSE, A.DONE, A.END)


class ZwergengoldActionSpace(BlockSpace):
    """Zwergengold's action space for ``players`` seats (see the module doc)."""

    def __init__(self, players: int) -> None:
        self.players = players
        sizes = {
            "move": len(MOVE_KINDS) * CELLS,
            **{kind: CELLS for kind in ON_CELL},
            "lay": len(LAY_KINDS) * len(BACKS) * PER_BACK,
            "stairs": 4 * CELLS,
            "duel": C.MAX_AP * players,
            "order": len(ORDERS),
            "potion": len(POTIONS),
            "words": len(WORDS),
        }
        super().__init__(sizes)

    def _encode(self, action: Action) -> int | None:
        kind, at = action.kind, self.starts
        if kind == A.DUEL:
            assert action.seat is not None
            return at["duel"] + action.seat * C.MAX_AP + action.code - 1
        if kind == A.ORDER:
            return at["order"] + ORDERS.index(A.order_of(action))
        if kind == A.POTION:
            return at["potion"] + POTIONS.index(str(action.choice))
        if kind in WORDS:
            return at["words"] + WORDS.index(kind)
        if kind in LAY_KINDS and action.choice == A.PILE:
            return self._lay_base(kind, action) + 4 * CELLS
        assert action.slot is not None
        cell = WINDOW.cell_of(*action.slot)
        if cell is None:
            return None
        if kind in MOVE_KINDS:
            return at["move"] + MOVE_KINDS.index(kind) * CELLS + cell
        if kind in ON_CELL:
            return at[kind] + cell
        if kind == A.STAIRS:
            return at["stairs"] + cell * 4 + A.turns_of(action)
        return self._lay_base(kind, action) + cell * 4 + A.turns_of(action)

    def _lay_base(self, kind: str, action: Action) -> int:
        assert action.card is not None
        back = LAY_KINDS.index(kind) * len(BACKS) + BACKS.index(action.card)
        return self.starts["lay"] + back * PER_BACK

    def _decode(self, index: int) -> Action:
        name, offset = self.block_of(index)
        if name == "move":
            kind, cell = divmod(offset, CELLS)
            return A.slot_action(MOVE_KINDS[kind], _slot(cell))
        if name in ON_CELL:
            return A.slot_action(name, _slot(offset))
        if name == "lay":
            which, rest = divmod(offset, PER_BACK)
            kind, back = divmod(which, len(BACKS))
            if rest == 4 * CELLS:
                return A.lay_action(LAY_KINDS[kind], BACKS[back], None)
            cell, turns = divmod(rest, 4)
            return _laid(LAY_KINDS[kind], BACKS[back], cell, turns)
        if name == "stairs":
            cell, turns = divmod(offset, 4)
            return _laid(A.STAIRS, C.STAIRS, cell, turns)
        if name == "duel":
            seat, ap = divmod(offset, C.MAX_AP)
            return A.duel_action(seat, ap + 1)
        if name == "order":
            return A.order_action(ORDERS[offset])
        if name == "potion":
            return A.potion_action(POTIONS[offset])
        return A.word_action(WORDS[offset])


def _slot(cell: int) -> int:
    return slot_index(*WINDOW.cell_xy(cell))


def _laid(kind: str, back: str, cell: int, turns: int) -> Action:
    """A card laid at a window cell, turned ``turns`` (as text, so that a turn the corridor
    cannot lie in is refused as a legal action would be)."""
    x, y = slot_xy(_slot(cell))
    head = "stairs" if kind == A.STAIRS else f"{kind}:{back}"
    text = f"{head}@{x},{y}:{turns}"
    if turns not in C.TURNS[C.corridor(back)]:
        return Action(text, kind, back, (x, y), choice=str(turns), code=_slot(cell))
    return A.lay_action(kind, back, _slot(cell), turns)
