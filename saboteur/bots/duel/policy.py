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

    def after(self, board: Board, gained: list[float], broken: list[int] | None = None) -> float:
        return evaluate(board, self.seat, gained, broken or self.broken) - self.base

    def score(self, action: Action) -> float:
        kind, seat = action.kind, self.seat
        if kind in (PLACE, REVEAL):
            board = self.board.copy()
            index, sid = action.code >> 8, action.code & 255
            if kind == REVEAL:
                gains = board.reveal(index, sid, seat)
                return self.after(board, gains.gold)
            gains = board.place(index, sid, seat, GOAL_VALUE)
            return self.after(board, gains.gold) - PLACE_SPEND * self.keep(action.card or "")
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
            gains = board.settle(seat, GOAL_VALUE)
            return self.after(board, gains.gold) - cost
        if kind in (BREAK, REPAIR, CLEAR):
            return self._tools(action)
        if kind == MAP:
            return self._map(action.code)
        assert kind == PASS
        cards = discarded(action)
        spent = sum(self.keep(card) for card in cards)
        return -SPEND * spent + (CYCLE if len(cards) == 2 else 0.0) - 0.01

    def _tools(self, action: Action) -> float:
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
        change = self.after(self.board, [0.0] * self.players, broken)
        return change - spent

    def _map(self, index: int) -> float:
        """Looking at an unknown goal is worth more the nearer our tunnel is to it."""
        if self.board.hidden.get(index) != UNKNOWN:
            return -1.0
        frontier = [slot_xy(i) for i in self.board.mazes[self.seat].frontier]
        near = DECAY ** (max(1, distance(frontier, index)) - 1)
        return 0.3 * near - SPEND * self.keep("map")


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


__all__ = ["best_action", "keep", "reach"]
