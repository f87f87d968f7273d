"""Places on the board in words: relative to the start or a goal, goals by their position.

A coordinate means nothing to a player, so event texts name a slot by the nearest landmark
(a start or a goal; the start wins a tie): the landmark itself, the slot next to it, or the
steps from it.  The texts are the catalogue's (``mark.*``, ``place.*``, ``step.*``):

>>> from saboteur.engine.messages import render
>>> board = Places((Landmark(0, 0, "start"), Landmark(8, 0, "goal.middle")))
>>> render(board.where(1, 0)), render(board.where(2, -1), "de")
('right of the start', '2 rechts und 1 hoch von dem Start')
>>> render(board.where(7, 0)), render(board.goal(8, 0), "de")
('left of the middle goal', 'das mittlere Ziel')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from saboteur.engine.messages import Message

# one step towards a side: (dx, dy) -> side letter; N is up (y - 1)
_SIDE = {(1, 0): "E", (-1, 0): "W", (0, -1): "N", (0, 1): "S"}


@dataclass(frozen=True)
class Landmark:
    """A slot players know by name: ``name`` is ``start``, ``goal.middle`` and the like."""

    x: int
    y: int
    name: str

    def named(self, form: str = "") -> Message:
        """The landmark as a noun (``form`` ``.dat``: the form after a preposition)."""
        return Message(f"mark.{self.name}{form}", id=self.name)


@dataclass(frozen=True)
class Places:
    """The landmarks of a board; :meth:`where` and :meth:`goal` word any slot."""

    landmarks: Sequence[Landmark]

    def nearest(self, x: int, y: int) -> Landmark:
        return min(self.landmarks, key=lambda mark: abs(mark.x - x) + abs(mark.y - y))

    def where(self, x: int, y: int) -> Message:
        """Where slot ``(x, y)`` lies, as an adverbial: "2 right and 1 up from the start"."""
        mark = self.nearest(x, y)
        dx, dy = x - mark.x, y - mark.y
        origin = mark.named(".dat")
        if (dx, dy) == (0, 0):
            return Message("place.at", {"mark": origin})
        if (dx, dy) in _SIDE:
            return Message(f"place.next.{_SIDE[dx, dy]}", {"mark": origin})
        steps: list[Message] = []
        if dx:
            steps.append(Message(f"step.{'E' if dx > 0 else 'W'}", {"n": abs(dx)}))
        if dy:
            steps.append(Message(f"step.{'S' if dy > 0 else 'N'}", {"n": abs(dy)}))
        return Message("place.steps", {"steps": steps, "mark": origin})

    def goal(self, x: int, y: int) -> Message:
        """Slot ``(x, y)`` as a noun: a landmark's name ("the middle goal"), else "the card …"."""
        for mark in self.landmarks:
            if (mark.x, mark.y) == (x, y):
                return mark.named()
        return Message("place.card", {"where": self.where(x, y)})
