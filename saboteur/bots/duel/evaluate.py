"""How good a Duel table is for one seat: gold secured, and gold within reach of each tunnel.

A *target* is a face-down goal (worth :data:`GOAL_VALUE` on average, or what a map showed)
or a face-up gold card nobody has marked.  A dwarf's *reach* sums, over the targets, the
value times :data:`DECAY` per card still missing between its tunnel's open ends and the
target (Manhattan distance).  The opponent plays next, so its reach weighs more than ours.

>>> from saboteur.engine import new_game
>>> from saboteur.bots.duel.board import Board
>>> board = Board.from_view(new_game("duel", 2).new_state(seed=7).view(0))
>>> reach(board, 0) == reach(board, 1) > 0
True
"""

from __future__ import annotations

from saboteur.bots.duel.board import UNKNOWN, Board
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.legal import GOLD_SIDS
from saboteur.engine.maze import slot_xy

GOAL_VALUE = 27 / 18  # the mean gold of a goal card: 27 nuggets on 18 goals
DECAY = 0.7  # a target one card further away is worth this share
OWN_REACH = 0.5  # weight of our reach against gold secured
THEIR_REACH = 0.75  # the opponent moves next: its reach weighs more
BROKEN_REACH = 0.35  # reach of a dwarf who may not lay path cards counts this much
TEMPO = 0.3  # each broken tool costs its dwarf turns to mend


def targets(board: Board) -> list[tuple[int, float]]:
    """(slot, gold value) of every face-down goal and unmarked gold card."""
    found = [
        (index, GOAL_VALUE if card == UNKNOWN else float(C.GOLD_VALUE.get(card, 0)))
        for index, card in board.hidden.items()
    ]
    for index, sid in board.cells.items():
        if sid in GOLD_SIDS and index not in board.marked:
            found.append((index, float(C.GOLD_VALUE[C.SPECS[sid].card])))
    return [(index, value) for index, value in found if value > 0]


def distance(seat_frontier: list[tuple[int, int]], target: int) -> int:
    """Cards missing from the nearest open tunnel end to ``target`` (at least 1)."""
    tx, ty = slot_xy(target)
    return min((abs(x - tx) + abs(y - ty) for x, y in seat_frontier), default=99)


def reach(board: Board, seat: int) -> float:
    """The gold within reach of ``seat``'s tunnel, discounted by distance."""
    found = targets(board)
    frontier = [slot_xy(index) for index in board.mazes[seat].frontier]
    total = 0.0
    for index, value in found:
        total += value * DECAY ** (max(1, distance(frontier, index)) - 1)
    return total


def evaluate(board: Board, seat: int, gained: list[float], broken: list[int]) -> float:
    """The table's worth for ``seat``: gold ``gained`` by the move plus weighted reaches,
    less the turns each dwarf needs to mend its ``broken`` tools (how many)."""
    score = 0.0
    for other in range(len(board.mazes)):
        weight = 1.0 if other == seat else -1.0
        share = OWN_REACH if other == seat else THEIR_REACH
        if broken[other]:
            share *= BROKEN_REACH
        value = gained[other] + share * reach(board, other) - TEMPO * broken[other]
        score += weight * value
    return score
