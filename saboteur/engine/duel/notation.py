"""Duel and solo states as JSON (the state notation) and per-player views.

>>> from saboteur.engine import new_game
>>> game = new_game("duel", 2)
>>> state = game.new_state(seed=1)
>>> game.state_from_json(state.to_json()).to_json() == state.to_json()
True
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from saboteur.engine import notation_support as N
from saboteur.engine.base import JSON, NotationError
from saboteur.engine.board import Cell, Piece, board, face_down, face_up
from saboteur.engine.duel import cards as C
from saboteur.engine.duel import words
from saboteur.engine.duel.layout import KEYS
from saboteur.engine.duel.solo import rating
from saboteur.engine.duel.state import OVER, PLAY, REVEAL_PHASE, TURN_GOES_ON, DuelState
from saboteur.engine.maze import slot_xy
from saboteur.engine.tools import TOOLS, tool_names

if TYPE_CHECKING:
    from saboteur.engine.duel.game import DuelGame

FORMAT = N.FORMAT
_SPECS = C.SPECS
_HAND_CARDS = set(C.PATH_COUNTS) | set(C.ACTION_COUNTS)
_BASE_NAMES = {spec.name: sid for sid, spec in enumerate(_SPECS) if not spec.opened}


def _base(sid: int) -> int:
    return C.CLOSED.get(sid, sid)


# -- views -----------------------------------------------------------------------------------------


def _kind(card: str) -> str:
    if card in C.STARTS.values():
        return "start"
    if card in C.GOAL_COUNTS:
        return "goal"
    if card in C.LADDER_COUNTS:
        return "ladder"
    return "troll" if card in C.TROLL_COUNTS else "path"


def _board_cells(state: DuelState, goals: list[JSON]) -> list[Cell]:
    """The maze as the generic board draws it: doors as they lie now (open or shut), goals face
    down unless turned over (a goal the viewer peeked at, or being turned, carries its card)."""
    cells = []
    for index, sid in state.mazes[0].cells.items():
        shape = C.SHAPES.shapes[sid]
        cells.append(face_up(index, shape, _kind(_SPECS[_base(sid)].card)))
    for goal in goals:
        if not goal["revealed"]:
            cells.append(face_down(goal["x"], goal["y"], "goal", goal["card"]))
    return cells


def _pieces(state: DuelState) -> list[Piece]:
    """Gold markers on goals and keys in doors, each with the seat that laid it."""
    pieces: list[Piece] = []
    for kind, laid in (("gold-marker", state.markers), ("key", state.keys)):
        for index, seat in laid.items():
            x, y = slot_xy(index)
            pieces.append({"kind": kind, "x": x, "y": y, "owner": seat})
    return pieces


def view_of(state: DuelState, player: int | None) -> JSON:
    """What ``player`` may know (``None``: a spectator)."""
    n = state.game.players
    if player is not None and not 0 <= player < n:
        raise ValueError(f"there is no seat {player} (seats 0 to {n - 1})")
    maze = state.mazes[0]
    peeks = state.peeks[player] if player is not None else {}
    goals = []
    for index in state.game.layout.goals:
        x, y = slot_xy(index)
        revealed = index not in maze.hidden
        shown = revealed or index == state.pending
        card = state.goal_cards[index] if shown else peeks.get(index)
        goals.append({"x": x, "y": y, "revealed": revealed, "card": card, "peeked": index in peeks})
    pending = None
    if state.pending is not None:
        x, y = slot_xy(state.pending)
        choices = [a.choice for a in state.legal_actions()]
        pending = {"x": x, "y": y, "card": state.goal_cards[state.pending], "choices": choices}
    over = state.phase == OVER
    out: JSON = {
        "ruleset": state.game.ruleset,
        "players": n,
        "options": state.game.opts.to_json(),
        "seat": player,
        "colours": list(state.colours),
        "round": state.round,
        "rounds": state.game.opts.rounds,
        "phase": state.phase,
        "current": state.current,
        "turns": state.turns,
        "goals": goals,
        "pending": pending,
        "markers_left": state.markers_left,
        "keys_left": state.keys_left,
        "hand_sizes": [len(hand) for hand in state.hands],
        "broken": [tool_names(mask) for mask in state.broken],
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "aside_size": len(state.aside),
        "goal_pile_size": len(state.goal_pile),
        "box_size": len(state.box),
        "gold": [list(cards) for cards in state.gold],
        "scores": state.scores,
        "winners": state.winners if over else None,
        "results": [dict(result) for result in state.results],
    }
    if state.game.ruleset == "solo":
        out["rating"] = rating(state.scores[0]) if over else None
    if player is not None:
        out["hand"] = list(state.hands[player])
        to_act = state.current == player and not over
        actions = state.legal_actions() if to_act else []
        out["legal"] = [action.text for action in actions]
    else:
        actions = []
    landmarks = words.places(state.game.layout, state.game.start_colours).landmarks
    out["board"] = board(
        _board_cells(state, goals), actions, pieces=_pieces(state), landmarks=landmarks
    )
    return out


# -- the state notation ----------------------------------------------------------------------------


def _slotted(entries: dict[int, int]) -> list[list[int]]:
    return [[*slot_xy(index), seat] for index, seat in entries.items()]


def state_to_json(state: DuelState) -> JSON:
    pending = None
    if state.pending is not None:
        x, y = slot_xy(state.pending)
        pending = {"x": x, "y": y, "draws": state.pending_draws}
    return {
        **N.progress_json(state),
        "hands": [list(hand) for hand in state.hands],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "aside": list(state.aside),
        "broken": [tool_names(mask) for mask in state.broken],
        "maze": [
            [*slot_xy(index), _SPECS[_base(sid)].name]
            for index, sid in state.mazes[0].cells.items()
        ],
        "goals": [[*slot_xy(index), card] for index, card in state.goal_cards.items()],
        "goal_pile": list(state.goal_pile),
        "peeks": [[list(slot_xy(index)) for index in seen] for seen in state.peeks],
        "markers": _slotted(state.markers),
        "keys": _slotted(state.keys),
        "gold": [list(cards) for cards in state.gold],
        "box": list(state.box),
        "pending": pending,
        "results": [dict(result) for result in state.results],
    }


def _tool_mask(value: Any) -> int:
    mask = 0
    for tool in N.card_list(value, set(TOOLS), "broken"):
        mask |= TOOLS[tool]
    return mask


def state_from_json(game: DuelGame, data: JSON) -> DuelState:
    """Rebuild a state; raises :class:`NotationError` naming the first problem found."""
    return N.read_or_refuse(_state_from_json, game, data)


def _state_from_json(game: DuelGame, data: JSON) -> DuelState:
    N.check_header(game, data)
    n, layout = game.players, game.layout
    state = game.state_class(game, N.need(data, "seed", int))
    progress = N.read_progress(data, game.opts.rounds, (PLAY, REVEAL_PHASE, OVER), n)
    state.round, state.phase, state.current, state.turns = progress
    if state.turns < 0:
        raise NotationError("state notation: turns must not be negative")
    state.hands = [N.card_list(h, _HAND_CARDS, "a hand") for h in N.seat_lists(data, "hands", n)]
    state.deck = N.card_list(data.get("deck"), _HAND_CARDS, "deck")
    state.discard = N.card_list(data.get("discard"), _HAND_CARDS, "discard")
    state.aside = N.card_list(data.get("aside"), _HAND_CARDS, "aside")
    if state.phase != OVER and len(state.aside) != layout.aside:
        raise NotationError(f"state notation: aside must hold {layout.aside} cards")
    state.broken = [_tool_mask(tools) for tools in N.seat_lists(data, "broken", n)]
    state.goal_cards = N.read_goals(data, C.GOAL_COUNTS)
    if list(state.goal_cards) != list(layout.goals):
        raise NotationError("state notation: goals must name the six goal slots in order")
    state.goal_pile = N.card_list(data.get("goal_pile"), C.GOAL_COUNTS, "goal_pile")
    state.gold = [N.card_list(g, C.GOLD_VALUE, "gold") for g in N.seat_lists(data, "gold", n)]
    state.box = N.card_list(data.get("box"), set(C.GOLD_VALUE) | set(C.GOAL_COUNTS), "box")
    cells = _cells(game, N.need(data, "maze", list), state.goal_cards)
    state.markers = _tokens(data, "markers", n)
    state.keys = _tokens(data, "keys", n)
    _open_tokens(state, cells)
    state.mazes = state._new_mazes(list(cells.items()))
    state.peeks = N.read_peeks(N.seat_lists(data, "peeks", n), state.goal_cards, 2)
    state.results = [_result(entry, n) for entry in N.need(data, "results", list)]
    if len(state.results) != state.round - 1 + (state.phase == OVER):
        raise NotationError("state notation: results must hold one entry per finished round")
    if "pending" not in data:
        raise NotationError("state notation lacks 'pending'")
    _pending(state, data["pending"])
    _check_conservation(state)
    if state.phase == PLAY:
        assert state.current is not None
        if not state.hands[state.current]:
            raise NotationError("state notation: the seat to play must hold cards")
    if state.phase == OVER and state.round != game.opts.rounds:
        raise NotationError("state notation: a finished game has played all its rounds")
    return state


def _cells(game: DuelGame, entries: list[Any], goals: dict[int, str]) -> dict[int, int]:
    """The face-up cards other than the starts, checked, as slot -> shape id (in order)."""
    starts = dict(zip(game.layout.starts, game.start_colours, strict=True))
    seen_starts: set[int] = set()
    cells: dict[int, int] = {}
    for entry in entries:
        name = entry[2] if isinstance(entry, list) and len(entry) == 3 else None
        if not isinstance(name, str) or name not in _BASE_NAMES:
            raise NotationError(f"state notation: unknown maze shape in {entry!r}")
        index, sid = N.slot(entry, "a maze cell", 3), _BASE_NAMES[name]
        card = _SPECS[sid].card
        if index in cells or index in seen_starts:
            raise NotationError(f"state notation: two cards at {slot_xy(index)}")
        if card in C.STARTS.values():
            if index not in starts or C.STARTS[starts[index]] != card:
                raise NotationError(f"state notation: {card} lies off its start slot")
            seen_starts.add(index)
            continue
        if card in C.GOAL_COUNTS and goals.get(index) != card:
            raise NotationError(f"state notation: goal {card} lies off its goal slot")
        if card not in C.GOAL_COUNTS and index in goals:
            raise NotationError(
                f"state notation: a path card lies on the goal slot {slot_xy(index)}"
            )
        cells[index] = sid
    if seen_starts != set(starts):
        raise NotationError("state notation: the maze must hold every start card on its slot")
    return cells


def _tokens(data: JSON, key: str, n: int) -> dict[int, int]:
    tokens: dict[int, int] = {}
    for entry in N.need(data, key, list):
        index = N.slot(entry, f"an entry of {key}", 3)
        if index in tokens:
            raise NotationError(f"state notation: two {key} at {slot_xy(index)}")
        tokens[index] = N.seat(entry[2], n, f"the seat of a {key} entry")
    return tokens


def _open_tokens(state: DuelState, cells: dict[int, int]) -> None:
    """Check markers (on gold or trolls) and keys (on doors of the other colour); open those."""
    if len(state.markers) > state.game.layout.markers or len(state.keys) > KEYS:
        raise NotationError("state notation: more markers or keys than the round has")
    for index in state.markers:
        card = _SPECS[cells[index]].card if index in cells else None
        if card not in C.GOLD_VALUE and card not in C.TROLL_COUNTS:
            raise NotationError(
                f"state notation: a marker at {slot_xy(index)} lies on no gold or troll"
            )
        if card in C.TROLL_COUNTS:
            cells[index] = C.OPENED[cells[index]]
    for index, owner in state.keys.items():
        sid = cells.get(index)
        if sid is None or not _SPECS[sid].door:
            raise NotationError(f"state notation: a key at {slot_xy(index)} lies on no door")
        if C.card_colour(_SPECS[sid].card) == state.colours[owner]:
            raise NotationError("state notation: a key opens a door of the other colour only")
        cells[index] = C.OPENED[sid]


def _pending(state: DuelState, pending: Any) -> None:
    if state.phase != REVEAL_PHASE:
        if pending is not None:
            raise NotationError("state notation: pending is set only in the reveal phase")
        return
    if not isinstance(pending, dict) or set(pending) != {"x", "y", "draws"}:
        raise NotationError("state notation: the reveal phase needs pending {x, y, draws}")
    index = N.slot([pending["x"], pending["y"]], "pending")
    if pending["draws"] not in (TURN_GOES_ON, 0, 1, 2) or not N.is_int(pending["draws"]):
        raise NotationError("state notation: pending draws must be -1, 0, 1 or 2")
    if index not in state.mazes[0].hidden or len(state._orientations(index)) < 2:
        raise NotationError("state notation: pending must name a reached goal with a choice")
    state.pending, state.pending_draws = index, pending["draws"]


def _result(entry: Any, n: int) -> JSON:
    keys = {"round", "turns", "end", "gold", "paid"}
    if not isinstance(entry, dict) or set(entry) != keys:
        raise NotationError("state notation: a result needs round, turns, end, gold, paid")
    if entry["end"] not in ("goals", "markers", "cards"):
        raise NotationError("state notation: a result's end must be goals, markers or cards")
    for key in ("round", "turns"):
        if not N.is_int(entry[key]) or entry[key] < 0:
            raise NotationError(f"state notation: a result's {key} must be a whole number")
    for key in ("gold", "paid"):
        value = entry[key]
        if not isinstance(value, list) or len(value) != n or not all(N.is_int(v) for v in value):
            raise NotationError(f"state notation: a result's {key} must list {n} numbers")
    return dict(entry)


def _check_conservation(state: DuelState) -> None:
    """Every path, action and goal card is somewhere, exactly once."""
    seen: Counter[str] = Counter(state.deck) + Counter(state.discard) + Counter(state.aside)
    for hand in state.hands:
        seen.update(hand)
    over = state.phase == OVER  # then the last round's goals and gold are in the box or won
    goals: Counter[str] = Counter(state.goal_pile)
    if not over:
        goals.update(state.goal_cards.values())
    for card in [*(c for cards in state.gold for c in cards), *state.box]:
        (goals if card in C.GOAL_COUNTS else seen)[card] += 1
    for index, sid in state.mazes[0].cells.items():
        card = _SPECS[sid].card
        won = over and index in state.markers and card in C.GOLD_VALUE
        if card in C.PATH_COUNTS and not won:
            seen[card] += 1
    for mask in state.broken:
        seen.update(C.BREAK_CARD[bit] for bit in C.TOOL_NAMES if mask & bit)
    expected = Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS)
    N.check_cards(seen, expected)
    if goals != Counter(C.GOAL_COUNTS):
        raise NotationError("state notation: goal cards are not conserved")
