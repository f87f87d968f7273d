"""The Duel's table as one seat sees it: a maze per dwarf, rebuilt from the view, to try moves on.

Only public fields of the view go in (the board's face-up cards, keys and markers, the goal
slots, and the seat's own peeks), so whatever the bot concludes depends on its view alone.

>>> from saboteur.engine import new_game
>>> state = new_game("duel", 2).new_state(seed=7)
>>> board = Board.from_view(state.view(0))
>>> board.colours, len(board.hidden), board.mazes[0].live == state.mazes[0].live
(['green', 'blue'], 6, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from saboteur.engine.base import JSON
from saboteur.engine.board import laid, pieces_of
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.legal import GOLD_SIDS
from saboteur.engine.maze import Maze, slot_index

_SPECS = C.SPECS
UNKNOWN = "?"  # a face-down goal nobody showed this seat


@dataclass
class Gains:
    """Gold each seat secures by a move (marked cards; turned goals by expected value)."""

    gold: list[float]

    def add(self, seat: int, value: float) -> None:
        self.gold[seat] += value


@dataclass
class Board:
    """Each seat's maze (same cards, tunnels as that dwarf walks them), markers and goals."""

    colours: list[str]
    mazes: list[Maze]
    marked: set[int]  # slots with a marker (gold taken, trolls bribed)
    hidden: dict[int, str]  # face-down goal slot -> card if peeked, else UNKNOWN

    @classmethod
    def from_view(cls, view: JSON) -> Board:
        colours = list(view["colours"])
        drawn = view["board"]
        marked = set(pieces_of(drawn["pieces"], "gold-marker"))
        keyed = pieces_of(drawn["pieces"], "key")
        cards: list[tuple[int, int, str]] = []
        for index, sid in laid(drawn["cells"], C.SHAPES):
            card = _SPECS[sid].card
            opened = index in keyed or (card in C.TROLL_COUNTS and index in marked)
            cards.append((index, C.OPENED[sid] if opened else sid, card))
        hidden = {
            slot_index(goal["x"], goal["y"]): goal["card"] or UNKNOWN
            for goal in view["goals"]
            if not goal["revealed"]
        }
        mazes = []
        for colour in colours:
            maze = Maze(C.TABLES[colour])
            for index, sid, card in cards:
                if card in (C.STARTS[colour], f"ladder-{colour}"):
                    maze.add_root(index, sid)
                else:
                    maze.lay(index, sid)
            for index in hidden:
                maze.add_hidden(index, UNKNOWN)
            maze.recompute()
            mazes.append(maze)
        return cls(colours, mazes, marked, hidden)

    def copy(self) -> Board:
        return Board(
            self.colours, [maze.copy() for maze in self.mazes], set(self.marked), dict(self.hidden)
        )

    @property
    def cells(self) -> dict[int, int]:
        return self.mazes[0].cells

    def reached_goals(self) -> list[int]:
        """Face-down goals that some dwarf's tunnel now leads into."""
        return [i for i in self.hidden if any(maze.joined_sides(i) for maze in self.mazes)]

    # -- trying moves (on a copy) ------------------------------------------------------------------

    def place(self, index: int, sid: int, mover: int, goal_value: float) -> Gains:
        """Lay path shape ``sid`` at ``index`` and settle: gold marked, goals reached."""
        card = _SPECS[sid].card
        for colour, maze in zip(self.colours, self.mazes, strict=True):
            if card == f"ladder-{colour}":
                maze.place_root(index, sid)
            else:
                maze.place(index, sid)
        return self.settle(mover, goal_value)

    def reshape(self, index: int, sid: int) -> None:
        """A door opened or a troll bribed: swap the shape at ``index``."""
        for maze in self.mazes:
            maze.replace(index, sid)

    def remove(self, index: int) -> None:
        for maze in self.mazes:
            maze.remove(index)

    def reveal(self, index: int, sid: int, mover: int) -> Gains:
        """Turn the face-down goal at ``index`` face up as shape ``sid``; gold is marked."""
        del self.hidden[index]
        for maze in self.mazes:
            maze.reveal(index, sid)
        return self.settle(mover, 0.0)

    def settle(self, mover: int, goal_value: float) -> Gains:
        """Mark gold reached (the mover first); a goal reached counts ``goal_value`` (or its
        peeked value) for the first dwarf whose tunnel leads into it."""
        gains = Gains([0.0] * len(self.mazes))
        order = [mover, *(s for s in range(len(self.mazes)) if s != mover)]
        for index in self.reached_goals():
            card = self.hidden.pop(index)
            value = goal_value if card == UNKNOWN else float(C.GOLD_VALUE.get(card, 0))
            for seat in order:
                if self.mazes[seat].joined_sides(index):
                    gains.add(seat, value)
                    break
            for maze in self.mazes:  # the goal now lies face up: nobody passes it in this guess
                maze.hidden.pop(index, None)
        cells = self.cells
        for index, sid in cells.items():
            if sid not in GOLD_SIDS or index in self.marked:
                continue
            for seat in order:
                centre = C.CENTRE[self.colours[seat]][sid]
                if self.mazes[seat].live.get(index, 0) & centre:
                    self.marked.add(index)
                    gains.add(seat, float(C.GOLD_VALUE[_SPECS[sid].card]))
                    break
        return gains
