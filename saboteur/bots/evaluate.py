"""How likely the gold-diggers are to reach the gold from a full (sampled) state.

ISMCTS cuts its playouts short and scores the position it stopped in with this
estimate instead of playing the round to its end.  It is a logistic model of the
outcome of the heuristic playout (every seat played by the heuristic policy, as
in the search) on a few features of the state:

- ``d``: how far the tunnel is from the gold (:class:`~saboteur.bots.tunnel.Reach`
  towards the gold's slot alone, at most 12);
- ``turns``: cards left in the deck and in the hands, per player;
- the share of the diggers with a broken tool, the share of saboteurs at the
  table, and the number of players.

The weights were fitted by ``scripts/fit_evaluation.py`` (3,000 rounds of heuristic
self-play at 3–10 players, every position of every round; Brier score 0.139
against 0.220 for the mean alone).

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 4).new_state(seed=2)
>>> 0.0 < digger_chance(state) < 1.0
True
"""

from __future__ import annotations

import math
from typing import Final

from saboteur.bots.tunnel import Reach
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import ClassicState

FAR: Final = 12  # distances beyond this count as this
# weights of d, d² / 10, turns, d / (turns + 1), log(1 + turns), broken diggers, saboteurs / n
WEIGHTS: Final = (-0.928, 0.423, -0.039, -0.198, 3.963, -0.242, -7.869)
# the intercept per number of players (3 to 10)
INTERCEPT: Final = {
    3: -4.26,
    4: -3.376,
    5: -2.814,
    6: -2.305,
    7: -1.878,
    8: -1.236,
    9: -0.573,
    10: -0.441,
}


def features(state: ClassicState) -> tuple[float, ...]:
    """The model's inputs, in the order of :data:`WEIGHTS` (the gold still face down)."""
    maze, n = state.maze, state.game.players
    gold = next(index for index, card in state.goal_cards.items() if card == C.GOLD_GOAL)
    d = min(Reach(maze, (gold,)).best, FAR) if gold in maze.hidden else 0
    turns = (len(state.deck) + sum(len(hand) for hand in state.hands)) / n
    roles, broken = state.roles, state.broken
    saboteurs = roles.count(C.SABOTEUR)
    diggers = n - saboteurs
    broken_diggers = sum(1 for seat in range(n) if broken[seat] and roles[seat] == C.DIGGER)
    return (
        float(d),
        d * d / 10,
        turns,
        d / (turns + 1),
        math.log1p(turns),
        broken_diggers / diggers if diggers else 0.0,
        saboteurs / n,
    )


def digger_chance(state: ClassicState) -> float:
    """The estimated chance that the diggers find the gold this round (0 to 1)."""
    z = INTERCEPT.get(state.game.players, INTERCEPT[10])
    for weight, value in zip(WEIGHTS, features(state), strict=True):
        z += weight * value
    return 1.0 / (1.0 + math.exp(-z))
