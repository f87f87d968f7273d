"""What one seat remembers of a round: the public maze, suspicions, and which cards are out.

Built only from the events that seat may see.  Suspicion is a number per seat:
above 0 the seat acts like a saboteur, below 0 like a gold-digger.

>>> from saboteur.engine import Event, new_game
>>> memory = Memory(new_game("classic", 4), seat=0)
>>> memory.observe([Event("round-start", None, {"round": 1, "first": 0}),
...                 Event("deal", 0, {"round": 1, "role": "digger", "hand": []}, to=0),
...                 Event("break", 2, {"tool": "cart", "target": 0})])
>>> memory.role, memory.suspicion[2] > 1
('digger', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from saboteur.bots.tunnel import (
    GOAL_SLOTS,
    START_SLOT,
    Reach,
    is_dead_end,
    laying_suspicion,
    maze_from_view,
    rockfall_suspicion,
)
from saboteur.engine.base import JSON, Action, Event, Game
from saboteur.engine.board import laid
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import DEMO_LAYOUT
from saboteur.engine.maze import Maze, slot_index

TRUSTED, SUSPECT = -0.5, 1.5  # suspicion below TRUSTED: a digger; above SUSPECT: a saboteur


def _bounds(game: Game) -> tuple[int, int, int, int] | None:
    return (0, 9, -4, 4) if game.options.get("preset") == "online-3" else None


class Memory:
    """One seat's memory of the current round, updated event by event."""

    def __init__(self, game: Game, seat: int) -> None:
        self.players = game.players
        self.seat = seat
        self.bounds = _bounds(game)
        self.demo = bool(game.options.get("demo"))
        self.round = 0
        self.role = C.DIGGER
        self.pending: Action | None = None  # the action this seat chose last
        self.reset()

    def reset(self) -> None:
        """Forget the round: a fresh maze, no suspicions, no cards out."""
        n = self.players
        maze = Maze(C.SHAPES, self.bounds)
        maze.add_root(START_SLOT, C.START_SHAPE)
        for index in GOAL_SLOTS:
            maze.add_hidden(index, "?")
        if self.demo:
            for x, y, card, turned in DEMO_LAYOUT:
                maze.lay(slot_index(x, y), C.shape_id(card, turned))
        maze.recompute()
        self.maze = maze
        self.suspicion = [0.0] * n
        # what the others make of this seat's own public moves: the suspicion a player who
        # watched them (and was not their target) would hold of it, by the same rules
        self.exposure = 0.0
        self.progress = [0.0] * n  # how much each seat brought the tunnel nearer the goals
        self.broken = [0] * n
        self.mapped: list[list[int]] = [[] for _ in range(n)]  # goal slots each seat looked at
        self.known_discards: Counter[str] = Counter()  # discards everyone saw (and my own)
        self.repairs: list[str] = []  # tools other seats repaired (the repair card is not shown)
        self.passes = 0  # cards other seats discarded face down

    # -- events ------------------------------------------------------------------------------------

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            handler = getattr(self, "_on_" + event.kind.replace("-", "_"), None)
            if handler is not None:
                handler(event)

    def _on_round_start(self, event: Event) -> None:
        self.round = event.data["round"]
        self.reset()

    def _on_deal(self, event: Event) -> None:
        self.role = event.data["role"]

    def _suspect(self, seat: int | None, amount: float) -> None:
        if seat is None:
            return
        if seat == self.seat:
            self.exposure += amount
        else:
            self.suspicion[seat] += amount

    def _on_place(self, event: Event) -> None:
        data, seat = event.data, event.seat
        index, sid = slot_index(data["x"], data["y"]), C.SHAPES.by_name[data["shape"]]
        reach = Reach(self.maze, self.maze.hidden)
        after = reach.after_place(index, sid)
        self.maze.place(index, sid)
        if seat is None:
            return
        if not is_dead_end(sid) and after < reach.best:
            self.progress[seat] += reach.best - after
        self._suspect(seat, laying_suspicion(sid, reach.best, after))

    def _on_reveal(self, event: Event) -> None:
        data = event.data
        index = slot_index(data["x"], data["y"])
        if index in self.maze.hidden:
            self.maze.reveal(index, C.SHAPES.by_name[data["shape"]])

    def _on_break(self, event: Event) -> None:
        actor, target = event.seat, event.data["target"]
        self.broken[target] |= C.TOOLS[event.data["tool"]]
        if target == self.seat:
            self._suspect(actor, 2.0 if self.role == C.DIGGER else -0.5)
        elif self.suspicion[target] >= SUSPECT:
            self._suspect(actor, -1.0)
        else:
            self._suspect(actor, 1.0)

    def _on_repair(self, event: Event) -> None:
        actor, target, tool = event.seat, event.data["target"], event.data["tool"]
        self.broken[target] &= ~C.TOOLS[tool]
        self.known_discards[f"break-{tool}"] += 1
        card = self.pending.card if self.pending is not None else None
        if actor == self.seat and card is not None and card.startswith("repair-"):
            self.known_discards[card] += 1  # my own repair card: I know which it was
        else:
            self.repairs.append(tool)
        if actor == target:
            return
        if target == self.seat:
            self._suspect(actor, -1.0 if self.role == C.DIGGER else 0.0)
        elif self.suspicion[target] >= SUSPECT:
            self._suspect(actor, 1.0)
        else:
            self._suspect(actor, -0.5)

    def _on_rockfall(self, event: Event) -> None:
        data = event.data
        index = slot_index(data["x"], data["y"])
        self.known_discards.update((data["card"], "rockfall"))
        sid = self.maze.cells.get(index)
        if sid is None:
            return
        reach = Reach(self.maze, self.maze.hidden)
        after = reach.after_remove(index)
        self.maze.remove(index)
        self._suspect(event.seat, rockfall_suspicion(sid, reach.best, after))

    def _on_map(self, event: Event) -> None:
        self.known_discards["map"] += 1
        if event.seat is not None:
            self.mapped[event.seat].append(slot_index(event.data["x"], event.data["y"]))

    def _on_pass(self, event: Event) -> None:
        if event.seat != self.seat:
            self.passes += 1

    def _on_discard(self, event: Event) -> None:
        self.known_discards[event.data["card"]] += 1

    # -- the view ----------------------------------------------------------------------------------

    def sync(self, view: JSON) -> None:
        """Check the remembered round and maze against the view; rebuild what differs."""
        if view["round"] != self.round:  # joined mid-game without the events: start afresh
            self.round = view["round"]
            self.reset()
        self.role = view["role"]
        if dict(laid(view["board"]["cells"], C.SHAPES)) != self.maze.cells:
            self.maze = maze_from_view(view)
        self.broken = [sum(C.TOOLS[tool] for tool in tools) for tools in view["broken"]]
