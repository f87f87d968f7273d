"""Helpers for a ruleset's card list: cards by count, and catalogue entries of path cards.

>>> counted({"map": 2, "key": 1})
['map', 'map', 'key']
"""

from __future__ import annotations

from typing import Any, TypeVar

from saboteur.engine.maze import Shape, sides_text

K = TypeVar("K")
# the plain path cards both games print
PLAIN_TITLES = {
    "NS": "straight N-S",
    "EW": "straight E-W",
    "ES": "curve E-S",
    "SW": "curve S-W",
    "NES": "T-junction N-E-S",
    "NEW": "T-junction N-E-W",
    "NESW": "crossroads",
}


def counted(counts: dict[K, int]) -> list[K]:
    """Each key of ``counts`` repeated as often as it counts, in order."""
    return [key for key, count in counts.items() for _ in range(count)]


def shape_entry(kind: str, card: str, title: str, count: int, shape: Shape) -> dict[str, Any]:
    """The catalogue entry of a card lying as ``shape``: its sides and its tunnels (the sides
    joined through it, per group; a dead end's sides each alone), as a board cell gives them."""
    return {
        "kind": kind,
        "name": card,
        "title": title,
        "count": count,
        "sides": sides_text(shape.sides),
        "links": [sides_text(group) for group in shape.groups],
    }
