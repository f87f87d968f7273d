"""The generic board drawn with box-drawing characters: a grid of styled characters.

Each slot of the board is a box of ``w`` × ``h`` characters (the zoom).  A face-up card is
rock in its kind's colour with its tunnels: every two open sides of one tunnel group joined
through the middle (``┣``, ``━``, ``┛``), an open side alone in its group a dead end stopping
short of the middle (``╸``, ``•``).  A face-down card is its back (``░``), a ``?`` or what the
viewer knows it is; a piece a letter in its owner's seat colour; a marker a bar on its edge;
a target a green slot (``+`` where empty) and the cursor a gold one.

>>> picture = draw({"cells": [{"x": 0, "y": 0, "card": "s", "kind": "start", "face": "up",
...     "sides": "NESW"}, {"x": 1, "y": 0, "card": "d", "kind": "path", "face": "up",
...     "sides": "EW", "links": ["E", "W"]}, {"x": 2, "y": 0, "card": None, "kind": "goal",
...     "face": "down"}]}, ZOOMS[0])
>>> picture.text()
['━╋━╸•╺░?░']
>>> draw({"cells": [{"x": 0, "y": 0, "card": "c", "kind": "path", "face": "up", "sides": "NE"}]},
...     ZOOMS[1]).text()
['  ┃  ', '  ┗━━', '     ']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Cell = dict[str, Any]
Slot = tuple[int, int]

# the junction of the sides joined through a card's middle (heavy box-drawing lines)
JOIN = {
    "N": "╹", "E": "╺", "S": "╻", "W": "╸",
    "NS": "┃", "EW": "━", "NE": "┗", "NW": "┛", "ES": "┏", "SW": "┓",
    "NES": "┣", "NSW": "┫", "NEW": "┻", "ESW": "┳", "NESW": "╋",
}  # fmt: skip
SIDES = "NESW"
SEAT_COLOURS = ("#3fae5a", "#3b82e0", "#e0a33b", "#c04fd0", "#e05a4f", "#4fc9d0", "#d0d04f")
NEUTRAL = "#d9d2c5"
TUNNEL = "#f0d49a"
RUBBLE = "#9b9186"
BACK = "#2c2c4a"
BACK_FG = "#7a7ab0"
KNOWN = "#e8c050"
TARGET = "#1f5a2e"
TARGET_FG = "#7dff9a"
CURSOR = "#c9a227"
EMPTY_FG = "#4a4a4a"
MARKER = "#e0e0f0"


@dataclass(frozen=True)
class Zoom:
    """A slot's size in characters (both odd: the tunnels meet in the middle)."""

    w: int
    h: int


ZOOMS = (Zoom(3, 1), Zoom(5, 3), Zoom(9, 5))


def seat_colour(seat: Any) -> str:
    """The colour of a seat's pieces (seat 0, 1, …; repeated beyond), else neutral."""
    if isinstance(seat, int) and seat >= 0:
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return NEUTRAL


def sides_of(text: str | None) -> str:
    """The real sides of a "NES"-like text, in N, E, S, W order."""
    return "".join(side for side in SIDES if side in (text or ""))


def joined(cell: Cell) -> tuple[str, str]:
    """A face-up cell's sides joined through its middle, and its dead ends.

    >>> joined({"sides": "NES"}), joined({"sides": "NS", "links": ["N", "S"]})
    (('NES', ''), ('', 'NS'))
    """
    open_ = sides_of(cell.get("sides"))
    links = cell.get("links") or [open_]
    through = set()
    for group in links:
        sides = [s for s in sides_of(group) if s in open_]
        if len(sides) > 1:
            through.update(sides)
    ends = "".join(s for s in open_ if s not in through)
    return "".join(s for s in SIDES if s in through), ends


@dataclass
class Picture:
    """A drawn board: ``rows`` of (character, style) and where its slots lie."""

    zoom: Zoom
    x0: int
    y0: int
    columns: int  # slots across
    lines: int  # slots down
    rows: list[list[tuple[str, str]]] = field(default_factory=list)

    def text(self) -> list[str]:
        return ["".join(ch for ch, _ in row) for row in self.rows]

    def origin(self, slot: Slot) -> tuple[int, int]:
        """The top-left character of a slot."""
        return (slot[0] - self.x0) * self.zoom.w, (slot[1] - self.y0) * self.zoom.h

    def inside(self, slot: Slot) -> bool:
        x, y = slot
        return self.x0 <= x < self.x0 + self.columns and self.y0 <= y < self.y0 + self.lines


def bounds(board: Cell, extra: Iterable[Slot] = ()) -> tuple[int, int, int, int]:
    """The slots to show, (x0, x1, y0, y1) inclusive: the board's bounds if it has them, else
    every cell, piece and target (and ``extra``)."""
    given = board.get("bounds")
    if given:
        x0, x1, y0, y1 = given
        return x0, x1, y0, y1
    spots = [(c["x"], c["y"]) for c in board.get("cells") or []]
    spots += [(t["x"], t["y"]) for t in board.get("targets") or [] if "x" in t and "y" in t]
    spots += list(extra)
    if not spots:
        return 0, 0, 0, 0
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    return min(xs), max(xs), min(ys), max(ys)


GlyphHook = Callable[[Cell], "tuple[str, str] | None"]
FillHook = Callable[[Cell], str]


def draw(
    board: Cell,
    zoom: Zoom,
    marked: Iterable[Slot] = (),
    cursor: Slot | None = None,
    glyph: GlyphHook | None = None,
    fill: FillHook | None = None,
    extra: Iterable[Slot] = (),
) -> Picture:
    """Draw ``board`` (a view's ``board``) at ``zoom``; ``marked``: the slots of the targets
    to highlight; ``glyph`` and ``fill``: an adapter's glyph and colour of a cell."""
    x0, x1, y0, y1 = bounds(board, [*marked, *extra, *([cursor] if cursor else [])])
    pic = Picture(zoom, x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    w, h = zoom.w, zoom.h
    pic.rows = [[(" ", "")] * (pic.columns * w) for _ in range(pic.lines * h)]
    cells: dict[Slot, Cell] = {(c["x"], c["y"]): c for c in board.get("cells") or []}
    marks = set(marked)
    for sy in range(y0, y1 + 1):
        for sx in range(x0, x1 + 1):
            slot = (sx, sy)
            box = _cell_box(cells.get(slot), zoom, glyph, fill)
            if slot in marks or slot == cursor:
                box = _highlight(box, slot == cursor, slot in marks, cells.get(slot) is None)
            ox, oy = pic.origin(slot)
            for dy, row in enumerate(box):
                pic.rows[oy + dy][ox : ox + w] = row
    for piece in _placed(board.get("pieces") or []):
        _put_piece(pic, *piece)
    for marker in board.get("markers") or []:
        _put_marker(pic, marker)
    return pic


def _cell_box(
    cell: Cell | None, zoom: Zoom, glyph: GlyphHook | None, fill: FillHook | None
) -> list[list[tuple[str, str]]]:
    w, h = zoom.w, zoom.h
    cx, cy = w // 2, h // 2
    if cell is None:
        box = [[(" ", "")] * w for _ in range(h)]
        box[cy][cx] = ("·", EMPTY_FG)
        return box
    own = glyph(cell) if glyph else None
    if cell.get("face") == "down":
        style = f"{BACK_FG} on {BACK}"
        box = [[("░", style)] * w for _ in range(h)]
        if own:
            _centre(box, own[0], f"{own[1]} on {BACK}")
        elif cell.get("card"):
            _centre(box, str(cell["card"])[: max(1, w - 2)], f"bold {KNOWN} on {BACK}")
        else:
            box[cy][cx] = ("?", f"bold {BACK_FG} on {BACK}")
        return box
    bg = fill(cell) if fill else "#4a3320"
    tunnel = f"bold {TUNNEL} on {bg}"
    box = [[(" ", f"on {bg}")] * w for _ in range(h)]
    through, ends = joined(cell)
    for side in through + ends:
        for x, y, ch in _arm(side, zoom):
            box[y][x] = (ch, tunnel)
        if side in ends:  # a dead end stops short of the middle
            x, y, ch = _arm_tip(side, zoom)
            box[y][x] = (ch, tunnel)
    if through:
        box[cy][cx] = (JOIN[through], tunnel)
    elif ends:
        box[cy][cx] = ("•", f"bold {RUBBLE} on {bg}")
    if own:
        _centre(box, own[0], f"{own[1]} on {bg}")
    return box


def _arm(side: str, zoom: Zoom) -> list[tuple[int, int, str]]:
    w, h = zoom.w, zoom.h
    cx, cy = w // 2, h // 2
    if side == "N":
        return [(cx, y, "┃") for y in range(cy)]
    if side == "S":
        return [(cx, y, "┃") for y in range(cy + 1, h)]
    if side == "E":
        return [(x, cy, "━") for x in range(cx + 1, w)]
    return [(x, cy, "━") for x in range(cx)]


def _arm_tip(side: str, zoom: Zoom) -> tuple[int, int, str]:
    """The end of a dead end's arm next to the middle (where the tunnel stops)."""
    cx, cy = zoom.w // 2, zoom.h // 2
    if side == "N" and cy:
        return cx, cy - 1, "╹"
    if side == "S" and cy:
        return cx, cy + 1, "╻"
    if side == "E":
        return cx + 1, cy, "╺"
    if side == "W":
        return cx - 1, cy, "╸"
    return cx, cy, "•"


def _centre(box: list[list[tuple[str, str]]], text: str, style: str) -> None:
    w = len(box[0])
    row = box[len(box) // 2]
    text = text[:w]
    start = (w - len(text)) // 2
    for i, ch in enumerate(text):
        row[start + i] = (ch, style)


def _highlight(
    box: list[list[tuple[str, str]]], cursor: bool, target: bool, empty: bool
) -> list[list[tuple[str, str]]]:
    bg = CURSOR if cursor else TARGET
    fg = "#000000" if cursor else None
    out = []
    for row in box:
        line = []
        for ch, style in row:
            base = (
                style.split(" on ")[0]
                if " on " in style
                else ("" if style.startswith("on ") else style)
            )
            line.append((ch, f"{fg or base or TARGET_FG} on {bg}".strip()))
        out.append(line)
    if empty and target:
        _centre(out, "+", f"bold {'#000000' if cursor else TARGET_FG} on {bg}")
    return out


def _placed(pieces: list[Cell]) -> list[tuple[Cell, int, int]]:
    """Each piece with its place among those on the same slot, and how many there are."""
    by_slot: dict[Slot, list[Cell]] = {}
    for piece in pieces:
        by_slot.setdefault((piece["x"], piece["y"]), []).append(piece)
    return [(p, n, len(group)) for group in by_slot.values() for n, p in enumerate(group)]


def _put_piece(pic: Picture, piece: Cell, nth: int, count: int) -> None:
    slot = (piece["x"], piece["y"])
    if not pic.inside(slot):
        return
    w, h = pic.zoom.w, pic.zoom.h
    ox, oy = pic.origin(slot)
    spread = min(count, w)
    x = ox + w // 2 - spread // 2 + nth if nth < spread else None
    if x is None:
        return
    field_ = piece.get("field")
    y = oy + h // 2
    if isinstance(field_, int) and h >= 3:
        y = oy + min(h - 1, max(0, h // 2 + (field_ - 1)))
    label = str(piece.get("label") or piece.get("kind") or "?")[:1].upper()
    pic.rows[y][x] = (label, f"bold #000000 on {seat_colour(piece.get('owner'))}")


def _put_marker(pic: Picture, marker: Cell) -> None:
    slot = (marker["x"], marker["y"])
    if not pic.inside(slot):
        return
    w, h = pic.zoom.w, pic.zoom.h
    ox, oy = pic.origin(slot)
    side = marker.get("side")
    spots: list[tuple[int, int, str]]
    if side == "N" and h > 1:
        spots = [(ox + x, oy, "▔") for x in range(w) if x != w // 2]
    elif side == "S" and h > 1:
        spots = [(ox + x, oy + h - 1, "▁") for x in range(w) if x != w // 2]
    elif side == "E":
        spots = [(ox + w - 1, oy + y, "▕") for y in range(h)]
    elif side == "W":
        spots = [(ox, oy + y, "▏") for y in range(h)]
    else:
        spots = [(ox + w // 2, oy + h // 2, "#")]
    for x, y, ch in spots:
        old = pic.rows[y][x][1]
        bg = old.split(" on ")[-1] if " on " in old else ""
        pic.rows[y][x] = (ch, f"bold {MARKER}" + (f" on {bg}" if bg else ""))
