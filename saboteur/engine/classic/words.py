"""Events of base Saboteur in words, for logs, chat announcements and the event feed.

>>> from saboteur.engine.base import Event
>>> describe(Event("break", 0, {"tool": "lantern", "target": 2}), ["Anna", "Ben", "Carl"])
"Anna broke Carl's lantern"
"""

from __future__ import annotations

from saboteur.engine.base import Event
from saboteur.engine.wording import namer
from saboteur.engine.wording import where as slot_text


def describe(event: Event, names: list[str] | None = None) -> str:
    """One sentence for ``event``; ``names`` replaces ``seat N``."""
    who = namer(names)
    data, actor = event.data, who(event.seat)
    where = slot_text(data)
    kind = event.kind
    if kind == "round-start":
        return f"Round {data['round']} begins; {who(data['first'])} starts"
    if kind == "deal":
        return f"You are a {data['role']} this round; your hand: {', '.join(data['hand'])}"
    if kind == "place":
        return f"{actor} laid a tunnel {data['shape']} at {where}"
    if kind == "reveal":
        return f"The goal at {where} is turned over: {data['card']}"
    if kind == "break":
        return f"{actor} broke {who(data['target'])}'s {data['tool']}"
    if kind == "repair":
        target = "their own" if data["target"] == event.seat else f"{who(data['target'])}'s"
        return f"{actor} repaired {target} {data['tool']}"
    if kind == "rockfall":
        return f"{actor} caused a rockfall at {where}, removing {data['card']}"
    if kind == "map":
        return f"{actor} looked at the goal at {where}"
    if kind == "peek":
        return f"The goal at {where} is {data['card']}"
    if kind == "pass":
        return f"{actor} passed"
    if kind == "discard":
        return f"You discarded {data['card']}"
    if kind == "draw":
        return f"{actor} drew a card ({data['deck']} left)"
    if kind == "drew":
        return f"You drew {data['card']}"
    if kind == "round-end":
        roles = ", ".join(f"{who(s)}: {role}" for s, role in enumerate(data["roles"]))
        if data["winner"] == "diggers":
            finder = who(data["finder"])
            return f"{finder} reached the gold: the diggers win round {data['round']} ({roles})"
        if data["winner"] == "saboteurs":
            return f"The gold was not reached: the saboteurs win round {data['round']} ({roles})"
        return f"The gold was not reached and there was no saboteur ({roles})"
    if kind == "gold-offer":
        return f"{data['cards']} gold cards are shared out, {who(data['first'])} chooses first"
    if kind == "gold":
        return f"{actor} took {data['cards']} gold card{'s' if data['cards'] != 1 else ''}"
    if kind == "gold-value":
        return f"You got gold worth {sum(data['values'])}"
    if kind == "gold-short":
        return "The gold pile ran short"
    if kind == "game-over":
        winners = " and ".join(who(seat) for seat in data["winners"])
        return f"The game is over: {winners} won with {max(data['scores'])} gold"
    return f"{actor}: {kind}"
