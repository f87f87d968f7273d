"""What the rulesets' action notations share: slots in range, and cards played on a seat.

>>> slot_of("map@300,0", 300, 0)
Traceback (most recent call last):
...
saboteur.engine.base.NotationError: 'map@300,0': coordinates lie between -120 and 120
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from saboteur.engine.base import Action, NotationError
from saboteur.engine.grid import COORD_LIMIT, slot_index, within_limits
from saboteur.engine.tools import BREAK_CARD, TOOL_NAMES, TOOLS

_BREAKS = frozenset(BREAK_CARD.values())


def cached(text: object, cache: Mapping[str, Action]) -> Action | None:
    """The action ``text`` names if ``cache`` has it; ``None`` if not; a NotationError if
    ``text`` is no text at all.

    >>> cached("", {})
    Traceback (most recent call last):
    ...
    saboteur.engine.base.NotationError: '': an action is a non-empty text
    """
    if not isinstance(text, str) or not text:
        raise NotationError(f"{text!r}: an action is a non-empty text")
    return cache.get(text)


def slot_of(text: str, x: int, y: int) -> int:
    """The slot ``(x, y)`` named in ``text``, which must lie within the coordinate limit."""
    if not within_limits(x, y):
        raise NotationError(f"{text!r}: coordinates lie between -{COORD_LIMIT} and {COORD_LIMIT}")
    return slot_index(x, y)


def seat_card(
    text: str,
    card: str,
    choice: str | None,
    seat: int,
    repairs: Mapping[str, tuple[int, ...]],
    make: Callable[[str, int, int], Action],
) -> Action:
    """A break or repair ``card`` played on ``seat`` (``choice``: the tool a double repair mends).

    ``make(card, seat, tool)`` builds the action; ``tool`` is 0 for a break card.
    """
    if card in _BREAKS:
        if choice is not None:
            raise NotationError(f"{text!r}: '/' goes with a double repair card only")
        return make(card, seat, 0)
    if card in repairs:
        tools = repairs[card]
        if len(tools) == 1:
            if choice is not None:
                raise NotationError(f"{text!r}: a single repair card takes no '/tool'")
            return make(card, seat, tools[0])
        if choice is None or choice not in TOOLS or TOOLS[choice] not in tools:
            names = " or ".join(TOOL_NAMES[t] for t in tools)
            raise NotationError(f"{text!r}: say which tool the double repair mends ({names})")
        return make(card, seat, TOOLS[choice])
    raise NotationError(f"{text!r}: {card!r} is not a card played on a player")
