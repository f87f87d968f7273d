"""Reading a Zwergengold state back from its notation (``state.to_json()``).

Every field must be there and of its kind, and what the fields say must hold together (cards
of the box, no more of each than the box holds; mages on laid cards; AP from 0 to 7; the
bookkeeping of the phase).  Anything else raises :class:`NotationError` naming it, so that a
scenario can be written as text and played on:

>>> from saboteur.engine import new_game
>>> game = new_game("zwergengold", 2)
>>> data = game.new_state(seed=1).to_json()
>>> state_from_json(game, {**data, "ap": [7, 9]})
Traceback (most recent call last):
...
saboteur.engine.base.NotationError: state notation: ap must be 0 to 7 for each seat
>>> state_from_json(game, {**data, "mages": [[0, 0], [5, 5]]})
Traceback (most recent call last):
...
saboteur.engine.base.NotationError: state notation: a mage stands at (5,5), where no card lies
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from saboteur.engine import notation_support as N
from saboteur.engine.base import JSON, NotationError
from saboteur.engine.grid import field_id, xy_text
from saboteur.engine.zwergengold import actions as A
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold import moves as M
from saboteur.engine.zwergengold.labyrinth import START
from saboteur.engine.zwergengold.state import (
    DUSTER,
    FOREBODING,
    GRILLE,
    LOOK,
    MAGE,
    OVER,
    PHASES,
    PLAN,
    SHOWN,
    TOKENS,
    ZwergengoldState,
)

if TYPE_CHECKING:
    from saboteur.engine.zwergengold.game import ZwergengoldGame


def state_from_json(game: ZwergengoldGame, data: JSON) -> ZwergengoldState:
    """Rebuild a state; raises :class:`NotationError` naming the first problem found."""
    return N.read_or_refuse(_read, game, data)


def _read(game: ZwergengoldGame, data: JSON) -> ZwergengoldState:
    N.check_header(game, data)
    n = game.players
    state = ZwergengoldState(game, N.need(data, "seed", int))
    state.round, state.phase, state.current, state.turns = N.read_progress(
        data, game.rounds + 1, PHASES, n
    )
    N.need(data, "current", (int, type(None)))
    state.turn = N.seat(data.get("turn"), n, "turn")
    state.first = N.seat(data.get("first"), n, "first")
    _read_cards(state, N.need(data, "cards", list))
    lab = state.lab
    _read_under(state, N.need(data, "under", list))
    for seat, where in enumerate(N.seat_lists(data, "mages", n)):
        slot = N.slot(where, "a mage", 2)
        if slot not in lab.cards:
            raise NotationError(
                f"state notation: a mage stands at {xy_text(slot)}, where no card lies"
            )
        state.mages.append(lab.maze.overlay.add_piece(MAGE, seat, field_id(slot, 0)).id)
    ap = N.seat_lists(data, "ap", n)
    if not all(N.is_int(v) and 0 <= v <= C.MAX_AP for v in ap):
        raise NotationError("state notation: ap must be 0 to 7 for each seat")
    state.ap = list(ap)
    every = list(lab.cards.values())
    state.hands = [
        N.card_list(hand, C.BOX_COUNTS, "each hand") for hand in N.seat_lists(data, "hands", n)
    ]
    state.pile = N.card_list(N.need(data, "pile", list), C.BOX_COUNTS, "pile")
    state.stairs = N.card_list(N.need(data, "stairs", list), C.BOX_COUNTS, "stairs")
    if any(C.corridor(card) != C.STAIRS for card in state.stairs):
        raise NotationError("state notation: only stairs are set apart")
    every += [card for hand in state.hands for card in hand] + state.pile + state.stairs
    every += [card for stack in lab.under.values() for card, _, _, _ in stack]
    extra = Counter(every) - (C.BOX_COUNTS + Counter([C.START]))
    if extra:
        raise NotationError(
            f"state notation: more cards than the box holds ({', '.join(sorted(extra))})"
        )
    _read_turn(state, data)
    _check_phase(state)
    return state


def _read_cards(state: ZwergengoldState, cards: list[Any]) -> None:
    lab = state.lab
    for entry in cards:
        if not isinstance(entry, list) or len(entry) != 6:
            raise NotationError(
                "state notation: a laid card is [x, y, card, turns, level, face up]"
            )
        slot = N.slot(entry, "a laid card")
        card, turns, level, up = entry[2:]
        if not C.is_card(card) or card == C.START:
            raise NotationError(f"state notation: {card!r} is not a card of the box")
        on_start = slot == START and state.game.summit and lab.cards[START] == C.START
        if (slot in lab.cards and not on_start) or not lab.maze.in_bounds(slot):
            raise NotationError(f"state notation: {xy_text(slot)} is taken or off the table")
        try:
            sid = C.shape_of(card, turns)
        except (KeyError, TypeError):
            raise NotationError(f"state notation: {card} cannot lie turned {turns!r}") from None
        if not N.is_int(level) or not isinstance(up, bool):
            raise NotationError("state notation: a laid card's level is a number, face up a bool")
        if on_start:
            lab.maze.lay(slot, sid)  # covering the start; the start is among the covered
        else:
            lab.maze.place(slot, sid)
        lab.levels[slot], lab.cards[slot] = lab.shown(level), card
        if up:
            lab.face_up.add(slot)
    lab.maze.recompute()
    lab.invalidate()


def _read_under(state: ZwergengoldState, under: list[Any]) -> None:
    """ "Auf zum Gipfel!": the covered cards, oldest first, each under a laid card."""
    lab = state.lab
    for entry in under:
        if not isinstance(entry, list) or len(entry) != 6 or not state.game.summit:
            raise NotationError(
                "state notation: covered cards are [x, y, card, turns, level,"
                ' face up], and only in "Auf zum Gipfel!"'
            )
        slot = N.slot(entry, "a covered card")
        card, turns, level, up = entry[2:]
        if slot not in lab.cards or not C.is_card(card) or not N.is_int(level):
            raise NotationError(
                f"state notation: a card covered at {xy_text(slot)} must lie under one"
            )
        try:
            sid = C.shape_of(card, turns)
        except (KeyError, TypeError):
            raise NotationError(f"state notation: {card} cannot lie turned {turns!r}") from None
        lab.under.setdefault(slot, []).append((card, sid, lab.shown(level), bool(up)))


def _optional_slot(value: Any, what: str) -> int | None:
    return None if value is None else N.slot(value, what, 2)


def _read_turn(state: ZwergengoldState, data: JSON) -> None:
    state.came_from = _optional_slot(N.need(data, "came_from", (list, type(None))), "came_from")
    state.stuck = N.need(data, "stuck", bool)
    scrolls = N.need(data, "scrolls", dict)
    if set(scrolls) != set(TOKENS) or not all(N.is_int(v) and v >= 0 for v in scrolls.values()):
        raise NotationError(f"state notation: scrolls counts {', '.join(TOKENS)}")
    state.tokens = dict(scrolls)
    pending = N.need(data, "pending", (dict, type(None)))
    if pending is not None:
        if not isinstance(pending, dict) or pending.get("via") not in A.MOVES:
            raise NotationError("state notation: pending is {x, y, from, via, fee, fresh}")
        to = N.slot([pending.get("x"), pending.get("y")], "pending", 2)
        source = N.slot(pending.get("from"), "pending's from", 2)
        fee, fresh = pending.get("fee"), pending.get("fresh")
        if to not in state.lab.cards or not isinstance(fee, int) or not isinstance(fresh, bool):
            raise NotationError("state notation: pending names a laid card, a fee and fresh")
        state.pending = M.Move(pending["via"], to, source, fee, fresh)
    state.helpers = [
        N.seat(s, state.game.players, "a helper") for s in N.need(data, "helpers", list)
    ]
    state.shut = [N.slot(s, "a grille shut", 2) for s in N.need(data, "shut", list)]
    state.looks = N.need(data, "looks", int)
    state.looked = [N.slot(s, "a slot looked at", 2) for s in N.need(data, "looked", list)]
    seen = N.seat_lists(data, "seen", state.game.players)
    for seat, known in enumerate(seen):
        for entry in known:
            slot = N.slot(entry, "a card seen", 3)
            if state.lab.cards.get(slot) != entry[2]:
                raise NotationError(
                    f"state notation: seat {seat} saw a card not lying at {xy_text(slot)}"
                )
            state.seen[seat][slot] = entry[2]
    n = state.game.players
    state.places = [N.seat(s, n, "a place") for s in N.need(data, "places", list)]
    racing = state.phase != OVER
    if len(set(state.places)) != len(state.places) or (racing and state.turn in state.places):
        raise NotationError("state notation: places name each seat once, not the one to move")


def _check_phase(state: ZwergengoldState) -> None:
    phase = state.phase
    if phase == OVER:
        state.current = None
    if phase in (SHOWN, GRILLE, PLAN) and state.pending is None:
        raise NotationError(f"state notation: the {phase} phase needs a pending move")
    if phase == GRILLE and (not state.helpers or state.current != state.helpers[0]):
        raise NotationError("state notation: at a grille the first helper is to answer")
    if phase not in (OVER, GRILLE) and state.current != state.turn:
        raise NotationError("state notation: current must be the seat whose turn it is")
    if phase == LOOK and state.looks < 1:
        raise NotationError("state notation: far sight needs looks left")
    if phase == FOREBODING and not state.pile:
        raise NotationError("state notation: foreboding needs cards in the pile")
    if phase == DUSTER and not state.dustable():
        raise NotationError("state notation: the duster needs a card to turn back")
    if phase == PLAN and not (state.stairs and state.legal_actions()):
        raise NotationError("state notation: a plan needs stairs set apart that fit somewhere")
