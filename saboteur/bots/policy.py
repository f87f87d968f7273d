"""The heuristic policy: a score for every legal action from one seat's situation.

A :class:`Situation` holds what the seat knows that matters here (role, hand,
maze, broken tools, where the gold may be, suspicions).  :func:`best` picks the
highest-scoring legal action.  The heuristic bot builds situations from its
memory; the ISMCTS playouts build them from sampled states.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 4).new_state(seed=2)
>>> sit = situation_of(state, state.current_player)
>>> import random
>>> best(sit, state.legal_actions(), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from saboteur.bots import memory
from saboteur.bots.tunnel import (
    GOAL_SLOTS,
    Maze,
    Reach,
    distance,
    is_dead_end,
    laying_suspicion,
    rockfall_suspicion,
)
from saboteur.engine.base import Action
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import ClassicState
from saboteur.engine.grid import SLOT_KEYS

DIGGER_PASS: Final = {  # how gladly a digger throws a card away (higher: sooner)
    "NESW": -15,
    "NES": -13,
    "NEW": -13,
    "EW": -12,
    "ES": -10,
    "SW": -10,
    "NS": -9,
    "rockfall": -3,
    "map": -20,
}
# compiled constants (an imported name is read from the module's dictionary at every use)
SUSPECT: Final = memory.SUSPECT
TRUSTED: Final = memory.TRUSTED
DIGGER: Final = C.DIGGER
GOLD_GOAL: Final = C.GOLD_GOAL
_GOAL_OBJECTS: Final[tuple[object, ...]] = GOAL_SLOTS
# every subset of the goal slots as one tuple, by a mask of GOAL_SLOTS positions; a slot's bit
_GOAL_SETS: Final = [
    tuple(slot for i, slot in enumerate(GOAL_SLOTS) if mask >> i & 1) for mask in range(8)
]
_GOAL_BIT: Final = {slot: 1 << i for i, slot in enumerate(GOAL_SLOTS)}
_SLOT_KEYS: Final = SLOT_KEYS  # read directly by the compiled build (a module constant)
SABOTEUR_PASS: Final = {"NESW": 10, "NES": 8, "NEW": 8, "EW": 7, "rockfall": -12, "map": 0}


class Situation:
    """What one seat knows that the policy needs.

    A plain class, not a dataclass: the compiled build then makes it natively (a dataclass's
    generated ``__init__`` is interpreted Python, called once per move of every playout).
    """

    __slots__ = (
        "broken", "gold", "hand", "maze", "progress", "role", "seat", "stones", "suspicion",
    )  # fmt: skip

    def __init__(
        self,
        seat: int,
        role: str,
        hand: list[str],
        maze: Maze,
        broken: list[int],
        gold: int | None,  # the gold's slot, if this seat knows it
        stones: frozenset[int],  # face-down goals this seat knows to be stone
        suspicion: list[float],
        progress: list[float],
    ) -> None:
        self.seat = seat
        self.role = role
        self.hand = hand
        self.maze = maze
        self.broken = broken
        self.gold = gold
        self.stones = stones
        self.suspicion = suspicion
        self.progress = progress

    def candidates(self) -> tuple[int, ...]:
        """Goal slots that may hold the gold, as far as this seat knows (one shared tuple per
        set of slots: the nearest-distance memo finds it by identity)."""
        gold = self.gold
        if gold is not None:
            bit = _GOAL_BIT.get(gold)
            return (gold,) if bit is None else _GOAL_SETS[bit]
        return _hidden_goals(self.maze.hidden, self.stones)


def _hidden_goals(hidden: dict[int, str], stones: frozenset[int]) -> tuple[int, ...]:
    """The face-down goals not known to be stone, as the one shared tuple of that set."""
    mask = 0
    bit = 1
    # the slots as the objects they are (typed object: the compiled build would otherwise
    # make a new int object for every membership test)
    for slot in _GOAL_OBJECTS:
        if slot in hidden and slot not in stones:
            mask |= bit
        bit <<= 1
    return _GOAL_SETS[mask]


def situation_of(state: ClassicState, seat: int, opinion: list[float] | None = None) -> Situation:
    """A seat's situation read from a full state (inside playouts, where all is sampled).

    ``opinion`` stands in for every seat's suspicions (see :func:`react`).
    """
    maze = state.maze
    gold = None
    stones = _NO_STONES
    peeks = state.peeks[seat]
    if peeks:  # (most seats looked at no goal: no set made for them)
        seen = set()
        for index, card in peeks.items():
            if index in maze.hidden:
                if card == GOLD_GOAL:
                    gold = index
                else:
                    seen.add(index)
        if gold is None and len(seen) == 2:
            gold = next(i for i in maze.hidden if i not in seen)
        stones = frozenset(seen)
    zeros = _ZEROS[state.game.players]
    return Situation(
        seat, state.roles[seat], state.hands[seat], maze, state.broken, gold, stones,
        zeros if opinion is None else opinion, zeros,
    )  # fmt: skip


_NO_STONES: Final[frozenset[int]] = frozenset()
# no suspicion, no progress, per number of players: read, never changed (shared by every situation)
_ZEROS: Final = [[0.0] * players for players in range(11)]


def react(
    opinion: list[float],
    state: ClassicState,
    seat: int,
    action: Action,
    faithful: bool = False,
    reach: Reach | None = None,
) -> None:
    """Update a shared table of suspicions for ``seat`` playing ``action`` (before it is applied).

    A stand-in, inside playouts, for what an onlooker's memory would make of it: by the rules of
    :class:`~saboteur.bots.memory.Memory` for the tunnel (a card that brings the tunnel nearer the
    goals earns trust, one that leads it away is suspect, a dead end more so) and for tools.
    ``faithful=False`` (the default search's): rougher rules, only dead ends and tools counted;
    ``ismcts-faithful`` plays with ``faithful=True``. ``reach``: one towards the face-down goals
    already made for the maze as it is (:func:`public_reach`), else one is made when needed.
    """
    kind = action.kind
    if kind == "place":
        sid = action.code & 63
        if not faithful:
            if is_dead_end(sid):
                opinion[seat] += 1.5
            return
        if reach is None:
            reach = public_reach(state.maze)
        opinion[seat] += laying_suspicion(sid, reach.best, reach.after_place(action.code >> 6, sid))
    elif kind == "break":
        target = action.seat
        assert target is not None
        opinion[seat] += -1.0 if opinion[target] >= SUSPECT else 1.0
    elif kind == "repair" and action.seat != seat:
        target = action.seat
        assert target is not None
        opinion[seat] += 1.0 if opinion[target] >= SUSPECT else -0.5
    elif kind == "rockfall":
        maze = state.maze
        sid = maze.cells[_SLOT_KEYS[action.code]]
        if is_dead_end(sid):  # (both rules alike: rockfall_suspicion's first case)
            opinion[seat] -= 1.0
        elif not faithful:
            opinion[seat] += 1.5
        else:
            reach = public_reach(maze) if reach is None else reach
            opinion[seat] += rockfall_suspicion(sid, reach.best, reach.after_remove(action.code))


def public_reach(maze: Maze) -> Reach:
    """The reach towards every face-down goal: how an onlooker measures the tunnel."""
    return Reach(maze, _hidden_goals(maze.hidden, _NO_STONES))


def gold_choice(legal: Sequence[Action]) -> Action:
    """Take the biggest gold card."""
    return max(legal, key=lambda action: int(action.choice or 0))


def best(
    sit: Situation, legal: list[Action], rng: random.Random, reach: Reach | None = None
) -> Action:
    """The highest-scoring action (ties broken by ``rng``). ``legal`` a list: the compiled build
    then walks it as one (a ``Sequence`` it would iterate through Python's protocol). ``reach``:
    towards ``sit``'s candidate goals, if the caller made it already."""
    if legal[0].kind == "gold":
        return gold_choice(legal)
    if reach is None:
        reach = Reach(sit.maze, sit.candidates())
    digger = sit.role == DIGGER
    noise = rng.random
    chosen, top = legal[0], -1e9
    for action in legal:  # as max(): the first of equal scores
        # a direct call each (not through a variable: the compiled build then calls natively)
        value = _digger_score(sit, reach, action) if digger else _saboteur_score(sit, reach, action)
        value += noise() * 0.01
        if value > top:
            chosen, top = action, value
    return chosen


def rank(sit: Situation, legal: list[Action], rng: random.Random) -> list[tuple[float, Action]]:
    """Every legal action with its score, best first (ties broken by ``rng``)."""
    reach = Reach(sit.maze, sit.candidates())
    digger = sit.role == DIGGER
    noise = rng.random  # bound once: rng.random() looks the method up at every call
    scored = [
        (
            (_digger_score(sit, reach, a) if digger else _saboteur_score(sit, reach, a))
            + noise() * 0.01,
            a,
        )
        for a in legal
    ]
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored


# -- gold-diggers ----------------------------------------------------------------------------------


def _digger_score(sit: Situation, reach: Reach, action: Action) -> float:
    kind = action.kind
    if kind == "place":
        index, sid = action.code >> 6, action.code & 63
        if is_dead_end(sid):
            return -40.0
        after, openings = reach.place_effect(index, sid)
        if after == 0:
            return 1000.0
        gain = reach.best - after
        if gain > 0:
            return 50.0 + 10 * gain + 2 * openings
        return 2.0 + openings if gain == 0 else -10.0
    if kind == "repair":
        target = action.seat
        assert target is not None
        if target == sit.seat:
            return 90.0
        trust = -sit.suspicion[target]
        return -30.0 if trust <= -SUSPECT else 40.0 + 5 * min(trust, 3.0)
    if kind == "break":
        target = action.seat
        assert target is not None
        suspicion = sit.suspicion[target]
        if target == sit.seat or suspicion < SUSPECT:
            return -50.0 - (10.0 if suspicion < TRUSTED else 0.0)
        already = 15.0 if sit.broken[target] else 0.0
        return 30.0 + 8 * suspicion + (10.0 if reach.best <= 3 else 0.0) - already
    if kind == "map":
        if sit.gold is not None or action.code in sit.stones:
            return -5.0
        return 75.0 - distance(action.code, GOAL_SLOTS[1])
    if kind == "rockfall":
        sid = sit.maze.cells[_SLOT_KEYS[action.code]]  # (see grid.SLOT_KEYS)
        if not is_dead_end(sid):
            return -30.0
        gain = reach.best - reach.after_remove(action.code)
        return 45.0 + 10 * gain if gain > 0 else -5.0
    return _digger_pass(sit, action.card or "")


def _digger_pass(sit: Situation, card: str) -> float:
    kind = _pass_kind(card)
    if kind == _DEAD_END:
        return 10.0
    if kind == _MAP and sit.gold is not None:
        return 8.0
    if kind == _BREAK:
        return -5.0 if _anyone_suspect(sit.suspicion) else 0.0
    if kind == _REPAIR:
        return -8.0
    return float(DIGGER_PASS.get(card, -10))


# what a pass looks at in the card's name, worked out once per name (not a string test per move)
_DEAD_END: Final = 0
_MAP: Final = 1
_BREAK: Final = 2
_REPAIR: Final = 3
_OTHER: Final = 4
_PASS_KINDS: Final[dict[str, int]] = {}


def _pass_kind(card: str) -> int:
    kind = _PASS_KINDS.get(card)
    if kind is None:
        if card.startswith("x"):
            kind = _DEAD_END
        elif card == "map":
            kind = _MAP
        elif card.startswith("break-"):
            kind = _BREAK
        elif card.startswith("repair-"):
            kind = _REPAIR
        else:
            kind = _OTHER
        _PASS_KINDS[card] = kind
    return kind


def _anyone_suspect(suspicion: Sequence[float]) -> bool:
    """``max(suspicion) >= SUSPECT`` (the compiled build turns ``any`` over a generator into a
    loop, but calls ``max`` as Python)."""
    return any(value >= SUSPECT for value in suspicion)


# -- saboteurs -------------------------------------------------------------------------------------


def _saboteur_score(sit: Situation, reach: Reach, action: Action) -> float:
    kind = action.kind
    closeness = max(0, 8 - reach.best)
    if kind == "place":
        index, sid = action.code >> 6, action.code & 63
        after = reach.after_place(index, sid)
        if after == 0:  # it would turn over a goal that may hold the gold
            return -1000.0
        worse = after - reach.best
        if is_dead_end(sid):
            return 20.0 + 12 * worse + 4 * closeness if worse > 0 else 3.0
        if worse > 0:
            return 15.0 + 12 * worse + 3 * closeness
        return 0.0 if worse == 0 else -20.0 + 5 * worse
    if kind == "repair":
        target = action.seat
        assert target is not None
        if target == sit.seat:
            return 45.0
        return 15.0 if sit.suspicion[target] >= SUSPECT else -25.0
    if kind == "break":
        target = action.seat
        assert target is not None
        if target == sit.seat:
            return -100.0
        if sit.suspicion[target] >= SUSPECT:
            return -10.0
        idle = 10.0 if not sit.broken[target] else 0.0
        return 25.0 + 3 * sit.progress[target] + 2 * closeness + idle - sit.suspicion[target]
    if kind == "map":
        return 20.0 if sit.gold is None else -5.0
    if kind == "rockfall":
        sid = sit.maze.cells[_SLOT_KEYS[action.code]]  # (see grid.SLOT_KEYS)
        if is_dead_end(sid):
            return -20.0
        worse = reach.after_remove(action.code) - reach.best
        if worse <= 0:
            return -5.0
        return 50.0 + 12 * worse if reach.best <= 4 else 20.0 + 5 * worse
    return _saboteur_pass(action.card or "")


def _saboteur_pass(card: str) -> float:
    kind = _pass_kind(card)
    if kind == _DEAD_END:
        return -15.0
    if kind == _REPAIR:
        return 12.0
    if kind == _BREAK:
        return -10.0
    return float(SABOTEUR_PASS.get(card, 6))
