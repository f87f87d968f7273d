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

from saboteur.engine.base import JSON, NotationError
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import GOAL_SLOTS, GOLD_PHASE, OVER, PLAY, ClassicState
from saboteur.engine.maze import Maze, slot_index, slot_xy

if TYPE_CHECKING:
    from saboteur.engine.classic.game import ClassicGame

FORMAT = "saboteur-state/1"
_SHAPE_NAMES = C.SHAPES.by_name
_SHAPES = C.SHAPES.shapes


def _tools(mask: int) -> list[str]:
    return [name for bit, name in C.TOOL_NAMES.items() if mask & bit]


def _cell(index: int, sid: int) -> JSON:
    x, y = slot_xy(index)
    shape = _SHAPES[sid]
    return {"x": x, "y": y, "card": shape.card, "shape": shape.name, "turned": shape.turned}


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
        "maze": [_cell(index, sid) for index, sid in maze.cells.items()],
        "goals": goals,
        "bounds": list(maze.bounds) if maze.bounds else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "broken": [_tools(mask) for mask in state.broken],
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "gold_pile_size": len(state.gold_pile),
        "gold_cards": [len(cards) for cards in state.gold],
        "results": [dict(result) for result in state.results],
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
        out["legal"] = [action.text for action in state.legal_actions()] if to_act else []
    return out


def state_to_json(state: ClassicState) -> JSON:
    maze = state.maze
    return {
        "format": FORMAT,
        **state.game.config(),
        "seed": state.seed,
        "round": state.round,
        "phase": state.phase,
        "current": state.current,
        "turns": state.turns,
        "last_player": state.last_player,
        "roles": list(state.roles),
        "role_aside": list(state.role_aside),
        "hands": [list(hand) for hand in state.hands],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "gold_pile": list(state.gold_pile),
        "gold": [list(cards) for cards in state.gold],
        "broken": [_tools(mask) for mask in state.broken],
        "maze": [[*slot_xy(index), _SHAPES[sid].name] for index, sid in maze.cells.items()],
        "goals": [[*slot_xy(index), card] for index, card in state.goal_cards.items()],
        "peeks": [[list(slot_xy(index)) for index in seen] for seen in state.peeks],
        "gold_offer": list(state.gold_offer),
        "gold_order": list(state.gold_order),
        "results": [dict(result) for result in state.results],
    }


def _need(data: JSON, key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise NotationError(f"state notation lacks {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise NotationError(f"state notation: {key!r} has the wrong type")
    return value


def _seat(value: Any, n: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise NotationError(f"state notation: {what} must be a seat from 0 to {n - 1}")
    return value


def _slot(value: Any, what: str) -> int:
    if (
        not isinstance(value, list)
        or len(value) < 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value[:2])
        or not all(-100 < v < 100 for v in value[:2])
    ):
        raise NotationError(f"state notation: {what} must start with two coordinates")
    return slot_index(value[0], value[1])


def _card_list(value: Any, allowed: set[str], what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v in allowed for v in value):
        raise NotationError(f"state notation: {what} must be a list of card names")
    return list(value)


def _gold_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(v in (1, 2, 3) for v in value):
        raise NotationError(f"state notation: {what} must be a list of gold values 1-3")
    return [int(v) for v in value]


def state_from_json(game: ClassicGame, data: JSON) -> ClassicState:
    """Rebuild a state; raises :class:`NotationError` naming the first problem found."""
    try:
        return _state_from_json(game, data)
    except NotationError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        raise NotationError(f"state notation is malformed ({type(err).__name__}: {err})") from None


def _state_from_json(game: ClassicGame, data: JSON) -> ClassicState:
    if not isinstance(data, dict):
        raise NotationError("state notation must be a JSON object")
    if data.get("format") != FORMAT:
        raise NotationError(f"state notation: 'format' must be {FORMAT!r}")
    if data.get("ruleset") != "classic" or data.get("players") != game.players:
        raise NotationError("state notation: ruleset or player count differs from the game")
    if data.get("options", {}) != game.options:
        raise NotationError("state notation: options differ from the game's")
    n = game.players
    state = ClassicState(game, _need(data, "seed", int))
    state.round = _need(data, "round", int)
    if not 1 <= state.round <= game.opts.rounds:
        raise NotationError(f"state notation: round must be 1 to {game.opts.rounds}")
    state.phase = _need(data, "phase", str)
    if state.phase not in (PLAY, GOLD_PHASE, OVER):
        raise NotationError("state notation: phase must be play, gold or over")
    current = data.get("current")
    state.current = None if state.phase == OVER else _seat(current, n, "current")
    state.turns = _need(data, "turns", int)
    state.last_player = _seat(data.get("last_player"), n, "last_player")
    roles = _card_list(data.get("roles"), {C.DIGGER, C.SABOTEUR}, "roles")
    aside = _card_list(data.get("role_aside"), {C.DIGGER, C.SABOTEUR}, "role_aside")
    if len(roles) != n:
        raise NotationError(f"state notation: roles must name {n} roles")
    state.roles, state.role_aside = roles, aside
    known = set(C.PATH_COUNTS) | set(C.ACTION_COUNTS)
    hands = _need(data, "hands", list)
    if len(hands) != n:
        raise NotationError(f"state notation: hands must hold {n} hands")
    state.hands = [_card_list(hand, known, "a hand") for hand in hands]
    state.deck = _card_list(data.get("deck"), known, "deck")
    state.discard = _card_list(data.get("discard"), known, "discard")
    state.gold_pile = _gold_list(data.get("gold_pile"), "gold_pile")
    gold = _need(data, "gold", list)
    if len(gold) != n:
        raise NotationError(f"state notation: gold must hold {n} lists")
    state.gold = [_gold_list(cards, "gold") for cards in gold]
    broken = _need(data, "broken", list)
    if len(broken) != n:
        raise NotationError(f"state notation: broken must hold {n} lists")
    state.broken = [
        sum(C.TOOLS[t] for t in _card_list(tools, set(C.TOOLS), "broken")) for tools in broken
    ]
    state.goal_cards = {}
    for entry in _need(data, "goals", list):
        card = entry[2] if isinstance(entry, list) and len(entry) == 3 else None
        if not isinstance(card, str) or card not in C.GOAL_CARDS:
            raise NotationError("state notation: goals must be [x, y, goal card]")
        state.goal_cards[_slot(entry, "a goal")] = card
    if set(state.goal_cards) != set(GOAL_SLOTS) or len(set(state.goal_cards.values())) != 3:
        raise NotationError(
            "state notation: goals must place gold and both stones on the goal slots"
        )
    state.maze = _maze(game, _need(data, "maze", list), state.goal_cards)
    peeks = _need(data, "peeks", list)
    if len(peeks) != n:
        raise NotationError(f"state notation: peeks must hold {n} lists")
    for seat, seen in enumerate(peeks):
        if not isinstance(seen, list):
            raise NotationError("state notation: peeks must be lists of slots")
        for slot in seen:
            index = _slot(slot, "a peek")
            if index not in state.goal_cards:
                raise NotationError("state notation: a peek must name a goal slot")
            state.peeks[seat][index] = state.goal_cards[index]
    state.gold_offer = _gold_list(data.get("gold_offer"), "gold_offer")
    order = _need(data, "gold_order", list)
    state.gold_order = [_seat(seat, n, "gold_order") for seat in order]
    state.results = [_result(entry, n) for entry in _need(data, "results", list)]
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
        _seat(entry["finder"], n, "a result's finder")
    roles = _card_list(entry["roles"], {C.DIGGER, C.SABOTEUR}, "a result's roles")
    if len(roles) != n:
        raise NotationError(f"state notation: a result's roles must name {n} roles")
    return dict(entry)


def _maze(game: ClassicGame, cells: list[Any], goals: dict[int, str]) -> Maze:
    maze = Maze(C.SHAPES, game.opts.bounds)
    for entry in cells:
        name = entry[2] if isinstance(entry, list) and len(entry) == 3 else None
        if not isinstance(name, str) or name not in _SHAPE_NAMES:
            raise NotationError(f"state notation: unknown maze shape in {entry!r}")
        index, sid = _slot(entry, "a maze cell"), _SHAPE_NAMES[name]
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
            maze.cells[index] = sid
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
    if seen != expected:
        wrong = sorted((expected - seen) + (seen - expected))
        raise NotationError(f"state notation: cards are not conserved (check {', '.join(wrong)})")
    gold: Counter[int] = Counter(state.gold_pile) + Counter(state.gold_offer)
    for cards in state.gold:
        gold.update(cards)
    if gold != Counter(C.GOLD_CARDS):
        raise NotationError("state notation: gold cards are not conserved")
