"""What one seat of a Duel may know, as a flat ``float32`` vector and as named parts.

Built from ``state.view(seat)`` (exactly what that seat may know) plus each colour's
reachability (``live`` sides and the ``frontier``), which depends on the face-up
cards and the goal *positions* only, both public.

>>> from saboteur.engine import new_game
>>> state = new_game("duel", 2).new_state(seed=7)
>>> observer = DuelObserver()
>>> obs = observer.encode(state, 1)
>>> obs.dtype, obs.shape
(dtype('float32'), (25060,))
>>> parts = observer.as_dict(obs)
>>> parts["maze"].shape, int(parts["hand"].sum()), parts["seat"].tolist()
((17, 19, 77), 6, [0.0, 1.0])
>>> int(parts["maze"][9, 6, SHAPE_IDS["start-blue"]])  # (0,2): window row 9, column 6
1
"""

from __future__ import annotations

from typing import Any

import numpy as np

from saboteur.engine import State
from saboteur.engine.board import laid, pieces_of
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.state import DuelState
from saboteur.engine.maze import SIDES, Maze, slot_index, slot_xy
from saboteur.envs.base import Field, FloatArray, Observer, build_fields
from saboteur.envs.duel.actions import (
    CARD_KINDS,
    CELLS,
    GOAL_SLOTS,
    HEIGHT,
    KIND_COUNTS,
    PLAYERS,
    WIDTH,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
)

SHAPE_IDS = {spec.name: sid for sid, spec in enumerate(C.SPECS) if not spec.opened}
SHAPE_CHANNELS = len(SHAPE_IDS)  # 58: 41 path shapes, 2 starts, 15 goal shapes
OPEN = SHAPE_CHANNELS  # open sides N E S W
MARKER, KEY = OPEN + 4, OPEN + 4 + PLAYERS  # a dwarf marker / a key of seat 0, 1
LIVE = KEY + PLAYERS  # per seat: the sides joined to that dwarf's start, N E S W
FRONTIER = LIVE + 4 * PLAYERS  # per seat: an empty slot next to that dwarf's tunnel
FACE_DOWN = FRONTIER + PLAYERS
CHANNELS = FACE_DOWN + 1  # 77
GOAL_KINDS: tuple[str, ...] = tuple(C.GOAL_COUNTS)
GOLD_KINDS: tuple[str, ...] = tuple(C.GOLD_VALUE)
GOLD_COUNTS = {card: {**C.PATH_COUNTS, **C.GOAL_COUNTS}[card] for card in GOLD_KINDS}
MAX_GOLD = sum(C.GOLD_VALUE[card] * GOLD_COUNTS[card] for card in GOLD_KINDS)  # 32
DECK = sum(KIND_COUNTS.values())  # 52 path and action cards
PHASES = ("play", "reveal", "over")
ENDS = ("goals", "markers", "cards")
XY_CELL = {
    (x, y): (y - Y_MIN) * WIDTH + (x - X_MIN)
    for x in range(X_MIN, X_MAX + 1)
    for y in range(Y_MIN, Y_MAX + 1)
}
INDEX_CELL = {slot_index(x, y): cell for (x, y), cell in XY_CELL.items()}
# per shape id: its one-hot followed by its open sides N, E, S, W; per side mask: its four bits
SHAPE_ROWS = np.zeros((SHAPE_CHANNELS, OPEN + 4), dtype=np.float32)
for _sid in range(SHAPE_CHANNELS):
    SHAPE_ROWS[_sid, _sid] = 1.0
    SHAPE_ROWS[_sid, OPEN : OPEN + 4] = [bool(C.SHAPES.sides[_sid] & side) for side in SIDES]
SIDE_ROWS = np.array([[bool(mask & side) for side in SIDES] for mask in range(16)], np.float32)


def duel_fields() -> tuple[Field, ...]:
    """The observation layout of the Duel (see docs/research.md)."""
    n = PLAYERS
    return build_fields(
        [
            ("maze", (HEIGHT, WIDTH, CHANNELS), 1.0),
            # face down, revealed, being turned over (pending), peeked by me; then the card if known
            ("goals", (len(GOAL_SLOTS), 4 + len(GOAL_KINDS)), 1.0),
            ("hand", (len(CARD_KINDS),), tuple(float(KIND_COUNTS[k]) for k in CARD_KINDS)),
            ("seat", (n,), 1.0),
            ("current", (n,), 1.0),
            ("round", (3,), 1.0),
            ("phase", (len(PHASES),), 1.0),
            ("turns", (1,), float(DECK)),
            ("hand_sizes", (n,), 6.0),
            ("broken", (n, 3), 1.0),  # pickaxe, lantern, cart
            # deck, discard, aside, goal pile, box
            ("piles", (5,), (float(DECK), float(DECK), 10.0, 18.0, 23.0)),
            ("markers_left", (1,), 8.0),
            ("keys_left", (1,), 2.0),
            ("gold", (n, len(GOLD_KINDS)), tuple(float(GOLD_COUNTS[k]) for k in GOLD_KINDS)),
            ("scores", (n,), float(MAX_GOLD)),
            ("results", (3, len(ENDS) + 2 * n), float(MAX_GOLD)),  # end one-hot, gold, paid
        ]
    )


class DuelObserver(Observer):
    """Encodes a seat's view of a Duel state (layout: :func:`duel_fields`)."""

    def __init__(self) -> None:
        self.fields = duel_fields()
        self.size = sum(field.size for field in self.fields)
        self._at = {field.name: field.offset for field in self.fields}

    def encode(self, state: State, seat: int, out: FloatArray | None = None) -> FloatArray:
        assert isinstance(state, DuelState)
        return self.encode_view(state.view(seat), state.mazes, out)

    def _fill(self, view: dict[str, Any], mazes: list[Maze], out: FloatArray) -> None:
        self._maze(view, mazes, out)
        self._goals(view, out)
        self._private(view, out)
        self._public(view, out)

    def _maze(self, view: dict[str, Any], mazes: list[Maze], out: FloatArray) -> None:
        base = self._at["maze"]
        grid = out[base : base + CELLS * CHANNELS].reshape(CELLS, CHANNELS)
        cells, sids = [], []
        pieces = view["board"]["pieces"]
        for channel, kind in ((MARKER, "gold-marker"), (KEY, "key")):
            for index, seat in pieces_of(pieces, kind).items():
                if index in INDEX_CELL and seat is not None:
                    grid[INDEX_CELL[index], channel + seat] = 1.0
        for index, sid in laid(view["board"]["cells"], C.SHAPES):
            cell = INDEX_CELL.get(index)
            if cell is not None:
                cells.append(cell)
                sids.append(sid)
        grid[cells, : OPEN + 4] = SHAPE_ROWS[sids]
        for seat, maze in enumerate(mazes):
            live = [(INDEX_CELL[i], mask) for i, mask in maze.live.items() if i in INDEX_CELL]
            if live:
                channels = slice(LIVE + 4 * seat, LIVE + 4 * seat + 4)
                grid[[cell for cell, _ in live], channels] = SIDE_ROWS[[m for _, m in live]]
            frontier = [INDEX_CELL[index] for index in maze.frontier if index in INDEX_CELL]
            grid[frontier, FRONTIER + seat] = 1.0
        for goal in view["goals"]:
            cell = XY_CELL[(goal["x"], goal["y"])]
            if not goal["revealed"]:
                grid[cell, FACE_DOWN] = 1.0

    def _goals(self, view: dict[str, Any], out: FloatArray) -> None:
        at, width = self._at["goals"], 4 + len(GOAL_KINDS)
        pending = view["pending"]
        for i, goal in enumerate(view["goals"]):
            row = at + i * width
            out[row + (1 if goal["revealed"] else 0)] = 1.0
            if pending is not None and (pending["x"], pending["y"]) == (goal["x"], goal["y"]):
                out[row + 2] = 1.0
            if goal["peeked"]:
                out[row + 3] = 1.0
            if goal["card"] is not None:
                out[row + 4 + GOAL_KINDS.index(goal["card"])] = 1.0

    def _private(self, view: dict[str, Any], out: FloatArray) -> None:
        at = self._at
        out[at["seat"] + view["seat"]] = 1.0
        for card in view["hand"]:
            out[at["hand"] + CARD_KINDS.index(card)] += 1.0

    def _public(self, view: dict[str, Any], out: FloatArray) -> None:
        at, n = self._at, PLAYERS
        self.fill_turn(view, out, at, PHASES)
        for seat in range(n):
            for card in view["gold"][seat]:
                out[at["gold"] + seat * len(GOLD_KINDS) + GOLD_KINDS.index(card)] += 1.0
            out[at["scores"] + seat] = float(view["scores"][seat])
        piles = ("deck_size", "discard_size", "aside_size", "goal_pile_size", "box_size")
        out[at["piles"] : at["piles"] + 5] = [view[name] for name in piles]
        out[at["markers_left"]] = float(view["markers_left"])
        out[at["keys_left"]] = float(view["keys_left"])
        for i, result in enumerate(view["results"][:3]):
            row = at["results"] + i * (len(ENDS) + 2 * n)
            out[row + ENDS.index(result["end"])] = 1.0
            out[row + len(ENDS) : row + len(ENDS) + n] = result["gold"]
            out[row + len(ENDS) + n : row + len(ENDS) + 2 * n] = result["paid"]

    def text(self, view: dict[str, Any]) -> str:
        """The observation in words: the maze's cards, then one line per fact."""
        board = view["board"]
        markers, keys = pieces_of(board["pieces"], "gold-marker"), pieces_of(board["pieces"], "key")
        cells = []
        for index, sid in laid(board["cells"], C.SHAPES):
            x, y = slot_xy(index)
            cells.append((y, x, C.SPECS[sid].name, markers.get(index), keys.get(index)))
        cells.sort()
        maze = " ".join(
            f"{shape}@{x},{y}"
            + (f"+m{marker}" if marker is not None else "")
            + (f"+k{key}" if key is not None else "")
            for y, x, shape, marker, key in cells
        )
        lines = [f"maze {maze}", f"round {view['round']}/{view['rounds']} phase {view['phase']}"]
        lines.append(f"seat {view['seat']} current {view['current']} turns {view['turns']}")
        common = self.common_lines(view)
        lines += [common["hand"], common["sizes"]]
        lines.append(f"discard {view['discard_size']} box {view['box_size']}")
        lines.append(f"markers left {view['markers_left']} keys left {view['keys_left']}")
        lines += [common["broken"], common["goals"]]
        lines.append(f"gold {view['gold']} scores {view['scores']}")
        ends = [(r["end"], r["gold"], r["paid"]) for r in view["results"]]
        lines.append(f"results {ends}")
        return "\n".join(lines)
