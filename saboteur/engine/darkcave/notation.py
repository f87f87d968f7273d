"""Dark Cave states as JSON (the state notation, every secret included) and per-player views.

>>> from saboteur.engine import new_game
>>> game = new_game("darkcave", 5)
>>> state = game.new_state(seed=2)
>>> for _ in range(30):
...     state.apply(state.legal_actions()[-1 if state.phase == "move" else 0])
>>> game.state_from_json(state.to_json()).to_json() == state.to_json()
True
>>> view = state.view(1)
>>> "clan_cards" in view, view["clans"] == state.clans, view["clan_card"] == state.clan_cards[1]
(False, True, True)
"""

from __future__ import annotations

from typing import Any

from saboteur.engine import notation_support as N
from saboteur.engine.base import JSON, Action
from saboteur.engine.board import Piece, Target, board, face_down, face_up, overlay_items
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import words
from saboteur.engine.darkcave.state import (
    CREATURE,
    DWARF,
    GOLD,
    MOVE,
    OVER,
    DarkCaveState,
)
from saboteur.engine.darkcave.walkmap import walk_map
from saboteur.engine.grid import (
    SIDE_NAMES,
    edge_side,
    field_number,
    field_slot,
    slot_xy,
)

_SHAPES = C.SHAPES.shapes


def _kind(card: str) -> str:
    return "start" if card == C.START else "goal" if card in C.GOALS else "path"


def _pieces(state: DarkCaveState) -> list[Piece]:
    """Dwarfs (lying ones labelled), creatures and eagle gold, in a fixed order."""
    out: list[Piece] = []
    for piece in state.maze.overlay.pieces.values():
        x, y = slot_xy(field_slot(piece.field))
        item: Piece = {
            "kind": piece.kind,
            "x": x,
            "y": y,
            "owner": piece.owner,
            "field": field_number(piece.field),
        }
        if piece.kind == DWARF:
            assert piece.owner is not None
            item["label"] = state.clans[piece.owner] + (
                " lying" if state.lying[piece.owner] else ""
            )
        out.append(item)
    order = {DWARF: 0, GOLD: 1}
    return sorted(
        out, key=lambda p: (order.get(p["kind"], 2), p["kind"], p["owner"] or 0, p["x"], p["y"])
    )


def _webs(state: DarkCaveState) -> list[JSON]:
    overlay = state.maze.overlay
    return [
        {
            "edge": A.edge_text(overlay.markers[m].edge),
            "owner": overlay.markers[m].owner,
            "shows": shows,
        }
        for m, shows in state.webs.items()
    ]


def view_of(state: DarkCaveState, player: int | None) -> JSON:
    """What ``player`` may know (``None``: a spectator)."""
    n = state.game.players
    if player is not None and not 0 <= player < n:
        raise ValueError(f"there is no seat {player} (seats 0 to {n - 1})")
    maze = state.maze
    peeks = state.peeks[player] if player is not None else {}
    over = state.phase == OVER
    cells = [
        face_up(index, _SHAPES[sid], _kind(_SHAPES[sid].card)) for index, sid in maze.cells.items()
    ]
    pending = state.pending[0] if state.pending else None
    for index, card in maze.hidden.items():
        known = card if index == pending else peeks.get(index)
        cells.append(face_down(*slot_xy(index), "goal", known))
    characters = [
        state.clan_cards[s] if over or state.revealed[s] or s == player else None for s in range(n)
    ]
    out: JSON = {
        "ruleset": "darkcave",
        "players": n,
        "options": dict(state.game.options),
        "seat": player,
        "phase": state.phase,
        "current": state.current,
        "turn": state.turn,
        "turns": state.turns,
        "clans": state.clans,
        "characters": characters,
        "gold": list(state.gold),
        "supply": state.supply,
        "out": list(state.out),
        "lying": list(state.lying),
        "boots": list(state.boots),
        "axes": list(state.axes),
        "webs": _webs(state),
        "creatures": {
            creature: {
                "field": A.field_text(state.maze.overlay.pieces[p].field),
                "owner": state.maze.overlay.pieces[p].owner,
            }
            for creature, p in sorted(state.creatures.items())
        },
        "dwarfs": [_field_or_none(state.dwarf_field(s)) for s in range(n)],
        "steps_left": state.steps_left if state.phase == MOVE else None,
        "moving": state.moving,
        "creature_steps": state.creature_steps if state.phase == CREATURE else None,
        "attack": state.attack.to_json() if state.attack else None,
        "voters": list(state.voters),
        "hand_sizes": [len(hand) for hand in state.hands],
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "box_size": len(state.box),
        "aside_size": len(state.aside),
        "scores": state.final if over else None,
        "winners": state.winners if over else None,
    }
    actions = []
    if player is not None:
        out["hand"] = list(state.hands[player])
        out["clan_card"] = state.clan_cards[player]
        out["known"] = {str(s): card for s, card in sorted(state.known[player].items())}
        out["goals_seen"] = [[*slot_xy(i), card] for i, card in sorted(peeks.items())]
        if player in state.out[:1] and state.aside:
            out["aside"] = list(state.aside)
        if state.current == player and not over:
            actions = state.legal_actions()
        out["legal"] = [action.text for action in actions]
    landmarks = words.places(state.game.players).landmarks
    out["board"] = board(
        cells, actions, None, _pieces(state), overlay_items(maze)[1], landmarks=landmarks
    )
    _point_targets(out["board"]["targets"], actions)
    if actions and state.phase in (MOVE, CREATURE):
        out["walk"] = walk_map(state)
    return out


def _point_targets(targets: list[Target], actions: list[Action]) -> None:
    """Name the field a step or a creature points at, and the side of an edge a web lies on."""
    for target, action in zip(targets, actions, strict=True):
        if action.kind in (A.STEP, A.LURE) and action.slot is not None:
            target["field"] = field_number(action.code)
        elif action.kind in (A.WEB, A.AXE_WEB):
            target["side"] = SIDE_NAMES[edge_side(action.code)[1]]


def _creatures(state: DarkCaveState) -> list[tuple[str, Any]]:
    pieces = state.maze.overlay.pieces
    return [(creature, pieces[p]) for creature, p in sorted(state.creatures.items())]


def _field_or_none(field: int | None) -> str | None:
    return None if field is None else A.field_text(field)


def state_to_json(state: DarkCaveState) -> JSON:
    maze = state.maze
    overlay = maze.overlay
    return {
        **N.progress_json(state),
        "turn": state.turn,
        "hands": [list(hand) for hand in state.hands],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "box": list(state.box),
        "clan_cards": list(state.clan_cards),
        "aside": list(state.aside),
        "revealed": list(state.revealed),
        "gold": list(state.gold),
        "supply": state.supply,
        "maze": [[*slot_xy(index), _SHAPES[sid].name] for index, sid in maze.cells.items()],
        "goals": [[*slot_xy(index), card] for index, card in state.goal_cards.items()],
        "hidden": [list(slot_xy(index)) for index in maze.hidden],
        "dwarfs": [_field_or_none(state.dwarf_field(s)) for s in range(state.game.players)],
        "out": list(state.out),
        "lying": list(state.lying),
        "still": state.still,
        "boots": list(state.boots),
        "axes": list(state.axes),
        "webs": _webs(state),
        "creatures": [
            [creature, A.field_text(overlay.pieces[p].field), overlay.pieces[p].owner]
            for creature, p in state.creatures.items()
        ],
        "eagle_gold": sorted(
            A.field_text(p.field) for p in overlay.pieces.values() if p.kind == GOLD
        ),
        "peeks": [[list(slot_xy(index)) for index in seen] for seen in state.peeks],
        "known": [sorted(seen) for seen in state.known],
        "steps_left": state.steps_left,
        "creature_steps": state.creature_steps,
        "moving": state.moving,
        "attack": state.attack.to_json() if state.attack else None,
        "pending": (
            [*slot_xy(state.pending[0]), state.pending[1], A.field_text(state.pending[2])]
            if state.pending
            else None
        ),
        "voters": list(state.voters),
        "proposed": state.proposed,
        "draws": list(state.draws),
        "final": state.final,
        "winners": list(state.winner_seats),
    }
