"""The view and the events of Zwergengold, declared (see :mod:`saboteur.engine.views`).

>>> from saboteur.engine import new_game
>>> view = new_game("zwergengold", 3).new_state(seed=1).view(0)
>>> sorted(set(view) - ZwergengoldView.__required_keys__ - ZwergengoldView.__optional_keys__)
[]
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from saboteur.engine.views import EventBase, ViewBase


class LabyrinthCard(TypedDict):
    x: int
    y: int
    card: str  # what the viewer sees: its back while face down, the whole card once turned
    face: str  # up (symbol shown) or down
    seen: NotRequired[bool]  # face down, but the viewer saw it (far sight; a replay): whole card
    turn: int  # quarter turns clockwise from the printed card
    level: int  # the corridor's level (stairs: of the upper end)
    deep: str  # stairs: the side one level deeper (N, E, S or W); else ""
    exits: str  # the corridor's open sides
    arches: str  # the arch sides (the passage under the card)
    passage: int | None  # the level of the passage under it, once a corridor fixed it
    covers: int  # "Auf zum Gipfel!": how many cards lie under it


class PendingView(TypedDict):
    x: int
    y: int
    via: str  # step, under or trapdoor
    fee: int


class Reach(TypedDict):
    action: str  # step@…, under@… or trapdoor@…
    x: int
    y: int
    via: str
    cost: int | None  # the AP it takes; None: the card is face down (its symbol unknown)


class ZwergengoldView(ViewBase):
    turn: int  # the seat whose turn it is (``current`` may be a helper at a grille)
    turns: int
    round: int
    rounds: int  # the game ends without a winner after this round
    target: int  # the level of the gold
    ap: list[int]
    mages: list[list[int]]  # [x, y] of each seat's mage
    supplies: list[list[str]]  # each seat's cards, as their backs (nobody sees the symbols)
    pile: int  # cards in the draw pile
    stairs: int  # "Kein Plan!": stairs set apart
    labyrinth: list[LabyrinthCard]
    pending: PendingView | None
    stuck: bool
    came_from: list[int] | None
    scrolls: dict[str, int]  # cloak, pick, hammer read this turn and not yet used
    looks: int
    helpers: list[int]
    winner: int | None
    places: list[int]  # seats in the order their mages reached the gold
    hand_sizes: list[int]
    scores: list[int] | None  # once over: by place (the first of k placed scores k)
    winners: list[int] | None  # once over
    hand: NotRequired[list[str]]  # a seat's own supply, by backs (as its targets name them)
    seen: NotRequired[list[list[int | str]]]  # far sight: [x, y, card] still face down
    foreseen: NotRequired[list[str]]  # foreboding: the top cards, top first, while ordering
    reach: NotRequired[list[Reach]]  # the mage to move: where it can go now, and what it costs


class At(EventBase):
    x: int
    y: int


class StartEvent(EventBase):
    first: int
    levels: int


class CardAtEvent(At):
    card: str


class MoveEvent(At):
    via: str
    cost: int


class GrilleEvent(At):
    target: int


class CardsEvent(EventBase):
    cards: list[str]


class PileEvent(EventBase):
    card: str
    scroll: str | None


class AttachEvent(At):
    card: str
    scroll: str | None
    turn: int
    level: int
    covers: bool  # "Auf zum Gipfel!": laid on top of a card


class DuelEvent(EventBase):
    target: int
    ap: int


class EndEvent(EventBase):
    ap: int
    gain: int


class GoldEvent(EventBase):
    place: int


class OverEvent(EventBase):
    winners: list[int]


EVENTS: dict[str, type] = {
    "start": StartEvent,
    "turn-over": CardAtEvent,
    "move": MoveEvent,
    "lock": At,
    "turned-back": At,
    "grille": GrilleEvent,
    "agree": At,
    "refuse": At,
    "wall-up": At,
    "duel": DuelEvent,
    "draw": CardsEvent,
    "to-pile": PileEvent,
    "attach": AttachEvent,
    "foresaw": CardsEvent,
    "look": At,
    "saw": CardAtEvent,
    "order": EventBase,
    "dust": At,
    "no-stairs": EventBase,
    "end-turn": EndEvent,
    "gold": GoldEvent,
    "game-over": OverEvent,
}
