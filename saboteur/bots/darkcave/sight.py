"""What a Dark Cave bot makes of its view: the cave as a maze to walk, and who is on its side.

>>> from saboteur.engine import new_game
>>> state = new_game("darkcave", 4).new_state(seed=2)
>>> sight = Sight(state.view(0))
>>> sight.maze.cells == state.maze.cells, sight.dwarfs[0] == state.dwarf_field(0)
(True, True)
>>> sight.ally(0), 0.0 < sight.ally(1) < 1.0
(1.0, True)
"""

from __future__ import annotations

from saboteur.engine.base import JSON
from saboteur.engine.board import laid
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave import walking as W
from saboteur.engine.grid import edge_side, field_id, field_slot, slot_index
from saboteur.engine.growth import OpenMaze
from saboteur.engine.maze import Maze


class Sight:
    """The cave of one view: ``maze`` (cards, face-down goals, webs, ladders), the dwarfs' and
    creatures' fields, the goals the viewer knows, and how likely each seat is an ally."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        self.seat: int = view["seat"]
        maze: Maze = OpenMaze(C.SHAPES)
        cells = view["board"]["cells"]
        for index, sid in laid(cells, C.SHAPES):
            maze.lay(index, sid)
        self.goals: dict[int, str | None] = {}  # face-down goal slot -> its card, if known
        for cell in cells:
            if cell["face"] == "down":
                index = slot_index(cell["x"], cell["y"])
                maze.add_hidden(index, cell["card"] or "?")
                self.goals[index] = cell["card"]
        for x, y, card in view.get("goals_seen", []):
            if slot_index(x, y) in self.goals:
                self.goals[slot_index(x, y)] = card
        maze.roots.append(slot_index(0, 0))
        maze.recompute()
        for index in list(maze.cells):
            W.link_ladders(maze, index)
        for web in view["webs"]:
            index, side = edge_side(A.parse_edge(web["edge"]))
            maze.overlay.add_marker(W.WEB_MARKER, web["owner"], index, side)
        self.maze = maze
        self.dwarfs: list[int | None] = [
            None if where is None else A.parse_field(where) for where in view["dwarfs"]
        ]
        self.creatures = {
            kind: A.parse_field(info["field"]) for kind, info in view["creatures"].items()
        }
        self.creature_owner = {kind: info["owner"] for kind, info in view["creatures"].items()}
        self.side = S.works_for(view["clan_card"])
        self._allies = self._estimate()

    def _estimate(self) -> list[float]:
        """Per seat, the chance it works for the viewer's side, from the clan cards not seen."""
        view = self.view
        n = view["players"]
        known: dict[int, str] = {s: c for s, c in enumerate(view["characters"]) if c is not None}
        known |= {int(s): c for s, c in view.get("known", {}).items()}
        pool = S.clan_cards(n, view["clans"][0] if n in (3, 4) else S.YELLOW)
        for card in known.values():
            if card in pool:
                pool.remove(card)
        out = []
        for seat in range(n):
            if seat in known:
                out.append(1.0 if S.works_for(known[seat]) == self.side else 0.0)
                continue
            clan = view["clans"][seat]
            mine = [c for c in pool if c.startswith(clan)]
            same = sum(1 for c in mine if S.works_for(c) == self.side)
            out.append(same / len(mine) if mine else 0.5)
        return out

    def ally(self, seat: int) -> float:
        """How likely ``seat`` works for the viewer's side (1 for itself)."""
        return self._allies[seat]

    def exit_field(self) -> int | None:
        """The exit field if the exit goal lies face up."""
        for index, sid in self.maze.cells.items():
            if C.SHAPES.shapes[sid].card == C.EXIT_GOAL:
                return field_id(index, 1)
        return None

    def target_goals(self) -> list[int]:
        """The face-down goals that may hold the exit (a known exit first)."""
        known_exit = [i for i, card in self.goals.items() if card == C.EXIT_GOAL]
        if known_exit:
            return known_exit
        return [i for i, card in self.goals.items() if card is None]

    def creature_fields(self) -> set[int]:
        return set(self.creatures.values())

    def dwarfs_on(self, field: int) -> list[int]:
        return [seat for seat, where in enumerate(self.dwarfs) if where == field]

    def slot_of(self, field: int) -> int:
        return field_slot(field)
