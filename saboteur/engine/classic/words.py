"""Events and cards of base Saboteur as messages of the catalogue (``messages.json``).

>>> from saboteur.engine.base import Event
>>> from saboteur.engine.messages import render
>>> broke = Event("break", 0, {"tool": "lantern", "target": 2})
>>> render(message(broke), "en", ["Anna", "Ben", "Carl"])
"Anna broke Carl's lantern"
>>> render(message(Event("break", 1, {"tool": "cart", "target": 1})), "de", ["Anna", "Ben"])
'Ben hat die eigene Lore zerbrochen'
>>> render(card_message("repair-pickaxe-cart"), "de")
'Spitzhacke oder Lore reparieren'
>>> laid = Event("place", 1, {"card": "ESW", "shape": "ESW", "x": 0, "y": -2})
>>> render(message(laid), "en", ["Ann", "Ben"])
'Ben laid a T-junction east–south–west 2 up from the start'
"""

from __future__ import annotations

from collections.abc import Callable

from saboteur.engine.base import Event
from saboteur.engine.card_words import shape
from saboteur.engine.classic.cards import ACTION_COUNTS, GOAL_CARDS, SHAPES
from saboteur.engine.messages import Arg, Message, Seat
from saboteur.engine.places import Landmark, Places
from saboteur.engine.wording import placed, seats, tell, tool

PLACES = Places(
    (
        Landmark(0, 0, "start"),
        Landmark(8, -2, "goal.top"),
        Landmark(8, 0, "goal.middle"),
        Landmark(8, 2, "goal.bottom"),
    )
)


def card_message(card: str) -> Message:
    """A card of base Saboteur (or a shape it lies as), named in the reader's language."""
    args: dict[str, Arg] = {}
    if card == "start" or card in ("rockfall", "map"):
        key = f"card.{card}"
    elif card.startswith("break-"):
        key, args = "card.break", {"tool": tool(card[6:])}
    elif card.startswith("repair-"):
        tools = [tool(name) for name in card[7:].split("-")]
        key, args = "card.repair", {"tool": tools[0]}
        if len(tools) == 2:
            key, args = "card.repair2", {"a": tools[0], "b": tools[1]}
    elif card.startswith(("gold", "stone")):
        key = "goal.gold" if card.startswith("gold") else "goal.stone"
    else:
        named = shape(card.removeprefix("x"), dead=card.startswith("x"))
        return Message(named.key, named.args, id=card)
    return Message(key, args, id=card)


def card_ids() -> list[str]:
    """Every card and shape name a view or an event of base Saboteur can show."""
    return [*SHAPES.by_name, *GOAL_CARDS, *ACTION_COUNTS]


def role(name: str) -> Message:
    return Message(f"role.{name}", id=name)


def _round_end(event: Event) -> Message:
    data = event.data
    # (the argument is "dwarf", not "role": a role travels in the own deal event only)
    roles = seats([role(name) for name in data["roles"]], "classic.seat-role", "dwarf")
    args = {"round": data["round"], "roles": roles}
    if data["winner"] == "diggers":
        return Message("classic.round-end.diggers", {**args, "finder": Seat(data["finder"])})
    if data["winner"] == "saboteurs":
        return Message("classic.round-end.saboteurs", args)
    return Message("classic.round-end.nobody", args)


def _events(event: Event) -> dict[str, Callable[[], Message]]:
    data, actor = event.data, Seat(event.seat)
    card: Callable[[str], Message] = lambda key: card_message(data[key])  # noqa: E731
    at = placed(PLACES, data)
    return {
        "deal": lambda: Message(
            "classic.deal",
            {"role": role(data["role"]), "hand": [card_message(c) for c in data["hand"]]},
        ),
        "place": lambda: Message("classic.place", at(actor=actor, shape=card("shape"))),
        "reveal": lambda: Message("classic.reveal", at(card=card("card"))),
        "repair": lambda: Message(
            "classic.repair-own" if data["target"] == event.seat else "classic.repair",
            {"actor": actor, "target": Seat(data["target"]), "tool": tool(data["tool"])},
        ),
        "rockfall": lambda: Message("classic.rockfall", at(actor=actor, card=card("card"))),
        "pass": lambda: Message("classic.pass", {"actor": actor}),
        "discard": lambda: Message("classic.discard", {"card": card("card")}),
        "draw": lambda: Message("classic.draw", {"actor": actor, "deck": data["deck"]}),
        "drew": lambda: Message("classic.drew", {"card": card("card")}),
        "round-end": lambda: _round_end(event),
        "gold-offer": lambda: Message(
            "classic.gold-offer", {"cards": data["cards"], "first": Seat(data["first"])}
        ),
        "gold": lambda: Message("classic.gold", {"actor": actor, "cards": data["cards"]}),
        "gold-value": lambda: Message("classic.gold-value", {"value": sum(data["values"])}),
        "gold-short": lambda: Message("classic.gold-short"),
        "game-over": lambda: Message(
            "classic.game-over",
            {"winners": [Seat(s) for s in data["winners"]], "gold": max(data["scores"])},
        ),
    }


def message(event: Event) -> Message:
    """The message of ``event``."""
    return tell(event, card_message, _events(event), PLACES)
