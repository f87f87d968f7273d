"""Action notation of The Dark Cave: parse and format, every action interned.

A field is written ``x,y.n`` (field ``n`` of the card at slot ``x,y``); an edge as the slot
West or North of it and ``E`` or ``S`` (``1,0:E`` is the edge between (1,0) and (2,0)).

================================  =============================================================
``II-hole-Ns@2,1``                lay a path card so that it lies as that shape at (2,1)
``pass:I-NS`` / ``pass:I-NS+rat`` pass, discarding one or two cards (two in sorted order)
``info@4,-4`` / ``info@2``        look at a face-down goal / at seat 2's clan card
``rockfall@1,0``                  remove a path card
``swap@3``                        swap hands with seat 3
``web@1,0:E``                     lay a spider web on an edge
``boots@0`` / ``axe@2``           lay boots / a battle axe in front of a seat
``rat@1,0.0`` / ``rat``           set the rat on a dark hole / move the rat from where it is
``step@2,0.1``                    a step of the dwarf (or, after a creature card, the creature)
``stop``                          end the dwarf's (or the creature's) move here
``axe-web@1,0:E``                 use one's battle axe on a web next to one's dwarf
``drive-off`` / ``endure``        use one's battle axe on an attacking creature, or not
``goal-hole-NEW@4,4``             turn the goal one's dwarf revealed this way
``propose-end``                   propose to end the game; ``agree`` / ``refuse`` answer
================================  =============================================================

>>> a = parse_action("II-hole-Ns@2,1")
>>> a.kind, a.card, a.slot, a.choice
('place', 'II-hole-nS', (2, 1), 'II-hole-Ns')
>>> parse_action("web@2,0:W").text  # an edge is named from its West or North slot
'web@1,0:E'
>>> parse_action("step@3,-1.2").code == parse_field("3,-1.2")
True
>>> field_text(parse_field("3,-1.2")), edge_text(parse_edge("2,0:W"))
('3,-1.2', '1,0:E')
"""

from __future__ import annotations

import re
from typing import Final

from saboteur.engine.action_text import slot_of
from saboteur.engine.base import Action, NotationError
from saboteur.engine.darkcave import cards as C
from saboteur.engine.grid import (
    MAX_FIELDS,
    SIDE_BY_NAME,
    SIDE_NAMES,
    SLOT_COUNT,
    edge_id,
    edge_side,
    field_id,
    field_number,
    field_slot,
    slot_xy,
)

PLACE: Final = "place"
PASS: Final = "pass"
INFO: Final = "info"
ROCKFALL: Final = "rockfall"
SWAP: Final = "swap"
WEB: Final = "web"
EQUIP: Final = "equip"
LURE: Final = "lure"
STEP: Final = "step"
STOP: Final = "stop"
AXE_WEB: Final = "axe-web"
DRIVE_OFF: Final = "drive-off"
ENDURE: Final = "endure"
REVEAL: Final = "reveal"
PROPOSE: Final = "propose-end"
AGREE: Final = "agree"
REFUSE: Final = "refuse"
WORDS: Final = {STOP, DRIVE_OFF, ENDURE, PROPOSE, AGREE, REFUSE}

_NUMBER = r"(0|-?[1-9][0-9]{0,2})"
_SLOT = _NUMBER + "," + _NUMBER
_AT_SLOT: Final = re.compile(r"([A-Za-z-]+)@" + _SLOT)
_FIELD = _SLOT + r"\.([0-7])"
_EDGE = _SLOT + ":([NESW])"
_AT_FIELD: Final = re.compile(r"([a-z-]+)@" + _FIELD)
_AT_EDGE: Final = re.compile(r"([a-z-]+)@" + _EDGE)
_FIELD_TEXT: Final = re.compile(_FIELD)
_EDGE_TEXT: Final = re.compile(_EDGE)
_AT_SEAT: Final = re.compile(r"([a-z-]+)@(0|[1-9])")
_PASS: Final = re.compile(r"pass:([A-Za-z-]+)(?:\+([A-Za-z-]+))?")
_GOAL_SHAPES: Final = {
    C.SHAPES.shapes[sid].name: sid for card in C.GOALS for sid in C.SHAPE_IDS[card]
}
_PATH_SHAPES: Final = {C.SHAPES.shapes[sid].name: sid for sid in C.PATH_SHAPE_IDS}
_CACHE: Final[dict[str, Action]] = {}
_PASSES: Final[dict[tuple[str, ...], Action]] = {}


def _numbers() -> tuple[int, dict[str, int]]:
    # (in a function: the compiled build checks the module's top level before it knows the types
    # of these names of ``cards``)
    return len(C.SHAPES.shapes), {creature: n for n, creature in enumerate(C.CREATURES)}


_NUMBERS = _numbers()
_SHAPE_COUNT: Final = _NUMBERS[0]  # shapes
_CREATURE_NUMBER: Final = _NUMBERS[1]  # each creature's number
_SEATS: Final = 10  # seats 0-9: what ``info@2`` and the like can name
_BY_SEAT: Final[dict[str, list[Action | None]]] = {}  # card -> its seat actions by seat
_MOVE_ON: Final[dict[str, Action]] = {}  # creature -> playing it to move it on (``rat``)


class _SlotActions:
    """The interned actions naming one slot, each found by a list index: the hot paths make the
    same actions over and over, and building their text to look them up cost more than all else
    (an int-keyed dict, the other way, boxes the int first: ~10x a list item when compiled)."""

    def __init__(self) -> None:
        self.places: list[Action | None] = [None] * _SHAPE_COUNT  # by shape id
        self.steps: list[Action | None] = [None] * MAX_FIELDS  # by field number
        self.texts: list[str | None] = [None] * MAX_FIELDS  # field_text by field number
        self.lures: list[Action | None] = [None] * (len(_CREATURE_NUMBER) * MAX_FIELDS)
        self.edges: list[Action | None] = [None] * 4  # web E, web S, axe-web E, axe-web S
        self.info: Action | None = None
        self.rockfall: Action | None = None


_SLOTS: Final[list[_SlotActions | None]] = [None] * SLOT_COUNT  # by slot index, made on first use


def _slot(index: int) -> _SlotActions:
    found = _SLOTS[index]
    if found is None:
        found = _SLOTS[index] = _SlotActions()
    return found


def _intern(action: Action) -> Action:
    return _CACHE.setdefault(action.text, action)


def field_text(field: int) -> str:
    """``x,y.n`` for a field (made once per field: every step's event names one)."""
    texts = _slot(field_slot(field)).texts
    found = texts[field_number(field)]
    if found is None:
        x, y = slot_xy(field_slot(field))
        found = texts[field_number(field)] = f"{x},{y}.{field_number(field)}"
    return found


def edge_text(edge: int) -> str:
    """``x,y:E`` or ``x,y:S`` for an edge (named from its West or North slot)."""
    index, side = edge_side(edge)
    x, y = slot_xy(index)
    return f"{x},{y}:{SIDE_NAMES[side]}"


def parse_field(text: object) -> int:
    """The field ``x,y.n`` names (the inverse of :func:`field_text`); else NotationError."""
    match = _FIELD_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"{text!r}: a field is written 'x,y.n'")
    return field_id(slot_of(match[0], int(match[1]), int(match[2])), int(match[3]))


def parse_edge(text: object) -> int:
    """The edge ``x,y:E`` names, from either slot beside it (see :func:`edge_text`)."""
    match = _EDGE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"{text!r}: an edge is written 'x,y:E'")
    return edge_id(slot_of(match[0], int(match[1]), int(match[2])), SIDE_BY_NAME[match[3]])


def places_at(index: int) -> list[Action | None]:
    """The placements at ``index`` made so far, by shape id (to read many of one slot's)."""
    return _slot(index).places


def place_action(index: int, sid: int) -> Action:
    """Lay path shape ``sid`` at ``index``, or turn a revealed goal this way."""
    places = _slot(index).places
    found = places[sid]
    if found is None:
        shape = C.SHAPES.shapes[sid]
        x, y = slot_xy(index)
        text = f"{shape.name}@{x},{y}"
        kind = PLACE if sid in C.PATH_SHAPE_IDS else REVEAL
        code = index << 8 | sid
        found = places[sid] = _intern(
            Action(text, kind, shape.card, (x, y), choice=shape.name, code=code)
        )
    return found


def step_action(field: int) -> Action:
    steps = _slot(field_slot(field)).steps
    found = steps[field_number(field)]
    if found is None:
        text = f"step@{field_text(field)}"
        action = Action(text, STEP, slot=slot_xy(field_slot(field)), code=field)
        found = steps[field_number(field)] = _intern(action)
    return found


def lure_action(creature: str, field: int | None) -> Action:
    """Play a creature card: set it on the dark hole ``field``, or (``None``) move it on."""
    if field is None:
        found = _MOVE_ON.get(creature)
        if found is None:
            found = _MOVE_ON[creature] = _intern(Action(creature, LURE, creature, code=-1))
        return found
    lures = _slot(field_slot(field)).lures
    at = _CREATURE_NUMBER[creature] * MAX_FIELDS + field_number(field)
    found = lures[at]
    if found is None:
        text = f"{creature}@{field_text(field)}"
        slot = slot_xy(field_slot(field))
        found = lures[at] = _intern(Action(text, LURE, creature, slot, code=field))
    return found


def edge_action(kind: str, edge: int) -> Action:
    """``web@…`` (a web card) or ``axe-web@…`` (one's axe on a web)."""
    edges = _slot(edge >> 1).edges
    at = (edge & 1) | (2 if kind == AXE_WEB else 0)
    found = edges[at]
    if found is None or found.kind != kind:  # (the table holds webs and axe-webs only)
        text = f"{kind}@{edge_text(edge)}"
        card = C.WEB if kind == WEB else C.AXE
        found = _intern(Action(text, kind, card, slot_xy(edge_side(edge)[0]), code=edge))
        if kind in (WEB, AXE_WEB):
            edges[at] = found
    return found


def seat_action(card: str, seat: int) -> Action:
    """``info@2``, ``swap@3``, ``boots@0``, ``axe@1``."""
    seats = _BY_SEAT.get(card)
    if seats is None:
        seats = _BY_SEAT[card] = [None] * _SEATS
    found = seats[seat] if 0 <= seat < _SEATS else None
    if found is None:
        kind = EQUIP if card in C.EQUIPMENT else card
        found = _intern(Action(f"{card}@{seat}", kind, card, seat=seat))
        if 0 <= seat < _SEATS:
            seats[seat] = found
    return found


def slot_action(card: str, index: int) -> Action:
    """``info@x,y`` (a face-down goal) or ``rockfall@x,y``."""
    row = _slot(index)
    found = row.info if card == C.INFO else row.rockfall if card == C.ROCKFALL else None
    if found is None:
        x, y = slot_xy(index)
        found = _intern(Action(f"{card}@{x},{y}", card, card, (x, y), code=index))
        if card == C.INFO:
            row.info = found
        elif card == C.ROCKFALL:
            row.rockfall = found
    return found


def pass_action(cards: tuple[str, ...]) -> Action:
    found = _PASSES.get(cards)
    if found is None:
        text = "pass:" + "+".join(cards)
        found = _PASSES[cards] = _intern(Action(text, PASS, cards[0], choice="+".join(cards)))
    return found


def word_action(word: str) -> Action:
    found = _CACHE.get(word)  # (a word's text is the word: no action built to look one up)
    if found is None:
        found = _intern(Action(word, word))
    return found


def discarded(action: Action) -> tuple[str, ...]:
    """The cards a pass throws away."""
    assert action.choice is not None
    return tuple(action.choice.split("+"))


def parse_action(text: object) -> Action:  # not str: the compiled build checks types
    """Text to action; :class:`NotationError` naming what is wrong."""
    if not isinstance(text, str) or not text:
        raise NotationError(f"{text!r}: an action is a non-empty text")
    found = _CACHE.get(text)
    if found is not None:
        return found
    if text in WORDS:
        return word_action(text)
    if text in C.CREATURES:
        return lure_action(text, None)
    if match := _PASS.fullmatch(text):
        cards = tuple(c for c in match.groups() if c is not None)
        for card in cards:
            if card not in C.HAND_CARDS:
                raise NotationError(f"{text!r}: {card!r} is not a card of The Dark Cave")
        if len(cards) == 2 and cards[0] > cards[1]:
            raise NotationError(f"{text!r}: write the two cards in sorted order")
        return pass_action(cards)
    if match := _AT_FIELD.fullmatch(text):
        word, x, y, number = match.group(1), int(match.group(2)), int(match.group(3)), match[4]
        field = field_id(slot_of(text, x, y), int(number))
        if word == STEP:
            return step_action(field)
        if word in C.CREATURES:
            return lure_action(word, field)
        raise NotationError(f"{text!r}: only a step or a creature names a field")
    if match := _AT_EDGE.fullmatch(text):
        word, x, y, side = match.group(1), int(match.group(2)), int(match.group(3)), match[4]
        if word not in (WEB, AXE_WEB):
            raise NotationError(f"{text!r}: only web and axe-web name an edge")
        return edge_action(word, edge_id(slot_of(text, x, y), SIDE_BY_NAME[side]))
    if match := _AT_SLOT.fullmatch(text):
        name, index = match.group(1), slot_of(text, int(match.group(2)), int(match.group(3)))
        if name in _PATH_SHAPES:
            return place_action(index, _PATH_SHAPES[name])
        if name in _GOAL_SHAPES:
            return place_action(index, _GOAL_SHAPES[name])
        if name in (C.INFO, C.ROCKFALL):
            return slot_action(name, index)
        raise NotationError(f"{text!r}: {name!r} is not a path card shape, a goal or a slot card")
    if match := _AT_SEAT.fullmatch(text):
        card, seat = match.group(1), int(match.group(2))
        if card not in (C.INFO, C.SWAP, C.BOOTS, C.AXE):
            raise NotationError(f"{text!r}: {card!r} is not played on a player")
        return seat_action(card, seat)
    raise NotationError(f"{text!r}: not an action of The Dark Cave (see docs/notation.md)")
