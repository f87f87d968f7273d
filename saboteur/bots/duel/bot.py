"""The ``heuristic`` bot of the Duel and solo: one look ahead, no memory, no search.

It rebuilds the table from its view each turn (:mod:`saboteur.bots.duel.board`) and plays
the legal action that scores best (:mod:`saboteur.bots.duel.policy`).

>>> import random
>>> from saboteur.engine import new_game
>>> from saboteur.bots.base import choose
>>> game = new_game("solo", 1)
>>> state = game.new_state(seed=4)
>>> choose(DuelHeuristicBot(game, 0, random.Random(0)), state) in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from saboteur.bots.base import Bot
from saboteur.bots.duel.policy import best_action
from saboteur.engine import Action
from saboteur.engine.base import JSON


class DuelHeuristicBot(Bot):
    """Digs towards goals and gold, blocks the other dwarf, mends its tools, passes junk."""

    name = "heuristic"

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        return best_action(view, legal, self.rng)
