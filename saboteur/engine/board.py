"""The board as any client can draw it: the generic part of every ruleset's view.

A view's ``board`` lists the cards on the table (face up with their open sides and the tunnels
between them, or face down), the pieces standing on them, markers on card edges, and the
targets of the legal actions of the viewer (so a client can highlight and pick them without
knowing the ruleset's notation).  One renderer can draw and play any ruleset from it.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 3).new_state(seed=1)
>>> board = state.view(state.current_player)["board"]
>>> board["cells"][0]["card"], board["cells"][0]["sides"], board["cells"][0]["face"]
('start', 'NESW', 'up')
>>> sorted({cell["face"] for cell in board["cells"]})
['down', 'up']
>>> target = board["targets"][0]
>>> sorted(target)
['action', 'hand_card', 'kind', 'x', 'y']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, NotRequired, TypedDict

from saboteur.engine.base import Action
from saboteur.engine.maze import Shape, sides_text


class Cell(TypedDict):
    """A card on the table: face up (its open sides and joined side pairs) or face down."""

    x: int
    y: int
    card: str | None  # None: face down and unknown to the viewer
    kind: str  # the ruleset's word for it: start, path, goal, ...
    face: Literal["up", "down"]
    sides: str  # open sides in N, E, S, W order; "" face down
    links: list[list[str]]  # pairs of sides joined through the card


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
    """A legal action of the viewer with what it points at: a slot or a seat (or nothing)."""

    action: str
    kind: str
    hand_card: str | None  # the card of the viewer's hand the action plays, if any
    x: NotRequired[int]
    y: NotRequired[int]
    seat: NotRequired[int]


class Board(TypedDict):
    cells: list[Cell]
    pieces: list[Piece]
    markers: list[Marker]
    targets: list[Target]
    bounds: list[int] | None  # x_min, x_max, y_min, y_max where the table is bounded


def face_up(x: int, y: int, shape: Shape, kind: str, card: str | None = None) -> Cell:
    """A face-up card lying as ``shape`` (``card`` names it if not the shape's card)."""
    links = [list(pair) for pair in shape.links]
    sides = sides_text(shape.sides)
    name = shape.card if card is None else card
    return {
        "x": x,
        "y": y,
        "card": name,
        "kind": kind,
        "face": "up",
        "sides": sides,
        "links": links,
    }


def face_down(x: int, y: int, kind: str, card: str | None = None) -> Cell:
    """A face-down card (``card``: what the viewer knows it is, e.g. a peeked goal)."""
    return {"x": x, "y": y, "card": card, "kind": kind, "face": "down", "sides": "", "links": []}


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


def board(
    cells: list[Cell],
    actions: Iterable[Action] = (),
    bounds: Sequence[int] | None = None,
    pieces: list[Piece] | None = None,
    markers: list[Marker] | None = None,
) -> Board:
    """The board of a view: ``cells``, the viewer's legal ``actions`` as targets, and the rest."""
    return {
        "cells": cells,
        "pieces": pieces or [],
        "markers": markers or [],
        "targets": targets(actions),
        "bounds": list(bounds) if bounds is not None else None,
    }
