"""Where the cards lie at the start of a round (RULES.md §4: the seed's picture is missing).

The Duel: green start at (0,0), blue start at (0,2); the six goals in a triangle whose
apex lies 4 empty columns East of the starts.  Solo: one start at (0,1) and the apex 7
empty columns away::

    >>> [slot_xy(i) for i in DUEL.goals]
    [(5, 1), (6, 0), (6, 2), (7, -1), (7, 1), (7, 3)]
    >>> slot_xy(SOLO.starts[0]), slot_xy(SOLO.goals[0])
    ((0, 1), (8, 1))
"""

from __future__ import annotations

from dataclasses import dataclass

from saboteur.engine.maze import slot_index, slot_xy

__all__ = ["DUEL", "SOLO", "Layout", "slot_xy"]


@dataclass(frozen=True)
class Layout:
    """Start slots (one per seat, in seat order), goal slots, markers and cards set aside."""

    starts: tuple[int, ...]
    goals: tuple[int, ...]
    markers: int
    aside: int


def _triangle(apex_x: int, y: int) -> tuple[int, ...]:
    slots = [(apex_x, y), (apex_x + 1, y - 1), (apex_x + 1, y + 1)]
    slots += [(apex_x + 2, y - 2), (apex_x + 2, y), (apex_x + 2, y + 2)]
    return tuple(slot_index(x, y) for x, y in slots)


DUEL = Layout(
    starts=(slot_index(0, 0), slot_index(0, 2)), goals=_triangle(5, 1), markers=8, aside=0
)
SOLO = Layout(starts=(slot_index(0, 1),), goals=_triangle(8, 1), markers=6, aside=10)
KEYS = 2  # key tokens per round
HAND = 6
