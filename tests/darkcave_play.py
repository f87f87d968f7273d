"""Dark Cave games to test with: tables drawn by hypothesis and a policy that plays them.

The policy picks a random legal action, or with probability ``greed`` one that heads for the
goals: laying cards towards them, walking the dwarf towards the nearest face-down goal (or the
exit once it lies open) and out, and mostly refusing an agreed end.  So goals are turned over
and dwarfs leave the cave often enough for the properties to meet those rules too.

>>> state = play(Table(4, False, seed=1, policy=2, greed=0.9))
>>> state.is_over, state.events[-1].kind
(True, 'game-end')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

from saboteur.engine import new_game
from saboteur.engine.base import Action
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.grid import field_number, field_slot, slot_xy
from tests.test_properties import play_out

# every turn takes a card out of play for good (67 cards are dealt or drawn); a turn is at most a
# proposal with 7 answers, a card, 5 creature steps, 8 defenders, 4 steps, a goal and a defence;
# the 3 axes may cut webs besides
BOUND = 67 * (1 + 7 + 1 + 6 + 8 + 5 + 2) + 3
PEOPLE = st.integers(2, 8)


@dataclass(frozen=True)
class Table:
    """A game to play: players, the agreed end, deal seed, policy seed and greed."""

    players: int
    agreed_end: bool
    seed: int
    policy: int
    greed: float

    def new_state(self) -> DarkCaveState:
        state = new_game("darkcave", self.players, {"agreed_end": self.agreed_end}).new_state(
            self.seed
        )
        assert isinstance(state, DarkCaveState)
        return state


@st.composite
def tables(draw: st.DrawFn) -> Table:
    return Table(
        draw(PEOPLE),
        draw(st.booleans()),
        draw(st.integers(0, 2**32 - 1)),
        draw(st.integers(0, 2**32 - 1)),
        draw(st.sampled_from([0.0, 0.7, 0.95])),
    )


@dataclass(frozen=True)
class Sight:
    """What the policy goes by, as a state or a player's view shows it: the phase, the slot of
    the turn's dwarf, the open exit goal's slot and the face-down goals' slots."""

    phase: str
    here: tuple[int, int] | None
    exit: tuple[int, int] | None
    hidden: list[tuple[int, int]]

    @property
    def aims(self) -> list[tuple[int, int]]:
        """The exit goal if it lies open, else the face-down goals."""
        return [self.exit] if self.exit else self.hidden or [(0, 0)]


def sight_of(state: DarkCaveState) -> Sight:
    cells = state.maze.cells
    exits = [i for i, sid in cells.items() if C.SHAPES.shapes[sid].card == C.EXIT_GOAL]
    here = state.dwarf_field(state.turn)
    return Sight(
        state.phase,
        None if here is None else slot_xy(field_slot(here)),
        slot_xy(exits[0]) if exits else None,
        [slot_xy(i) for i in state.maze.hidden],
    )


def _distance(slot: tuple[int, int], aims: list[tuple[int, int]]) -> int:
    return min(abs(slot[0] - x) + abs(slot[1] - y) for x, y in aims)


def _nearest(actions: list[Action], aims: list[tuple[int, int]], rng: random.Random) -> Action:
    def far(action: Action) -> int:
        assert action.slot is not None
        return _distance(action.slot, aims)

    best = min(map(far, actions))
    return rng.choice([a for a in actions if far(a) == best])


def _walk(sight: Sight, legal: list[Action], rng: random.Random) -> Action | None:
    steps = [a for a in legal if a.kind == "step"]
    out = [a for a in steps if a.slot == sight.exit and field_number(a.code or 0) == 1]
    if out:  # the exit goal's field 1 is the exit
        return out[0]
    if not steps or sight.here is None:
        return None
    best = _nearest(steps, sight.aims, rng)
    assert best.slot is not None
    return best if _distance(best.slot, sight.aims) <= _distance(sight.here, sight.aims) else None


def pick(sight: Sight, legal: list[Action], rng: random.Random, greed: float) -> Action:
    """A random legal action; with probability ``greed`` one that heads for the goals."""
    if rng.random() >= greed:
        return rng.choice(legal)
    if sight.phase == "vote":
        return legal[-1] if rng.random() < 0.9 else legal[0]
    picked: Action | None = None
    if sight.phase == "play":
        places = [a for a in legal if a.kind == "place"]
        if places and rng.random() < 0.7:
            picked = _nearest(places, sight.aims, rng)
        else:
            busy = [a for a in legal if a.kind not in ("pass", "propose-end")]
            picked = rng.choice(busy or legal)
    elif sight.phase == "move":
        picked = _walk(sight, legal, rng)
    return picked or rng.choice(legal)


def choose(state: DarkCaveState, rng: random.Random, greed: float) -> Action:
    """:func:`pick` from what ``state`` shows."""
    return pick(sight_of(state), state.legal_actions(), rng, greed)


def play(
    table: Table, visit: Callable[[DarkCaveState], None] | None = None, bound: int = BOUND
) -> DarkCaveState:
    """Play ``table`` to the end, calling ``visit`` on every state (the first and the last too);
    the game must end within ``bound`` actions."""
    rng = random.Random(table.policy)
    return play_out(table.new_state(), lambda s: choose(s, rng, table.greed), bound, visit)
