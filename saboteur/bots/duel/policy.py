"""The Duel heuristic: every legal action tried on a copy of the seat's board and scored.

A move's score is how much it changes :func:`~saboteur.bots.duel.evaluate.evaluate` (gold
secured now, gold within reach of each tunnel, who may lay path cards), minus a small price
for the cards it spends (:data:`KEEP`).  Path cards, keys, rockfalls and bribes are played
out on the board; sabotage and repairs change who may dig; maps look at the nearest unknown
goal; passes throw away the least useful cards.

>>> import random
>>> from saboteur.engine import new_game
>>> state = new_game("duel", 2).new_state(seed=7)
>>> view = state.view(0)
>>> legal = [state.game.parse_action(text) for text in view["legal"]]
>>> best_action(view, legal, random.Random(0)).kind
'place'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from saboteur.bots.duel.board import UNKNOWN, Board
from saboteur.bots.duel.evaluate import DECAY, GOAL_VALUE, distance, evaluate, reach
from saboteur.engine import Action
from saboteur.engine.base import JSON
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.actions import (
    BREAK,
    BRIBE,
    CLEAR,
    KEY,
    MAP,
    PASS,
    PLACE,
    REPAIR,
    REVEAL,
    ROCKFALL,
    discarded,
)
from saboteur.engine.maze import slot_xy

SPEND = 0.3  # how much a card's keep value counts against playing or discarding it
PLACE_SPEND = 0.1  # a path card laid is rarely wasted: it is spent more lightly
BRIBE_COST = 0.8  # a bribe costs one gold at the end of the round (if there is gold to pay)
KEY_COST = 0.1  # keys are few (two a round)
SHRINK = 0.1  # option C leaves the hand a card short
CYCLE = 0.08  # throwing away two cards at once brings two fresh ones

KEEP: dict[str, float] = {  # how useful a card is to hold (higher: kept longer)
    "NESW": 0.35,
    "NES": 0.3,
    "NEW": 0.3,
    "EW": 0.25,
    "NS": 0.2,
    "ES": 0.2,
    "SW": 0.2,
    "bridge": 0.15,
    "curves": 0.15,
    "xNS": 0.1,
    "xEW": 0.1,
    "key": 0.2,
    "rockfall": 0.25,
    "map": 0.15,
    **dict.fromkeys(C.GOLD_PATH_COUNTS, 0.6),
    **dict.fromkeys(C.TROLL_COUNTS, 0.05),
    **dict.fromkeys(C.BREAKS, 0.3),
}


def keep(card: str, colour: str, broken: int) -> float:
    """How useful ``card`` is to a dwarf of ``colour`` with tools ``broken`` (a bit mask)."""
    if card in C.REPAIRS:
        return 0.5 if any(broken & tool for tool in C.REPAIRS[card]) else 0.2
    if card in C.DOOR_COUNTS or card in C.LADDER_COUNTS:
        return 0.4 if C.card_colour(card) == colour else 0.05
    return KEEP.get(card, 0.2)


@dataclass
class Effect:
    """What one move does, as the heuristic sees it: the board after it, gold each seat
    secures, how many tools each seat has broken, and a ``cost`` outside the evaluation
    (cards spent, bribes; negative for a move worth something by itself, like a useful map)."""

    board: Board
    gained: list[float]
    broken: list[int]
    cost: float
    unchanged: bool = False  # board and tools as before the move


class Scorer:
    """Scores the legal actions of one seat from its view."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.board = Board.from_view(view)
        self.colour: str = self.board.colours[self.seat]
        self.masks = [sum(C.TOOLS[tool] for tool in tools) for tools in view["broken"]]
        self.broken = [bin(mask).count("1") for mask in self.masks]
        self.players = len(self.board.mazes)
        self.base = evaluate(self.board, self.seat, [0.0] * self.players, self.broken)

    def keep(self, card: str) -> float:
        return keep(card, self.colour, self.masks[self.seat])

    def score(self, action: Action) -> float:
        effect = self.effect(action)
        if effect.unchanged:
            return 0.0 - effect.cost
        after = evaluate(effect.board, self.seat, effect.gained, effect.broken)
        return after - self.base - effect.cost

    def effect(self, action: Action) -> Effect:
        """The move tried on a copy of the board (path cards, keys, rockfalls, bribes) or on
        the tools (sabotage, repairs, option C); maps and passes change neither."""
        kind, seat = action.kind, self.seat
        if kind in (PLACE, REVEAL):
            board = self.board.copy()
            index, sid = action.code >> 8, action.code & 255
            if kind == REVEAL:
                return self._changed(board, board.reveal(index, sid, seat).gold, 0.0)
            gains = board.place(index, sid, seat, GOAL_VALUE)
            return self._changed(board, gains.gold, PLACE_SPEND * self.keep(action.card or ""))
        if kind in (KEY, BRIBE, ROCKFALL):
            board = self.board.copy()
            index = action.code
            sid = board.cells[index]
            if kind == ROCKFALL:
                board.remove(index)
                cost = SPEND * self.keep("rockfall")
            else:
                board.reshape(index, C.OPENED[sid])
                if kind == BRIBE:
                    board.marked.add(index)
                cost = BRIBE_COST if kind == BRIBE else KEY_COST + SPEND * self.keep("key")
            return self._changed(board, board.settle(seat, GOAL_VALUE).gold, cost)
        if kind in (BREAK, REPAIR, CLEAR):
            return self._tools(action)
        if kind == MAP:
            return self._unchanged(self._map(action.code))
        assert kind == PASS
        cards = discarded(action)
        spent = sum(self.keep(card) for card in cards)
        return self._unchanged(SPEND * spent - (CYCLE if len(cards) == 2 else 0.0) + 0.01)

    def _changed(self, board: Board, gained: list[float], cost: float) -> Effect:
        return Effect(board, gained, self.broken, cost)

    def _unchanged(self, cost: float) -> Effect:
        return Effect(self.board, [0.0] * self.players, self.broken, cost, unchanged=True)

    def _tools(self, action: Action) -> Effect:
        """Sabotage on the other dwarf, or mending one's own tool (a repair card or option C)."""
        target = action.seat if action.kind == BREAK else self.seat
        assert target is not None
        masks = list(self.masks)
        if action.kind == BREAK:
            masks[target] |= C.BREAKS[action.card or ""]
            spent = SPEND * self.keep(action.card or "")
        elif action.kind == REPAIR:  # what a repair card is kept for: no loss beyond the card
            masks[target] &= ~C.TOOLS[action.choice or ""]
            spent = SPEND * keep(action.card or "", self.colour, 0)
        else:
            masks[target] &= ~C.TOOLS[action.choice or ""]
            spent = SPEND * sum(self.keep(card) for card in discarded(action)) + SHRINK
        broken = [bin(mask).count("1") for mask in masks]
        return Effect(self.board, [0.0] * self.players, broken, spent)

    def _map(self, index: int) -> float:
        """The cost of a map: looking at an unknown goal is worth more the nearer our tunnel
        is to it; a goal already known is not worth a look."""
        if self.board.hidden.get(index) != UNKNOWN:
            return 1.0
        frontier = [slot_xy(i) for i in self.board.mazes[self.seat].frontier]
        near = DECAY ** (max(1, distance(frontier, index)) - 1)
        return SPEND * self.keep("map") - 0.3 * near


def best_action(view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
    """The highest-scoring legal action (ties broken by ``rng``)."""
    scorer = Scorer(view)
    top, chosen = float("-inf"), [legal[0]]
    for action in legal:
        value = round(scorer.score(action), 9)
        if value > top:
            top, chosen = value, [action]
        elif value == top:
            chosen.append(action)
    return chosen[0] if len(chosen) == 1 else rng.choice(chosen)


__all__ = ["Effect", "Scorer", "best_action", "keep", "reach"]
