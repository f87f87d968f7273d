"""The legal actions of a Zwergengold state, phase by phase, and why another action is not.

>>> from saboteur.engine import new_game
>>> state = new_game("zwergengold", 2).new_state(seed=1)
>>> sorted({action.kind for action in legal_actions(state)})  # 5 cards: no end of turn yet
['duel', 'play', 'read']
>>> explain(state, parse_action("step@0,1"))
'there is no card to step to at (0,1)'
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from saboteur.engine.base import Action
from saboteur.engine.grid import xy_text
from saboteur.engine.zwergengold import actions as A
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold import moves as M
from saboteur.engine.zwergengold.actions import parse_action as parse_action
from saboteur.engine.zwergengold.labyrinth import Misfit

if TYPE_CHECKING:
    from saboteur.engine.zwergengold.state import ZwergengoldState


def legal_actions(state: ZwergengoldState) -> list[Action]:
    """Every action the seat to act may take now, in a fixed order."""
    from saboteur.engine.zwergengold import state as S

    phase = state.phase
    if phase == S.TURN:
        return _turn(state)
    if phase == S.SHOWN:
        return _shown(state) + _cards(state, state.occupied())
    if phase == S.GRILLE:
        return [A.word_action(A.AGREE), A.word_action(A.REFUSE)]
    if phase == S.LOOK:
        return [A.slot_action(A.LOOK, s) for s in state._lookable()] + [A.word_action(A.DONE)]
    if phase == S.FOREBODING:
        count = min(S.FORESEEN, len(state.pile))
        return [A.order_action(order) for order in permutations(range(count))]
    if phase == S.DUSTER:
        return [A.slot_action(A.DUST, slot) for slot in state.dustable()]
    if phase == S.PLAN:
        places = state.lab.places(C.STAIRS, state.occupied())
        return [
            A.lay_action(A.STAIRS, C.STAIRS, slot, C.SHAPES.shapes[sid].rotation)
            for slot, sid in places
        ]
    return []


def _turn(state: ZwergengoldState) -> list[Action]:
    seat = state.turn
    out = [A.slot_action(move.kind, move.to) for move in M.moves(state)]
    wall = _wall_behind(state)
    if wall is not None:
        out.append(A.slot_action(A.WALL, wall))
    mages = state.mage_slots()  # once, not once per seat and use
    out += _cards(state, state.occupied(mages))
    here = mages[seat]
    for other in range(state.game.players):
        if other != seat and state.playing(other) and mages[other] == here:
            most = min(state.ap[seat], state.ap[other])
            out += [A.duel_action(other, ap) for ap in range(1, most + 1)]
    if len(state.hands[seat]) <= 4:
        out.append(A.word_action(A.END))
    return out


def _wall_behind(state: ZwergengoldState) -> int | None:
    """The broken wall just left, if the mage may wall it up again (2 AP, nobody on it)."""
    slot, lab = state.came_from, state.lab
    if (
        slot is None
        or slot not in lab.face_up
        or C.symbol(lab.cards[slot]) != C.WALL
        or state.ap[state.turn] < C.WALL_UP_COST
        or any(state.mage_slot(s) == slot for s in range(state.game.players))
    ):
        return None
    return slot


def _shown(state: ZwergengoldState) -> list[Action]:
    move = state.pending
    assert move is not None
    need = M.entry(state, move)
    if not M.can_enter(state, move, need):
        return [A.word_action(A.RETREAT)]
    if need.choice:
        return [A.potion_action(A.POTION_AP), A.potion_action(A.POTION_CARDS)]
    return [A.word_action(A.ENTER)]


def _readable(state: ZwergengoldState, scroll: str | None, occupied: set[int]) -> bool:
    if scroll == C.FOREBODING:
        return bool(state.pile)
    if scroll == C.DUSTER:
        return state.any_dustable(occupied)
    return scroll is not None


def _cards(state: ZwergengoldState, occupied: set[int]) -> list[Action]:
    """Each distinct card back of the supply, attached wherever it fits (or under the pile),
    with and without its scroll (``occupied``: ``state.occupied()``)."""
    out: list[Action] = []
    for back in sorted({C.back(card) for card in state.hands[state.turn]}):
        kinds = [A.PLAY] + ([A.READ] if _readable(state, C.scroll(back), occupied) else [])
        places = state.lab.places(C.corridor(back), occupied)
        for kind in kinds:
            if not places:
                out.append(A.lay_action(kind, back, None))
            for slot, sid in places:
                out.append(A.lay_action(kind, back, slot, C.SHAPES.shapes[sid].rotation))
    return out


def explain(state: ZwergengoldState, action: Action) -> str:
    """Why ``action`` is not legal now, in words."""
    from saboteur.engine.zwergengold import state as S

    phase, seat = state.phase, state.turn
    if phase not in (S.TURN, S.SHOWN) or (
        phase == S.SHOWN and (action.kind in A.MOVES or action.kind in (A.END, A.DUEL, A.WALL))
    ):
        choices = ", ".join(a.text for a in state.legal_actions())
        return f"in the {phase} phase the choices are: {choices}"
    if action.kind in A.MOVES:
        return _why_no_move(state, action)
    if action.kind in (A.PLAY, A.READ):
        return _why_no_card(state, action)
    if action.kind == A.END:
        held = len(state.hands[seat])
        return f"keep at most 4 cards at the end of the turn (seat {seat} has {held})"
    if action.kind == A.DUEL:
        return "a duel needs another mage on the same field and no more AP than either has"
    if action.kind == A.WALL:
        return "only the broken wall just left, with nobody on it, can be walled up (2 AP)"
    return f"{action.text} is not a choice now"


def _why_no_move(state: ZwergengoldState, action: Action) -> str:
    to, seat = A.target(action), state.turn
    assert to is not None
    if to not in state.lab.cards:
        return f"there is no card to {action.kind} to at {xy_text(to)}"
    if state.stuck:
        return "the mage's movement has ended for this turn"
    if state.ap[seat] < 1:
        return "moving needs at least 1 AP"
    if to == state.came_from:
        return f"the mage just left {xy_text(to)} and may not turn back"
    move = next((m for m in M.moves(state) if m.to == to), None)
    if move is None:
        return f"{xy_text(to)} cannot be reached by a {action.kind} from where the mage stands"
    return f"{xy_text(to)} is reached by {move.kind}, not {action.kind}"


def _why_no_card(state: ZwergengoldState, action: Action) -> str:
    back, seat = action.card, state.turn
    assert back is not None
    if back not in {C.back(card) for card in state.hands[seat]}:
        return f"seat {seat} has no {back} in their supply"
    occupied = state.occupied()
    if action.kind == A.READ and not _readable(state, C.scroll(back), occupied):
        return f"{back} has no scroll that can be read now"
    places = state.lab.places(C.corridor(back), occupied)
    if action.choice == A.PILE:
        return f"{back} fits the labyrinth and must be attached"
    to = A.target(action)
    assert to is not None
    if not places:
        return f"{back} fits nowhere: it goes under the draw pile ({action.kind}:{back}@pile)"
    try:
        state.lab.fit(to, C.shape_of(back, A.turns_of(action)))
    except Misfit as misfit:
        return f"{back} cannot lie at {xy_text(to)} turned {A.turns_of(action)}: {misfit}"
    return f"{action.text} is not a choice now"
