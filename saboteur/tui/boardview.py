"""The maze widget: the generic board drawn by :mod:`saboteur.tui.picture`, scrolled and zoomed.

Arrow keys move a cursor from slot to slot (while choosing a target: from highlighted slot to
highlighted slot), ``+`` / ``-`` zoom, ``f`` fits the board to the widget, Enter chooses the
target under the cursor.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from saboteur.tui.adapters import GENERIC, Adapter
from saboteur.tui.picture import ZOOMS, Picture, Slot, draw

STEP = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def nearest(cursor: Slot, slots: list[Slot], direction: str) -> Slot | None:
    """The slot of ``slots`` nearest to ``cursor`` in ``direction`` (up, down, left, right).

    >>> nearest((0, 0), [(1, 0), (3, 1), (0, 2)], "right"), nearest((0, 0), [(1, 0)], "left")
    ((1, 0), None)
    """
    dx, dy = STEP[direction]
    best: tuple[int, Slot] | None = None
    for slot in slots:
        ax, ay = slot[0] - cursor[0], slot[1] - cursor[1]
        ahead = ax * dx + ay * dy
        if ahead <= 0:
            continue
        side = abs(ax * dy) + abs(ay * dx)
        score = ahead + 2 * side
        if best is None or score < best[0]:
            best = (score, slot)
    return best[1] if best else None


class BoardView(ScrollView, can_focus=True):
    """The board of a view; ``targets``: slot -> the actions that can be chosen there."""

    BINDINGS = [  # noqa: RUF012
        Binding("up", "move('up')", "↑", show=False),
        Binding("down", "move('down')", "↓", show=False),
        Binding("left", "move('left')", "←", show=False),
        Binding("right", "move('right')", "→", show=False),
        Binding("plus,equals_sign", "zoom(1)", "Zoom +"),
        Binding("minus", "zoom(-1)", "Zoom −"),
        Binding("f", "fit", "Fit"),
        Binding("enter,space", "choose", "Choose", show=False),
    ]

    DEFAULT_CSS = """
    BoardView { background: #16110c; scrollbar-size: 1 1; }
    BoardView:focus { background: #1d160f; }
    """

    class Chosen(Message):
        """A target slot was chosen: its actions."""

        def __init__(self, slot: Slot, actions: list[str]) -> None:
            super().__init__()
            self.slot = slot
            self.actions = actions

    class Moved(Message):
        """The cursor moved to a slot."""

        def __init__(self, slot: Slot) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board: dict[str, Any] = {}
        self.adapter: Adapter = GENERIC
        self.view_: dict[str, Any] = {}
        self.targets: dict[Slot, list[str]] = {}
        self.cursor: Slot | None = None
        self.zoom_level: int | None = None  # None: the largest that fits
        self.picture: Picture | None = None
        self._strips: list[Strip] = []

    # -- what to draw --

    def show(self, view: dict[str, Any], adapter: Adapter) -> None:
        """Draw the board of ``view`` (its cells, pieces and markers)."""
        self.view_ = view
        self.board = adapter.board(view)
        self.adapter = adapter
        self.redraw()

    def choose_from(self, targets: dict[Slot, list[str]]) -> None:
        """Highlight ``targets`` and put the cursor on the first (none: leave choosing)."""
        self.targets = targets
        if targets and (self.cursor not in targets):
            self.cursor = next(iter(targets))
        self.redraw()
        self.scroll_to_cursor()

    @property
    def choosing(self) -> bool:
        return bool(self.targets)

    def level(self) -> int:
        """The zoom in use: the chosen one, else the largest at which the board fits."""
        if self.zoom_level is not None:
            return self.zoom_level
        width, height = self.size.width or 80, self.size.height or 20
        for level in range(len(ZOOMS) - 1, -1, -1):
            pic = draw(self.board, ZOOMS[level], self.targets)
            if len(pic.rows[0]) <= width and len(pic.rows) <= height:
                return level
        return 0

    def redraw(self) -> None:
        adapter = self.adapter

        def glyph(cell: dict[str, Any]) -> tuple[str, str] | None:
            found = adapter.glyph(cell, self.view_)
            return (found.char, found.style) if found else None

        self.picture = pic = draw(
            self.board,
            ZOOMS[self.level()],
            marked=self.targets,
            cursor=self.cursor if self.has_focus or self.targets else None,
            glyph=glyph,
            fill=adapter.fill,
        )
        styles: dict[str, Style] = {}

        def style(text: str) -> Style:
            if text not in styles:
                styles[text] = Style.parse(text) if text else Style()
            return styles[text]

        strips = []
        for row in pic.rows:
            segments: list[Segment] = []
            for ch, text in row:
                if segments and segments[-1].style == style(text):
                    segments[-1] = Segment(segments[-1].text + ch, style(text))
                else:
                    segments.append(Segment(ch, style(text)))
            strips.append(Strip(segments))
        self._strips = strips
        width = len(pic.rows[0]) if pic.rows else 0
        self.virtual_size = Size(width, len(pic.rows))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.size.width
        if index >= len(self._strips):
            return Strip.blank(width, self.rich_style)
        strip = self._strips[index].crop(scroll_x, scroll_x + width)
        return strip.extend_cell_length(width, self.rich_style)

    def on_resize(self) -> None:
        self.redraw()

    def on_focus(self) -> None:
        if self.cursor is None and self.picture is not None:
            cells = self.board.get("cells") or []
            self.cursor = (
                (cells[0]["x"], cells[0]["y"]) if cells else (self.picture.x0, self.picture.y0)
            )
        self.redraw()
        if self.cursor:
            self.post_message(self.Moved(self.cursor))

    def on_blur(self) -> None:
        self.redraw()

    def scroll_to_cursor(self) -> None:
        if self.picture is None or self.cursor is None or not self.picture.inside(self.cursor):
            return
        x, y = self.picture.origin(self.cursor)
        zoom = self.picture.zoom
        self.scroll_to_region(Region(x, y, zoom.w, zoom.h), animate=False)

    # -- keys --

    def action_move(self, direction: str) -> None:
        pic = self.picture
        if pic is None:
            return
        cursor = self.cursor or (pic.x0, pic.y0)
        if self.targets:
            found = nearest(cursor, list(self.targets), direction)
            if found is None:
                return
            self.cursor = found
        else:
            dx, dy = STEP[direction]
            moved = (cursor[0] + dx, cursor[1] + dy)
            if not pic.inside(moved):
                return
            self.cursor = moved
        self.redraw()
        self.scroll_to_cursor()
        self.post_message(self.Moved(self.cursor))

    def action_zoom(self, step: int) -> None:
        now = self.level()
        self.zoom_level = max(0, min(len(ZOOMS) - 1, now + step))
        self.redraw()
        self.scroll_to_cursor()

    def action_fit(self) -> None:
        self.zoom_level = None
        self.redraw()

    def action_choose(self) -> None:
        if self.cursor is not None and self.cursor in self.targets:
            self.post_message(self.Chosen(self.cursor, list(self.targets[self.cursor])))
