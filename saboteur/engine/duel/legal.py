"""Legal actions of the Duel and solo in the play phase, and the placement rules they share
with :meth:`DuelState.apply <saboteur.engine.duel.state.DuelState.apply>`.

>>> from saboteur.engine import new_game
>>> state = new_game("duel", 2).new_state(seed=7)
>>> play_actions(state, 0) == state.legal_actions()
True
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from saboteur.engine.base import Action
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.actions import (
    BREAK,
    BRIBE,
    CARD_KIND,
    CLEAR,
    KEY,
    MAP,
    PASS,
    REPAIR,
    ROCKFALL,
    discard_action,
    place_action,
    seat_action,
    slot_action,
)
from saboteur.engine.grid import within_limits
from saboteur.engine.maze import KEY_BITS, KEY_MASK, SIDE_STEPS, slot_xy
from saboteur.engine.maze import xy_text as xy_text
from saboteur.engine.path_rules import sides_rule

if TYPE_CHECKING:
    from saboteur.engine.duel.state import DuelState

_SPECS: Final = C.SPECS
# the cards' tables the legal-action loop reads, as constants (the compiled build keeps them in C)
_TROLLS: Final = C.TROLL_COUNTS
_CLOSED: Final = C.CLOSED
_LADDERS: Final = C.LADDER_COUNTS
_PATHS: Final = C.PATH_COUNTS
_SHAPE_BITS: Final = C.CARD_SHAPE_BITS
_FIT: Final = C.FIT
_BREAKS: Final = C.BREAKS
_REPAIRS: Final = C.REPAIRS
_TOOL_NAMES: Final = C.TOOL_NAMES
_SHAPES: Final = C.SHAPES.shapes
GOLD_SIDS: Final = frozenset(sid for sid, spec in enumerate(_SPECS) if spec.card in C.GOLD_VALUE)
_NO_LADDER_NEXT: Final = GOLD_SIDS | {
    sid for sid, spec in enumerate(_SPECS) if spec.card in C.GOAL_COUNTS
}
# the shapes a rockfall may remove: path cards without gold or a troll (doors also when opened)
_FALLING: Final = frozenset(
    sid
    for sid, spec in enumerate(_SPECS)
    if spec.card in C.PATH_COUNTS
    and spec.card not in C.GOLD_PATH_COUNTS
    and spec.card not in C.TROLL_COUNTS
)


def card_at(state: DuelState, index: int) -> str | None:
    """The card lying face up at ``index`` (``None``: empty or a face-down goal)."""
    sid = state.mazes[0].cells.get(index)
    return None if sid is None else _SPECS[sid].card


def play_actions(state: DuelState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in the play phase, in an order given by the state alone."""
    hand, maze, n = state.hands[seat], state.mazes[seat], state.game.players
    cells = maze.cells
    actions: list[Action] = []
    if state.markers_left:
        for index in sorted(cells):
            sid = cells[index]
            if _SPECS[sid].card in _TROLLS and sid not in _CLOSED and maze.live.get(index):
                actions.append(slot_action(BRIBE, index))
    distinct = sorted(set(hand))
    if not state.broken[seat]:
        bits = 0
        for card in distinct:
            if card in _LADDERS:
                sid = C.SHAPES.by_name[card]
                actions += [place_action(index, sid) for index in ladder_slots(state)]
            elif card in _PATHS:
                bits |= _SHAPE_BITS[card]
        if bits:
            ordered = maze.frontier_in_order()
            for packed in ordered:
                index = packed >> KEY_BITS
                fits = _FIT[packed & KEY_MASK] & bits
                while fits:
                    low = fits & -fits
                    actions.append(place_action(index, low.bit_length() - 1))
                    fits ^= low
    for card in distinct:
        kind = CARD_KIND[card]
        if kind == BREAK:
            bit = _BREAKS[card]
            actions += [
                seat_action(card, t) for t in range(n) if t != seat and not state.broken[t] & bit
            ]
        elif kind == REPAIR:
            actions += [
                seat_action(card, seat, tool)
                for tool in _REPAIRS[card]
                if state.broken[seat] & tool
            ]
        elif kind == KEY and state.keys_left:
            actions += [slot_action(KEY, index) for index in key_slots(state, seat)]
        elif kind == ROCKFALL:
            actions += [
                slot_action(ROCKFALL, index) for index in sorted(cells) if cells[index] in _FALLING
            ]
        elif kind == MAP:
            actions += [slot_action(MAP, index) for index in sorted(maze.hidden)]
    if state.broken[seat]:
        pairs = card_pairs(hand)
        for bit in _TOOL_NAMES:
            if state.broken[seat] & bit:
                actions += [discard_action(CLEAR, pair, bit) for pair in pairs]
    passes = pass_actions(hand)
    if passes is None:  # a card without a number (none of the Duel's own): the general way
        passes = [discard_action(PASS, (card,)) for card in distinct]
        passes += [discard_action(PASS, pair) for pair in card_pairs(hand)]
    actions += passes
    return actions


def card_pairs(hand: list[str]) -> list[tuple[str, str]]:
    """Each pair of the hand's cards once, each pair and the list in the order of names."""
    return sorted({(a, b) if a <= b else (b, a) for a, b in combinations(hand, 2)})


# The hand cards numbered in the order of their names, so that numbers sort as names do, and the
# pass actions by number: one card, or a pair (number * _KINDS + number, filled on first use).
_CARD_ORDER: Final = sorted({*C.PATH_COUNTS, *C.ACTION_COUNTS})
_CARD_NUMBER: Final = {card: number for number, card in enumerate(_CARD_ORDER)}
_KINDS: Final = len(_CARD_ORDER)
_SINGLE_PASS: Final = [discard_action(PASS, (card,)) for card in _CARD_ORDER]
_PAIR_PASS: Final[list[Action | None]] = [None] * (_KINDS * _KINDS)


def pass_actions(hand: list[str]) -> list[Action] | None:
    """The hand's pass actions: each card alone, then each pair of cards, in the order of the
    cards' names (what ``discard_action`` gives, found by number); ``None`` if a card has none.

    >>> [str(action) for action in pass_actions(["map", "EW", "map"])]
    ['pass:EW', 'pass:map', 'pass:EW+map', 'pass:map+map']
    """
    numbers: list[int] = []
    for card in hand:
        number = _CARD_NUMBER.get(card)
        if number is None:
            return None
        numbers.append(number)
    numbers.sort()
    values: list[int] = []  # each number once, ascending
    twice: list[bool] = []  # whether the hand holds that card more than once
    for number in numbers:
        if values and values[-1] == number:
            twice[-1] = True
        else:
            values.append(number)
            twice.append(False)
    out = [_SINGLE_PASS[number] for number in values]
    for at, first in enumerate(values):
        row = first * _KINDS
        if twice[at]:
            out.append(_pair_pass(row + first))
        for second in values[at + 1 :]:
            out.append(_pair_pass(row + second))
    return out


def _pair_pass(key: int) -> Action:
    action = _PAIR_PASS[key]
    if action is None:
        pair = (_CARD_ORDER[key // _KINDS], _CARD_ORDER[key % _KINDS])
        action = _PAIR_PASS[key] = discard_action(PASS, pair)
    return action


def ladder_slots(state: DuelState) -> list[int]:
    """Empty slots where a ladder may lie: next to a face-up card, not a goal or gold."""
    maze = state.mazes[0]
    cells, hidden = maze.cells, maze.hidden
    steps = [step for _, _, step in SIDE_STEPS]
    barred = [*hidden, *(i for i, sid in cells.items() if sid in _NO_LADDER_NEXT)]
    near = {index + step for index in barred for step in steps}
    slots = {index + step for index in cells for step in steps}
    slots -= near | cells.keys() | hidden.keys()
    sid = C.SHAPES.by_name["ladder-green"]
    return [
        index
        for index in sorted(slots)
        if within_limits(*slot_xy(index)) and not maze.mismatched_sides(index, sid)
    ]


def ladder_rule(state: DuelState, index: int, sid: int) -> tuple[str, str] | None:
    """The rule (and a sentence) that forbids a ladder at ``index``, or ``None``."""
    maze, where = state.mazes[0], xy_text(index)
    if index in maze.cells or index in maze.hidden:
        return "path.occupied", f"{where} already holds a card"
    x, y = slot_xy(index)
    if not within_limits(x, y):
        return "path.adjacent", f"{where} touches no card in the maze"
    neighbours = [index + step for _, _, step in SIDE_STEPS]
    if not any(near in maze.cells for near in neighbours):
        return "path.adjacent", f"a ladder at {where} touches no face-up card"
    for near in neighbours:
        card = maze.hidden.get(near) or card_at(state, near)
        if card is not None and (card in C.GOAL_COUNTS or card in C.GOLD_PATH_COUNTS):
            return (
                "path.ladder-next-to-goal",
                f"a ladder never lies next to a goal or gold card ({where} touches {card})",
            )
    return sides_rule(maze, index, sid, _SHAPES[sid].name)


def key_slots(state: DuelState, seat: int) -> list[int]:
    """The face-up doors of the other colour, without a key yet."""
    colour = state.colours[seat]
    return [
        index
        for index, sid in sorted(state.mazes[0].cells.items())
        if _SPECS[sid].door and sid not in C.CLOSED and C.card_colour(_SPECS[sid].card) != colour
    ]


def rockfall_rule(state: DuelState, index: int) -> tuple[str, str] | None:
    """The rule (and a sentence) that forbids a rockfall at ``index``, or ``None``."""
    maze, where = state.mazes[0], xy_text(index)
    if index in maze.hidden:
        return "rockfall.goal", f"a rockfall never removes a goal card {where}"
    card = card_at(state, index)
    if card is None:
        return "rockfall.empty", f"there is no path card at {where} to remove"
    if card in C.STARTS.values():
        return "rockfall.start", "a rockfall never removes a start card"
    if card in C.GOAL_COUNTS:
        return "rockfall.goal", f"a rockfall never removes a goal card {where}"
    if card in C.GOLD_PATH_COUNTS:
        return "rockfall.gold", f"a rockfall never removes a card with gold {where}"
    if card in C.TROLL_COUNTS:
        return "rockfall.troll", f"a rockfall never removes a troll {where}"
    return None
