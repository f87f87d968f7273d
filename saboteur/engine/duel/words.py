"""Events of The Duel and solo in words, for logs, chat announcements and the event feed.

>>> from saboteur.engine.base import Event
>>> describe(Event("mark", 1, {"card": "goal-2", "value": 2, "x": 6, "y": 0}), ["Ann", "Ben"])
'Ben put a marker on goal-2 at (6,0): 2 gold'
"""

from __future__ import annotations

from saboteur.engine.base import Event
from saboteur.engine.wording import namer
from saboteur.engine.wording import where as slot_text


def describe(event: Event, names: list[str] | None = None) -> str:
    """One sentence for ``event``; ``names`` replaces ``seat N``."""
    who = namer(names)
    data, actor, kind = event.data, who(event.seat), event.kind
    where = slot_text(data)
    simple = {
        "place": lambda: f"{actor} laid {data['shape']} at {where}",
        "goal-up": lambda: (
            f"The goal at {where} is turned over: {data['card']};"
            f" {actor} chooses how it lies ({' or '.join(data['choices'])})"
        ),
        "reveal": lambda: f"The goal at {where} lies face up: {data['shape']}",
        "mark": lambda: f"{actor} put a marker on {data['card']} at {where}: {data['value']} gold",
        "bribe": lambda: f"{actor} bribed the troll at {where}",
        "break": lambda: f"{actor} broke {who(data['target'])}'s {data['tool']}",
        "repair": lambda: f"{actor} repaired their {data['tool']}",
        "key": lambda: f"{actor} opened the door of {data['card']} at {where} with a key",
        "rockfall": lambda: f"{actor} caused a rockfall at {where}, removing {data['card']}",
        "map": lambda: f"{actor} looked at the goal at {where}",
        "peek": lambda: f"The goal at {where} is {data['card']}",
        "clear": lambda: (
            f"{actor} discarded {' and '.join(data['cards'])} to remove their broken {data['tool']}"
        ),
        "pass": lambda: f"{actor} passed, discarding {data['cards']} card(s)",
        "discard": lambda: f"You discarded {', '.join(data['cards'])}",
        "draw": lambda: f"{actor} drew {data['cards']} card(s) ({data['deck']} left)",
        "drew": lambda: f"You drew {', '.join(data['cards'])}",
        "deal": lambda: f"Round {data['round']}: your hand is {', '.join(data['hand'])}",
        "round-start": lambda: f"Round {data['round']} begins; {who(data['first'])} starts",
        "pay": lambda: f"{actor} paid {data['value']} gold for {data['bribes']} bribe(s)",
    }
    if kind in simple:
        return simple[kind]()
    if kind == "drawn-sabotage":
        if data["laid"]:
            return f"{actor} drew a broken {data['tool']} and laid it at once"
        return f"{actor} drew a second broken {data['tool']} and discarded it"
    if kind == "drawn-rockfall":
        if data["card"] is None:
            return f"{actor} drew a rockfall; there was nothing to remove"
        return f"{actor} drew a rockfall: it removed {data['card']} at {where}"
    if kind == "round-end":
        gold = ", ".join(f"{who(s)}: {g}" for s, g in enumerate(data["gold"]))
        return f"Round {data['round']} is over ({data['end']}); gold won: {gold}"
    if kind == "game-over":
        scores = ", ".join(f"{who(s)}: {g}" for s, g in enumerate(data["scores"]))
        rating = f"; rating: {data['rating']}" if "rating" in data else ""
        winners = " and ".join(who(seat) for seat in data["winners"])
        return f"The game is over ({scores}): {winners} won{rating}"
    return f"{actor}: {kind}"
