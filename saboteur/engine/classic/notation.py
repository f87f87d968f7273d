"""Base Saboteur states as JSON (the state notation) and per-player views.

The state notation holds everything, secrets included; it is for the server,
tests and bug reports.  A view holds only what one player may know.

>>> from saboteur.engine import new_game
>>> game = new_game("classic", players=3)
>>> state = game.new_state(seed=1)
>>> again = game.state_from_json(state.to_json())
>>> again.to_json() == state.to_json()
True
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from saboteur.engine import notation_support as N
from saboteur.engine.base import JSON, NotationError
from saboteur.engine.board import Cell, board, face_down, face_up
from saboteur.engine.classic import cards as C
from saboteur.engine.classic import words
from saboteur.engine.classic.ledger import gold_from_json, gold_to_json
from saboteur.engine.classic.state import GOAL_SLOTS, GOLD_PHASE, OVER, PLAY, ClassicState
from saboteur.engine.maze import Maze, slot_index, slot_xy
from saboteur.engine.tools import TOOLS, tool_names

if TYPE_CHECKING:
    from saboteur.engine.classic.game import ClassicGame

FORMAT = N.FORMAT
_SHAPE_NAMES = C.SHAPES.by_name
_SHAPES = C.SHAPES.shapes


def _kind(card: str) -> str:
    return "start" if card == C.START else "goal" if card in C.GOAL_CARDS else "path"


def _board_cells(state: ClassicState, goals: list[JSON]) -> list[Cell]:
    """The maze as the generic board draws it (goals face down unless turned over; a goal the
    viewer peeked at carries its card)."""
    cells = []
    for index, sid in state.maze.cells.items():
        shape = _SHAPES[sid]
        cells.append(face_up(index, shape, _kind(shape.card)))
    for goal in goals:
        if not goal["revealed"]:
            cells.append(face_down(goal["x"], goal["y"], "goal", goal["card"]))
    return cells


def view_of(state: ClassicState, player: int | None) -> JSON:
    """What ``player`` may know (``None``: a spectator)."""
    n = state.game.players
    if player is not None and not 0 <= player < n:
        raise ValueError(f"there is no seat {player} (seats 0 to {n - 1})")
    maze = state.maze
    peeks = state.peeks[player] if player is not None else {}
    goals = []
    for index in GOAL_SLOTS:
        x, y = slot_xy(index)
        revealed = index not in maze.hidden
        known = state.goal_cards[index] if revealed else peeks.get(index)
        goals.append(
            {"x": x, "y": y, "revealed": revealed, "card": known, "peeked": index in peeks}
        )
    over = state.phase == OVER
    out: JSON = {
        "ruleset": "classic",
        "players": n,
        "options": state.game.opts.to_json(),
        "seat": player,
        "round": state.round,
        "rounds": state.game.opts.rounds,
        "phase": state.phase,
        "current": state.current,
        "turns": state.turns,
        "goals": goals,
        "bounds": list(maze.bounds) if maze.bounds else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "broken": [tool_names(mask) for mask in state.broken],
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "gold_pile_size": len(state.gold_pile),
        "gold_cards": [len(cards) for cards in state.gold],
        "results": _results(state, player, over),
        "scores": state.scores if over else None,
        "winners": state.winners if over else None,
        "gold_offer_size": len(state.gold_offer),
    }
    if player is not None:
        out["hand"] = list(state.hands[player])
        out["role"] = state.roles[player]
        out["gold"] = list(state.gold[player])
        chooser = state.phase == GOLD_PHASE and state.current == player
        out["gold_offer"] = sorted(state.gold_offer, reverse=True) if chooser else None
        to_act = state.current == player and state.phase != OVER
        actions = state.legal_actions() if to_act else []
        out["legal"] = [action.text for action in actions]
    else:
        actions = []
    landmarks = words.PLACES.landmarks
    out["board"] = board(_board_cells(state, goals), actions, maze.bounds, landmarks=landmarks)
    return out


def _results(state: ClassicState, player: int | None, over: bool) -> list[JSON]:
    """The finished rounds, each with the gold its seats took (see :mod:`.ledger`)."""
    ledger = state.round_gold()
    out = []
    for result in state.results:
        gold = ledger.get(result["round"])
        extra: JSON = {"gold_cards": None, "gold": None}
        if gold is not None:
            extra = {"gold_cards": list(gold.cards), "gold": gold.seen(player, over)}
        out.append({**result, **extra})
    return out


def state_to_json(state: ClassicState) -> JSON:
    maze = state.maze
    return {
        **N.progress_json(state),
        "last_player": state.last_player,
        "roles": list(state.roles),
        "role_aside": list(state.role_aside),
        "hands": [list(hand) for hand in state.hands],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "gold_pile": list(state.gold_pile),
        "gold": [list(cards) for cards in state.gold],
        "broken": [tool_names(mask) for mask in state.broken],
        "maze": [[*slot_xy(index), _SHAPES[sid].name] for index, sid in maze.cells.items()],
        "goals": [[*slot_xy(index), card] for index, card in state.goal_cards.items()],
        "peeks": [[list(slot_xy(index)) for index in seen] for seen in state.peeks],
        "gold_offer": list(state.gold_offer),
        "gold_order": list(state.gold_order),
        "results": [dict(result) for result in state.results],
        **({"round_gold": gold_to_json(gold)} if (gold := state.round_gold()) else {}),
    }


def _gold_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(v in (1, 2, 3) for v in value):
        raise NotationError(f"state notation: {what} must be a list of gold values 1-3")
    return [int(v) for v in value]


def state_from_json(game: ClassicGame, data: JSON) -> ClassicState:
    """Rebuild a state; raises :class:`NotationError` naming the first problem found."""
    return N.read_or_refuse(_state_from_json, game, data)


def _state_from_json(game: ClassicGame, data: JSON) -> ClassicState:
    N.check_header(game, data)
    n = game.players
    state = ClassicState(game, N.need(data, "seed", int))
    progress = N.read_progress(data, game.opts.rounds, (PLAY, GOLD_PHASE, OVER), n)
    state.round, state.phase, state.current, state.turns = progress
    state.last_player = N.seat(data.get("last_player"), n, "last_player")
    roles = N.card_list(data.get("roles"), {C.DIGGER, C.SABOTEUR}, "roles")
    aside = N.card_list(data.get("role_aside"), {C.DIGGER, C.SABOTEUR}, "role_aside")
    if len(roles) != n:
        raise NotationError(f"state notation: roles must name {n} roles")
    state.roles, state.role_aside = roles, aside
    known = set(C.PATH_COUNTS) | set(C.ACTION_COUNTS)
    hands = N.need(data, "hands", list)
    if len(hands) != n:
        raise NotationError(f"state notation: hands must hold {n} hands")
    state.hands = [N.card_list(hand, known, "a hand") for hand in hands]
    state.deck = N.card_list(data.get("deck"), known, "deck")
    state.discard = N.card_list(data.get("discard"), known, "discard")
    state.gold_pile = _gold_list(data.get("gold_pile"), "gold_pile")
    state.gold = [_gold_list(cards, "gold") for cards in N.seat_lists(data, "gold", n)]
    state.broken = [
        sum(TOOLS[t] for t in N.card_list(tools, set(TOOLS), "broken"))
        for tools in N.seat_lists(data, "broken", n)
    ]
    state.goal_cards = N.read_goals(data, C.GOAL_CARDS)
    if set(state.goal_cards) != set(GOAL_SLOTS) or len(set(state.goal_cards.values())) != 3:
        raise NotationError(
            "state notation: goals must place gold and both stones on the goal slots"
        )
    state.maze = _maze(game, N.need(data, "maze", list), state.goal_cards)
    state.peeks = N.read_peeks(N.seat_lists(data, "peeks", n), state.goal_cards)
    state.gold_offer = _gold_list(data.get("gold_offer"), "gold_offer")
    order = N.need(data, "gold_order", list)
    state.gold_order = [N.seat(entry, n, "gold_order") for entry in order]
    state.results = [_result(entry, n) for entry in N.need(data, "results", list)]
    state.earlier_gold = gold_from_json(data.get("round_gold", []), n)
    if len(state.results) != state.round - 1 + (state.phase != PLAY):
        raise NotationError("state notation: results must hold one entry per finished round")
    _check_conservation(state)
    _check_phase(state)
    return state


def _check_phase(state: ClassicState) -> None:
    """The phase agrees with whose turn it is and with the gold being shared out."""
    offer, order = state.gold_offer, state.gold_order
    if state.phase == PLAY:
        if offer or order:
            raise NotationError("state notation: gold is offered only in the gold phase")
        if state.current is None or not state.hands[state.current]:
            raise NotationError("state notation: the seat to play must hold cards")
    elif state.phase == GOLD_PHASE:
        if not offer or len(order) != len(offer) or state.current != order[0]:
            raise NotationError(
                "state notation: the gold phase needs an offer, one chooser per card,"
                " and the first chooser to act"
            )
        if any(state.roles[seat] != C.DIGGER for seat in order):
            raise NotationError("state notation: only diggers choose gold")
    elif offer or order or state.round != state.game.opts.rounds:
        raise NotationError("state notation: a finished game has played all its rounds")


def _result(entry: Any, n: int) -> JSON:
    """One finished round: its number, turns, winning side, finder and the roles revealed."""
    if not isinstance(entry, dict) or set(entry) != {"round", "turns", "winner", "finder", "roles"}:
        raise NotationError("state notation: a result needs round, turns, winner, finder, roles")
    if entry["winner"] not in ("diggers", "saboteurs", "nobody"):
        raise NotationError(
            "state notation: a result's winner must be diggers, saboteurs or nobody"
        )
    for key in ("round", "turns"):
        if not isinstance(entry[key], int) or isinstance(entry[key], bool) or entry[key] < 0:
            raise NotationError(f"state notation: a result's {key} must be a whole number")
    if entry["finder"] is not None:
        N.seat(entry["finder"], n, "a result's finder")
    roles = N.card_list(entry["roles"], {C.DIGGER, C.SABOTEUR}, "a result's roles")
    if len(roles) != n:
        raise NotationError(f"state notation: a result's roles must name {n} roles")
    return dict(entry)


def _maze(game: ClassicGame, cells: list[Any], goals: dict[int, str]) -> Maze:
    maze = Maze(C.SHAPES, game.opts.bounds)
    for entry in cells:
        name = entry[2] if isinstance(entry, list) and len(entry) == 3 else None
        if not isinstance(name, str) or name not in _SHAPE_NAMES:
            raise NotationError(f"state notation: unknown maze shape in {entry!r}")
        index, sid = N.slot(entry, "a maze cell"), _SHAPE_NAMES[name]
        if index in maze.cells:
            raise NotationError(f"state notation: two cards at {slot_xy(index)}")
        card = _SHAPES[sid].card
        if card in C.GOAL_CARDS and goals.get(index) != card:
            raise NotationError(f"state notation: goal {card} lies off its goal slot")
        if sid == C.START_SHAPE:
            if index != slot_index(0, 0):
                raise NotationError("state notation: the start card lies at (0,0)")
            maze.add_root(index, sid)
        else:
            maze.lay(index, sid)
    if not maze.roots:
        raise NotationError("state notation: the maze has no start card")
    for index, card in goals.items():
        if index not in maze.cells:
            maze.add_hidden(index, card)
    maze.recompute()
    return maze


def _check_conservation(state: ClassicState) -> None:
    """Every path and action card is somewhere, exactly once; so is every gold card."""
    seen: Counter[str] = Counter(state.deck) + Counter(state.discard)
    for hand in state.hands:
        seen.update(hand)
    for sid in state.maze.cells.values():
        card = _SHAPES[sid].card
        if card in C.PATH_COUNTS:
            seen[card] += 1
    for mask in state.broken:
        for bit, name in C.TOOL_NAMES.items():
            if mask & bit:
                seen[f"break-{name}"] += 1
    expected = Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS)
    N.check_cards(seen, expected)
    gold: Counter[int] = Counter(state.gold_pile) + Counter(state.gold_offer)
    for cards in state.gold:
        gold.update(cards)
    if gold != Counter(C.GOLD_CARDS):
        raise NotationError("state notation: gold cards are not conserved")
