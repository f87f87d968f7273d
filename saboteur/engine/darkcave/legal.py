"""The legal actions of a Dark Cave state, phase by phase, and why another action is not.

>>> from saboteur.engine import new_game
>>> state = new_game("darkcave", 3).new_state(seed=1)
>>> kinds = {action.kind for action in legal_actions(state)}
>>> "place" in kinds and "pass" in kinds
True
"""

from __future__ import annotations

from typing import Final

from saboteur.engine.base import Action
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import state as S  # (imported here: an import per call cost ~5 %)
from saboteur.engine.darkcave import walking as W
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.grid import field_slot
from saboteur.engine.maze import KEY_BITS, KEY_MASK

# Shape masks are kept shifted down by the first path shape id: the 65 shapes do not fit a
# machine int (62 bits) in the compiled build, the path shapes above it do.
_BASE: Final = min(C.PATH_SHAPE_IDS)
_IS_PATH: Final = [sid in C.PATH_SHAPE_IDS for sid in range(max(C.PATH_SHAPE_IDS) + 1)]
_FIT: Final = [mask >> _BASE for mask in C.SHAPES.fit_table(C.PATH_SHAPE_IDS)]

# what a hand card lets one do besides placing it (`_play` branches on these, not on names)
_PATH: Final = 0
_INFO: Final = 1
_ROCKFALL: Final = 2
_SWAP: Final = 3
_WEB: Final = 4
_BOOTS: Final = 5
_AXE: Final = 6
_CREATURE: Final = 7


class _Card:
    """What `_play` needs of one hand card, found with one dict look-up: its number (the cards
    numbered in name order, so a bit set of numbers iterates in the order ``sorted`` gives),
    its shapes' bits, its kind and its pass actions."""

    def __init__(self, name: str, number: int, kind: int, cards: int) -> None:
        self.name = name
        self.number = number
        self.bits = C.SHAPES.card_bits(C.PATH_SHAPE_IDS).get(name, 0) >> _BASE
        self.kind = kind
        self.pass_alone = A.pass_action((name,))
        self.pass_with: list[Action | None] = [None] * cards  # by the other's number

    def pass_pair(self, other: _Card) -> Action:
        """Passing this card and ``other`` (numbered as high or higher)."""
        found = self.pass_with[other.number]
        if found is None:
            found = self.pass_with[other.number] = A.pass_action((self.name, other.name))
        return found


def _cards() -> list[_Card]:
    # (in a function: the compiled build checks the module's top level before it knows the types
    # of these names of ``cards``, which imports back)
    assert len(C.SHAPES.shapes) - _BASE <= 62
    kinds = {C.INFO: _INFO, C.ROCKFALL: _ROCKFALL, C.SWAP: _SWAP, C.WEB: _WEB}
    kinds |= {C.BOOTS: _BOOTS, C.AXE: _AXE} | dict.fromkeys(C.CREATURES, _CREATURE)
    names = sorted(C.HAND_CARDS)
    return [_Card(name, n, kinds.get(name, _PATH), len(names)) for n, name in enumerate(names)]


_BY_NUMBER: Final = _cards()
_CARDS: Final = {card.name: card for card in _BY_NUMBER}


def legal_actions(state: DarkCaveState) -> list[Action]:
    """Every action the seat to act may take now, in a fixed order."""
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
    maze = state.maze
    out: list[Action] = []
    held = twice = bits = 0  # card numbers held (as bits), those held twice, shapes they lie as
    for name in hand:
        card = _CARDS[name]
        bit = 1 << card.number
        if held & bit:
            twice |= bit
        held |= bit
        bits |= card.bits
    if bits:
        ordered = maze.frontier_in_order()
        for packed in ordered:
            fits = _FIT[packed & KEY_MASK] & bits
            if not fits:
                continue
            index = packed >> KEY_BITS
            places = A.places_at(index)  # the slot's row once, not once per shape
            while fits:
                low = fits & -fits
                sid = low.bit_length() - 1 + _BASE
                found = places[sid]
                out.append(found if found is not None else A.place_action(index, sid))
                fits ^= low
    n = state.game.players
    cards = _held(held)
    for card in cards:
        kind = card.kind
        if kind == _PATH:
            continue
        name = card.name
        if kind == _INFO:
            out += [A.slot_action(name, index) for index in sorted(maze.hidden)]
            out += [A.seat_action(name, s) for s in range(n) if s != seat]
        elif kind == _ROCKFALL:
            out += [A.slot_action(name, i) for i in _rockfall_slots(state)]
        elif kind == _SWAP:
            out += [A.seat_action(name, s) for s in range(n) if s != seat]
        elif kind == _WEB:
            taken = {m.edge for m in maze.overlay.markers.values()}
            out += [A.edge_action(A.WEB, e) for e in W.open_ends(maze) if e not in taken]
        elif kind == _BOOTS:
            out += [A.seat_action(name, s) for s in range(n) if not state.boots[s]]
        elif kind == _AXE:
            out += [A.seat_action(name, s) for s in range(n)]
        elif name in state.creatures:
            out.append(A.lure_action(name, None))
        else:
            out += [A.lure_action(name, f) for f in W.special_fields(maze, C.HOLE)]
    for card in cards:
        out.append(card.pass_alone)
    for at, card in enumerate(cards):  # the pairs in sorted order, a card twice if held twice
        if twice >> card.number & 1:
            out.append(card.pass_pair(card))
        for later in range(at + 1, len(cards)):
            out.append(card.pass_pair(cards[later]))
    out += _axe_webs(state)
    if not state.proposed and state.game.agreed_end:
        out.append(A.word_action(A.PROPOSE))
    return out


def _held(held: int) -> list[_Card]:
    """The cards whose numbers are the bits of ``held``, in name order."""
    cards = []
    while held:
        low = held & -held
        cards.append(_BY_NUMBER[low.bit_length() - 1])
        held ^= low
    return cards


def _rockfall_slots(state: DarkCaveState) -> list[int]:
    """Path cards with neither a dwarf nor a creature on them (not the start, not a goal)."""
    maze = state.maze
    taken = {
        field_slot(piece.field)
        for piece in maze.overlay.pieces.values()
        if piece.kind == "dwarf" or piece.kind in C.CREATURES
    }
    found = [
        index
        for index, sid in maze.cells.items()
        if _IS_PATH[sid] and index not in taken  # (then sort only these)
    ]
    found.sort()
    return found


def _axe_webs(state: DarkCaveState) -> list[Action]:
    seat = state.turn
    if not state.axes[seat]:  # (before looking for the dwarf: most seats hold no axe)
        return []
    field = state.dwarf_field(seat)
    if field is None:
        return []
    return [A.edge_action(A.AXE_WEB, edge) for edge in W.web_edges_next(state.maze, field)]


def _creature_steps(state: DarkCaveState) -> list[Action]:
    assert state.moving is not None
    field = state.creature_field(state.moving)
    assert field is not None
    steps = W.step_targets(state.maze, field, False)
    return [A.step_action(f) for f in steps] + [A.word_action(A.STOP)]


def _moves(state: DarkCaveState) -> list[Action]:
    field = state.dwarf_field(state.turn)
    assert field is not None
    out = [A.step_action(f) for f in W.step_targets(state.maze, field, True)]
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
