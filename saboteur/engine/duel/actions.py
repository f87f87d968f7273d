"""Action notation of The Duel and solo: parse and format, every action interned.

==================================  ==============================================
``troll-NSW@3,1``                   lay a path card so that it lies as that shape at (3,1)
``ladder-blue@2,4``                 lay a ladder (it need not be joined to a start)
``goal-2-green:NeSW@6,0``           turn a revealed goal this way (the reacher's choice)
``break-lantern@1``                 put a broken lantern in front of seat 1
``repair-lantern-cart/cart@0``      double repair card, mending one's own cart
``key@4,1``                         lay a key on the door at (4,1)
``rockfall@2,0`` / ``map@7,-1``     remove a path card / look at a face-down goal
``bribe@3,1``                       bribe the troll at (3,1) (the turn goes on)
``clear-cart:NS+map``               discard two cards to remove one's broken cart
``pass:NS`` / ``pass:NS+map``       pass, discarding one or two cards
==================================  ==============================================

Two cards are written in sorted order, so each choice has exactly one text::

    >>> parse_action("pass:map+NS")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saboteur.engine.base.NotationError: 'pass:map+NS': write the two cards in sorted order ...
    >>> a = parse_action("troll-NSW@3,1")
    >>> a.kind, a.card, a.slot, a.choice
    ('place', 'troll-NES', (3, 1), 'troll-NSW')
    >>> discarded(parse_action("clear-cart:NS+map"))
    ('NS', 'map')
"""

from __future__ import annotations

import re
from typing import Final

from saboteur.engine.action_text import seat_card, slot_of
from saboteur.engine.base import Action, NotationError
from saboteur.engine.duel import cards as C
from saboteur.engine.grid import SLOT_COUNT
from saboteur.engine.kinds import BREAK as BREAK
from saboteur.engine.kinds import MAP as MAP
from saboteur.engine.kinds import PASS as PASS
from saboteur.engine.kinds import PLACE as PLACE
from saboteur.engine.kinds import REPAIR as REPAIR
from saboteur.engine.kinds import ROCKFALL as ROCKFALL
from saboteur.engine.maze import slot_xy

REVEAL: Final = "reveal"
KEY: Final = "key"
BRIBE: Final = "bribe"
CLEAR: Final = "clear"
ON_SLOT: Final = (KEY, ROCKFALL, MAP, BRIBE)
_PLACEABLE: Final = {C.SHAPES.shapes[sid].name: sid for sid in C.PATH_SHAPE_IDS}
_GOAL_SHAPES: Final = {
    C.SHAPES.shapes[sid].name: sid for sids in C.GOAL_SHAPES.values() for sid in sids
}
_NUMBER = r"(0|-?[1-9][0-9]{0,2})"
_AT_SLOT: Final = re.compile(r"([A-Za-z0-9:-]+)@" + _NUMBER + "," + _NUMBER)
_AT_SEAT: Final = re.compile(r"([a-z-]+)(?:/([a-z]+))?@(0|[1-9])")
_HAND_CARDS: Final = frozenset(C.PATH_COUNTS) | frozenset(C.ACTION_COUNTS)
_CACHE: Final[dict[str, Action]] = {}
_BY_CODE: Final[dict[int, Action]] = {}  # place and reveal actions by index << 8 | shape id
_DISCARDS: Final[dict[tuple[str, tuple[str, ...], int], Action]] = {}
_DISCARDED: Final[dict[str, tuple[str, ...]]] = {}  # a pass or clear action's cards, by its text
# Per slot index (lists, not dicts: the compiled build reads a list item without hashing a number):
# the place actions of the placeable shapes, and the key, rockfall, map and bribe actions
PLACE_ROWS: Final[list[list[Action] | None]] = [None] * SLOT_COUNT
ON_SLOT_ROWS: Final[dict[str, list[Action | None]]] = {
    kind: [None] * SLOT_COUNT for kind in (KEY, ROCKFALL, MAP, BRIBE)
}


def _intern(action: Action) -> Action:
    return _CACHE.setdefault(action.text, action)


def place_action(index: int, sid: int) -> Action:
    """The interned action laying shape ``sid`` (a path card, or a revealed goal) at ``index``."""
    found = _BY_CODE.get(index << 8 | sid)
    if found is not None:
        return found
    x, y = slot_xy(index)
    shape = C.SHAPES.shapes[sid]
    text = f"{shape.name}@{x},{y}"
    found = _CACHE.get(text)
    if found is not None:
        return found
    kind = PLACE if sid in C.PATH_SHAPE_IDS else REVEAL
    code = index << 8 | sid
    action = _intern(Action(text, kind, shape.card, (x, y), choice=shape.name, code=code))
    _BY_CODE[code] = action
    return action


def place_row(index: int) -> list[Action]:
    """The interned place actions at slot ``index``, indexed by (placeable) shape id."""
    row = PLACE_ROWS[index]
    if row is None:
        row = PLACE_ROWS[index] = [place_action(index, sid) for sid in C.PATH_SHAPE_IDS]
    return row


def slot_action(kind: str, index: int) -> Action:
    """The interned key, rockfall, map or bribe action on slot ``index``."""
    row = ON_SLOT_ROWS[kind]
    found = row[index]
    if found is None:
        x, y = slot_xy(index)
        text = f"{kind}@{x},{y}"
        card = None if kind == BRIBE else kind
        found = _CACHE.get(text) or _intern(Action(text, kind, card, (x, y), code=index))
        row[index] = found
    return found


def seat_action(card: str, seat: int, tool: int = 0) -> Action:
    """The interned break or repair action of ``card`` on ``seat`` (``tool``: the one mended)."""
    double = card in C.REPAIRS and len(C.REPAIRS[card]) > 1
    text = f"{card}/{C.TOOL_NAMES[tool]}@{seat}" if double else f"{card}@{seat}"
    found = _CACHE.get(text)
    if found is not None:
        return found
    kind = BREAK if card in C.BREAKS else REPAIR
    mended = C.TOOL_NAMES[tool] if tool else None
    return _intern(Action(text, kind, card, seat=seat, choice=mended))


def discard_action(kind: str, cards: tuple[str, ...], tool: int = 0) -> Action:
    """The interned pass (one or two cards) or clear (two cards, one tool) action."""
    key = (kind, cards, tool)
    found = _DISCARDS.get(key)
    if found is not None:
        return found
    ordered = tuple(sorted(cards))
    listed = "+".join(ordered)
    text = f"clear-{C.TOOL_NAMES[tool]}:{listed}" if kind == CLEAR else f"pass:{listed}"
    found = _CACHE.get(text)
    if found is None:
        choice = C.TOOL_NAMES[tool] if kind == CLEAR else None
        found = _intern(Action(text, kind, min(cards), choice=choice))
    _DISCARDS[key] = found
    _DISCARDED[text] = ordered
    return found


def discarded(action: Action) -> tuple[str, ...]:
    """The hand cards a pass or clear action discards (in the order of their names)."""
    cards = _DISCARDED.get(action.text)
    return tuple(action.text.partition(":")[2].split("+")) if cards is None else cards


def parse_action(text: object) -> Action:  # not str: the compiled build checks types
    """Parse the notation; raises :class:`NotationError` naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    cached = _CACHE.get(text)
    if cached is not None:
        return cached
    if len(text) > 64:
        raise NotationError("action text longer than 64 characters")
    if text.startswith(("pass:", "clear-")):
        return _parse_discard(text)
    match = _AT_SLOT.fullmatch(text)
    if match:
        name = match.group(1)
        index = slot_of(text, int(match.group(2)), int(match.group(3)))
        if name in _PLACEABLE:
            return place_action(index, _PLACEABLE[name])
        if name in _GOAL_SHAPES:
            return place_action(index, _GOAL_SHAPES[name])
        if name in ON_SLOT:
            return slot_action(name, index)
        raise NotationError(
            f"{text!r}: {name!r} is not a path shape, goal shape, key, rockfall, map or bribe"
        )
    match = _AT_SEAT.fullmatch(text)
    if not match:
        raise NotationError(
            f"cannot read action {text!r} (expected e.g. NSW@3,-1, break-cart@1, key@4,1,"
            " pass:NS+map)"
        )
    card, choice, seat = match.group(1), match.group(2), int(match.group(3))
    return seat_card(text, card, choice, seat, C.REPAIRS, seat_action)


def _parse_discard(text: str) -> Action:
    head, _, listed = text.partition(":")
    cards = tuple(listed.split("+"))
    for card in cards:
        if card not in _HAND_CARDS:
            raise NotationError(f"unknown card {card!r} in {text!r}")
    if list(cards) != sorted(cards):
        kind = "pass" if head == "pass" else head
        raise NotationError(
            f"{text!r}: write the two cards in sorted order ({kind}:{'+'.join(sorted(cards))})"
        )
    if head == "pass":
        if len(cards) > 2:
            raise NotationError(f"{text!r}: a pass discards one or two cards")
        return discard_action(PASS, cards)
    tool = head[len("clear-") :]
    if tool not in C.TOOLS:
        raise NotationError(f"{text!r}: clear names a tool (pickaxe, lantern or cart)")
    if len(cards) != 2:
        raise NotationError(f"{text!r}: clearing a broken tool discards exactly two cards")
    return discard_action(CLEAR, cards, C.TOOLS[tool])


CARD_KIND: dict[str, str] = {
    **dict.fromkeys(C.PATH_COUNTS, PLACE),
    **dict.fromkeys(C.BREAKS, BREAK),
    **dict.fromkeys(C.REPAIRS, REPAIR),
    "key": KEY,
    "rockfall": ROCKFALL,
    "map": MAP,
}
