"""What a Dark Cave state read from its notation must hold together; else :class:`NotationError`.

Cards and gold are conserved, the board is the start, path cards and the goals where they lie,
and each phase has the bookkeeping it acts on (so a state that loads can be played on).

>>> from saboteur.engine import new_game
>>> state = new_game("darkcave", 2).new_state(seed=1)
>>> state.supply += 1
>>> check_state(state)
Traceback (most recent call last):
...
saboteur.engine.base.NotationError: state notation: the gold adds up to 47, not 46
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from saboteur.engine.base import NotationError
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave.state import (
    BOOTS_STEPS,
    CREATURE,
    DEFEND,
    GOLD,
    MOVE,
    OVER,
    PLAY,
    REVEAL,
    VOTE,
    DarkCaveState,
)
from saboteur.engine.grid import field_number, field_slot, slot_index, slot_xy
from saboteur.engine.maze import Maze

if TYPE_CHECKING:
    from saboteur.engine.darkcave.state import Attack

PHASES = (PLAY, CREATURE, DEFEND, MOVE, REVEAL, VOTE, OVER)
_SHAPES = C.SHAPES.shapes


def _refuse(why: str) -> NotationError:
    return NotationError(f"state notation: {why}")


def is_field(maze: Maze, field: int) -> bool:
    """Whether ``field`` is a field of a face-up card."""
    sid = maze.cells.get(field_slot(field))
    return sid is not None and field_number(field) < len(_SHAPES[sid].fields)


def check_maze(state: DarkCaveState) -> None:
    """The start first at (0,0), the goals at the corners (face down or laid), path cards
    elsewhere."""
    maze, goals = state.maze, state.goal_cards
    corners = {slot_index(x, y) for x, y in S.goal_slots(state.game.players)}
    if set(goals) != corners or sorted(goals.values()) != sorted(C.GOALS):
        raise _refuse("goals must be the four goal cards at the four corners")
    cells = list(maze.cells.items())
    if not cells or cells[0] != (slot_index(0, 0), C.START_SHAPE):
        raise _refuse("the maze must begin with the start card at 0,0")
    for index, sid in cells[1:]:
        card = _SHAPES[sid].card
        if sid not in C.PATH_SHAPE_IDS and not (index in goals and goals[index] == card):
            raise _refuse(f"{_SHAPES[sid].name} cannot lie at {slot_xy(index)}")
        if sid in C.PATH_SHAPE_IDS and index in goals:
            raise _refuse(f"a path card lies on the goal corner {slot_xy(index)}")
    if any(index not in maze.cells and index not in maze.hidden for index in goals):
        raise _refuse("every goal lies face down or face up")


def check_state(state: DarkCaveState) -> None:
    """Everything :mod:`~saboteur.engine.darkcave.reading` cannot see entry by entry."""
    _check_cards(state)
    _check_pieces(state)
    _check_phase(state)


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
        raise _refuse(f"the cards do not add up (too many: {dict(more)}, missing: {dict(fewer)})")
    n = state.game.players
    one_clan = state.clans[0] if n in (3, 4) else S.YELLOW
    if sorted(state.clan_cards + state.aside) != sorted(S.clan_cards(n, one_clan)):
        raise _refuse("the clan cards do not match the player count")


def _check_pieces(state: DarkCaveState) -> None:
    """Dwarfs out of the cave are the seats out; eagle gold lies on eagles; the gold adds up."""
    n = state.game.players
    if any((state.dwarf_field(s) is None) != (s in state.out) for s in range(n)):
        raise _refuse("the dwarfs out of the cave must be the seats listed in out")
    if not all(state.revealed[s] for s in state.out):
        raise _refuse("a dwarf out of the cave shows its clan card")
    eagles = [p.field for p in state.maze.overlay.pieces.values() if p.kind == GOLD]
    maze = state.maze
    if len(set(eagles)) != len(eagles) or any(
        C.SPECIAL_BY_SHAPE[maze.cells[field_slot(f)]].get(field_number(f)) != C.EAGLE
        for f in eagles
    ):
        raise _refuse("eagle gold lies on eagle fields, one piece each")
    total = sum(state.gold) + state.supply + len(eagles)
    if state.supply < 0 or total != S.GOLD_PIECES:
        raise _refuse(f"the gold adds up to {total}, not {S.GOLD_PIECES}")
    edges = [marker.edge for marker in maze.overlay.markers.values()]
    if len(set(edges)) != len(edges):
        raise _refuse("two webs on one edge")


def _check_phase(state: DarkCaveState) -> None:
    """The phase's bookkeeping is there (and only the phase's)."""
    phase, seat, n = state.phase, state.turn, state.game.players
    over = phase == OVER
    if (state.final is not None) != over or (state.winner_seats != []) != over:
        raise _refuse("final scores and winners belong to a game that is over")
    if (state.moving is not None) != (phase == CREATURE) or not 0 <= state.creature_steps <= 5:
        raise _refuse("a creature moves (moving) in the creature phase only, 0 to 5 steps")
    if (state.attack is not None) != (phase == DEFEND):
        raise _refuse("an attack waits (attack) in the defend phase only")
    if (state.pending is not None) != (phase == REVEAL):
        raise _refuse("a goal is being laid (pending) in the reveal phase only")
    if bool(state.voters) != (phase == VOTE) or (phase == VOTE and not state.proposed):
        raise _refuse("voters answer a proposal in the vote phase only")
    if not 0 <= state.steps_left <= BOOTS_STEPS or (phase == MOVE and not state.steps_left):
        raise _refuse("steps_left is 1 to 4 in the move phase (0 to 4 else)")
    if over:
        return
    expected = {
        DEFEND: state.attack.defenders[:1] if state.attack else [],
        VOTE: state.voters[:1],
    }.get(phase, [seat])
    if [state.current] != expected:
        raise _refuse(f"current must be seat {expected[0] if expected else '?'} in phase {phase}")
    if phase == PLAY and not state.hands[seat]:
        raise _refuse("the seat to play holds no card")
    if phase in (MOVE, REVEAL) and state.dwarf_field(seat) is None:
        raise _refuse("the dwarf to move has left the cave")
    if state.attack is not None:
        _check_attack(state, state.attack)
    if state.pending is not None and state.pending[0] not in state.maze.hidden:
        raise _refuse("the goal being laid must lie face down")
    if seat in state.voters or (phase == VOTE and len(state.voters) >= n):
        raise _refuse("voters are the others")


def _check_attack(state: DarkCaveState, attack: Attack) -> None:
    if attack.creature not in state.creatures or attack.then not in ("creature", "walk"):
        raise _refuse("an attack is by a creature on the board, then creature or walk")
    if not attack.victims or not set(attack.defenders) <= set(attack.victims):
        raise _refuse("the defenders of an attack are among its victims")
    if not all(state.axes[s] for s in attack.defenders):
        raise _refuse("a defender holds a battle axe")
