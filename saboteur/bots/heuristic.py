"""The ``heuristic`` bot: the scoring policy of :mod:`saboteur.bots.policy` plus a memory.

As a gold-digger it digs towards the gold (the goal its maps showed, else the
nearest goal that may hold it), repairs players it trusts, blocks players it
suspects and uses maps early.  As a saboteur it blocks the tunnel's best end
with dead ends and misleading cards, causes rockfalls near the goals, and breaks
the tools of the diggers who dug most.  Suspicions come from public actions
(:mod:`saboteur.bots.memory`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from saboteur.bots.base import Bot, Budget
from saboteur.bots.memory import Memory
from saboteur.bots.policy import Situation, best, gold_choice
from saboteur.engine import Action, Event, Game
from saboteur.engine.base import JSON
from saboteur.engine.classic import cards as C
from saboteur.engine.maze import slot_index


def situation_from_view(memory: Memory, view: JSON) -> Situation:
    """The seat's situation from its memory and its current view."""
    memory.sync(view)
    gold = None
    stones = set()
    for goal in view["goals"]:
        if goal["revealed"] or goal["card"] is None:
            continue
        index = slot_index(goal["x"], goal["y"])
        if goal["card"] == C.GOLD_GOAL:
            gold = index
        else:
            stones.add(index)
    hidden = [i for i in memory.maze.hidden if i not in stones]
    if gold is None and len(hidden) == 1:
        gold = hidden[0]
    return Situation(
        seat=memory.seat,
        role=view["role"],
        hand=view["hand"],
        maze=memory.maze,
        broken=memory.broken,
        gold=gold,
        stones=frozenset(stones),
        suspicion=memory.suspicion,
        progress=memory.progress,
    )


class HeuristicBot(Bot):
    """Rule-of-thumb play from a memory of public actions; no search."""

    name = "heuristic"

    def __init__(
        self, game: Game, seat: int, rng: random.Random, budget: Budget | None = None
    ) -> None:
        super().__init__(game, seat, rng, budget)
        self.memory = Memory(game, seat)

    def observe(self, events: Sequence[Event]) -> None:
        self.memory.observe(events)

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        if view["phase"] == "gold":
            return gold_choice(legal)
        action = best(situation_from_view(self.memory, view), list(legal), self.rng)
        self.memory.pending = action
        return action
