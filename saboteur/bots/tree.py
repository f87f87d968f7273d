"""One ISMCTS iteration below the root: walk down the tree, play the round out, score the path.

A hot module (compiled with the engine, ``saboteur/native.py``): the search's inner loop runs
natively, the bot around it (:mod:`saboteur.bots.ismcts`: the budget, the samples, the root's
candidates) stays ordinary Python.

>>> import random
>>> from saboteur.engine import new_game
>>> state = new_game("classic", 4).new_state(seed=3)
>>> seat = state.current_player
>>> child = Node(seat)
>>> action = state.legal_actions()[0]
>>> descend(child, state, action, 0, random.Random(1), [0.0] * 4, seat, None)
>>> child.visits, child.wins in (0.0, 1.0)
(1, True)
"""

from __future__ import annotations

import math
import random
from typing import Final

from saboteur.bots.evaluate import digger_chance
from saboteur.bots.policy import best, rank, react, situation_of
from saboteur.bots.tunnel import Reach
from saboteur.engine.base import Action
from saboteur.engine.classic.cards import DIGGER
from saboteur.engine.classic.state import ClassicState

EXPLORATION: Final = 0.7


class Node:
    """Statistics of one action in the tree, from the view of the seat that played it."""

    __slots__ = ("available", "children", "seat", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.wins = 0.0
        self.available = 1
        self.children: dict[Action, Node] = {}

    def ucb(self) -> float:
        return self.wins / self.visits + EXPLORATION * math.sqrt(
            math.log(self.available) / self.visits
        )


def playout(
    state: ClassicState,
    round_index: int,
    rng: random.Random,
    opinion: list[float] | None = None,
    depth: int | None = None,
    faithful: bool = False,
) -> float:
    """Play the round on with the heuristic policy; the diggers' share of the win.

    That is 1 or 0 once the round is over; after ``depth`` moves (``None``: never) the
    playout stops and the chance :func:`~saboteur.bots.evaluate.digger_chance` gives.
    ``faithful``: how the seats judge each other's moves (:func:`~saboteur.bots.policy.react`).
    """
    results = state.results
    opinion = [0.0] * state.game.players if opinion is None else opinion
    moves = 0
    while len(results) <= round_index:
        if moves == depth:
            return digger_chance(state)
        seat = state.current_player
        assert seat is not None
        sit = situation_of(state, seat, opinion)
        reach = Reach(state.maze, sit.candidates())
        action = best(sit, state.legal_list(), rng, reach)
        # an onlooker measures the tunnel towards every face-down goal: the same reach unless
        # this seat knows more of the goals
        public = reach if sit.gold is None and not sit.stones else None
        react(opinion, state, seat, action, faithful, public)
        state.apply_legal(action)  # (drawn from legal_list: the interned action itself)
        moves += 1
    return 1.0 if results[round_index]["winner"] == "diggers" else 0.0


def descend(
    child: Node,
    state: ClassicState,
    action: Action,
    round_index: int,
    rng: random.Random,
    opinion: list[float],
    seat: int,
    depth: int | None,
    faithful: bool = False,
) -> None:
    """Play ``action`` (``seat``'s, below ``child``) in the sample ``state``, walk down the tree
    (a node tried ``n`` times offers its seat's ``1 + ⌊√n / 2⌋`` best moves by the heuristic, an
    untried one first, else the best by UCB), add one node, play out (``depth``: see
    :func:`playout`) and score every node on the path for the seat that moved into it.

    ``opinion`` is the table of suspicions the playout starts from (changed in place)."""
    results = state.results
    roles = state.roles  # this round's (a new round deals new ones into a new list)
    react(opinion, state, seat, action, faithful)
    state.apply(action)
    node, path = child, [child]
    while len(results) <= round_index:
        mover = state.current_player
        assert mover is not None
        ranked = rank(situation_of(state, mover, opinion), state.legal_list(), rng)
        width = 1 + int(math.sqrt(node.visits) / 2)
        children, options = node.children, ranked[:width]
        untried: Action | None = None
        for _, option in options:
            known = children.get(option)
            if known is None:
                if untried is None:
                    untried = option
            else:
                known.available += 1
        if untried is not None:
            chosen = untried
            node = children[untried] = Node(mover)
        else:
            chosen, top = ranked[0][1], -math.inf
            for _, option in options:  # the first of the highest bounds, as max() picks
                bound = children[option].ucb()
                if bound > top:
                    chosen, top = option, bound
            node = children[chosen]
        path.append(node)
        react(opinion, state, mover, chosen, faithful)
        state.apply_legal(chosen)
        if untried is not None:
            break
    diggers = playout(state, round_index, rng, opinion, depth, faithful)
    for visited in path:
        visited.visits += 1
        visited.wins += diggers if roles[visited.seat] == DIGGER else 1.0 - diggers
