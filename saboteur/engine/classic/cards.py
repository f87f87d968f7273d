"""The cards of base Saboteur: the exact deck, roles and gold.

Path cards are named by their open sides as printed, in the order N, E, S, W;
a leading ``x`` marks a dead end (open sides, no tunnel between them)::

    >>> PATH_COUNTS["NES"], PATH_COUNTS["xNESW"]
    (5, 1)
    >>> sum(PATH_COUNTS.values()), sum(ACTION_COUNTS.values()), len(GOLD_CARDS)
    (40, 27, 28)

A card turned 180° lies as another shape; shapes are named the same way, so
``NES`` turned lies as ``NSW``.  The names of the shapes are unique, which is
what makes the placement notation ``NSW@3,-1`` unambiguous.
"""

from __future__ import annotations

from typing import Any, Final

from saboteur.engine.catalogue import PLAIN_TITLES, counted, shape_entry
from saboteur.engine.maze import (
    HALF_TURNS,
    SIDES,
    Namer,
    Shape,
    ShapeTable,
    orientations,
    sides_mask,
    sides_text,
    turn_half,
)
from saboteur.engine.tools import CART as CART
from saboteur.engine.tools import LANTERN as LANTERN
from saboteur.engine.tools import PICKAXE as PICKAXE
from saboteur.engine.tools import TOOL_NAMES as TOOL_NAMES
from saboteur.engine.tools import TOOLS as TOOLS
from saboteur.engine.tools import tool_cards

PATH_COUNTS: dict[str, int] = {
    "NS": 4,
    "EW": 3,
    "ES": 4,
    "SW": 5,
    "NES": 5,
    "NEW": 5,
    "NESW": 5,
    "xS": 1,
    "xW": 1,
    "xNS": 1,
    "xEW": 1,
    "xES": 1,
    "xSW": 1,
    "xNES": 1,
    "xNEW": 1,
    "xNESW": 1,
}

ACTION_COUNTS: dict[str, int] = {
    "break-pickaxe": 3,
    "break-lantern": 3,
    "break-cart": 3,
    "repair-pickaxe": 2,
    "repair-lantern": 2,
    "repair-cart": 2,
    "repair-pickaxe-lantern": 1,
    "repair-pickaxe-cart": 1,
    "repair-lantern-cart": 1,
    "rockfall": 3,
    "map": 6,
}
BREAKS, REPAIRS = tool_cards(ACTION_COUNTS)

GOLD_COUNTS = {1: 16, 2: 8, 3: 4}
GOLD_CARDS: list[int] = counted(GOLD_COUNTS)

DIGGER: Final = "digger"
SABOTEUR: Final = "saboteur"
ROLE_COUNTS = {DIGGER: 7, SABOTEUR: 4}
# players -> (saboteurs, diggers) among the role cards shuffled for the round
ROLE_TABLE: dict[int, tuple[int, int]] = {
    3: (1, 3),
    4: (1, 4),
    5: (2, 4),
    6: (2, 5),
    7: (3, 5),
    8: (3, 6),
    9: (3, 7),
    10: (4, 7),
}
SABOTEUR_PAYOUT = {1: 4, 2: 3, 3: 3, 4: 2}


def hand_size(players: int) -> int:
    """Cards per hand: 6 for 3-5 players, 5 for 6-7, 4 for 8-10."""
    return 6 if players <= 5 else 5 if players <= 7 else 4


START = "start"
GOLD_GOAL: Final = "gold"
STONE_NE: Final = "stone-ne"
STONE_NW: Final = "stone-nw"
GOAL_CARDS = (GOLD_GOAL, STONE_NE, STONE_NW)
GOAL_SIDES = {GOLD_GOAL: "NESW", STONE_NE: "NE", STONE_NW: "NW"}

TITLES = {
    **PLAIN_TITLES,
    START: "start (crossroads with a ladder)",
    GOLD_GOAL: "goal: gold (crossroads)",
    STONE_NE: "goal: stone (curve N-E)",
    STONE_NW: "goal: stone (curve N-W)",
}


ROTATIONS = HALF_TURNS  # a card lies as printed or turned 180°


def _orientations(card: str, printed: int, dead_end: bool, namer: Namer) -> list[Shape]:
    groups = tuple(s for s in SIDES if printed & s) if dead_end else (printed,)
    return orientations(card, printed, groups, ROTATIONS, namer)


def _path_namer(card: str) -> Namer:
    prefix = "x" if card.startswith("x") else ""
    return lambda turns, sides: prefix + sides_text(sides) if turns else card


def _goal_namer(goal: str) -> Namer:
    return lambda turns, sides: f"{goal}:{sides_text(sides)}"


def _build_shapes() -> list[Shape]:
    shapes: list[Shape] = []
    for card in PATH_COUNTS:
        printed = sides_mask(card.lstrip("x"))
        shapes += _orientations(card, printed, card.startswith("x"), _path_namer(card))
    shapes += _orientations(START, 15, False, lambda turns, sides: START)
    for goal in GOAL_CARDS:
        shapes += _orientations(goal, sides_mask(GOAL_SIDES[goal]), False, _goal_namer(goal))
    return shapes


SHAPES = ShapeTable(_build_shapes(), ROTATIONS)
PATH_SHAPE_IDS = [sid for sid, shape in enumerate(SHAPES.shapes) if shape.card in PATH_COUNTS]
assert list(range(len(PATH_SHAPE_IDS))) == PATH_SHAPE_IDS  # path shapes are numbered first
FIT = SHAPES.fit_table(PATH_SHAPE_IDS)
START_SHAPE = SHAPES.by_name[START]
# card -> bitmask of the shape ids it can lie as (one bit, or two if turning changes it)
CARD_SHAPE_BITS = SHAPES.card_bits(PATH_SHAPE_IDS)


def shape_id(card: str, turned: bool) -> int:
    """The shape id of ``card`` lying as printed or turned 180°."""
    for sid, shape in enumerate(SHAPES.shapes):
        if shape.card == card and (shape.turned == turned or turn_half(shape.sides) == shape.sides):
            return sid
    raise KeyError(card)


def goal_shape_for(goal: str, entry: int, prefer: int = 0) -> int:
    """The orientation of a revealed goal that opens towards ``entry`` (a side mask).

    Prefer one opening towards ``prefer`` (the side the tunnel came from last).
    """
    candidates = [sid for sid, shape in enumerate(SHAPES.shapes) if shape.card == goal]
    for wanted in (prefer & entry, entry):
        for sid in candidates:
            if SHAPES.sides[sid] & wanted:
                return sid
    return candidates[0]


def deck_cards() -> list[str]:
    """The 40 path and 27 action cards, in a fixed order (shuffled by the state)."""
    return counted(PATH_COUNTS) + counted(ACTION_COUNTS)


def catalogue() -> list[dict[str, Any]]:
    """Every card kind with its count, for ``saboteur cards classic``."""

    def with_shape(kind: str, card: str, count: int, sid: int) -> dict[str, Any]:
        shape = SHAPES.shapes[sid]
        title = TITLES.get(card, f"dead end {sides_text(shape.sides)}")
        return shape_entry(kind, card, title, count, shape)

    entries = [with_shape("start", START, 1, START_SHAPE)]
    for goal in GOAL_CARDS:
        entries.append(with_shape("goal", goal, 1, shape_id(goal, False)))
    for card, count in PATH_COUNTS.items():
        entries.append(with_shape("path", card, count, shape_id(card, False)))
    for card, count in ACTION_COUNTS.items():
        entries.append({"kind": "action", "name": card, "title": card, "count": count})
    for value, count in GOLD_COUNTS.items():
        entries.append(
            {"kind": "gold", "name": f"gold-{value}", "title": "", "count": count, "value": value}
        )
    for role, count in ROLE_COUNTS.items():
        entries.append({"kind": "role", "name": role, "title": role, "count": count})
    for entry in entries:
        if not entry["title"]:
            entry["title"] = f"{entry['value']} gold nugget" + ("s" if entry["value"] > 1 else "")
    return entries
