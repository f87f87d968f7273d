"""The view and the events of The Duel and solo, declared (see :mod:`saboteur.engine.views`).

>>> from saboteur.engine import new_game
>>> view = new_game("duel", 2).new_state(seed=1).view(0)
>>> sorted(set(view) - DuelView.__required_keys__ - DuelView.__optional_keys__)
[]
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from saboteur.engine.classic.views import (
    BreakEvent,
    CardAtEvent,
    Goal,
    MapEvent,
    PeekEvent,
    PlaceEvent,
    RepairEvent,
    RockfallEvent,
    RoundStartEvent,
)
from saboteur.engine.views import EventBase, ViewBase


class Pending(TypedDict):
    """A goal just turned over whose orientation its finder must choose."""

    x: int
    y: int
    card: str
    choices: list[str | None]


class RoundResult(TypedDict):
    round: int
    turns: int
    end: str  # goals, markers or cards
    gold: list[int]
    paid: list[int]


class DuelView(ViewBase):
    colours: list[str]
    round: int
    rounds: int
    turns: int
    goals: list[Goal]
    pending: Pending | None
    markers_left: int
    keys_left: int
    hand_sizes: list[int]
    broken: list[list[str]]
    deck_size: int
    discard_size: int
    aside_size: int
    goal_pile_size: int
    box_size: int
    gold: list[list[str]]
    scores: list[int]
    winners: list[int] | None
    results: list[RoundResult]
    rating: NotRequired[str | None]  # solo only
    hand: NotRequired[list[str]]


class DealEvent(EventBase):
    round: int
    hand: list[str]


class GoalUpEvent(EventBase):
    card: str
    x: int
    y: int
    choices: list[str]


class RevealEvent(PlaceEvent):
    pass


class MarkEvent(EventBase):
    card: str
    value: int
    x: int
    y: int


class KeyEvent(CardAtEvent):
    pass


class BribeEvent(EventBase):
    x: int
    y: int


class ClearEvent(EventBase):
    tool: str
    cards: list[str]


class PassEvent(EventBase):
    cards: int


class CardsEvent(EventBase):
    cards: list[str]


class DiscardEvent(CardsEvent):
    pass


class DrewEvent(CardsEvent):
    pass


class DrawEvent(EventBase):
    cards: int
    deck: int


class PayEvent(EventBase):
    bribes: int
    cards: list[str]
    value: int


class DrawnSabotageEvent(EventBase):
    tool: str
    laid: bool


class DrawnRockfallEvent(EventBase):
    card: str | None
    x: int | None
    y: int | None


class RoundEndEvent(EventBase):
    round: int
    turns: int
    end: str
    gold: list[int]
    paid: list[int]


class GameOverEvent(EventBase):
    scores: list[int]
    winners: list[int]
    rating: NotRequired[str]


EVENTS: dict[str, type] = {
    "round-start": RoundStartEvent,
    "deal": DealEvent,
    "place": PlaceEvent,
    "goal-up": GoalUpEvent,
    "reveal": RevealEvent,
    "mark": MarkEvent,
    "key": KeyEvent,
    "bribe": BribeEvent,
    "break": BreakEvent,
    "repair": RepairEvent,
    "clear": ClearEvent,
    "rockfall": RockfallEvent,
    "map": MapEvent,
    "peek": PeekEvent,
    "pass": PassEvent,
    "discard": DiscardEvent,
    "draw": DrawEvent,
    "drew": DrewEvent,
    "pay": PayEvent,
    "drawn-sabotage": DrawnSabotageEvent,
    "drawn-rockfall": DrawnRockfallEvent,
    "round-end": RoundEndEvent,
    "game-over": GameOverEvent,
}
