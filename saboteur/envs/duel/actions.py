"""The fixed action space of The Duel: every action one integer, and back.

Blocks, in this order (``CELLS`` = slots of the maze window, ``PAIRS`` = the
unordered pairs of hand cards a hand can hold, sorted by name):

==========  ===================  =====================================================
block       size                 number of an action
==========  ===================  =====================================================
place       ``41 * CELLS``       ``cell * 41 + shape`` (engine shape id: card and turn)
reveal      ``6 * 15``           ``goal * 15 + goal shape`` (how a reached goal lies)
break       ``3 * 2``            ``tool * 2 + seat`` (pickaxe, lantern, cart)
repair      ``7 * 2``            ``variant * 2 + seat`` (see ``REPAIR_VARIANTS``)
key         ``CELLS``            ``cell`` of the door
bribe       ``CELLS``            ``cell`` of the troll
rockfall    ``CELLS``            ``cell``
map         ``6``                goal slot (layout order)
clear       ``3 * PAIRS``        ``tool * PAIRS + pair`` (option C: discard two cards)
pass        ``38 + PAIRS``       card kind (``CARD_KINDS``), then ``38 + pair`` (option D)
==========  ===================  =====================================================

A cell is ``(y - Y_MIN) * WIDTH + (x - X_MIN)`` over the window x in [-6, 12],
y in [-7, 9] (19 x 17 = 323 slots) around the starts (0,0), (0,2) and the goals
(5..7, -1..3). Placements, keys, bribes and rockfalls outside the window are not
in the space and so never offered.

>>> space = DuelActionSpace()
>>> space.size
17230
>>> [space.decode(space.encode(parse_action(t))).text for t in ("troll-NSW@3,1", "pass:NS+map")]
['troll-NSW@3,1', 'pass:NS+map']
>>> space.encode(parse_action("NS@30,0")) is None
True
"""

from __future__ import annotations

from saboteur.engine import Action
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.actions import (
    BREAK,
    BRIBE,
    CLEAR,
    KEY,
    MAP,
    PASS,
    PLACE,
    REPAIR,
    REVEAL,
    ROCKFALL,
    discard_action,
    discarded,
    parse_action,
    place_action,
    seat_action,
    slot_action,
)
from saboteur.engine.duel.layout import DUEL
from saboteur.engine.maze import slot_index, slot_xy
from saboteur.envs.base import BlockSpace, Window

__all__ = ["DuelActionSpace", "parse_action"]

PLAYERS = 2
X_MIN, X_MAX, Y_MIN, Y_MAX = -6, 12, -7, 9
WIDTH, HEIGHT = X_MAX - X_MIN + 1, Y_MAX - Y_MIN + 1
CELLS = WIDTH * HEIGHT
SHAPE_COUNT = len(C.PATH_SHAPE_IDS)  # 41: placeable shapes are numbered 0..40 in the engine
GOAL_SIDS: tuple[int, ...] = tuple(sorted(s for sids in C.GOAL_SHAPES.values() for s in sids))
GOAL_SLOTS: tuple[int, ...] = DUEL.goals
TOOL_BITS: tuple[int, ...] = tuple(C.TOOL_NAMES)  # pickaxe, lantern, cart
REPAIR_VARIANTS: tuple[tuple[str, int], ...] = tuple(
    (card, tool) for card, tools in C.REPAIRS.items() for tool in tools
)
CARD_KINDS: tuple[str, ...] = (*C.PATH_COUNTS, *C.ACTION_COUNTS)
KIND_COUNTS: dict[str, int] = {**C.PATH_COUNTS, **C.ACTION_COUNTS}
PAIRS: tuple[tuple[str, str], ...] = tuple(
    (a, b)
    for a in sorted(CARD_KINDS)
    for b in sorted(CARD_KINDS)
    if a < b or (a == b and KIND_COUNTS[a] > 1)
)
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
BLOCK_NAMES: tuple[str, ...] = ("place", "reveal", "break", "repair", "key", "bribe")
BLOCK_NAMES += ("rockfall", "map", "clear", "pass")


WINDOW = Window(X_MIN, X_MAX, Y_MIN, Y_MAX)
cell_of = WINDOW.cell_of  # the window cell of slot (x, y), or None outside the window
cell_xy = WINDOW.cell_xy  # the slot of a window cell


def cell_index(cell: int) -> int:
    """The engine slot index of window ``cell``."""
    return slot_index(*cell_xy(cell))


class DuelActionSpace(BlockSpace):
    """The Duel's action space (2 seats; see the module doc for the layout)."""

    def __init__(self) -> None:
        sizes: tuple[int, ...] = (SHAPE_COUNT * CELLS, len(GOAL_SLOTS) * len(GOAL_SIDS))
        sizes += (len(TOOL_BITS) * PLAYERS, len(REPAIR_VARIANTS) * PLAYERS, CELLS, CELLS, CELLS)
        sizes += (len(GOAL_SLOTS), len(TOOL_BITS) * len(PAIRS), len(CARD_KINDS) + len(PAIRS))
        super().__init__(dict(zip(BLOCK_NAMES, sizes, strict=True)))

    def _encode(self, action: Action) -> int | None:
        kind, at = action.kind, self.starts
        if kind in (PLACE, REVEAL):
            index, sid = action.code >> 8, action.code & 255
            if kind == REVEAL:
                goal = GOAL_SLOTS.index(index) * len(GOAL_SIDS)
                return at["reveal"] + goal + GOAL_SIDS.index(sid)
            cell = cell_of(*slot_xy(index))
            return None if cell is None else at["place"] + cell * SHAPE_COUNT + sid
        if kind in (KEY, BRIBE, ROCKFALL):
            cell = cell_of(*slot_xy(action.code))
            return None if cell is None else at[kind] + cell
        if kind == MAP:
            return at["map"] + GOAL_SLOTS.index(action.code)
        if kind == BREAK:
            assert action.card is not None and action.seat is not None
            return at["break"] + TOOL_BITS.index(C.BREAKS[action.card]) * PLAYERS + action.seat
        if kind == REPAIR:
            assert action.card is not None and action.choice is not None
            assert action.seat is not None
            variant = REPAIR_VARIANTS.index((action.card, C.TOOLS[action.choice]))
            return at["repair"] + variant * PLAYERS + action.seat
        cards = discarded(action)
        if kind == CLEAR:
            assert action.choice is not None
            tool = TOOL_BITS.index(C.TOOLS[action.choice])
            return at["clear"] + tool * len(PAIRS) + PAIR_INDEX[(cards[0], cards[1])]
        assert kind == PASS
        if len(cards) == 1:
            return at["pass"] + CARD_KINDS.index(cards[0])
        return at["pass"] + len(CARD_KINDS) + PAIR_INDEX[(cards[0], cards[1])]

    def _decode(self, index: int) -> Action:
        name, offset = self.block_of(index)
        if name == "place":
            cell, sid = divmod(offset, SHAPE_COUNT)
            return place_action(cell_index(cell), sid)
        if name == "reveal":
            goal, shape = divmod(offset, len(GOAL_SIDS))
            return place_action(GOAL_SLOTS[goal], GOAL_SIDS[shape])
        if name == "break":
            tool, seat = divmod(offset, PLAYERS)
            return seat_action(C.BREAK_CARD[TOOL_BITS[tool]], seat)
        if name == "repair":
            variant, seat = divmod(offset, PLAYERS)
            card, tool = REPAIR_VARIANTS[variant]
            return seat_action(card, seat, tool)
        if name in (KEY, BRIBE, ROCKFALL):
            return slot_action(name, cell_index(offset))
        if name == "map":
            return slot_action(MAP, GOAL_SLOTS[offset])
        if name == "clear":
            tool, pair = divmod(offset, len(PAIRS))
            return discard_action(CLEAR, PAIRS[pair], TOOL_BITS[tool])
        if offset < len(CARD_KINDS):
            return discard_action(PASS, (CARD_KINDS[offset],))
        return discard_action(PASS, PAIRS[offset - len(CARD_KINDS)])
