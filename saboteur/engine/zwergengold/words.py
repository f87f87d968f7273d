"""Events and cards of Zwergengold as messages of the catalogue (``messages.json``).

Each event kind has its key ``zwergengold.<kind>``; seats become names, cards their names in
the reader's language:

>>> from saboteur.engine.base import Event
>>> from saboteur.engine.messages import render
>>> render(message(Event("duel", 0, {"target": 1, "ap": 2})), "en", ["Ann", "Ben"])
'Ann duels Ben: 2 AP each'
>>> render(card_message("I-pick-dragon"), "de"), render(card_message("S"), "en")
('Gerade (Dietrich) mit Drachen', 'stairs')
"""

from __future__ import annotations

from typing import Any

from saboteur.engine.base import Event
from saboteur.engine.messages import Arg, Message, Seat
from saboteur.engine.wording import START_ONLY, placed, tell
from saboteur.engine.zwergengold import cards as C

SEAT_KEYS = ("target", "first")


def card_message(card: str) -> Message:
    """A card (whole, or its back), named in the reader's language."""
    corridor = Message(f"zwergengold.corridor.{C.corridor(card)}")
    scroll, mark = C.scroll(card), C.symbol(card)
    args: dict[str, Arg] = {"corridor": corridor}
    key = "zwergengold.card"
    if scroll is not None:
        args["scroll"] = Message(f"zwergengold.scroll.{scroll}", id=scroll)
        key += ".scroll"
    if mark is not None:
        args["symbol"] = Message(f"zwergengold.symbol.{mark}.dat", id=mark)  # after "with"/"mit"
        key += ".symbol"
    return Message(key, args, id=card)


def card_ids() -> list[str]:
    """Every card and back a view or an event of Zwergengold can show."""
    return sorted({C.START, *C.BOX_COUNTS, *C.BACKS})


def _arg(key: str, value: Any) -> Arg:
    if value is None:
        return "—"
    if key in SEAT_KEYS:
        return Seat(value)
    if key == "card":
        return card_message(value)
    if key == "cards":
        return [card_message(card) for card in value]
    if key == "winners":
        return [Seat(seat) for seat in value]
    if key == "scroll":
        return Message(f"zwergengold.scroll.{value}", id=value)
    if key == "via":
        return Message(f"zwergengold.via.{value}", id=value)
    return value  # type: ignore[no-any-return]


def message(event: Event) -> Message:
    """The message of ``event``."""
    kind = event.kind
    args: dict[str, Arg] = {"actor": Seat(event.seat)}
    args |= {key: _arg(key, value) for key, value in event.data.items()}
    args |= placed(START_ONLY, event.data)()  # where: "2 right and 1 up from the start"
    if kind in ("attach", "to-pile") and event.data.get("scroll"):
        kind += ".scroll"
    if kind == "game-over" and event.seat is None:
        kind += ".draw"
    return tell(event, card_message, {event.kind: lambda: Message(f"zwergengold.{kind}", args)})
