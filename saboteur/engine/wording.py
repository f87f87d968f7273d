"""What the rulesets' event messages share: seats, tools, slots and the events alike in both.

Each ruleset's ``words`` module turns its events into :class:`~saboteur.engine.messages.Message`
(the catalogue's texts are in ``messages.json``); what they have in common is here:

>>> from saboteur.engine.messages import render
>>> render(tell(Event("map", 1, {"x": 8, "y": -2}), Message, {}), "en", ["Ann", "Ben"])
'Ben looked at the goal at (8,-2)'
>>> render(tell(Event("round-start", None, {"round": 2, "first": 0}), Message, {}), "de", ["Ann"])
'Runde 2 beginnt; Ann fängt an'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from saboteur.engine.base import Event
from saboteur.engine.messages import Arg, Message, Seat

CardNamer = Callable[[str], Message]


def tool(name: str) -> Message:
    """A tool, named in the reader's language."""
    return Message(f"tool.{name}", id=name)


def seats(values: Sequence[Any], key: str, name: str) -> list[Message]:
    """One message ``key`` a seat: ``{seat}`` and its value as ``{name}`` (gold, a role)."""
    return [Message(key, {"seat": Seat(seat), name: value}) for seat, value in enumerate(values)]


def slot(data: Mapping[str, Any], **args: Arg) -> dict[str, Arg]:
    """The slot an event names (``x`` and ``y``) with further arguments."""
    return {"x": data.get("x"), "y": data.get("y"), **args}


def shared(event: Event, card: CardNamer) -> Message | None:
    """The message of an event both rulesets tell alike (``None`` for the others);
    ``card`` names the ruleset's cards."""
    data, actor, kind = event.data, Seat(event.seat), event.kind
    if kind == "round-start":
        return Message("event.round-start", {"round": data["round"], "first": Seat(data["first"])})
    if kind == "break":
        target = Seat(data["target"])
        return Message(
            "event.break", {"actor": actor, "target": target, "tool": tool(data["tool"])}
        )
    if kind == "map":
        return Message("event.map", slot(data, actor=actor))
    if kind == "peek":
        return Message("event.peek", slot(data, card=card(data["card"])))
    return None


def tell(event: Event, card: CardNamer, events: Mapping[str, Callable[[], Message]]) -> Message:
    """The message of ``event``: a shared one, else the one ``events`` makes for its kind,
    else who and the event's kind."""
    found = shared(event, card)
    if found is not None:
        return found
    make = events.get(event.kind)
    if make is not None:
        return make()
    return Message("event.other", {"actor": Seat(event.seat), "kind": event.kind})
