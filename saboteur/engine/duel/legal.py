"""Legal actions of the Duel and solo in the play phase, and the placement rules they share
with :meth:`DuelState.apply <saboteur.engine.duel.state.DuelState.apply>`.

>>> from saboteur.engine import new_game
>>> state = new_game("duel", 2).new_state(seed=7)
>>> play_actions(state, 0) == state.legal_actions()
True
"""

from __future__ import annotations

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
    ON_SLOT_ROWS,
    PASS,
    PLACE,
    PLACE_ROWS,
    REPAIR,
    ROCKFALL,
    discard_action,
    place_row,
    seat_action,
    slot_action,
)
from saboteur.engine.grid import SLOT_KEYS, STEPS, within_limits
from saboteur.engine.maze import SIDE_STEPS, Maze, slot_xy
from saboteur.engine.maze import xy_text as xy_text
from saboteur.engine.path_rules import sides_rule

if TYPE_CHECKING:
    from saboteur.engine.duel.state import DuelState

_SPECS: Final = C.SPECS
# the cards' tables the legal-action loop reads, as constants (the compiled build keeps them in C)
_TROLLS: Final = C.TROLL_COUNTS
_CLOSED: Final = C.CLOSED
_LADDERS: Final = C.LADDER_COUNTS
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


# per shape id (lists: the compiled build reads an item without hashing a number)
CARD_OF: Final = [spec.card for spec in _SPECS]
IS_GOLD: Final = [sid in GOLD_SIDS for sid in range(len(_SPECS))]
_BARS_LADDER: Final = [sid in _NO_LADDER_NEXT for sid in range(len(_SPECS))]
assert all(C.SHAPES.sides[C.SHAPES.by_name[card]] == 15 for card in _LADDERS)  # crossroads
_FALLS: Final = [sid in _FALLING for sid in range(len(_SPECS))]
_BRIBABLE: Final = [
    spec.card in _TROLLS and sid not in _CLOSED for sid, spec in enumerate(_SPECS)
]  # a troll not yet bribed
# for each colour: the doors of the other colour without a key, which its dwarf may open
_KEY_DOORS: Final = {
    colour: [
        bool(spec.door) and sid not in _CLOSED and C.card_colour(spec.card) != colour
        for sid, spec in enumerate(_SPECS)
    ]
    for colour in C.COLOURS
}
_SIDES_OF: Final = list(C.SHAPES.sides)
_TOOL_BITS: Final = list(_TOOL_NAMES)
_SEATS: Final = 2  # the Duel seats two players at most (solo: one)


def card_at(state: DuelState, index: int) -> str | None:
    """The card lying face up at ``index`` (``None``: empty or a face-down goal)."""
    sid = state.mazes[0].cells.get(index)
    return None if sid is None else CARD_OF[sid]


# What the legal-action loop needs of each hand card, by the card's number (the cards numbered in
# the order of their names, so that numbers sort as names do).
_PATH_CARD: Final = 0
_LADDER_CARD: Final = 1
_BREAK_CARD: Final = 2
_REPAIR_CARD: Final = 3
_KEY_CARD: Final = 4
_ROCKFALL_CARD: Final = 5
_MAP_CARD: Final = 6


class _HandCard:
    """One kind of hand card as the legal-action loop reads it."""

    def __init__(self, card: str) -> None:
        kind = CARD_KIND[card]
        self.card = card
        self.shapes = _SHAPE_BITS.get(card, 0)  # the shapes a path card may lie as
        self.ladder = C.SHAPES.by_name[card] if card in _LADDERS else -1
        self.tool = _BREAKS.get(card, 0)  # the tool a sabotage card breaks
        # a sabotage card's action on each seat; a repair card's (tool, action on each seat)
        self.on_seat = [seat_action(card, t) for t in range(_SEATS)] if kind == BREAK else []
        self.repairs = [
            (tool, [seat_action(card, t, tool) for t in range(_SEATS)])
            for tool in _REPAIRS.get(card, ())
        ]
        self.kind = (
            _LADDER_CARD
            if card in _LADDERS
            else {
                PLACE: _PATH_CARD,
                BREAK: _BREAK_CARD,
                REPAIR: _REPAIR_CARD,
                KEY: _KEY_CARD,
                ROCKFALL: _ROCKFALL_CARD,
            }.get(kind, _MAP_CARD)
        )


_CARD_ORDER: Final = sorted({*C.PATH_COUNTS, *C.ACTION_COUNTS})
_CARD_NUMBER: Final = {card: number for number, card in enumerate(_CARD_ORDER)}
_KINDS: Final = len(_CARD_ORDER)
_HAND_CARDS: Final = [_HandCard(card) for card in _CARD_ORDER]
# the pass actions by number: one card, or a pair (number * _KINDS + number, filled on first use);
# the clear actions of a pair by tool bit likewise
_SINGLE_PASS: Final = [discard_action(PASS, (card,)) for card in _CARD_ORDER]
_PAIR_PASS: Final[list[Action | None]] = [None] * (_KINDS * _KINDS)
_PAIR_CLEAR: Final[dict[int, list[Action | None]]] = {
    bit: [None] * (_KINDS * _KINDS) for bit in _TOOL_BITS
}


def play_actions(state: DuelState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in the play phase, in an order given by the state alone."""
    hand, maze, n, broken = state.hands[seat], state.mazes[seat], len(state.hands), state.broken
    actions: list[Action] = []
    if state.markers_left:
        _add_bribes(maze, actions)
    numbers, twice = hand_numbers(hand)
    cards = [_HAND_CARDS[number] for number in numbers]
    mine = broken[seat]
    if not mine:
        bits = 0
        for card in cards:
            if card.kind == _LADDER_CARD:
                for index in ladder_slots(state):
                    actions.append(place_row(index)[card.ladder])
            elif card.kind == _PATH_CARD:
                bits |= card.shapes
        if bits:
            maze.add_placements(bits, _FIT, PLACE_ROWS, place_row, actions)
    for card in cards:
        kind = card.kind
        if kind == _BREAK_CARD:
            for target in range(n):
                if target != seat and not broken[target] & card.tool:
                    actions.append(card.on_seat[target])
        elif kind == _REPAIR_CARD:
            for tool, on_seat in card.repairs:
                if mine & tool:
                    actions.append(on_seat[seat])
        elif kind == _KEY_CARD:
            if state.keys_left:
                on_doors = ON_SLOT_ROWS[KEY]
                for index in key_slots(state, seat):
                    actions.append(on_doors[index] or slot_action(KEY, index))
        elif kind == _ROCKFALL_CARD:
            _add_rockfalls(maze, actions)
        elif kind == _MAP_CARD:
            maps = ON_SLOT_ROWS[MAP]
            for index in sorted(maze.hidden):
                actions.append(maps[index] or slot_action(MAP, index))
    pairs = pair_keys(numbers, twice)
    if mine:
        for bit in _TOOL_BITS:
            if mine & bit:
                clears = _PAIR_CLEAR[bit]
                for key in pairs:
                    actions.append(clears[key] or _pair_clear(key, bit))
    _add_passes(numbers, pairs, actions)
    return actions


def _add_bribes(maze: Maze, actions: list[Action]) -> None:
    """The trolls this seat's tunnel reaches and nobody bribed yet, by slot."""
    trolls = [index for index, sid in maze.cells.items() if _BRIBABLE[sid]]
    if trolls:
        trolls.sort()
        live, bribes = maze.live, ON_SLOT_ROWS[BRIBE]
        for index in trolls:
            if live.get(index):
                actions.append(bribes[index] or slot_action(BRIBE, index))


def _add_rockfalls(maze: Maze, actions: list[Action]) -> None:
    """A rockfall on each path card it may remove, by slot."""
    slots = [index for index, sid in maze.cells.items() if _FALLS[sid]]
    slots.sort()
    rockfalls = ON_SLOT_ROWS[ROCKFALL]
    for index in slots:
        actions.append(rockfalls[index] or slot_action(ROCKFALL, index))


def hand_numbers(hand: list[str]) -> tuple[list[int], list[bool]]:
    """The hand's card numbers each once, ascending, and whether the hand holds each twice or more.

    >>> numbers, twice = hand_numbers(["map", "EW", "map"])
    >>> [_CARD_ORDER[number] for number in numbers], twice
    (['EW', 'map'], [False, True])
    """
    numbers = [_CARD_NUMBER[card] for card in hand]
    numbers.sort()
    values: list[int] = []
    twice: list[bool] = []
    for number in numbers:
        if values and values[-1] == number:
            twice[-1] = True
        else:
            values.append(number)
            twice.append(False)
    return values, twice


def pair_keys(numbers: list[int], twice: list[bool]) -> list[int]:
    """Each pair of the hand's cards once (``first * _KINDS + second``), in the order of names."""
    keys: list[int] = []
    count = len(numbers)
    for at in range(count):
        first = numbers[at]
        row = first * _KINDS
        if twice[at]:
            keys.append(row + first)
        for later in range(at + 1, count):
            keys.append(row + numbers[later])
    return keys


def pass_actions(hand: list[str]) -> list[Action]:
    """The hand's pass actions: each card alone, then each pair of cards, in the order of the
    cards' names (what ``discard_action`` gives, found by number).

    >>> [str(action) for action in pass_actions(["map", "EW", "map"])]
    ['pass:EW', 'pass:map', 'pass:EW+map', 'pass:map+map']
    """
    numbers, twice = hand_numbers(hand)
    passes: list[Action] = []
    _add_passes(numbers, pair_keys(numbers, twice), passes)
    return passes


def _add_passes(numbers: list[int], pairs: list[int], actions: list[Action]) -> None:
    """Each card of ``numbers`` passed alone, then each pair of ``pairs`` (:func:`pair_keys`)."""
    for number in numbers:
        actions.append(_SINGLE_PASS[number])
    for key in pairs:
        actions.append(_PAIR_PASS[key] or _pair_pass(key))


def _pair(key: int) -> tuple[str, str]:
    return _CARD_ORDER[key // _KINDS], _CARD_ORDER[key % _KINDS]


def _pair_pass(key: int) -> Action:
    action = _PAIR_PASS[key] = discard_action(PASS, _pair(key))
    return action


def _pair_clear(key: int, bit: int) -> Action:
    action = _PAIR_CLEAR[bit][key] = discard_action(CLEAR, _pair(key), bit)
    return action


def ladder_slots(state: DuelState) -> list[int]:
    """Empty slots where a ladder may lie: next to a face-up card, not a goal or gold, and (a
    crossroads) beside no card closed towards it."""
    maze = state.mazes[0]
    cells, hidden, keys = maze.cells, maze.hidden, SLOT_KEYS
    barred: set[int] = set()  # next to a face-down goal, a goal, gold, or a side closed to it
    for index in hidden:
        for step in STEPS:
            barred.add(keys[index + step])
    seen: set[int] = set()
    found: list[int] = []
    for index, sid in cells.items():
        bars, sides = _BARS_LADDER[sid], _SIDES_OF[sid]
        for side, _, step in SIDE_STEPS:
            slot = keys[index + step]
            if bars or not sides & side:
                barred.add(slot)
            elif slot not in seen and slot not in cells and slot not in hidden:
                seen.add(slot)
                found.append(slot)
    found.sort()
    slots = []
    for index in found:
        x, y = slot_xy(index)
        if index not in barred and within_limits(x, y):
            slots.append(index)
    return slots


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
    """The face-up doors of the other colour, without a key yet, by slot."""
    doors = _KEY_DOORS[state.colours[seat]]
    found = [index for index, sid in state.mazes[0].cells.items() if doors[sid]]
    found.sort()
    return found


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
