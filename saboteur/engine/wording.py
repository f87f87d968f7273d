"""What the rulesets' event messages share: seats, tools, slots and the events alike in both.

Each ruleset's ``words`` module turns its events into :class:`~saboteur.engine.messages.Message`
(the catalogue's texts are in ``messages.json``); what they have in common is here:

>>> from saboteur.engine.messages import render
>>> board = Places((Landmark(0, 0, "start"), Landmark(8, -2, "goal.top")))
>>> render(tell(Event("map", 1, {"x": 8, "y": -2}), Message, {}, board), "en", ["Ann", "Ben"])
'Ben looked at the top goal with a map'
>>> begins = Event("round-start", None, {"round": 2, "first": 0})
>>> render(tell(begins, Message, {}, board), "de", ["Ann"])
'Runde 2 beginnt; Ann fängt an'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from saboteur.engine.base import Event
from saboteur.engine.messages import Arg, Message, Seat
from saboteur.engine.places import Landmark as Landmark
from saboteur.engine.places import Places as Places

CardNamer = Callable[[str], Message]


def tool(name: str) -> Message:
    """A tool, named in the reader's language."""
    return Message(f"tool.{name}", id=name)


def seats(values: Sequence[Any], key: str, name: str) -> list[Message]:
    """One message ``key`` a seat: ``{seat}`` and its value as ``{name}`` (gold, a role)."""
    return [Message(key, {"seat": Seat(seat), name: value}) for seat, value in enumerate(values)]


# the board of a ruleset that names no landmarks of its own: places told from a start at (0,0)
START_ONLY = Places((Landmark(0, 0, "start"),))


def slot(data: Mapping[str, Any], **args: Arg) -> dict[str, Arg]:
    """The slot an event names as coordinates (``x`` and ``y``) with further arguments: for a
    ruleset whose texts do not tell places in words yet (see :func:`placed`)."""
    return {"x": data.get("x"), "y": data.get("y"), **args}


def placed(places: Places, data: Mapping[str, Any]) -> Callable[..., dict[str, Arg]]:
    """The arguments naming the slot an event names (``x`` and ``y``): ``where`` it lies
    ("2 right from the start") and what is there as a noun, ``goal`` ("the middle goal"),
    with further arguments."""

    def args(**more: Arg) -> dict[str, Arg]:
        x, y = data.get("x"), data.get("y")
        if not isinstance(x, int) or not isinstance(y, int):
            return dict(more)
        return {"where": places.where(x, y), "goal": places.goal(x, y), **more}

    return args


def shared(event: Event, card: CardNamer, places: Places) -> Message | None:
    """The message of an event the rulesets tell alike (``None`` for the others);
    ``card`` names the ruleset's cards, ``places`` its slots."""
    data, actor, kind = event.data, Seat(event.seat), event.kind
    if kind == "round-start":
        return Message("event.round-start", {"round": data["round"], "first": Seat(data["first"])})
    if kind == "break":
        own = data["target"] == event.seat
        target = Seat(data["target"])
        return Message(
            "event.break-own" if own else "event.break",
            {"actor": actor, "target": target, "tool": tool(data["tool"])},
        )
    if kind == "map":
        return Message("event.map", placed(places, data)(actor=actor))
    if kind == "peek":
        return Message("event.peek", placed(places, data)(card=card(data["card"])))
    return None


def tell(
    event: Event,
    card: CardNamer,
    events: Mapping[str, Callable[[], Message]],
    places: Places = START_ONLY,
) -> Message:
    """The message of ``event``: a shared one, else the one ``events`` makes for its kind,
    else who and the event's kind; ``places`` are the board's landmarks (a start at (0,0) if the
    ruleset names none)."""
    found = shared(event, card, places)
    if found is not None:
        return found
    make = events.get(event.kind)
    if make is not None:
        return make()
    return Message("event.other", {"actor": Seat(event.seat), "kind": event.kind})
