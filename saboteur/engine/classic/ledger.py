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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from saboteur.engine.base import JSON, Event, NotationError


@dataclass
class RoundGold:
    """One round's gold: cards taken and their value, per seat."""

    cards: list[int]
    values: list[int]
    told: set[int] = field(default_factory=set)  # the seats whose values the events gave

    def copy(self) -> RoundGold:
        return RoundGold(list(self.cards), list(self.values), set(self.told))

    def seen(self, viewer: int | None, over: bool) -> list[int | None]:
        """The values ``viewer`` may know (all of them once the game is ``over``)."""
        return [value if over or seat == viewer else None for seat, value in enumerate(self.values)]


def round_gold(
    events: Iterable[Event], players: int, earlier: Mapping[int, RoundGold] | None = None
) -> dict[int, RoundGold]:
    """Per finished round (by number), the gold its seats took after it ended; ``earlier``:
    the rounds of a state read from its notation (whose events start where it was read, maybe
    while the last of them shares its gold out)."""
    rounds = {number: gold.copy() for number, gold in (earlier or {}).items()}
    current: RoundGold | None = rounds[max(rounds)] if rounds else None
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


def gold_to_json(rounds: Mapping[int, RoundGold]) -> list[JSON]:
    """The rounds' gold for the state notation: cards and values per seat, by round."""
    return [
        {"round": number, "cards": list(gold.cards), "values": list(gold.values)}
        for number, gold in sorted(rounds.items())
    ]


def gold_from_json(data: Any, players: int) -> dict[int, RoundGold]:
    """Read :func:`gold_to_json` back (``NotationError`` naming what is wrong)."""
    if not isinstance(data, list):
        raise NotationError("state notation: round_gold must be a list of rounds")
    rounds: dict[int, RoundGold] = {}
    for entry in data:
        if not isinstance(entry, dict) or not isinstance(entry.get("round"), int):
            raise NotationError("state notation: each round_gold entry needs its round number")
        lists = [entry.get("cards"), entry.get("values")]
        if not all(
            isinstance(v, list)
            and len(v) == players
            and all(isinstance(x, int) and x >= 0 for x in v)
            for v in lists
        ):
            raise NotationError(
                f"state notation: round_gold's cards and values hold {players} counts each"
            )
        rounds[entry["round"]] = RoundGold(list(lists[0]), list(lists[1]))  # type: ignore[arg-type]
    return rounds
