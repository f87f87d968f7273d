"""The toy's view and events, declared (what its schema publishes)."""

from __future__ import annotations

from typing import NotRequired

from saboteur.engine.views import EventBase, ViewBase


class ToyView(ViewBase):
    hands: list[int]  # how many cards each seat holds
    deck: int
    scores: list[int]
    winners: list[int]
    hand: NotRequired[list[str]]  # the viewer's own cards


class DealEvent(EventBase):
    hand: list[str]


class PlaceEvent(EventBase):
    card: str
    x: int
    y: int


class CardEvent(EventBase):
    card: str


class GameOverEvent(EventBase):
    winners: list[int]


EVENTS: dict[str, type] = {
    "deal": DealEvent,
    "place": PlaceEvent,
    "pass": CardEvent,
    "drew": CardEvent,
    "game-over": GameOverEvent,
}
