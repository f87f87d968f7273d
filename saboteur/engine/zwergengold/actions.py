"""Action notation of Zwergengold: parse and format, every action interned.

=========================================  ==================================================
``step@1,0`` / ``under@3,0``               step to the next card / pass under cards to (3,0)
``trapdoor@2,1``                           go down (or up) through a trapdoor to (2,1)
``wall@1,0``                               wall up again the broken wall just left (2 AP)
``play:I-cloak@0,1:0`` / ``read:...``      attach a card from the supply at (0,1) turned 0–3
                                           quarter turns, without / after using its scroll
``play:T-pick@pile``                       a card that fits nowhere goes under the draw pile
``enter`` / ``retreat``                    go onto a card just turned over, or turn it back
``potion:ap`` / ``potion:cards``           the strength potion's choice: 4 AP or 2 cards
``agree`` / ``refuse``                     a helper's answer at a grille
``look@4,2`` / ``done``                    far sight: look at a face-down card / look no more
``order:2,0,1``                            foreboding: the three cards seen, new order (top first)
``dust@3,3``                               magic duster: turn a revealed card face down
``stairs@2,2:3``                           "Kein Plan!": attach the stairs a plan card demands
``duel@2:3``                               spend 3 AP to take 3 AP from seat 2's mage
``end``                                    end the turn
=========================================  ==================================================

>>> a = parse_action("read:I-cloak@0,1:1")
>>> a.kind, a.card, a.slot, a.choice
('read', 'I-cloak', (0, 1), '1')
>>> parse_action("duel@2:3").seat, parse_action("order:2,0,1").choice
(2, '2,0,1')
>>> parse_action("play:I-cloak@0,1:2")
Traceback (most recent call last):
...
saboteur.engine.base.NotationError: 'play:I-cloak@0,1:2': a straight lies 0 or 1 quarter turns
"""

from __future__ import annotations

import re
from typing import Final

from saboteur.engine.action_text import cached, slot_of
from saboteur.engine.base import Action, NotationError
from saboteur.engine.grid import SLOT_COUNT, slot_index, slot_xy
from saboteur.engine.zwergengold import cards as C

# Final: the compiled build reads these as constants, not through the module at every use
STEP: Final = "step"
UNDER: Final = "under"
TRAPDOOR: Final = "trapdoor"
WALL: Final = "wall"
LOOK: Final = "look"
DUST: Final = "dust"
MOVES: Final = (STEP, UNDER, TRAPDOOR)
PLAY: Final = "play"
READ: Final = "read"
STAIRS: Final = "stairs"
DUEL: Final = "duel"
ORDER: Final = "order"
POTION: Final = "potion"
ENTER: Final = "enter"
RETREAT: Final = "retreat"
AGREE: Final = "agree"
REFUSE: Final = "refuse"
DONE: Final = "done"
END: Final = "end"
WORDS: Final = (ENTER, RETREAT, AGREE, REFUSE, DONE, END)
POTION_AP: Final = "ap"
POTION_CARDS: Final = "cards"
PILE: Final = "pile"

_NUMBER = r"(0|-?[1-9][0-9]{0,2})"
_AT_SLOT: Final = re.compile(r"([a-z]+)@" + _NUMBER + "," + _NUMBER)
_LAY: Final = re.compile(
    r"(play|read):([A-Za-z-]+)@(?:" + _NUMBER + "," + _NUMBER + r":([0-3])|pile)"
)
_STAIRS: Final = re.compile(r"stairs@" + _NUMBER + "," + _NUMBER + r":([0-3])")
_DUEL: Final = re.compile(r"duel@([0-9]):([1-7])")
_ORDER: Final = re.compile(r"order:([0-2](?:,[0-2]){0,2})")
_CACHE: Final[dict[str, Action]] = {}


def _intern(action: Action) -> Action:
    return _CACHE.setdefault(action.text, action)


def slot_action(kind: str, index: int) -> Action:
    """``step@x,y``, ``under@x,y``, ``trapdoor@x,y``, ``wall@x,y``, ``look@x,y``,
    ``dust@x,y``."""
    x, y = slot_xy(index)
    text = f"{kind}@{x},{y}"
    return _CACHE.get(text) or _intern(Action(text, kind, slot=(x, y), code=index))


# per slot index: back -> the lay actions there by kind (play, read, stairs) and quarter turns,
# as lay_action() made them (the legal actions ask for every place a card fits at every step: a
# list item and one look-up, not a text built and looked up)
_LAID: Final[list[dict[str, list[Action | None]] | None]] = [None] * SLOT_COUNT


def lay_action(kind: str, back: str, index: int | None, turns: int = 0) -> Action:
    """Play (or read and play) the card with ``back`` to ``index`` turned ``turns`` (``None``:
    under the pile); ``kind`` ``stairs`` is the plan card's stairs."""
    at = 0 if kind == PLAY else 4 if kind == READ else 8 if kind == STAIRS else -1
    if index is None or at < 0 or not 0 <= index < SLOT_COUNT or not 0 <= turns < 4:
        return _lay_action(kind, back, index, turns)
    here = _LAID[index]
    if here is None:
        here = _LAID[index] = {}
    known = here.get(back)
    if known is None:
        known = here[back] = [None] * 12
    found = known[at + turns]
    if found is None:
        found = known[at + turns] = _lay_action(kind, back, index, turns)
    return found


def _lay_action(kind: str, back: str, index: int | None, turns: int) -> Action:
    head = "stairs" if kind == STAIRS else f"{kind}:{back}"
    if index is None:
        return _intern(Action(f"{head}@{PILE}", kind, back, choice=PILE, code=-1))
    x, y = slot_xy(index)
    text = f"{head}@{x},{y}:{turns}"
    found = _CACHE.get(text)
    if found is not None:
        return found
    return _intern(Action(text, kind, back, (x, y), choice=str(turns), code=index))


def word_action(word: str) -> Action:
    return _intern(Action(word, word))


def potion_action(choice: str) -> Action:
    return _intern(Action(f"{POTION}:{choice}", POTION, choice=choice))


def duel_action(seat: int, ap: int) -> Action:
    return _intern(Action(f"{DUEL}@{seat}:{ap}", DUEL, seat=seat, choice=str(ap), code=ap))


def order_action(order: tuple[int, ...]) -> Action:
    text = f"{ORDER}:{','.join(map(str, order))}"
    return _intern(Action(text, ORDER, choice=text.partition(":")[2]))


def order_of(action: Action) -> tuple[int, ...]:
    assert action.choice is not None
    return tuple(int(i) for i in action.choice.split(","))


def target(action: Action) -> int | None:
    """The slot an action names, if any."""
    return None if action.slot is None else slot_index(*action.slot)


def turns_of(action: Action) -> int:
    assert action.choice is not None and action.choice != PILE
    return int(action.choice)


def _lay(text: str, kind: str, back: str, x: str | None, y: str | None, r: str | None) -> Action:
    if back not in C.BACKS:
        raise NotationError(f"{text!r}: {back!r} is not the back of a Zwergengold card")
    if x is None or y is None or r is None:
        return lay_action(kind, back, None)
    turns, corridor = int(r), C.corridor(back)
    if turns not in C.TURNS[corridor]:
        ways = " or ".join(map(str, C.TURNS[corridor]))
        raise NotationError(f"{text!r}: a {C.NAMES[corridor]} lies {ways} quarter turns")
    return lay_action(kind, back, slot_of(text, int(x), int(y)), turns)


def parse_action(text: object) -> Action:  # not str: the compiled build checks types
    """Text to action; :class:`NotationError` naming what is wrong."""
    found = cached(text, _CACHE)
    if found is not None:
        return found
    assert isinstance(text, str)  # cached() refuses anything else
    if text in WORDS:
        return word_action(text)
    if text in (f"{POTION}:{POTION_AP}", f"{POTION}:{POTION_CARDS}"):
        return potion_action(text.partition(":")[2])
    if match := _LAY.fullmatch(text):
        return _lay(text, match[1], match[2], match[3], match[4], match[5])
    if match := _STAIRS.fullmatch(text):
        return _lay(text, STAIRS, C.STAIRS, match[1], match[2], match[3])
    if match := _DUEL.fullmatch(text):
        return duel_action(int(match[1]), int(match[2]))
    if match := _ORDER.fullmatch(text):
        order = tuple(int(i) for i in match[1].split(","))
        if sorted(order) != list(range(len(order))):
            raise NotationError(f"{text!r}: an order names each card seen once (0, 1, 2)")
        return order_action(order)
    if match := _AT_SLOT.fullmatch(text):
        kind = match[1]
        if kind not in MOVES and kind not in (WALL, LOOK, DUST):
            raise NotationError(f"{text!r}: {kind!r} does not name a card's place")
        return slot_action(kind, slot_of(text, int(match[2]), int(match[3])))
    raise NotationError(f"{text!r}: not an action of Zwergengold (see docs/notation.md)")
