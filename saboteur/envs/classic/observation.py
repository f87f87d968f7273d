"""What one seat of a classic game may know, as a flat ``float32`` vector and as named parts.

Built from ``state.view(seat)`` (exactly what that seat may know) plus the maze's
reachability (``live`` sides and the ``frontier``), which depends on the face-up
cards and the goal *positions* only, both public.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 4).new_state(seed=7)
>>> observer = ClassicObserver(4)
>>> obs = observer.encode(state, 0)
>>> obs.dtype, obs.shape
(dtype('float32'), (14327,))
>>> parts = observer.as_dict(obs)
>>> parts["maze"].shape, int(parts["hand"].sum()), parts["role"].tolist()
((17, 19, 44), 6, [1.0, 0.0])
>>> int(parts["maze"][8, 6, 26])  # the start card lies at (0,0): window row 8, column 6
1
"""

from __future__ import annotations

from typing import Any

import numpy as np

from saboteur.engine import State
from saboteur.engine.board import laid
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import ClassicState
from saboteur.engine.maze import SIDES, Maze, slot_index, slot_xy
from saboteur.envs.base import Field, FloatArray, Observer, build_fields
from saboteur.envs.classic.actions import (
    CARD_KINDS,
    CELLS,
    HEIGHT,
    WIDTH,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
    cell_of,
)

SHAPE_IDS = C.SHAPES.by_name
SHAPE_CHANNELS = len(C.SHAPES.shapes)  # 32: 26 path shapes, the start, 5 goal orientations
OPEN, LIVE = SHAPE_CHANNELS, SHAPE_CHANNELS + 4  # open sides N E S W; sides joined to the start
FACE_DOWN, KNOWN_GOLD, KNOWN_STONE, FRONTIER = LIVE + 4, LIVE + 5, LIVE + 6, LIVE + 7
CHANNELS = FRONTIER + 1  # 44
MAX_CARDS = sum(C.PATH_COUNTS.values()) + sum(C.ACTION_COUNTS.values())  # 67
MAX_GOLD = sum(C.GOLD_CARDS)  # 44 nuggets
MAX_OFFER = max(diggers for _, diggers in C.ROLE_TABLE.values())  # 7
WINNERS = ("diggers", "saboteurs", "nobody")
PHASES = ("play", "gold", "over")
ROLES = (C.DIGGER, C.SABOTEUR)
KIND_COUNTS = {**C.PATH_COUNTS, **C.ACTION_COUNTS}
XY_CELL = {
    (x, y): (y - Y_MIN) * WIDTH + (x - X_MIN)
    for x in range(X_MIN, X_MAX + 1)
    for y in range(Y_MIN, Y_MAX + 1)
}
INDEX_CELL = {slot_index(x, y): cell for (x, y), cell in XY_CELL.items()}
# per shape id: its one-hot followed by its open sides N, E, S, W; per side mask: its four bits
SHAPE_ROWS = np.zeros((SHAPE_CHANNELS, LIVE), dtype=np.float32)
for _sid in range(SHAPE_CHANNELS):
    SHAPE_ROWS[_sid, _sid] = 1.0
    SHAPE_ROWS[_sid, OPEN : OPEN + 4] = [bool(C.SHAPES.sides[_sid] & side) for side in SIDES]
SIDE_ROWS = np.array([[bool(mask & side) for side in SIDES] for mask in range(16)], np.float32)


def classic_fields(players: int) -> tuple[Field, ...]:
    """The observation layout for ``players`` seats (see docs/research.md)."""
    n = players
    return build_fields(
        [
            ("maze", (HEIGHT, WIDTH, CHANNELS), 1.0),
            ("goals", (3, 5), 1.0),  # face down, revealed, known gold, known stone, peeked by me
            ("hand", (len(CARD_KINDS),), tuple(float(KIND_COUNTS[k]) for k in CARD_KINDS)),
            ("role", (2,), 1.0),  # digger, saboteur
            ("seat", (n,), 1.0),
            ("current", (n,), 1.0),
            ("round", (3,), 1.0),
            ("phase", (3,), 1.0),
            ("turns", (1,), float(MAX_CARDS)),
            ("hand_sizes", (n,), float(C.hand_size(3))),
            ("broken", (n, 3), 1.0),  # pickaxe, lantern, cart
            ("piles", (3,), (float(MAX_CARDS), float(MAX_CARDS), float(len(C.GOLD_CARDS)))),
            ("gold_cards", (n,), float(len(C.GOLD_CARDS))),
            ("my_gold", (3,), tuple(float(C.GOLD_COUNTS[v]) for v in (1, 2, 3))),
            ("my_score", (1,), float(MAX_GOLD)),
            ("gold_offer", (3,), float(MAX_OFFER)),
            ("gold_offer_size", (1,), float(MAX_OFFER)),
            ("results", (3, 3 + n), 1.0),  # winner one-hot, then a saboteur flag per seat
            ("scores", (n,), float(MAX_GOLD)),
        ]
    )


class ClassicObserver(Observer):
    """Encodes a seat's view of a classic state (layout: :func:`classic_fields`)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.fields = classic_fields(players)
        self.size = sum(field.size for field in self.fields)
        self._at = {field.name: field.offset for field in self.fields}

    def encode(self, state: State, seat: int, out: FloatArray | None = None) -> FloatArray:
        assert isinstance(state, ClassicState)
        return self.encode_view(state.view(seat), state.maze, out)

    def _fill(self, view: dict[str, Any], maze: Maze, out: FloatArray) -> None:
        self._maze(view, maze, out)
        self._private(view, out)
        self._public(view, out)

    def _maze(self, view: dict[str, Any], maze: Maze, out: FloatArray) -> None:
        base = self._at["maze"]
        grid = out[base : base + CELLS * CHANNELS].reshape(CELLS, CHANNELS)
        cells, sids = [], []
        for index, sid in laid(view["board"]["cells"], C.SHAPES):
            cell = INDEX_CELL.get(index)
            if cell is not None:
                cells.append(cell)
                sids.append(sid)
        grid[cells, :LIVE] = SHAPE_ROWS[sids]
        live = [(INDEX_CELL[i], mask) for i, mask in maze.live.items() if i in INDEX_CELL]
        if live:
            grid[[cell for cell, _ in live], LIVE : LIVE + 4] = SIDE_ROWS[[m for _, m in live]]
        frontier = [INDEX_CELL[index] for index in maze.frontier if index in INDEX_CELL]
        grid[frontier, FRONTIER] = 1.0
        goals = self._at["goals"]
        for i, goal in enumerate(view["goals"]):
            cell = cell_of(goal["x"], goal["y"])
            assert cell is not None
            at, row = base + cell * CHANNELS, goals + 5 * i
            known = goal["card"]
            if not goal["revealed"]:
                out[at + FACE_DOWN] = out[row] = 1.0
                if known is not None:
                    out[at + (KNOWN_GOLD if known == C.GOLD_GOAL else KNOWN_STONE)] = 1.0
            else:
                out[row + 1] = 1.0
            if known is not None:
                out[row + (2 if known == C.GOLD_GOAL else 3)] = 1.0
            if goal["peeked"]:
                out[row + 4] = 1.0

    def _private(self, view: dict[str, Any], out: FloatArray) -> None:
        at = self._at
        seat = view["seat"]
        out[at["seat"] + seat] = 1.0
        for card in view["hand"]:
            out[at["hand"] + CARD_KINDS.index(card)] += 1.0
        if view["role"] is not None:
            out[at["role"] + ROLES.index(view["role"])] = 1.0
        for value in view["gold"]:
            out[at["my_gold"] + value - 1] += 1.0
        out[at["my_score"]] = float(sum(view["gold"]))
        for value in view["gold_offer"] or ():
            out[at["gold_offer"] + value - 1] += 1.0

    def _public(self, view: dict[str, Any], out: FloatArray) -> None:
        at, n = self._at, self.players
        self.fill_turn(view, out, at, PHASES)
        for seat in range(n):
            out[at["gold_cards"] + seat] = float(view["gold_cards"][seat])
        piles = at["piles"]
        out[piles : piles + 3] = (view["deck_size"], view["discard_size"], view["gold_pile_size"])
        out[at["gold_offer_size"]] = float(view["gold_offer_size"])
        for i, result in enumerate(view["results"][:3]):
            row = at["results"] + i * (3 + n)
            out[row + WINNERS.index(result["winner"])] = 1.0
            for seat, role in enumerate(result["roles"]):
                if role == C.SABOTEUR:
                    out[row + 3 + seat] = 1.0
        if view["scores"] is not None:
            out[at["scores"] : at["scores"] + n] = view["scores"]

    def text(self, view: dict[str, Any], picture: str | None = None) -> str:
        """The observation in words: the maze (a picture, or its cards), then one line per fact."""
        if picture is None:
            cells = []
            for index, sid in laid(view["board"]["cells"], C.SHAPES):
                x, y = slot_xy(index)
                cells.append((y, x, C.SHAPES.shapes[sid].name))
            cells.sort()
            picture = "maze " + " ".join(f"{shape}@{x},{y}" for y, x, shape in cells)
        lines = [picture, f"round {view['round']}/{view['rounds']} phase {view['phase']}"]
        lines.append(f"seat {view['seat']} role {view['role']} current {view['current']}")
        common = self.common_lines(view)
        lines += [common["hand"], common["sizes"]]
        lines.append(f"discard {view['discard_size']} gold pile {view['gold_pile_size']}")
        lines += [common["broken"], common["goals"]]
        lines.append(f"gold {sorted(view['gold'])} cards {view['gold_cards']}")
        if view["gold_offer"]:
            lines.append(f"offer {view['gold_offer']}")
        winners = [r["winner"] for r in view["results"]]
        lines.append(f"results {winners} scores {view['scores']}")
        return "\n".join(lines)
