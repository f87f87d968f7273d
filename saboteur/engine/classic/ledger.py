"""The gold each seat took in each finished round of base Saboteur, told from the events.

The number of gold cards a seat takes is public (event ``gold``); their value is seen by the
seat alone (event ``gold-value``) until the game is over, when the scores tell everyone.  So a
round's result in a view carries every seat's ``gold_cards`` and, in ``gold``, the values the
viewer may know: their own, and everyone's once the game is over (``None`` where unknown)::

    >>> from saboteur.engine.base import Event
    >>> events = [Event("round-end", None, {"round": 1}), Event("gold", 1, {"cards": 2}),
    ...           Event("gold-value", 1, {"values": [3, 1]}, to=1)]
    >>> ledger = round_gold(events, 3)
    >>> ledger[1].cards, ledger[1].values
    ([0, 2, 0], [0, 4, 0])
    >>> ledger[1].seen(1, over=False), ledger[1].seen(None, over=True)
    ([None, 4, None], [0, 4, 0])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from saboteur.engine.base import Event


@dataclass
class RoundGold:
    """One round's gold: cards taken and their value, per seat."""

    cards: list[int]
    values: list[int]
    told: set[int] = field(default_factory=set)  # the seats whose values the events gave

    def seen(self, viewer: int | None, over: bool) -> list[int | None]:
        """The values ``viewer`` may know (all of them once the game is ``over``)."""
        return [value if over or seat == viewer else None for seat, value in enumerate(self.values)]


def round_gold(events: Iterable[Event], players: int) -> dict[int, RoundGold]:
    """Per finished round (by number), the gold its seats took after it ended."""
    rounds: dict[int, RoundGold] = {}
    current: RoundGold | None = None
    for event in events:
        if event.kind == "round-end":
            current = rounds[event.data["round"]] = RoundGold([0] * players, [0] * players)
        elif current is not None and event.seat is not None:
            if event.kind == "gold":
                current.cards[event.seat] += event.data["cards"]
            elif event.kind == "gold-value":
                current.values[event.seat] += sum(event.data["values"])
                current.told.add(event.seat)
    return rounds
