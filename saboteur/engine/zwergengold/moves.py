"""Where a mage may move and what entering a card asks of it (AP, help, a stop, a choice).

A move goes to a neighbouring card (``step``), under a chain of cards from one corridor end
to another (``under``), or through a trapdoor (``trapdoor``: down 2 AP, up 4 AP).  Entering a
card applies its symbol first: on a card just turned over (*fresh*) the dragon and the wall
ask their price and the strength potion its choice; on a face-up card the rotten floor and the
creatures ask theirs.  A scroll played this turn (cloak, lock pick, hammer and pick) is used
up by the first card it helps with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from saboteur.engine.grid import SIDE_STEPS, STEP, field_id, field_slot
from saboteur.engine.walk import Steps
from saboteur.engine.zwergengold import actions as A
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold.labyrinth import LevelRules

if TYPE_CHECKING:
    from saboteur.engine.zwergengold.state import ZwergengoldState


NEXT: Final = frozenset(STEP.values())


class _Value:
    """Compares and hashes by :meth:`_key` (what a frozen dataclass did for its fields)."""

    __slots__ = ()

    def _key(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class Entry(_Value):
    """What entering a card takes: ``cost`` AP (fee included), a helper's consent (``help``),
    whether the mage stops there (``stops``), the scroll effect it uses up (``uses``), and
    whether the mage chooses what the potion gives (``choice``).

    A plain class, not a frozen dataclass: the compiled build (mypyc) makes it a native class,
    made and read many times faster; it is never changed once made, and compares by value."""

    __slots__ = ("choice", "cost", "help", "stops", "uses")

    def __init__(
        self,
        cost: int,
        help: bool = False,
        stops: bool = False,
        uses: str | None = None,
        choice: bool = False,
    ) -> None:
        self.cost, self.help, self.stops, self.uses, self.choice = cost, help, stops, uses, choice

    def _key(self) -> tuple[int, bool, bool, str | None, bool]:
        return self.cost, self.help, self.stops, self.uses, self.choice

    def __repr__(self) -> str:
        return (
            f"Entry(cost={self.cost!r}, help={self.help!r}, stops={self.stops!r},"
            f" uses={self.uses!r}, choice={self.choice!r})"
        )


class Move(_Value):
    """A move of the mage whose turn it is: how, where to, from where, and its fee.

    A plain class for the same reason as :class:`Entry` (never changed once made)."""

    __slots__ = ("fee", "fresh", "kind", "source", "to")

    def __init__(self, kind: str, to: int, source: int, fee: int = 0, fresh: bool = False) -> None:
        self.kind, self.to, self.source, self.fee, self.fresh = kind, to, source, fee, fresh

    def _key(self) -> tuple[str, int, int, int, bool]:
        return self.kind, self.to, self.source, self.fee, self.fresh

    def __repr__(self) -> str:
        return (
            f"Move(kind={self.kind!r}, to={self.to!r}, source={self.source!r},"
            f" fee={self.fee!r}, fresh={self.fresh!r})"
        )


def adjacent(a: int, b: int) -> bool:
    """Whether slots ``a`` and ``b`` are neighbours."""
    return b - a in NEXT


def entry(state: ZwergengoldState, move: Move) -> Entry:
    """What entering ``move.to`` takes now (the card face up, ``move.fresh`` if just turned)."""
    mark = C.symbol(state.lab.cards[move.to])
    tokens, fee, fresh = state.tokens, move.fee, move.fresh
    if mark == C.DRAGON and fresh:
        return Entry(fee + C.DRAGON_COST)
    if (mark == C.WALL and fresh) or (mark == C.ROT and not fresh):
        if tokens[C.HAMMER]:
            return Entry(fee, uses=C.HAMMER)
        return Entry(fee + (C.WALL_COST if mark == C.WALL else C.COSTS[C.ROT]))
    if mark in C.CREATURES:
        if tokens[C.CLOAK] and not fresh:
            return Entry(fee, uses=C.CLOAK)
        # "Kein Plan!" costs where it names the creature, else the usual (no dicts merged)
        no_plan = state.game.no_plan and mark in C.NO_PLAN_COSTS
        return Entry(fee + (C.NO_PLAN_COSTS[mark] if no_plan else C.COSTS[mark]))
    if mark in (C.GRILLE, C.LOCK):
        if tokens[C.PICK]:
            return Entry(fee, uses=C.PICK)
        return Entry(fee, help=mark == C.GRILLE, stops=mark == C.LOCK)
    return Entry(fee, choice=mark == C.POTION and fresh)


def helpers(state: ZwergengoldState, slot: int) -> list[int]:
    """The other seats whose mages stand on ``slot`` or one step from it, in turn order."""
    near = {slot} | {
        field_slot(f)
        for f in Steps(state.lab.maze, LevelRules(state.lab))(field_id(slot, 0))
        if adjacent(field_slot(f), slot)
    }
    n = state.game.players
    order = [(state.turn + i) % n for i in range(1, n)]
    return [seat for seat in order if state.playing(seat) and state.mage_slot(seat) in near]


def can_enter(state: ZwergengoldState, move: Move, done: Entry | None = None) -> bool:
    """Whether the mage can pay and, at a grille, has a lock pick or a helper not yet asked
    in vain this turn."""
    need = done or entry(state, move)
    if need.help and move.to in state.shut:
        return False
    return need.cost <= state.ap[state.turn] and (not need.help or bool(helpers(state, move.to)))


def moves(state: ZwergengoldState) -> list[Move]:
    """Every move the mage whose turn it is may start now, by kind and place."""
    seat = state.turn
    if state.ap[seat] < 1 or state.stuck:
        return []
    lab = state.lab
    here = state.mage_slot(seat)
    found: dict[tuple[str, int], Move] = {}
    for slot in lab.next_slots(here):
        kind = A.STEP if adjacent(slot, here) else A.UNDER
        found.setdefault((kind, slot), Move(kind, slot, here))
    if _trapdoor(state, here):
        for slot in lab.trapdoor_ports(here):
            found.setdefault((A.TRAPDOOR, slot), Move(A.TRAPDOOR, slot, here, C.TRAPDOOR_DOWN))
    for _, _, step in SIDE_STEPS:
        slot = here + step
        if slot in lab.cards and _trapdoor(state, slot) and here in lab.trapdoor_ports(slot):
            found.setdefault((A.TRAPDOOR, slot), Move(A.TRAPDOOR, slot, here, C.TRAPDOOR_UP))
    out = []
    # by place, then kind: the (place, kind) pairs are distinct, so the moves are never compared
    # (a plain sort of tuples, no key function called per move)
    for slot, kind, move in sorted([(slot, kind, move) for (kind, slot), move in found.items()]):
        if slot == state.came_from or slot == here:
            continue
        if slot not in lab.face_up:
            move = Move(kind, slot, here, move.fee, fresh=True)
            if move.fee <= state.ap[seat]:
                out.append(move)
        elif can_enter(state, move):
            out.append(move)
    return out


def move_of(state: ZwergengoldState, kind: str, to: int) -> Move:
    """The move :func:`moves` lists as ``kind`` to ``to``, for an action naming it that is legal
    now: made without finding every other move and whether it can be paid, as applying it
    needs only its own (a trapdoor down from the mage's card is found before one up)."""
    lab, here = state.lab, state.mage_slot(state.turn)
    fee = 0
    if kind == A.TRAPDOOR:
        down = _trapdoor(state, here) and to in lab.trapdoor_ports(here)
        fee = C.TRAPDOOR_DOWN if down else C.TRAPDOOR_UP
    return Move(kind, to, here, fee, fresh=to not in lab.face_up)


def _trapdoor(state: ZwergengoldState, slot: int) -> bool:
    lab = state.lab
    return slot in lab.face_up and C.symbol(lab.cards[slot]) == C.TRAPDOOR
