"""What one seat of a Zwergengold game may know, as a flat ``float32`` vector and named parts.

Built from ``state.view(seat)`` alone: every laid card by corridor shape, level, passage, face and
the scroll on its back (the symbol only once face up, or where the seat looked with far sight),
the mages, AP, the backs in every supply, the foreboding's cards while ordering them, and the
turn's bookkeeping. Levels are stored offset by ``LEVEL_BASE`` (0: no passage known).

>>> from saboteur.engine import new_game
>>> seen = ZwergengoldObserver(3)
>>> parts = seen.as_dict(seen.encode(new_game("zwergengold", 3).new_state(seed=7), 1))
>>> seen.size, int(parts["shapes"][10, 10, C.START_SHAPE]), parts["seat"].tolist()
(20560, 1, [0.0, 1.0, 0.0])
>>> int(parts["levels"][10, 10]) - LEVEL_BASE, int(parts["supplies"][1].sum())
(1, 5)
>>> int(parts["mages"][10, 10].sum())  # all three on the start card
3
"""

from __future__ import annotations

from typing import Any

import numpy as np

from saboteur.engine import State
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold.state import PHASES, TOKENS
from saboteur.envs.base import Field, FloatArray, Observer, build_fields
from saboteur.envs.zwergengold.actions import BACKS, MOVE_KINDS, WINDOW

LEVEL_BASE = 10  # a level k is stored as k + 10: the deepest table (21 wide) stays within 0–30
LEVEL_HIGH = 30.0
MARKS = (*C.SYMBOLS, C.PLAN)
HAND_HIGH = 8.0  # 5 cards, 2 more from a strength potion, one drawn
MOST_ROUNDS, MOST_CARDS = 500, 160


def zwergengold_fields(players: int) -> tuple[Field, ...]:
    """The observation layout for ``players`` seats."""
    n, rows, cols = players, WINDOW.height, WINDOW.width
    return build_fields(
        [
            ("shapes", (rows, cols, len(C.SHAPES.shapes)), 1.0),  # laid cards by shape
            ("levels", (rows, cols), LEVEL_HIGH),  # the corridor's level (stairs: upper end)
            ("passages", (rows, cols), LEVEL_HIGH),  # the passage under it, once fixed
            ("face_up", (rows, cols), 1.0),
            ("scrolls_on", (rows, cols, len(C.SCROLLS)), 1.0),  # the scroll on each back
            ("symbols", (rows, cols, len(MARKS)), 1.0),  # face up, or seen by far sight
            ("seen", (rows, cols), 1.0),
            ("covers", (rows, cols), 10.0),  # "Auf zum Gipfel!": cards under it
            ("mages", (rows, cols, n), 1.0),
            ("came_from", (rows, cols), 1.0),
            ("pending", (rows, cols), 1.0),
            ("via", (len(MOVE_KINDS),), 1.0),
            ("ap", (n,), float(C.MAX_AP)),
            ("supplies", (n, len(BACKS)), HAND_HIGH),
            ("foreseen", (3, len(BACKS) + len(MARKS)), 1.0),
            ("tokens", (len(TOKENS),), 5.0),
            ("looks", (1,), 2.0),
            ("helpers", (n,), 1.0),
            ("seat", (n,), 1.0),
            ("current", (n,), 1.0),
            ("turn", (n,), 1.0),
            ("phase", (len(PHASES),), 1.0),
            ("progress", (3,), (float(MOST_ROUNDS), float(MOST_ROUNDS), float(MOST_ROUNDS * 7))),
            ("target", (1,), 7.0),
            ("piles", (2,), (float(MOST_CARDS), 30.0)),  # draw pile, stairs set apart
            ("stuck", (1,), 1.0),
            ("places", (n,), float(n)),  # the place each mage reached the gold in (0: not yet)
            ("winners", (n,), 1.0),
        ]
    )


def _level(value: int | None) -> float:
    return 0.0 if value is None else float(min(LEVEL_HIGH, max(0, value + LEVEL_BASE)))


class ZwergengoldObserver(Observer):
    """Encodes a seat's view of a Zwergengold state (layout: :func:`zwergengold_fields`)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.fields = zwergengold_fields(players)
        self.size = sum(field.size for field in self.fields)

    def encode(self, state: State, seat: int, out: FloatArray | None = None) -> FloatArray:
        return self.encode_view(state.view(seat), None, out)

    def _fill(self, view: dict[str, Any], reach: Any, out: FloatArray) -> None:
        parts = self.as_dict(out)
        self._labyrinth(view, parts)
        self._seats(view, parts)
        self._turn(view, parts)

    def _labyrinth(self, view: dict[str, Any], parts: dict[str, FloatArray]) -> None:
        seen = {(x, y): card for x, y, card in view.get("seen", [])}
        for entry in view["labyrinth"]:
            at = WINDOW.cell_of(entry["x"], entry["y"])
            if at is None:
                continue
            y, x = divmod(at, WINDOW.width)
            card = seen.get((entry["x"], entry["y"]), entry["card"])
            parts["shapes"][y, x, C.shape_of(card, entry["turn"])] = 1.0
            parts["levels"][y, x] = _level(entry["level"])
            parts["passages"][y, x] = _level(entry["passage"])
            parts["face_up"][y, x] = float(entry["face"] == "up")
            parts["seen"][y, x] = float((entry["x"], entry["y"]) in seen)
            parts["covers"][y, x] = float(entry["covers"])
            if (scroll := C.scroll(card)) is not None:
                parts["scrolls_on"][y, x, C.SCROLLS.index(scroll)] = 1.0
            if (mark := C.symbol(card)) is not None:
                parts["symbols"][y, x, MARKS.index(mark)] = 1.0
        for seat, (mx, my) in enumerate(view["mages"]):
            if (at := WINDOW.cell_of(mx, my)) is not None:
                parts["mages"].reshape(WINDOW.cells, -1)[at, seat] = 1.0
        for name, where in (("came_from", view["came_from"]), ("pending", view["pending"])):
            if where is not None:
                xy = (where["x"], where["y"]) if isinstance(where, dict) else tuple(where)
                if (at := WINDOW.cell_of(*xy)) is not None:
                    parts[name].reshape(-1)[at] = 1.0
        if view["pending"] is not None:
            parts["via"][MOVE_KINDS.index(view["pending"]["via"])] = 1.0

    def _seats(self, view: dict[str, Any], parts: dict[str, FloatArray]) -> None:
        parts["ap"][:] = np.asarray(view["ap"], dtype=np.float32)
        for seat, backs in enumerate(view["supplies"]):
            for back in backs:
                parts["supplies"][seat, BACKS.index(back)] += 1.0
        for i, card in enumerate(view.get("foreseen", [])):
            parts["foreseen"][i, BACKS.index(C.back(card))] = 1.0
            if (mark := C.symbol(card)) is not None:
                parts["foreseen"][i, len(BACKS) + MARKS.index(mark)] = 1.0
        parts["helpers"][view["helpers"]] = 1.0
        for place, seat in enumerate(view["places"], 1):
            parts["places"][seat] = float(place)
        if view["winners"] is not None:
            parts["winners"][view["winners"]] = 1.0

    def _turn(self, view: dict[str, Any], parts: dict[str, FloatArray]) -> None:
        self.fill_whose(view, parts, PHASES)
        parts["progress"][:] = [float(view["round"]), float(view["rounds"]), float(view["turns"])]
        parts["target"][0] = float(view["target"])
        parts["piles"][:] = [float(view["pile"]), float(view["stairs"])]
        parts["tokens"][:] = [float(view["scrolls"][token]) for token in TOKENS]
        parts["looks"][0] = float(view["looks"])
        parts["stuck"][0] = float(view["stuck"])

    def text(self, view: dict[str, Any]) -> str:
        """The observation in words, one fact a line."""
        cards = [f"{e['x']},{e['y']}:{e['card']}:{e['level']}" for e in view["labyrinth"]]
        return "\n".join(
            [
                f"seat {view['seat']} current {view['current']} turn {view['turn']}"
                f" phase {view['phase']} round {view['round']}/{view['rounds']}",
                f"target level {view['target']} ap {view['ap']} mages {view['mages']}",
                f"supplies {view['supplies']} pile {view['pile']} stairs {view['stairs']}",
                f"labyrinth {' '.join(cards)}",
                f"seen {view.get('seen', [])} foreseen {view.get('foreseen', [])}",
                f"places {view['places']} winners {view['winners']}",
            ]
        )
