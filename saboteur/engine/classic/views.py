"""The view and the events of base Saboteur, declared (see :mod:`saboteur.engine.views`).

>>> from saboteur.engine import new_game
>>> view = new_game("classic", 3).new_state(seed=1).view(0)
>>> sorted(set(view) - ClassicView.__required_keys__ - ClassicView.__optional_keys__)
[]
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from saboteur.engine.views import EventBase, ViewBase


class Goal(TypedDict):
    x: int
    y: int
    revealed: bool
    card: str | None  # known to the viewer: turned over, or peeked at with a map
    peeked: bool


class RoundResult(TypedDict):
    round: int
    turns: int
    winner: str  # diggers, saboteurs or nobody
    finder: int | None  # the seat whose card reached the gold
    roles: list[str]
    # the gold taken after the round (ledger.py): cards per seat (public) and their value per
    # seat where the viewer may know it (their own; everyone's once the game is over), else
    # null; both null where the state was read without its events
    gold_cards: list[int] | None
    gold: list[int | None] | None


class ClassicView(ViewBase):
    round: int
    rounds: int
    turns: int
    goals: list[Goal]
    bounds: list[int] | None
    hand_sizes: list[int]
    broken: list[list[str]]
    deck_size: int
    discard_size: int
    gold_pile_size: int
    gold_cards: list[int]
    results: list[RoundResult]
    scores: list[int] | None
    winners: list[int] | None
    gold_offer_size: int
    hand: NotRequired[list[str]]
    role: NotRequired[str]
    gold: NotRequired[list[int]]
    gold_offer: NotRequired[list[int] | None]


class RoundStartEvent(EventBase):
    round: int
    first: int


class DealEvent(EventBase):
    round: int
    role: str
    hand: list[str]


class PlaceEvent(EventBase):
    card: str
    shape: str
    x: int
    y: int


class CardAtEvent(EventBase):
    """An event about one card at one slot."""

    card: str
    x: int
    y: int


class RevealEvent(CardAtEvent):
    shape: str  # the shape the goal lies as, once turned over


class ToolEvent(EventBase):
    tool: str
    target: int


class BreakEvent(ToolEvent):
    pass


class RepairEvent(ToolEvent):
    pass


class RockfallEvent(CardAtEvent):
    pass


class MapEvent(EventBase):
    x: int
    y: int


class PeekEvent(CardAtEvent):
    pass


class PassEvent(EventBase):
    pass


class DiscardEvent(EventBase):
    card: str


class DrawEvent(EventBase):
    deck: int


class DrewEvent(EventBase):
    card: str


class RoundEndEvent(EventBase):
    round: int
    turns: int
    winner: str
    finder: int | None
    roles: list[str]


class GoldOfferEvent(EventBase):
    cards: int
    first: int


class GoldEvent(EventBase):
    cards: int


class GoldValueEvent(EventBase):
    values: list[int]


class GoldShortEvent(EventBase):
    cards: NotRequired[int]


class GameOverEvent(EventBase):
    scores: list[int]
    winners: list[int]


EVENTS: dict[str, type] = {
    "round-start": RoundStartEvent,
    "deal": DealEvent,
    "place": PlaceEvent,
    "reveal": RevealEvent,
    "break": BreakEvent,
    "repair": RepairEvent,
    "rockfall": RockfallEvent,
    "map": MapEvent,
    "peek": PeekEvent,
    "pass": PassEvent,
    "discard": DiscardEvent,
    "draw": DrawEvent,
    "drew": DrewEvent,
    "round-end": RoundEndEvent,
    "gold-offer": GoldOfferEvent,
    "gold": GoldEvent,
    "gold-value": GoldValueEvent,
    "gold-short": GoldShortEvent,
    "game-over": GameOverEvent,
}
