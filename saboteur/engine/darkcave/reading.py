"""Reading a Dark Cave state back from its notation (``state.to_json()``).

Every field must be there and of its kind; what the fields say together is checked by
:mod:`saboteur.engine.darkcave.checks`.  Anything else raises :class:`NotationError`:

>>> from saboteur.engine import new_game
>>> game = new_game("darkcave", 3)
>>> data = game.new_state(seed=1).to_json()
>>> state_from_json(game, {**data, "dwarfs": ["0,0.0", "9,9.0", "0,0.0"]})
Traceback (most recent call last):
...
saboteur.engine.base.NotationError: state notation: a dwarf on 9,9.0: not a field of a face-up card
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from saboteur.engine import notation_support as N
from saboteur.engine.base import JSON, NotationError
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import checks
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave import walking as W
from saboteur.engine.darkcave.state import DWARF, GOLD, OVER, Attack, DarkCaveState
from saboteur.engine.grid import (
    SIDES,
    edge_side,
)

if TYPE_CHECKING:
    from saboteur.engine.darkcave.game import DarkCaveGame

CLAN_CARDS = {f"{clan}-{who}" for clan in S.CLANS for who in (S.LOYAL, S.SABOTEUR)}


def state_from_json(game: DarkCaveGame, data: JSON) -> DarkCaveState:
    """Rebuild a state; raises :class:`NotationError` naming the first problem found."""
    return N.read_or_refuse(_read, game, data)


def _parsed(parse: Callable[[object], int], text: Any, what: str, form: str) -> int:
    try:
        return parse(text)
    except NotationError:
        raise NotationError(
            f"state notation: {what} must be written {form!r}, not {text!r}"
        ) from None


def field_of(state: DarkCaveState, text: Any, what: str) -> int:
    """A field ``x,y.n`` of a face-up card."""
    field = _parsed(A.parse_field, text, what, "x,y.n")
    if not checks.is_field(state.maze, field):
        raise NotationError(f"state notation: {what} on {text}: not a field of a face-up card")
    return field


def _edge(text: Any) -> int:
    return _parsed(A.parse_edge, text, "an edge", "x,y:E")


def _present(data: JSON, key: str) -> Any:
    """``data[key]``, which may be null but must be there."""
    if key not in data:
        raise NotationError(f"state notation lacks {key!r}")
    return data[key]


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


def _seats(value: Any, n: int, what: str) -> list[int]:
    if not isinstance(value, list):
        raise NotationError(f"state notation: {what} must be a list of seats")
    seats = [N.seat(s, n, what) for s in value]
    if len(set(seats)) != len(seats):
        raise NotationError(f"state notation: {what} names a seat twice")
    return seats


def _read(game: DarkCaveGame, data: JSON) -> DarkCaveState:
    N.check_header(game, data)
    n = game.players
    state = DarkCaveState(game, N.need(data, "seed", int))
    if N.need(data, "round", int) != 1:
        raise NotationError("state notation: The Dark Cave has one round (round 1)")
    state.phase = N.need(data, "phase", str)
    if state.phase not in checks.PHASES:
        raise NotationError(f"state notation: phase must be one of {', '.join(checks.PHASES)}")
    current = _present(data, "current")
    state.current = None if state.phase == OVER else N.seat(current, n, "current")
    state.turn = N.seat(_present(data, "turn"), n, "turn")
    state.turns = N.need(data, "turns", int)
    _read_cards(state, data)
    state.revealed = _bools(data, "revealed", n)
    state.gold = _ints(data, "gold", n)
    state.supply = N.need(data, "supply", int)
    state.goal_cards = N.read_goals(data, C.GOALS)
    _read_maze(state, data)
    _read_pieces(state, data)
    _read_turn(state, data)
    checks.check_state(state)
    return state


def _read_cards(state: DarkCaveState, data: JSON) -> None:
    n = state.game.players
    state.hands = [N.card_list(h, C.HAND_CARDS, "a hand") for h in N.seat_lists(data, "hands", n)]
    for key in ("deck", "discard", "box"):
        setattr(state, key, N.card_list(_present(data, key), C.HAND_CARDS, key))
    state.clan_cards = N.card_list(_present(data, "clan_cards"), CLAN_CARDS, "clan_cards")
    state.aside = N.card_list(_present(data, "aside"), CLAN_CARDS, "aside")
    if len(state.clan_cards) != n:
        raise NotationError("state notation: clan_cards must hold one card per seat")


def _read_maze(state: DarkCaveState, data: JSON) -> None:
    maze = state.maze
    for entry in N.need(data, "maze", list):
        name = entry[2] if isinstance(entry, list) and len(entry) == 3 else None
        if not isinstance(name, str) or name not in C.SHAPES.by_name:
            raise NotationError(f"state notation: unknown maze shape in {entry!r}")
        index = N.slot(entry, "a maze cell", 3)
        if index in maze.cells:
            raise NotationError(f"state notation: two cards at {entry[:2]}")
        if not maze.cells:
            maze.add_root(index, C.SHAPES.by_name[name])
        else:
            maze.lay(index, C.SHAPES.by_name[name])
    for entry in N.need(data, "hidden", list):
        index = N.slot(entry, "a face-down goal", 2)
        if index not in state.goal_cards or index in maze.cells or index in maze.hidden:
            raise NotationError(f"state notation: no face-down goal at {entry!r}")
        maze.add_hidden(index, state.goal_cards[index])
    checks.check_maze(state)
    maze.recompute()
    for index in list(maze.cells):
        W.link_ladders(maze, index)


def _read_pieces(state: DarkCaveState, data: JSON) -> None:
    n = state.game.players
    overlay = state.maze.overlay
    state.dwarfs = []
    for seat, where in enumerate(N.seat_lists(data, "dwarfs", n)):
        field = field_of(state, where, "a dwarf") if where is not None else 0
        piece = overlay.add_piece(DWARF, seat, field)
        state.dwarfs.append(piece.id)
        if where is None:
            overlay.remove_piece(piece.id)
    state.out = _seats(N.need(data, "out", list), n, "out")
    for web in N.need(data, "webs", list):
        if not isinstance(web, dict) or web.get("shows") not in (1, 2) or web["shows"] is True:
            raise NotationError("state notation: a web is {edge, owner, shows: 2 or 1}")
        index, side = edge_side(_edge(web.get("edge")))
        owner = N.seat(web.get("owner"), n, "a web's owner")
        state.webs[overlay.add_marker(W.WEB_MARKER, owner, index, side).id] = web["shows"]
    for entry in N.need(data, "creatures", list):
        if not isinstance(entry, list) or len(entry) != 3 or entry[0] not in C.CREATURES:
            raise NotationError(f"state notation: {entry!r} is not [creature, field, owner]")
        creature, where, owner = entry
        if creature in state.creatures:
            raise NotationError(f"state notation: two {creature}s")
        field = field_of(state, where, "a creature")
        piece = overlay.add_piece(creature, N.seat(owner, n, "creature owner"), field)
        state.creatures[creature] = piece.id
    for where in N.need(data, "eagle_gold", list):
        overlay.add_piece(GOLD, None, field_of(state, where, "eagle gold"))


def _read_turn(state: DarkCaveState, data: JSON) -> None:
    n = state.game.players
    state.lying = _bools(data, "lying", n)
    state.still = N.need(data, "still", bool)
    state.boots = _bools(data, "boots", n)
    state.axes = _ints(data, "axes", n)
    state.peeks = N.read_peeks(N.seat_lists(data, "peeks", n), state.goal_cards, 2)
    state.known = [
        {s: state.clan_cards[s] for s in _seats(seen, n, "known")}
        for seen in N.seat_lists(data, "known", n)
    ]
    state.steps_left = N.need(data, "steps_left", int)
    state.creature_steps = N.need(data, "creature_steps", int)
    state.moving = _present(data, "moving")
    if state.moving is not None and state.moving not in state.creatures:
        raise NotationError("state notation: moving must name a creature on the board")
    attack = _present(data, "attack")
    if attack is not None:
        state.attack = Attack(
            attack["creature"],
            field_of(state, attack["field"], "the attacked field"),
            _seats(attack["victims"], n, "victims"),
            _seats(attack["defenders"], n, "defenders"),
            attack["then"],
        )
    pending = _present(data, "pending")
    if pending is not None:
        if not isinstance(pending, list) or len(pending) != 4 or pending[2] not in SIDES:
            raise NotationError("state notation: pending must be [x, y, side entered, field]")
        index = N.slot(pending[:2], "the goal turned over", 2)
        state.pending = (index, pending[2], field_of(state, pending[3], "the field left"))
    state.voters = _seats(N.need(data, "voters", list), n, "voters")
    state.proposed = N.need(data, "proposed", bool)
    draws = N.need(data, "draws", list)
    if len(draws) != 2 or not N.is_int(draws[1]) or not 0 <= draws[1] <= 2:
        raise NotationError("state notation: draws must be [seat, 0 to 2 cards]")
    state.draws = (N.seat(draws[0], n, "draws"), draws[1])
    final = _present(data, "final")
    if final is not None:
        state.final = _ints(data, "final", n)
    state.winner_seats = _seats(N.need(data, "winners", list), n, "winners")
