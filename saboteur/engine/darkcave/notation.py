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

from collections import Counter
from typing import TYPE_CHECKING, Any

from saboteur.engine import notation_support as N
from saboteur.engine.base import JSON, Action, NotationError
from saboteur.engine.board import Piece, Target, board, face_down, face_up
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave import walking as W
from saboteur.engine.darkcave.state import (
    CREATURE,
    DEFEND,
    DWARF,
    GOLD,
    MOVE,
    OVER,
    PLAY,
    REVEAL,
    VOTE,
    Attack,
    DarkCaveState,
)
from saboteur.engine.darkcave.walkmap import walk_map
from saboteur.engine.grid import (
    SIDE_BY_NAME,
    SIDE_NAMES,
    edge_id,
    edge_side,
    field_id,
    field_number,
    field_slot,
    slot_index,
    slot_xy,
)

if TYPE_CHECKING:
    from saboteur.engine.darkcave.game import DarkCaveGame

PHASES = (PLAY, CREATURE, DEFEND, MOVE, REVEAL, VOTE, OVER)
CLAN_CARDS = {f"{clan}-{who}" for clan in S.CLANS for who in (S.LOYAL, S.SABOTEUR)}
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
    out["board"] = board(cells, actions, None, _pieces(state))
    _point_targets(out["board"]["targets"], actions)
    if actions and state.phase in (MOVE, CREATURE):
        out["walk"] = walk_map(state)
    out["board"]["markers"] = [
        {"kind": "web", "x": x, "y": y, "side": side}
        for x, y, side in (_edge_parts(w["edge"]) for w in out["webs"])
    ]
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


def _edge_parts(text: str) -> tuple[int, int, str]:
    where, side = text.split(":")
    x, y = where.split(",")
    return int(x), int(y), side


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


def state_from_json(game: DarkCaveGame, data: JSON) -> DarkCaveState:
    """Rebuild a state; raises :class:`NotationError` naming the first problem found."""
    return N.read_or_refuse(_state_from_json, game, data)


def _field(text: Any, what: str) -> int:
    if not isinstance(text, str) or "." not in text:
        raise NotationError(f"state notation: {what} must be a field 'x,y.n', not {text!r}")
    where, number = text.split(".")
    x, y = (int(v) for v in where.split(","))
    return field_id(slot_index(x, y), int(number))


def _edge(text: Any) -> int:
    if not isinstance(text, str):
        raise NotationError(f"state notation: an edge must be 'x,y:E', not {text!r}")
    x, y, side = _edge_parts(text)
    return edge_id(slot_index(x, y), SIDE_BY_NAME[side])


def _bools(data: JSON, key: str, n: int) -> list[bool]:
    values = N.seat_lists(data, key, n)
    if not all(isinstance(v, bool) for v in values):
        raise NotationError(f"state notation: {key} must hold true or false per seat")
    return list(values)


def _ints(data: JSON, key: str, n: int) -> list[int]:
    values = N.seat_lists(data, key, n)
    if not all(N.is_int(v) and v >= 0 for v in values):
        raise NotationError(f"state notation: {key} must hold a whole number >= 0 per seat")
    return list(values)


def _state_from_json(game: DarkCaveGame, data: JSON) -> DarkCaveState:
    N.check_header(game, data)
    n = game.players
    state = DarkCaveState(game, N.need(data, "seed", int))
    phase = N.need(data, "phase", str)
    if phase not in PHASES:
        raise NotationError(f"state notation: phase must be one of {', '.join(PHASES)}")
    state.phase = phase
    current = data.get("current")
    state.current = None if phase == OVER else N.seat(current, n, "current")
    state.turn = N.seat(data.get("turn"), n, "turn")
    state.turns = N.need(data, "turns", int)
    state.hands = [N.card_list(h, C.HAND_CARDS, "a hand") for h in N.seat_lists(data, "hands", n)]
    state.deck = N.card_list(data.get("deck"), C.HAND_CARDS, "deck")
    state.discard = N.card_list(data.get("discard"), C.HAND_CARDS, "discard")
    state.box = N.card_list(data.get("box"), C.HAND_CARDS, "box")
    state.clan_cards = N.card_list(data.get("clan_cards"), CLAN_CARDS, "clan_cards")
    state.aside = N.card_list(data.get("aside"), CLAN_CARDS, "aside")
    if len(state.clan_cards) != n:
        raise NotationError("state notation: clan_cards must hold one card per seat")
    state.revealed = _bools(data, "revealed", n)
    state.gold = _ints(data, "gold", n)
    state.supply = N.need(data, "supply", int)
    state.goal_cards = N.read_goals(data, C.GOALS)
    maze = state.maze
    for entry in N.need(data, "maze", list):
        name = entry[2] if isinstance(entry, list) and len(entry) == 3 else None
        if name not in C.SHAPES.by_name:
            raise NotationError(f"state notation: unknown maze shape in {entry!r}")
        index = N.slot(entry, "a maze cell", 3)
        if index in maze.cells:
            raise NotationError(f"state notation: two cards at {slot_xy(index)}")
        if not maze.cells:
            maze.add_root(index, C.SHAPES.by_name[name])
        else:
            maze.cells[index] = C.SHAPES.by_name[name]
    for entry in N.need(data, "hidden", list):
        index = N.slot(entry, "a face-down goal", 2)
        if index not in state.goal_cards or index in maze.cells:
            raise NotationError(f"state notation: no face-down goal at {entry!r}")
        maze.add_hidden(index, state.goal_cards[index])
    maze.recompute()
    overlay = maze.overlay
    for index in list(maze.cells):
        W.link_ladders(maze, index)
    state.dwarfs = []
    for seat, where in enumerate(N.seat_lists(data, "dwarfs", n)):
        field = _field(where, "a dwarf") if where is not None else field_id(slot_index(0, 0), 0)
        piece = overlay.add_piece(DWARF, seat, field)
        state.dwarfs.append(piece.id)
        if where is None:
            overlay.remove_piece(piece.id)
    state.out = [N.seat(s, n, "out") for s in N.need(data, "out", list)]
    state.lying = _bools(data, "lying", n)
    state.still = N.need(data, "still", bool)
    state.boots = _bools(data, "boots", n)
    state.axes = _ints(data, "axes", n)
    for web in N.need(data, "webs", list):
        index_side = _edge(web["edge"])
        from saboteur.engine.grid import edge_side

        index, side = edge_side(index_side)
        marker = overlay.add_marker(W.WEB_MARKER, N.seat(web["owner"], n, "web owner"), index, side)
        state.webs[marker.id] = web["shows"]
    for creature, where, owner in N.need(data, "creatures", list):
        if creature not in C.CREATURES:
            raise NotationError(f"state notation: {creature!r} is not a creature")
        piece = overlay.add_piece(
            creature, N.seat(owner, n, "creature owner"), _field(where, "a creature")
        )
        state.creatures[creature] = piece.id
    for where in N.need(data, "eagle_gold", list):
        overlay.add_piece(GOLD, None, _field(where, "eagle gold"))
    state.peeks = N.read_peeks(N.seat_lists(data, "peeks", n), state.goal_cards, 2)
    state.known = [
        {N.seat(s, n, "known"): state.clan_cards[s] for s in seen}
        for seen in N.seat_lists(data, "known", n)
    ]
    state.steps_left = N.need(data, "steps_left", int)
    state.creature_steps = N.need(data, "creature_steps", int)
    state.moving = data.get("moving")
    attack = data.get("attack")
    if attack is not None:
        state.attack = Attack(
            attack["creature"],
            _field(attack["field"], "the attacked field"),
            list(attack["victims"]),
            list(attack["defenders"]),
            attack["then"],
        )
    pending = data.get("pending")
    if pending is not None:
        state.pending = (slot_index(pending[0], pending[1]), pending[2], _field(pending[3], "from"))
    state.voters = [N.seat(s, n, "voters") for s in N.need(data, "voters", list)]
    state.proposed = N.need(data, "proposed", bool)
    draws = N.need(data, "draws", list)
    state.draws = (N.seat(draws[0], n, "draws"), int(draws[1]))
    state.final = data.get("final")
    state.winner_seats = list(N.need(data, "winners", list))
    _check_cards(state)
    return state


def _check_cards(state: DarkCaveState) -> None:
    """Every path and action card is somewhere, exactly once; every clan card too."""
    seen: Counter[str] = Counter(state.deck) + Counter(state.discard) + Counter(state.box)
    for hand in state.hands:
        seen += Counter(hand)
    seen += Counter(
        _SHAPES[sid].card for sid in state.maze.cells.values() if sid in C.PATH_SHAPE_IDS
    )
    overlay = state.maze.overlay
    seen += Counter(C.WEB for _ in state.webs)
    seen += Counter(p.kind for p in overlay.pieces.values() if p.kind in C.CREATURES)
    seen += Counter({C.BOOTS: sum(state.boots), C.AXE: sum(state.axes)})
    expected: Counter[str] = Counter()
    for deck in C.DECKS:
        expected += C.PATH_COUNTS[deck] + C.ACTION_COUNTS[deck]
    if seen != expected:
        more, fewer = seen - expected, expected - seen
        raise NotationError(
            "state notation: the cards do not add up"
            f" (too many: {dict(more)}, missing: {dict(fewer)})"
        )
    if sorted(state.clan_cards + state.aside) != sorted(
        S.clan_cards(
            state.game.players, state.clans[0] if state.game.players in (3, 4) else S.YELLOW
        )
    ):
        raise NotationError("state notation: the clan cards do not match the player count")
