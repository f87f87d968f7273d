"""Uniformly random legal play to the end of a game: the inner loop of ``saboteur bench`` (one of
the compiled hot modules, ``saboteur/native.py``, so the benchmark's random player runs native too).

>>> import random
>>> from saboteur.engine import new_game
>>> state = new_game("classic", 3).new_state(seed=2)
>>> steps = play_out(state, random.Random(2))
>>> state.is_over, steps == len(state.history)
(True, True)
"""

from __future__ import annotations

from random import Random

from saboteur.engine.base import State
from saboteur.engine.chance import choice, draw_below
from saboteur.engine.table import TableState


def play_out(state: State, rng: Random) -> int:
    """Apply random legal actions (drawn with ``rng``) until the game is over; how many."""
    if isinstance(state, TableState):
        return _play_out_table(state, rng)
    steps = 0
    while not state.is_over:
        state.apply(choice(rng, state.legal_actions()))
        steps += 1
    return steps


def _play_out_table(state: TableState, rng: Random) -> int:
    """:func:`play_out` for the rulesets' compiled states: their methods called natively (a
    ``State`` is an interpreted class, whose methods are looked up by name at every call)."""
    steps = 0
    draw = rng.getrandbits  # bound once: the same draws as ``choice(rng, ...)``, no look-up each
    while not state.is_over:
        legal = state.legal_list()
        if not legal:  # (draw_below would never return for none)
            raise IndexError(f"no legal action at turn {state.turns} of a game that is not over")
        state.apply_legal(legal[draw_below(draw, len(legal))])
        steps += 1
    return steps
