"""The toy's cards: a few tunnels on the shared maze, never turned.

>>> sorted(COUNTS)
['ES', 'EW', 'NE', 'NESW', 'NS', 'NW', 'SW']
>>> sum(COUNTS.values())
24
"""

from __future__ import annotations

from typing import Any

from saboteur.engine.catalogue import shape_entry
from saboteur.engine.maze import Shape, ShapeTable, sides_mask

COUNTS = {"NS": 2, "EW": 8, "ES": 3, "SW": 3, "NE": 3, "NW": 3, "NESW": 2}
START, GOAL = "start", "goal"
TITLES = {"start": "start", "goal": "goal", "NESW": "crossroads"}


def _shape(card: str, sides: str) -> Shape:
    mask = sides_mask(sides)
    return Shape(card, False, mask, (mask,), card)


SHAPES = ShapeTable(
    [_shape(card, card) for card in COUNTS] + [_shape(START, "NESW"), _shape(GOAL, "NESW")]
)
PATH_IDS = tuple(SHAPES.by_name[card] for card in COUNTS)
FIT = SHAPES.fit_table(PATH_IDS)
START_SHAPE, GOAL_SHAPE = SHAPES.by_name[START], SHAPES.by_name[GOAL]


def catalogue(players: int = 2) -> list[dict[str, Any]]:
    """Every card with its count and tunnels (``saboteur cards toy``)."""
    entries = [shape_entry("start", START, "start", 1, SHAPES.shapes[START_SHAPE])]
    entries.append(shape_entry("goal", GOAL, "goal", 1, SHAPES.shapes[GOAL_SHAPE]))
    for card, count in COUNTS.items():
        title = TITLES.get(card, f"tunnel {card}")
        entries.append(shape_entry("path", card, title, count, SHAPES.shapes[SHAPES.by_name[card]]))
    return entries
