"""Events and cards of The Dark Cave as messages of the catalogue (``messages.json``).

Each event kind has its key ``darkcave.<kind>``; seats become names, cards their names in
the reader's language:

>>> from saboteur.engine.base import Event
>>> from saboteur.engine.messages import render
>>> render(message(Event("equip", 0, {"card": "boots", "target": 1})), "en", ["Ann", "Ben"])
'Ann laid boots in front of Ben'
>>> render(card_message("II-hole-Ns"), "de"), render(card_message("III-tunnel"), "en")
('II Loch Ns', 'III double curve with tunnel')
"""

from __future__ import annotations

from typing import Any

from saboteur.engine.base import Event
from saboteur.engine.darkcave import cards as C
from saboteur.engine.messages import Arg, Message, Seat
from saboteur.engine.wording import tell

SEAT_KEYS = ("target", "first")
CARD_KEYS = ("card", "shape", "clan_card")
LIST_KEYS = ("cards", "hand", "clan_cards")


def card_message(card: str) -> Message:
    """A card (or a shape it lies as, or a clan card), named in the reader's language."""
    if card in C.ACTION_CARDS or card in C.GOALS or card == C.START:
        return Message(f"darkcave.card.{card}", id=card)
    if card.count("-") == 1 and card.split("-")[1] in ("loyal", "saboteur"):
        clan, character = card.split("-")
        return Message(f"darkcave.clan-card.{character}", {"clan": clan_message(clan)}, id=card)
    head, _, rest = card.partition("-")
    if head == "goal":
        kind, _, sides = rest.partition("-")
        return Message(
            "darkcave.card.goal-as", {"goal": card_message(f"goal-{kind}"), "sides": sides}, id=card
        )
    kind, _, sides = rest.rpartition("-")
    if sides in ("bridge", "tunnel"):
        return Message(f"darkcave.card.{sides}", {"group": head}, id=card)
    what = kind or "path"
    return Message(f"darkcave.card.{what}", {"group": head, "sides": sides}, id=card)


def clan_message(clan: str) -> Message:
    return Message(f"darkcave.clan.{clan}", id=clan)


def card_ids() -> list[str]:
    """Every card and shape name a view or an event of The Dark Cave can show."""
    return [*C.SHAPES.by_name, *C.GOALS, *sorted(C.ACTION_CARDS)]


def _arg(key: str, value: Any) -> Arg:
    if value is None:
        return "—"
    if key in SEAT_KEYS:
        return Seat(value)
    if key in CARD_KEYS:
        return card_message(value)
    if key in LIST_KEYS:
        return [card_message(card) for card in value]
    if key == "winners":
        return [Seat(seat) for seat in value]
    if key == "winner" or key == "clans":
        return clan_message(value) if isinstance(value, str) else [clan_message(c) for c in value]
    if key == "treasure":
        return [
            Message("darkcave.treasure-of", {"clan": clan_message(c), "value": v})
            for c, v in value.items()
        ]
    if key in ("creature", "why"):
        return Message(f"darkcave.{key}.{value}", id=value)
    return value  # type: ignore[no-any-return]


def message(event: Event) -> Message:
    """The message of ``event``."""
    kind = event.kind
    args: dict[str, Arg] = {"actor": Seat(event.seat)}
    args |= {key: _arg(key, value) for key, value in event.data.items()}
    if kind == "game-end" and event.data["winner"] is None:
        kind = "game-end.draw"
    if kind == "attack":
        kind = f"attack.{event.data['creature']}"
    if kind == "lure" and event.data.get("again"):
        kind = "lure.again"
    return tell(event, card_message, {event.kind: lambda: Message(f"darkcave.{kind}", args)})
