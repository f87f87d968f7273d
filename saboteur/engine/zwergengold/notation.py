"""Zwergengold states as JSON (the state notation, every secret included) and per-seat views.

The laid cards are listed in the order they were laid, ``[x, y, card, turns, level, face
up]``; the draw pile bottom first (its top card last).  A view shows every card in the
labyrinth by its back until it is turned over, every supply by its backs (nobody, the holder
included, knows a symbol), the pile by its size, and to the seat that read a far sight the
cards it looked at while they still lie face down.

>>> from saboteur.engine import new_game
>>> game = new_game("zwergengold", 3)
>>> state = game.new_state(seed=2)
>>> for _ in range(12):
...     state.apply(state.legal_actions()[0])
>>> game.state_from_json(state.to_json()).to_json() == state.to_json()
True
>>> view = state.view(1)
>>> "pile" in view and isinstance(view["pile"], int), view["supplies"][1] == [
...     back(card) for card in state.hands[1]]
(True, True)
"""

from __future__ import annotations

from saboteur.engine import notation_support as N
from saboteur.engine.base import JSON, Action
from saboteur.engine.board import Cell, Marker, Piece, board, face_up
from saboteur.engine.grid import SIDE_NAMES, SIDES, sides_text, slot_xy
from saboteur.engine.wording import START_ONLY
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold import moves as M
from saboteur.engine.zwergengold.cards import back
from saboteur.engine.zwergengold.labyrinth import START, Labyrinth
from saboteur.engine.zwergengold.state import FOREBODING, FORESEEN, OVER, TURN, ZwergengoldState

_SHAPES = C.SHAPES.shapes


def _xy(slot: int | None) -> list[int] | None:
    return None if slot is None else list(slot_xy(slot))


def shown_name(state: ZwergengoldState, slot: int) -> str:
    """A laid card as everybody sees it: whole once turned over, else its back."""
    card = state.lab.cards[slot]
    return card if slot in state.lab.face_up else back(card)


def _labyrinth(state: ZwergengoldState, player: int | None) -> list[JSON]:
    """The laid cards; a face-down card ``player`` has seen (far sight, or a replay, where
    every card is seen) shows its symbol to them, marked ``seen``."""
    lab = state.lab
    chains = lab.chains
    seen = state.seen[player] if player is not None else {}
    out = []
    for slot in lab.cards:
        sid = lab.maze.cells[slot]
        chain = chains.of.get(slot)
        looked = slot in seen and slot not in lab.face_up
        out.append(
            {
                **dict(zip(("x", "y"), slot_xy(slot), strict=True)),
                "card": lab.cards[slot] if looked else shown_name(state, slot),
                **({"seen": True} if looked else {}),
                "face": "up" if slot in lab.face_up else "down",
                "turn": _SHAPES[sid].rotation,
                "level": lab.shown(lab.levels[slot]),
                "deep": sides_text(C.deep_side(sid)),
                "exits": sides_text(C.SHAPES.sides[sid]),
                "arches": sides_text(C.arches(sid)),
                "passage": _level(lab, None if chain is None else chains.level[chain]),
                "covers": len(lab.under.get(slot, ())),
            }
        )
    return out


def _level(lab: Labyrinth, level: int | None) -> int | None:
    return None if level is None else lab.shown(level)


def _cells(state: ZwergengoldState) -> list[Cell]:
    lab = state.lab
    cells = []
    for slot in lab.cards:
        kind = "start" if slot == START else "open" if slot in lab.face_up else "covered"
        cells.append(face_up(slot, _SHAPES[lab.maze.cells[slot]], kind, shown_name(state, slot)))
    return cells


def _markers(state: ZwergengoldState) -> list[Marker]:
    """Every card's arches, and the arrow end of stairs (``arrow``), as edge markers."""
    out: list[Marker] = []
    for slot in state.lab.cards:
        sid = state.lab.maze.cells[slot]
        x, y = slot_xy(slot)
        for side in SIDES:
            if C.arches(sid) & side:
                out.append({"kind": "arch", "x": x, "y": y, "side": SIDE_NAMES[side]})
            elif C.deep_side(sid) == side:
                out.append({"kind": "arrow", "x": x, "y": y, "side": SIDE_NAMES[side]})
    return out


def _pieces(state: ZwergengoldState) -> list[Piece]:
    out: list[Piece] = []
    for seat in range(state.game.players):
        x, y = slot_xy(state.mage_slot(seat))
        out.append({"kind": "mage", "x": x, "y": y, "owner": seat, "label": f"{state.ap[seat]} AP"})
    return out


def view_of(state: ZwergengoldState, player: int | None) -> JSON:
    """What ``player`` may know (``None``: a spectator)."""
    n = state.game.players
    pending = state.pending
    out: JSON = {
        **N.view_head(state, player),
        "turn": state.turn,
        "turns": state.turns,
        "round": state.round,
        "rounds": state.game.rounds,
        "target": state.game.levels,
        "ap": list(state.ap),
        "mages": [_xy(state.mage_slot(s)) for s in range(n)],
        "supplies": [[back(card) for card in hand] for hand in state.hands],
        "pile": len(state.pile),
        "stairs": len(state.stairs),
        "labyrinth": _labyrinth(state, player),
        "pending": None
        if pending is None
        else {**_at(pending.to), "via": pending.kind, "fee": pending.fee},
        "stuck": state.stuck,
        "came_from": _xy(state.came_from),
        "scrolls": dict(state.tokens),
        "looks": state.looks,
        "helpers": list(state.helpers),
        "winner": state.winner,
        "places": list(state.places),
        "hand_sizes": [len(hand) for hand in state.hands],
        "scores": state.scores if state.is_over else None,
        "winners": state.winners if state.is_over else None,
    }
    actions: list[Action] = []
    if player is not None:
        out["hand"] = list(out["supplies"][player])
        face_up_now = state.lab.face_up
        out["seen"] = [
            [*slot_xy(slot), card]
            for slot, card in sorted(state.seen[player].items())
            if slot not in face_up_now
        ]
        if state.phase == FOREBODING and state.current == player:
            out["foreseen"] = state.pile[-FORESEEN:][::-1]
        if state.current == player and state.phase != OVER:
            actions = state.legal_actions()
        out["legal"] = [action.text for action in actions]
        if actions and state.phase == TURN:
            out["reach"] = _reach(state)
    half = state.game.table // 2
    bounds = (-half, half, -half, half)
    out["board"] = board(
        _cells(state), actions, bounds, _pieces(state), _markers(state), START_ONLY.landmarks
    )  # the start as the events' words name places from it
    return out


def _reach(state: ZwergengoldState) -> list[JSON]:
    """Every move the mage to move can make now, with its AP (``None`` onto a face-down card:
    what it costs shows only when it is turned over)."""
    out = []
    for move in M.moves(state):
        x, y = slot_xy(move.to)
        cost = None if move.fresh else M.entry(state, move).cost
        out.append(
            {"action": f"{move.kind}@{x},{y}", "x": x, "y": y, "via": move.kind, "cost": cost}
        )
    return out


def _at(slot: int) -> JSON:
    x, y = slot_xy(slot)
    return {"x": x, "y": y}


def state_to_json(state: ZwergengoldState) -> JSON:
    lab = state.lab
    pending = state.pending
    return {
        **N.progress_json(state),
        "turn": state.turn,
        "first": state.first,
        "cards": [
            [
                *slot_xy(slot),
                card,
                _SHAPES[lab.maze.cells[slot]].rotation,
                lab.shown(lab.levels[slot]),
                slot in lab.face_up,
            ]
            for slot, card in lab.cards.items()
            if card != C.START
        ],
        "under": [
            [*slot_xy(slot), card, _SHAPES[sid].rotation, lab.shown(level), up]
            for slot, stack in lab.under.items()
            for card, sid, level, up in stack
        ],
        "mages": [_xy(state.mage_slot(s)) for s in range(state.game.players)],
        "ap": list(state.ap),
        "hands": [list(hand) for hand in state.hands],
        "pile": list(state.pile),
        "stairs": list(state.stairs),
        "came_from": _xy(state.came_from),
        "stuck": state.stuck,
        "scrolls": dict(state.tokens),
        "pending": None
        if pending is None
        else {
            **_at(pending.to),
            "from": _xy(pending.source),
            "via": pending.kind,
            "fee": pending.fee,
            "fresh": pending.fresh,
        },
        "helpers": list(state.helpers),
        "shut": [_xy(slot) for slot in state.shut],
        "looks": state.looks,
        "looked": [_xy(slot) for slot in state.looked],
        "seen": [
            [[*slot_xy(s), card] for s, card in sorted(known.items())] for known in state.seen
        ],
        "places": list(state.places),
    }
