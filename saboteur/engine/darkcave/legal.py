"""The legal actions of a Dark Cave state, phase by phase, and why another action is not.

>>> from saboteur.engine import new_game
>>> state = new_game("darkcave", 3).new_state(seed=1)
>>> kinds = {action.kind for action in legal_actions(state)}
>>> "place" in kinds and "pass" in kinds
True
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from saboteur.engine.base import Action
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import walking as W
from saboteur.engine.grid import field_id, field_slot

if TYPE_CHECKING:
    from saboteur.engine.darkcave.state import DarkCaveState

_FIT = C.SHAPES.fit_table(C.PATH_SHAPE_IDS)
_CARD_BITS = C.SHAPES.card_bits(C.PATH_SHAPE_IDS)


def legal_actions(state: DarkCaveState) -> list[Action]:
    """Every action the seat to act may take now, in a fixed order."""
    from saboteur.engine.darkcave import state as S

    phase = state.phase
    if phase == S.PLAY:
        return _play(state)
    if phase == S.CREATURE:
        return _creature_steps(state)
    if phase == S.DEFEND:
        return [A.word_action(A.DRIVE_OFF), A.word_action(A.ENDURE)]
    if phase == S.MOVE:
        return _moves(state)
    if phase == S.REVEAL:
        return _reveals(state)
    if phase == S.VOTE:
        return [A.word_action(A.AGREE), A.word_action(A.REFUSE)]
    return []


def _play(state: DarkCaveState) -> list[Action]:
    seat = state.turn
    hand = state.hands[seat]
    cards = sorted(set(hand))
    maze = state.maze
    out: list[Action] = []
    bits = 0
    for card in cards:
        bits |= _CARD_BITS.get(card, 0)
    if bits:
        ordered = maze.frontier_in_order()
        for at in range(0, len(ordered), 2):
            index = ordered[at]
            fits = _FIT[ordered[at + 1]] & bits
            while fits:
                low = fits & -fits
                out.append(A.place_action(index, low.bit_length() - 1))
                fits ^= low
    n = state.game.players
    others = [s for s in range(n) if s != seat]
    for card in cards:
        if card == C.INFO:
            out += [A.slot_action(C.INFO, index) for index in sorted(maze.hidden)]
            out += [A.seat_action(C.INFO, s) for s in others]
        elif card == C.ROCKFALL:
            out += [A.slot_action(C.ROCKFALL, i) for i in _rockfall_slots(state)]
        elif card == C.SWAP:
            out += [A.seat_action(C.SWAP, s) for s in others]
        elif card == C.WEB:
            taken = {m.edge for m in maze.overlay.markers.values()}
            out += [A.edge_action(A.WEB, e) for e in W.open_ends(maze) if e not in taken]
        elif card == C.BOOTS:
            out += [A.seat_action(C.BOOTS, s) for s in range(n) if not state.boots[s]]
        elif card == C.AXE:
            out += [A.seat_action(C.AXE, s) for s in range(n)]
        elif card in C.CREATURES:
            if card in state.creatures:
                out.append(A.lure_action(card, None))
            else:
                out += [A.lure_action(card, f) for f in W.special_fields(maze, C.HOLE)]
    out += [A.pass_action((card,)) for card in cards]
    out += [A.pass_action(pair) for pair in sorted(set(combinations(sorted(hand), 2)))]
    out += _axe_webs(state)
    if not state.proposed and state.game.agreed_end:
        out.append(A.word_action(A.PROPOSE))
    return out


def _rockfall_slots(state: DarkCaveState) -> list[int]:
    """Path cards with neither a dwarf nor a creature on them (not the start, not a goal)."""
    maze = state.maze
    taken = {
        field_slot(piece.field)
        for piece in maze.overlay.pieces.values()
        if piece.kind == "dwarf" or piece.kind in C.CREATURES
    }
    return [
        index
        for index in sorted(maze.cells)
        if maze.cells[index] in C.PATH_SHAPE_IDS and index not in taken
    ]


def _axe_webs(state: DarkCaveState) -> list[Action]:
    seat = state.turn
    field = state.dwarf_field(seat)
    if not state.axes[seat] or field is None:
        return []
    return [A.edge_action(A.AXE_WEB, edge) for edge in W.web_edges_next(state.maze, field)]


def _creature_steps(state: DarkCaveState) -> list[Action]:
    assert state.moving is not None
    field = state.creature_field(state.moving)
    assert field is not None
    steps = sorted(set(W.stepper(state.maze)(field)))
    return [A.step_action(f) for f in steps] + [A.word_action(A.STOP)]


def _moves(state: DarkCaveState) -> list[Action]:
    field = state.dwarf_field(state.turn)
    assert field is not None
    maze = state.maze
    steps = W.stepper(maze)
    targets = set(steps(field))
    targets |= {field_id(index, 0) for index, _ in steps.hidden_next(field)}
    out = [A.step_action(f) for f in sorted(targets)]
    return out + _axe_webs(state) + [A.word_action(A.STOP)]


def _reveals(state: DarkCaveState) -> list[Action]:
    """The ways the goal may lie: fitting every face-up neighbour and open towards the dwarf;
    if none fits everywhere, those open towards the dwarf."""
    assert state.pending is not None
    index, side, _ = state.pending
    maze = state.maze
    card = maze.hidden[index]
    shapes = C.SHAPE_IDS[card]
    towards = [sid for sid in shapes if C.SHAPES.sides[sid] & side]
    key = maze.constraint_key(index)
    care, need = key & 15, key >> 4
    fitting = [sid for sid in towards if (C.SHAPES.sides[sid] & care) == need]
    return [A.place_action(index, sid) for sid in (fitting or towards)]


def explain(state: DarkCaveState, action: Action) -> str:
    """Why ``action`` is not legal now, in words."""
    from saboteur.engine.darkcave import state as S

    phase = state.phase
    expected = {
        S.PLAY: "play a card, pass discarding 1-2 cards or propose to end the game",
        S.CREATURE: f"move the {state.moving} (step@x,y.n) or stop",
        S.DEFEND: "drive-off (use the battle axe) or endure",
        S.MOVE: "step@x,y.n or stop",
        S.REVEAL: "choose how the goal lies (goal-…@x,y)",
        S.VOTE: "agree or refuse",
    }.get(phase, "nothing: the game is over")
    hand = state.hands[state.turn]
    if phase == S.PLAY and action.kind != A.PASS and action.card and action.card not in hand:
        return f"{action.text}: {action.card} is not in the hand"
    if phase == S.PLAY and action.kind == A.PLACE and action.slot is not None:
        return (
            f"{action.text}: the card does not fit there (all sides must match and extend a tunnel)"
        )
    if phase in (S.MOVE, S.CREATURE) and action.kind == A.STEP:
        return f"{action.text}: that field is not one step away (or a web blocks the way)"
    return f"{action.text}: not possible now; {expected}"
