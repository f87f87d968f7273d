"""Events and cards of The Duel and solo as messages of the catalogue (``messages.json``).

>>> from saboteur.engine.base import Event
>>> from saboteur.engine.messages import render
>>> marked = Event("mark", 1, {"card": "goal-2", "value": 2, "x": 6, "y": 0})
>>> render(message(marked), "en", ["Ann", "Ben"])
'Ben put a marker at the upper middle goal (goal: 2 gold): 2 gold'
>>> render(card_message("blue-nEW"), "de")
'T-Kreuzung Nord–Ost–West mit Tür blau im Norden'
>>> render(card_message("goal-1-green:NeSW"), "en")
'goal: 1 gold, green door, lying as crossroads, door to the east'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from saboteur.engine.base import Event
from saboteur.engine.card_words import shape, side_to, special_sides
from saboteur.engine.classic import words as classic
from saboteur.engine.duel.cards import ACTION_COUNTS, GOAL_COUNTS, SHAPES
from saboteur.engine.duel.layout import DUEL, Layout
from saboteur.engine.maze import slot_xy
from saboteur.engine.messages import Arg, Message, Seat
from saboteur.engine.wording import Landmark, Places, placed, seats, tell, tool

GOAL = re.compile(r"(\d)(?:-(green|blue))?")
MARKED = re.compile(r"(gold|troll|green|blue)-(.+)")
MARKED_KEYS = {"gold": "card.goldPath", "troll": "card.troll"}
# the goals of a layout's triangle, apex first (see layout.py), by their position
GOAL_NAMES = ("front", "upper", "lower", "top", "back", "bottom")


@cache
def places(layout: Layout, colours: tuple[str, ...] = ()) -> Places:
    """The landmarks of ``layout``: its starts (by colour where there are two) and goals."""
    starts = [
        Landmark(*slot_xy(slot), f"start.{colour}" if len(colours) > 1 else "start")
        for slot, colour in zip(layout.starts, colours or ("",) * len(layout.starts), strict=True)
    ]
    goals = [
        Landmark(*slot_xy(slot), f"goal.{name}")
        for slot, name in zip(layout.goals, GOAL_NAMES, strict=True)
    ]
    return Places((*starts, *goals))


DUEL_PLACES = places(DUEL, ("green", "blue"))


def colour(name: str) -> Message:
    return Message(f"colour.{name}", id=name)


def _named(card: str) -> tuple[str, dict[str, Arg]] | None:
    """The key and arguments of a card only The Duel has (``None`` for the others)."""
    if card.endswith("+open"):
        return "card.opened", {"card": card_message(card.removesuffix("+open"))}
    head, _, lies = card.partition(":")
    if lies and head.startswith(("goal-", "stone")):
        return "card.lying", {"card": card_message(head), "shape": lying(card)}
    kind, _, rest = card.partition("-")
    if kind in ("start", "ladder") and rest in ("green", "blue"):
        return ("card.startOf" if kind == "start" else "card.ladder"), {"colour": colour(rest)}
    if card in ("bridge", "curves", "key"):
        return f"card.{card}", {}
    goal = GOAL.fullmatch(head[5:]) if head.startswith("goal-") else None
    if head.startswith("stone"):
        return "card.stone", {}
    if goal is not None:
        value, door = goal.groups()
        if door:
            return "card.goalDoor", {"v": value, "colour": colour(door)}
        return "card.goal", {"v": value}
    marked = MARKED.fullmatch(card)
    if marked is not None:
        kind, sides = marked.groups()
        if kind in MARKED_KEYS:
            return MARKED_KEYS[kind], {"shape": shape(sides)}
        door = side_to(special_sides(sides)[0])
        return "card.door", {"colour": colour(kind), "shape": shape(sides), "side": door}
    return None


def lying(choice: str) -> Message:
    """How a goal may lie (``goal-2-blue:NESw``): its shape and its door's side."""
    sides = choice.partition(":")[2]
    doors = special_sides(sides)
    if doors:
        return Message("card.doorSide", {"card": shape(sides), "side": side_to(doors[0])}, choice)
    return Message(shape(sides).key, shape(sides).args, choice)


def card_message(card: str) -> Message:
    """A card of The Duel (or a shape it lies as), named in the reader's language."""
    named = _named(card)
    if named is None:
        return classic.card_message(card)
    return Message(named[0], named[1], id=card)


def card_ids() -> list[str]:
    """Every card and shape name a view or an event of The Duel can show."""
    return [*SHAPES.by_name, *GOAL_COUNTS, *ACTION_COUNTS]


def _cards(cards: list[str]) -> list[Message]:
    return [card_message(card) for card in cards]


def _ending(event: Event) -> Message:
    """The message of a round's or the game's end."""
    data = event.data
    if event.kind == "round-end":
        gold = seats(data["gold"], "duel.seat-gold", "gold")
        end = Message(f"duel.end.{data['end']}", id=data["end"])
        return Message("duel.round-end", {"round": data["round"], "end": end, "gold": gold})
    args: dict[str, Arg] = {
        "scores": seats(data["scores"], "duel.seat-gold", "gold"),
        "winners": [Seat(seat) for seat in data["winners"]],
    }
    if "rating" in data:
        rating = Message(f"rating.{data['rating']}", id=data["rating"])
        return Message("duel.game-over.rated", {**args, "rating": rating})
    return Message("duel.game-over", args)


def _events(event: Event, board: Places) -> dict[str, Callable[[], Message]]:
    data, actor = event.data, Seat(event.seat)
    at = placed(board, data)

    def card(key: str) -> Message:
        return card_message(data[key])

    def drawn() -> Message:
        if event.kind == "drawn-sabotage":
            laid = "laid" if data["laid"] else "discarded"
            return Message(
                f"duel.drawn-sabotage.{laid}", {"actor": actor, "tool": tool(data["tool"])}
            )
        if data["card"] is None:
            return Message("duel.drawn-rockfall.nothing", {"actor": actor})
        return Message("duel.drawn-rockfall", at(actor=actor, card=card("card")))

    return {
        "place": lambda: Message("duel.place", at(actor=actor, shape=card("shape"))),
        "goal-up": lambda: Message(
            "duel.goal-up",
            at(actor=actor, card=card("card"), choices=[lying(c) for c in data["choices"]]),
        ),
        "reveal": lambda: Message("duel.reveal", at(shape=card("shape"))),
        "mark": lambda: Message(
            "duel.mark", at(actor=actor, card=card("card"), value=data["value"])
        ),
        "bribe": lambda: Message("duel.bribe", at(actor=actor)),
        "repair": lambda: Message("duel.repair", {"actor": actor, "tool": tool(data["tool"])}),
        "key": lambda: Message("duel.key", at(actor=actor, card=card("card"))),
        "rockfall": lambda: Message("duel.rockfall", at(actor=actor, card=card("card"))),
        "clear": lambda: Message(
            "duel.clear",
            {"actor": actor, "cards": _cards(data["cards"]), "tool": tool(data["tool"])},
        ),
        "pass": lambda: Message("duel.pass", {"actor": actor, "cards": data["cards"]}),
        "discard": lambda: Message("duel.discard", {"cards": _cards(data["cards"])}),
        "draw": lambda: Message(
            "duel.draw", {"actor": actor, "cards": data["cards"], "deck": data["deck"]}
        ),
        "drew": lambda: Message("duel.drew", {"cards": _cards(data["cards"])}),
        "deal": lambda: Message(
            "duel.deal", {"round": data["round"], "hand": _cards(data["hand"])}
        ),
        "pay": lambda: Message(
            "duel.pay", {"actor": actor, "value": data["value"], "bribes": data["bribes"]}
        ),
        "drawn-sabotage": drawn,
        "drawn-rockfall": drawn,
        "round-end": lambda: _ending(event),
        "game-over": lambda: _ending(event),
    }


def message(event: Event, board: Places = DUEL_PLACES) -> Message:
    """The message of ``event`` on a board with the landmarks ``board``."""
    return tell(event, card_message, _events(event, board), board)
