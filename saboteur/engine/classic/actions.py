"""Action notation of base Saboteur: parse and format, with every action interned.

=============================  ===============================================
``NSW@3,-1``                   lay a path card so that it lies as shape NSW at slot (3,-1)
``break-lantern@2``            put a broken lantern in front of seat 2
``repair-cart@0``              repair seat 0's cart
``repair-pickaxe-lantern/lantern@1``  double repair card, mending seat 1's lantern
``rockfall@4,0``               remove the path card at (4,0)
``map@8,2``                    look at the face-down goal at (8,2)
``pass:xNS``                   pass, discarding the card xNS
``gold:3``                     take a 3-nugget card while sharing out gold
=============================  ===============================================

>>> a = parse_action("NSW@3,-1")
>>> a.kind, a.card, a.slot
('place', 'NES', (3, -1))
>>> parse_action("repair-pickaxe-lantern/lantern@1").choice
'lantern'
>>> parse_action("NSW@3,-1") is a
True
"""

from __future__ import annotations

import re
from typing import Final

from saboteur.engine.action_text import seat_card, slot_of
from saboteur.engine.base import Action, NotationError
from saboteur.engine.classic.cards import (
    ACTION_COUNTS,
    BREAKS,
    CARD_SHAPE_BITS,
    PATH_COUNTS,
    PATH_SHAPE_IDS,
    REPAIRS,
    SHAPES,
    TOOL_NAMES,
)
from saboteur.engine.grid import SLOT_COUNT
from saboteur.engine.kinds import BREAK as BREAK
from saboteur.engine.kinds import MAP as MAP
from saboteur.engine.kinds import PASS as PASS
from saboteur.engine.kinds import PLACE as PLACE
from saboteur.engine.kinds import REPAIR as REPAIR
from saboteur.engine.kinds import ROCKFALL as ROCKFALL
from saboteur.engine.maze import slot_xy

GOLD: Final = "gold"
_PLACEABLE: Final = {SHAPES.shapes[sid].name: sid for sid in PATH_SHAPE_IDS}
_NUMBER = r"(0|-?[1-9][0-9]{0,2})"  # canonical: no leading zeros, no -0, ASCII digits
_SLOT = _NUMBER + "," + _NUMBER
_TARGET: Final = re.compile(r"([A-Za-z-]+)(?:/([a-z]+))?@(?:" + _SLOT + r"|(0|[1-9][0-9]?))")
_CACHE: Final[dict[str, Action]] = {}
# Per slot index (lists, not dicts: the compiled build reads a list item without hashing a number)
SLOT_ROWS: Final[list[list[Action] | None]] = [None] * SLOT_COUNT
ROCKFALLS: Final[list[Action | None]] = [None] * SLOT_COUNT
MAPS: Final[list[Action | None]] = [None] * SLOT_COUNT


def slot_row(index: int) -> list[Action]:
    """The interned place actions at slot ``index``, indexed by shape id."""
    row = SLOT_ROWS[index]
    if row is None:
        x, y = slot_xy(index)
        row = []
        for sid in PATH_SHAPE_IDS:
            shape = SHAPES.shapes[sid]
            text = f"{shape.name}@{x},{y}"
            code = index << 6 | sid
            row.append(Action(text, PLACE, shape.card, (x, y), choice=shape.name, code=code))
            _CACHE[text] = row[-1]
        SLOT_ROWS[index] = row
    return row


def place_action(index: int, sid: int) -> Action:
    """The interned action laying shape ``sid`` at slot ``index``."""
    return slot_row(index)[sid]


def card_action(card: str, seat: int, tool: int = 0) -> Action:
    """The interned break/repair action of ``card`` on ``seat`` (``tool``: the one mended)."""
    choice = TOOL_NAMES[tool] if tool and len(REPAIRS[card]) > 1 else None
    text = f"{card}/{choice}@{seat}" if choice else f"{card}@{seat}"
    action = _CACHE.get(text)
    if action is None:
        kind = BREAK if card in BREAKS else REPAIR
        mended = TOOL_NAMES[tool] if tool else None
        action = _CACHE[text] = Action(text, kind, card, seat=seat, choice=mended)
    return action


def slot_action(card: str, index: int) -> Action:
    """The interned rockfall or map action on slot ``index``."""
    cache = ROCKFALLS if card == ROCKFALL else MAPS
    action = cache[index]
    if action is None:
        x, y = slot_xy(index)
        text = f"{card}@{x},{y}"
        action = Action(text, card, card, (x, y), code=index)
        cache[index] = _CACHE[text] = action
    return action


def pass_action(card: str) -> Action:
    text = f"pass:{card}"
    action = _CACHE.get(text)
    if action is None:
        action = _CACHE[text] = Action(text, PASS, card)
    return action


def gold_action(value: int) -> Action:
    text = f"gold:{value}"
    action = _CACHE.get(text)
    if action is None:
        action = _CACHE[text] = Action(text, GOLD, choice=str(value))
    return action


def parse_action(text: object) -> Action:  # not str: the compiled build checks types
    """Parse the notation; raises :class:`NotationError` naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    cached = _CACHE.get(text)
    if cached is not None:
        return cached
    if len(text) > 64:
        raise NotationError("action text longer than 64 characters")
    if text.startswith("pass:"):
        card = text[5:]
        if card not in PATH_COUNTS and card not in ACTION_COUNTS:
            raise NotationError(f"unknown card {card!r} in {text!r}")
        return pass_action(card)
    if text.startswith("gold:"):
        value = text[5:]
        if value not in ("1", "2", "3"):
            raise NotationError(f"gold value must be 1, 2 or 3 in {text!r}")
        return gold_action(int(value))
    match = _TARGET.fullmatch(text)
    if not match:
        raise NotationError(
            f"cannot read action {text!r} (expected e.g. NSW@3,-1, break-cart@2, pass:NS, gold:2)"
        )
    card, choice, x, y, seat = match.groups()
    if x is not None:
        index = slot_of(text, int(x), int(y))
        if choice is not None:
            raise NotationError(f"{text!r}: '/' goes with a double repair card only")
        if card in _PLACEABLE:
            return place_action(index, _PLACEABLE[card])
        if card in ("rockfall", "map"):
            return slot_action(card, index)
        raise NotationError(f"{text!r}: {card!r} is neither a path shape nor rockfall or map")
    return seat_card(text, card, choice, int(seat), REPAIRS, card_action)


PASSES: Final[dict[str, Action]] = {
    card: pass_action(card) for card in (*PATH_COUNTS, *ACTION_COUNTS)
}
BREAK_ROWS: Final[dict[str, tuple[int, tuple[Action, ...]]]] = {
    card: (bit, tuple(card_action(card, seat) for seat in range(10)))
    for card, bit in BREAKS.items()
}
REPAIR_ROWS: Final[dict[str, tuple[tuple[int, tuple[Action, ...]], ...]]] = {
    card: tuple(
        (tool, tuple(card_action(card, seat, tool) for seat in range(10))) for tool in tools
    )
    for card, tools in REPAIRS.items()
}
CARD_KIND: Final[dict[str, str]] = {
    **dict.fromkeys(PATH_COUNTS, PLACE),
    **dict.fromkeys(BREAKS, BREAK),
    **dict.fromkeys(REPAIRS, REPAIR),
    "rockfall": ROCKFALL,
    "map": MAP,
}


# a card kind as a small number, for the legal-move loop (comparing numbers, not strings)
PLACE_PLAY: Final = 0
BREAK_PLAY: Final = 1
REPAIR_PLAY: Final = 2
ROCKFALL_PLAY: Final = 3
MAP_PLAY: Final = 4
_PLAY_KIND: Final = {
    PLACE: PLACE_PLAY,
    BREAK: BREAK_PLAY,
    REPAIR: REPAIR_PLAY,
    ROCKFALL: ROCKFALL_PLAY,
    MAP: MAP_PLAY,
}


class CardPlay:
    """What legal-move generation needs of one card, found with one look-up (:data:`PLAYS`).

    ``bit``: the card's own bit (to list each card of a hand once); ``kind``: the card's kind as
    a number (``PLACE_PLAY`` ...); ``shape_bits``: the shape ids a path card may lie as; ``tool``
    and ``targets``: a break card's tool and its action per seat; ``repairs``: per tool a repair
    card mends, its action per seat; ``passing``: discarding it.
    """

    __slots__ = ("bit", "card", "kind", "passing", "repairs", "shape_bits", "targets", "tool")

    def __init__(self, number: int, card: str) -> None:
        self.bit = 1 << number
        self.card = card
        self.kind = _PLAY_KIND[CARD_KIND[card]]
        self.shape_bits = CARD_SHAPE_BITS.get(card, 0)
        self.tool, self.targets = BREAK_ROWS.get(card, (0, ()))
        self.repairs = REPAIR_ROWS.get(card, ())
        self.passing = PASSES[card]


PLAYS: Final[dict[str, CardPlay]] = {
    card: CardPlay(number, card) for number, card in enumerate((*PATH_COUNTS, *ACTION_COUNTS))
}


_ADDRESS_SLOTS: Final = 4095  # a mask: 4,096 slots, by a card object's address / 16 (its alignment)


def _by_address(plays: dict[str, CardPlay]) -> list[CardPlay | None]:
    table: list[CardPlay | None] = [None] * (_ADDRESS_SLOTS + 1)
    for card, play in plays.items():
        slot = id(card) >> 4 & _ADDRESS_SLOTS
        if table[slot] is None:  # (two cards sharing a slot: the second is found by its text)
            table[slot] = play
    return table


_BY_ADDRESS: Final = _by_address(PLAYS)


def play_of(card: str) -> CardPlay:
    """``PLAYS[card]``, found by the card object's address when it is one of :data:`PLAYS`' own
    (the cards of a hand are: dealt from a deck made of them), by its text otherwise. No text
    hashed or compared: the legal-move loop asks this for every card of the hand::

        >>> play_of("NESW") is PLAYS["NESW"] is play_of("".join(["NE", "SW"]))
        True
    """
    play = _BY_ADDRESS[id(card) >> 4 & _ADDRESS_SLOTS]
    if play is not None and play.card is card:
        return play
    return PLAYS[card]
