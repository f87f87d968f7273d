"""The board as any client can draw it: the generic part of every ruleset's view.

A view's ``board`` lists the cards on the table (face up with their open sides and the tunnels
between them, or face down), the pieces standing on them, markers on card edges, and the
targets of the legal actions of the viewer (so a client can highlight and pick them without
knowing the ruleset's notation).  One renderer can draw and play any ruleset from it.

A face-up cell says how its card lies: ``turn`` (quarter turns clockwise from the printed
card; left out when 0), ``sides`` (open, in N, E, S, W order) and ``links`` (the tunnel groups:
sides joined through the card, a dead end's sides each alone; left out when one tunnel joins all
its sides, i.e. ``[sides]``); ``fields`` only where they are not the groups.  A face-down cell has
none of them.  Views are read-only values: a face-up cell is made once per slot,
shape, kind and card and shared by every view that shows it, so nothing may change a view.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 3).new_state(seed=1)
>>> board = state.view(state.current_player)["board"]
>>> board["cells"][0]
{'x': 0, 'y': 0, 'card': 'start', 'kind': 'start', 'face': 'up', 'sides': 'NESW'}
>>> board["cells"][-1]
{'x': 8, 'y': 2, 'card': None, 'kind': 'goal', 'face': 'down'}
>>> state.view(None)["board"]["cells"][0] is board["cells"][0]
True
>>> target = board["targets"][0]
>>> sorted(target)
['action', 'hand_card', 'kind', 'x', 'y']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, NotRequired, TypedDict

from saboteur.engine.base import Action
from saboteur.engine.grid import edge_side, field_number, field_slot
from saboteur.engine.maze import Maze, Shape, ShapeTable, sides_text, slot_index, slot_xy
from saboteur.engine.places import Landmark

CACHE_LIMIT = 100_000  # face-up cells kept for sharing; all forgotten past this many


class Cell(TypedDict):
    """A card on the table: face up (how it lies, its sides and tunnels) or face down."""

    x: int
    y: int
    card: str | None  # None: face down and unknown to the viewer
    kind: str  # the ruleset's word for it: start, path, goal, ...
    face: Literal["up", "down"]
    turn: NotRequired[int]  # face up: quarter turns clockwise from the printed card (absent: 0)
    sides: NotRequired[str]  # face up: open sides in N, E, S, W order
    links: NotRequired[list[str]]  # face up: the sides joined, per tunnel (absent: [sides])
    fields: NotRequired[list[str]]  # face up: the sides of each field, where not the links


class Piece(TypedDict):
    """Something standing on a card: a dwarf, a creature, a gold marker, a key."""

    kind: str
    x: int
    y: int
    owner: int | None  # the seat it belongs to, if any
    label: NotRequired[str]  # a short text to show on it (a value, a colour)
    field: NotRequired[int]  # which field of the card, where a card has several


class Marker(TypedDict):
    """Something lying on a card's edge (a spider web)."""

    kind: str
    x: int
    y: int
    side: str  # N, E, S or W of the card at (x, y)


class Target(TypedDict):
    """A legal action of the viewer with what it points at: a slot or a seat (or nothing); where
    a ruleset's cards have several fields or its actions act on edges, also the field of the slot
    (``field``) or the side of the slot's card (``side``: N, E, S or W)."""

    action: str
    kind: str
    hand_card: str | None  # the card of the viewer's hand the action plays, if any
    x: NotRequired[int]
    y: NotRequired[int]
    seat: NotRequired[int]
    field: NotRequired[int]  # which field of the card at (x, y)
    side: NotRequired[str]  # which edge of the card at (x, y)


class Spot(TypedDict):
    """A slot players know by name (a start, a goal): places are told from these in words."""

    x: int
    y: int
    name: str  # start, start.green, goal.top, ... (the catalogue's mark.<name>)


class Board(TypedDict):
    cells: list[Cell]
    pieces: list[Piece]
    markers: list[Marker]
    targets: list[Target]
    bounds: list[int] | None  # x_min, x_max, y_min, y_max where the table is bounded
    landmarks: list[Spot]  # the ruleset's starts and goals by name (docs/messages.md)


_CELLS: dict[tuple[int, int, str, str | None], tuple[Shape, Cell]] = {}


def face_up(index: int, shape: Shape, kind: str, card: str | None = None) -> Cell:
    """A face-up card at slot ``index`` lying as ``shape`` (``card`` names it if not the
    shape's card): made once and shared, so it must not be changed."""
    key = (index, id(shape), kind, card)
    known = _CELLS.get(key)
    if known is not None and known[0] is shape:
        return known[1]
    if len(_CELLS) >= CACHE_LIMIT:
        _CELLS.clear()
    x, y = slot_xy(index)
    sides = sides_text(shape.sides)
    links = [sides_text(group) for group in shape.groups]
    name = shape.card if card is None else card
    cell: Cell = {"x": x, "y": y, "card": name, "kind": kind, "face": "up"}
    if shape.rotation:
        cell["turn"] = shape.rotation
    cell["sides"] = sides
    if links != [sides]:
        cell["links"] = links
    if shape.fields != shape.groups:
        cell["fields"] = [sides_text(field) for field in shape.fields]
    _CELLS[key] = (shape, cell)
    return cell


def face_down(x: int, y: int, kind: str, card: str | None = None) -> Cell:
    """A face-down card (``card``: what the viewer knows it is, e.g. a peeked goal)."""
    return {"x": x, "y": y, "card": card, "kind": kind, "face": "down"}


def targets(actions: Iterable[Action]) -> list[Target]:
    """Each action with the slot (``x``, ``y``) or the seat it points at."""
    out: list[Target] = []
    for action in actions:
        target: Target = {"action": action.text, "kind": action.kind, "hand_card": action.card}
        if action.slot is not None:
            target["x"], target["y"] = action.slot
        if action.seat is not None:
            target["seat"] = action.seat
        out.append(target)
    return out


def overlay_items(maze: Maze) -> tuple[list[Piece], list[Marker]]:
    """The pieces and edge markers of ``maze``'s overlay as the board lists them (none where the
    maze never used its overlay).

    >>> from saboteur.engine.grid import E, field_id, slot_index
    >>> from saboteur.engine.maze import Maze
    >>> from saboteur.engine.classic import cards as C
    >>> maze = Maze(C.SHAPES)
    >>> _ = maze.overlay.add_piece("dwarf", 1, field_id(slot_index(2, -1), 0))
    >>> _ = maze.overlay.add_marker("web", None, slot_index(2, -1), E)
    >>> pieces, markers = overlay_items(maze)
    >>> pieces
    [{'kind': 'dwarf', 'x': 2, 'y': -1, 'owner': 1, 'field': 0}]
    >>> markers
    [{'kind': 'web', 'x': 2, 'y': -1, 'side': 'E'}]
    """
    overlay = maze.overlay_if_any
    if overlay is None:
        return [], []
    pieces: list[Piece] = []
    for piece in overlay.pieces.values():
        x, y = slot_xy(field_slot(piece.field))
        number = field_number(piece.field)
        pieces.append({"kind": piece.kind, "x": x, "y": y, "owner": piece.owner, "field": number})
    markers: list[Marker] = []
    for marker in overlay.markers.values():
        index, side = edge_side(marker.edge)
        x, y = slot_xy(index)
        markers.append({"kind": marker.kind, "x": x, "y": y, "side": sides_text(side)})
    return pieces, markers


def board(
    cells: list[Cell],
    actions: Iterable[Action] = (),
    bounds: Sequence[int] | None = None,
    pieces: list[Piece] | None = None,
    markers: list[Marker] | None = None,
    landmarks: Iterable[Landmark] = (),
) -> Board:
    """The board of a view: ``cells``, the viewer's legal ``actions`` as targets, and the rest."""
    return {
        "cells": cells,
        "pieces": pieces or [],
        "markers": markers or [],
        "targets": targets(actions),
        "bounds": list(bounds) if bounds is not None else None,
        "landmarks": [{"x": m.x, "y": m.y, "name": m.name} for m in landmarks],
    }


def laid(cells: Iterable[Cell], table: ShapeTable) -> list[tuple[int, int]]:
    """The face-up ``cells`` of a view's board as (slot index, shape id in ``table``), in order;
    where shapes share card and turn, the first (a door as if shut).

    >>> from saboteur.engine import new_game
    >>> from saboteur.engine.classic import cards as C
    >>> state = new_game("classic", 3).new_state(seed=1)
    >>> laid(state.view(0)["board"]["cells"], C.SHAPES) == list(state.maze.cells.items())
    True
    """
    lying, out = table.lying, []
    for cell in cells:
        card = cell["card"]
        if cell["face"] == "up" and card is not None:
            out.append((slot_index(cell["x"], cell["y"]), lying[card, cell.get("turn", 0)]))
    return out


def pieces_of(pieces: Iterable[Piece], kind: str) -> dict[int, int | None]:
    """Slot index -> owner of each of ``pieces`` of ``kind`` (e.g. the Duel's keys)."""
    return {slot_index(p["x"], p["y"]): p["owner"] for p in pieces if p["kind"] == kind}
