"""Events and cards of The Dark Cave as messages of the catalogue (``messages.json``).

Each event kind has its key ``darkcave.<kind>``; seats become names, cards their names in
the reader's language:

>>> from saboteur.engine.base import Event
>>> from saboteur.engine.messages import render
>>> render(message(Event("equip", 0, {"card": "boots", "target": 1})), "en", ["Ann", "Ben"])
'Ann laid boots in front of Ben'
>>> render(card_message("II-hole-Ns"), "de")
'Gerade Nord–Süd mit dunklem Loch im Süden (Stapel II)'
>>> render(message(Event("step", 1, {"field": "2,-1.0"})), "en", ["Ann", "Ben"])
"Ben's dwarf steps to the card 2 right and 1 up from the start"
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from saboteur.engine.base import Event
from saboteur.engine.card_words import shape, side_to, special_sides
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave.setup import goal_slots
from saboteur.engine.messages import Arg, Message, Seat
from saboteur.engine.wording import Landmark, Places, placed, tell

CORNERS = ("goal.top-left", "goal.top-right", "goal.bottom-left", "goal.bottom-right")
FIELD = re.compile(r"(-?\d+),(-?\d+)[.:]([A-Z0-9]+)")
SPECIALS = ("hole", "ladder", "eagle")


@cache
def places(players: int) -> Places:
    """The start and the four goals in the corners (their distance depends on ``players``)."""
    goals = [
        Landmark(x, y, name) for (x, y), name in zip(goal_slots(players), CORNERS, strict=True)
    ]
    return Places((Landmark(0, 0, "start"), *goals))


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
        goal = card_message(f"goal-{kind}")
        return Message("darkcave.card.goal-as", {"goal": goal, "shape": shape(sides)}, id=card)
    kind, _, sides = rest.rpartition("-")
    if sides in ("bridge", "tunnel"):
        return Message(f"darkcave.card.{sides}", {"group": head}, id=card)
    args: dict[str, Arg] = {"shape": shape(sides), "group": head}
    if kind not in SPECIALS:
        return Message("darkcave.card.group", args, id=card)
    args["special"] = Message(f"darkcave.special.{kind}", id=kind)
    at = special_sides(sides)
    if at:
        return Message("darkcave.card.special-at", {**args, "side": side_to(at[0])}, id=card)
    return Message("darkcave.card.special", args, id=card)


def clan_message(clan: str) -> Message:
    return Message(f"darkcave.clan.{clan}", id=clan)


def card_ids() -> list[str]:
    """Every card and shape name a view or an event of The Dark Cave can show."""
    return [*C.SHAPES.by_name, *C.GOALS, *sorted(C.ACTION_CARDS)]


def _slot(board: Places, text: str) -> Arg:
    """A field (``x,y.n``) as where its card lies; an edge (``x,y:E``) as a side of a card."""
    match = FIELD.fullmatch(text)
    if match is None:
        return text
    x, y, part = int(match[1]), int(match[2]), match[3]
    if part.isdigit():
        return board.where(x, y)
    edge = Message(f"side.{part}.edge", id=part)
    return Message("place.edge", {"side": edge, "where": board.where(x, y)})


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


def message(event: Event, board: Places | None = None) -> Message:
    """The message of ``event`` on a board with the landmarks ``board`` (4 players' unless
    given)."""
    board = board or places(4)
    kind = event.kind
    args: dict[str, Arg] = {"actor": Seat(event.seat)}
    args |= {key: _arg(key, value) for key, value in event.data.items()}
    args |= {key: _slot(board, event.data[key]) for key in ("field", "edge") if key in event.data}
    args |= placed(board, event.data)()
    for key in ("x", "y"):
        args.pop(key, None)
    if kind == "game-end" and event.data["winner"] is None:
        kind = "game-end.draw"
    if kind == "attack":
        kind = f"attack.{event.data['creature']}"
    if kind == "lure" and event.data.get("again"):
        kind = "lure.again"
    return tell(event, card_message, {event.kind: lambda: Message(f"darkcave.{kind}", args)}, board)
