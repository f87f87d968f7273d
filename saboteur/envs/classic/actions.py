"""The fixed action space of the classic ruleset: every action one integer, and back.

Blocks, in this order (``n`` = players, ``CELLS`` = slots of the maze window):

==============  ===================  ================================================
block           size                 number of an action
==============  ===================  ================================================
place           ``26 * CELLS``       ``cell * 26 + shape`` (shape: engine shape id)
break           ``3 * n``            ``tool * n + seat`` (pickaxe, lantern, cart)
repair          ``9 * n``            ``variant * n + seat`` (see ``REPAIR_VARIANTS``)
rockfall        ``CELLS``            ``cell``
map             ``3``                goal slot (y = -2, 0, 2)
pass            ``27``               card kind (``CARD_KINDS``)
gold            ``3``                value - 1
==============  ===================  ================================================

A cell is ``(y - Y_MIN) * WIDTH + (x - X_MIN)`` over the window x in [-6, 12],
y in [-8, 8] (19 x 17 = 323 slots). Placements and rockfalls outside the window
are not in the space and so never offered.

>>> space = ClassicActionSpace(4)
>>> space.size
8802
>>> i = space.encode(parse_action("NSW@3,-1"))
>>> i, space.decode(i)
(3699, Action('NSW@3,-1'))
>>> [str(space.decode(space.encode(parse_action(t)))) for t in ("break-cart@2", "gold:3")]
['break-cart@2', 'gold:3']
>>> space.encode(parse_action("NS@30,0")) is None
True
"""

from __future__ import annotations

from saboteur.engine import Action
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.actions import parse_action
from saboteur.engine.classic.state import GOAL_SLOTS
from saboteur.engine.maze import slot_xy
from saboteur.envs.base import TOOL_ORDER, ActionSpace, Window

X_MIN, X_MAX, Y_MIN, Y_MAX = -6, 12, -8, 8
WIDTH, HEIGHT = X_MAX - X_MIN + 1, Y_MAX - Y_MIN + 1
CELLS = WIDTH * HEIGHT
SHAPE_COUNT = len(C.PATH_SHAPE_IDS)  # 26: path shapes are numbered 0..25 in the engine
REPAIR_VARIANTS: tuple[tuple[str, str], ...] = tuple(
    (card, C.TOOL_NAMES[tool]) for card, tools in C.REPAIRS.items() for tool in tools
)
CARD_KINDS: tuple[str, ...] = (*C.PATH_COUNTS, *C.ACTION_COUNTS)
GOAL_XY: tuple[tuple[int, int], ...] = tuple(slot_xy(index) for index in GOAL_SLOTS)


WINDOW = Window(X_MIN, X_MAX, Y_MIN, Y_MAX)
cell_of = WINDOW.cell_of  # the window cell of slot (x, y), or None outside the window
cell_xy = WINDOW.cell_xy  # the slot of a window cell


class ClassicActionSpace(ActionSpace):
    """The classic action space for ``players`` seats (see the module doc for the layout)."""

    def __init__(self, players: int) -> None:
        self.players = n = players
        self.place = 0
        self.breaks = self.place + SHAPE_COUNT * CELLS
        self.repairs = self.breaks + len(TOOL_ORDER) * n
        self.rockfalls = self.repairs + len(REPAIR_VARIANTS) * n
        self.maps = self.rockfalls + CELLS
        self.passes = self.maps + len(GOAL_XY)
        self.golds = self.passes + len(CARD_KINDS)
        super().__init__(self.golds + 3)

    def blocks(self) -> dict[str, tuple[int, int]]:
        """Each block's ``(start, size)``."""
        starts = [self.place, self.breaks, self.repairs, self.rockfalls, self.maps]
        starts += [self.passes, self.golds, self.size]
        names = ("place", "break", "repair", "rockfall", "map", "pass", "gold")
        return {name: (a, b - a) for name, a, b in zip(names, starts[:-1], starts[1:], strict=True)}

    def _encode(self, action: Action) -> int | None:
        kind, n = action.kind, self.players
        if kind in ("place", "rockfall", "map"):
            assert action.slot is not None
            if kind == "map":
                return self.maps + GOAL_XY.index(action.slot)
            cell = cell_of(*action.slot)
            if cell is None:
                return None
            if kind == "rockfall":
                return self.rockfalls + cell
            return self.place + cell * SHAPE_COUNT + (action.code & 63)
        if kind == "break":
            assert action.card is not None and action.seat is not None
            return self.breaks + TOOL_ORDER.index(action.card[6:]) * n + action.seat
        if kind == "repair":
            assert action.card is not None and action.choice is not None and action.seat is not None
            return (
                self.repairs + REPAIR_VARIANTS.index((action.card, action.choice)) * n + action.seat
            )
        if kind == "pass":
            assert action.card is not None
            return self.passes + CARD_KINDS.index(action.card)
        assert kind == "gold" and action.choice is not None
        return self.golds + int(action.choice) - 1

    def _decode(self, index: int) -> Action:
        return parse_action(self.text(index))

    def text(self, index: int) -> str:
        """The action notation of action number ``index``."""
        n = self.players
        if index < self.breaks:
            cell, sid = divmod(index - self.place, SHAPE_COUNT)
            x, y = cell_xy(cell)
            return f"{C.SHAPES.shapes[sid].name}@{x},{y}"
        if index < self.repairs:
            tool, seat = divmod(index - self.breaks, n)
            return f"break-{TOOL_ORDER[tool]}@{seat}"
        if index < self.rockfalls:
            variant, seat = divmod(index - self.repairs, n)
            card, mended = REPAIR_VARIANTS[variant]
            return f"{card}/{mended}@{seat}" if len(C.REPAIRS[card]) > 1 else f"{card}@{seat}"
        if index < self.maps:
            x, y = cell_xy(index - self.rockfalls)
            return f"rockfall@{x},{y}"
        if index < self.passes:
            x, y = GOAL_XY[index - self.maps]
            return f"map@{x},{y}"
        if index < self.golds:
            return f"pass:{CARD_KINDS[index - self.passes]}"
        return f"gold:{index - self.golds + 1}"


def in_window(index: int) -> bool:
    """Whether engine slot ``index`` lies inside the window."""
    return cell_of(*slot_xy(index)) is not None
