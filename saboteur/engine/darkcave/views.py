"""The view and the events of The Dark Cave, declared (see :mod:`saboteur.engine.views`).

>>> from saboteur.engine import new_game
>>> view = new_game("darkcave", 4).new_state(seed=1).view(0)
>>> sorted(set(view) - DarkCaveView.__required_keys__ - DarkCaveView.__optional_keys__)
[]
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from saboteur.engine.views import EventBase, ViewBase


class Web(TypedDict):
    edge: str  # "x,y:E" or "x,y:S": the edge East or South of slot (x, y)
    owner: int  # the seat whose web card it is (its timer runs on that seat's turns)
    shows: int  # 2, then 1


class CreatureOnBoard(TypedDict):
    field: str  # "x,y.n"
    owner: int  # the seat whose creature card lies in front of it


class AttackView(TypedDict):
    creature: str
    field: str
    victims: list[int]
    defenders: list[int]  # attacked seats with a battle axe still to decide, in order
    then: str  # whose move goes on afterwards: "creature" or "walk"


class WalkField(TypedDict):
    field: str  # "x,y.n"
    x: int
    y: int
    n: int  # the field's number on the card at (x, y)
    steps: int  # the fewest steps to it
    via: str  # the field it is reached from on that way ("x,y.n")
    enter: list[str]  # what entering it means: card, gold, attack, goal, exit, eagle
    cards: int  # hand cards the way costs (bridges)
    gold: int  # gold the way costs (tunnels; nothing if the dwarf carries none)


class WalkView(TypedDict):
    mover: str  # dwarf, or the creature being moved
    start: str  # the field it stands on
    steps_left: int
    fields: list[WalkField]  # every field it can reach, nearest first


class DarkCaveView(ViewBase):
    turn: int  # the seat whose turn it is (``current`` may be a defender or a voter)
    turns: int
    clans: list[str]  # each seat's clan, yellow or blue (public)
    characters: list[str | None]  # clan cards shown (revealed, one's own, all at the end)
    gold: list[int]  # the gold on each dwarf card
    supply: int
    out: list[int]  # seats whose dwarf left the cave, in order
    lying: list[bool]  # dwarfs a wyrm knocked down
    boots: list[bool]
    axes: list[int]
    webs: list[Web]
    creatures: dict[str, CreatureOnBoard]
    dwarfs: list[str | None]  # each dwarf's field; None: out of the cave
    steps_left: int | None  # in the move phase
    moving: str | None  # the creature being moved
    creature_steps: int | None
    attack: AttackView | None
    voters: list[int]
    hand_sizes: list[int]
    deck_size: int
    discard_size: int
    box_size: int
    aside_size: int
    scores: list[int] | None
    winners: list[int] | None
    hand: NotRequired[list[str]]
    clan_card: NotRequired[str]
    known: NotRequired[dict[str, str]]  # seat -> the clan card one looked at
    goals_seen: NotRequired[list[list[int | str]]]  # [x, y, goal card] looked at
    aside: NotRequired[list[str]]  # the set-aside clan cards (the first out of the cave)
    walk: NotRequired[WalkView | None]  # the seat to move: where its dwarf (or creature) can go


class At(EventBase):
    x: int
    y: int


class FieldEvent(EventBase):
    field: str


class EdgeEvent(EventBase):
    edge: str


class DealEvent(EventBase):
    clan_card: str
    hand: list[str]


class StartEvent(EventBase):
    clans: list[str]
    first: int


class CreatureEvent(EventBase):
    creature: str
    why: NotRequired[str]
    field: NotRequired[str]
    again: NotRequired[bool]


class CountEvent(EventBase):
    count: int


class CardsEvent(EventBase):
    cards: list[str]


class HandEvent(EventBase):
    hand: list[str]


class GameEndEvent(EventBase):
    why: str
    clan_cards: list[str]
    treasure: dict[str, int]
    winner: str | None
    winners: list[int]


class PlaceEvent(At):
    shape: str


class CardAtEvent(At):
    card: str


class TargetEvent(EventBase):
    target: int


class ClanCardEvent(EventBase):
    clan_card: str
    target: NotRequired[int]


class EquipEvent(TargetEvent):
    card: str


class AttackEvent(TargetEvent):
    creature: str
    gold: NotRequired[int]


class WhyEvent(EventBase):
    why: str


class CardEvent(EventBase):
    card: str


class LeaveEvent(EventBase):
    gold: int


class AsideEvent(EventBase):
    clan_cards: list[str]


EVENTS: dict[str, type] = {
    "deal": DealEvent,
    "start": StartEvent,
    "stand-up": EventBase,
    "sit-out": EventBase,
    "web-turned": EdgeEvent,
    "web-gone": EdgeEvent,
    "creature-gone": CreatureEvent,
    "eagle-gold": FieldEvent,
    "draw": CountEvent,
    "drew": CardsEvent,
    "game-end": GameEndEvent,
    "place": PlaceEvent,
    "pass": CountEvent,
    "discarded": CardsEvent,
    "info-clan": TargetEvent,
    "info-goal": At,
    "saw-clan-card": ClanCardEvent,
    "saw-goal": CardAtEvent,
    "saw-aside": AsideEvent,
    "rockfall": CardAtEvent,
    "swap": TargetEvent,
    "hand": HandEvent,
    "web": EdgeEvent,
    "equip": EquipEvent,
    "lure": CreatureEvent,
    "creature-step": CreatureEvent,
    "attack": AttackEvent,
    "card-lost": WhyEvent,
    "lost": CardEvent,
    "step": FieldEvent,
    "tunnel-gold": EventBase,
    "goal-turned": CardAtEvent,
    "reveal": PlaceEvent,
    "leave": LeaveEvent,
    "character": ClanCardEvent,
    "drive-off": CreatureEvent,
    "axe-web": EdgeEvent,
    "propose-end": EventBase,
    "agree": EventBase,
    "refuse": EventBase,
}
