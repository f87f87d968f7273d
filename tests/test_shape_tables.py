"""The shape tables of classic and the Duel are pinned: notation, records and the envs'
fixed action spaces index them, so a change to the maze model must leave them as they are."""

import hashlib

import pytest

from saboteur.engine.classic import cards as C
from saboteur.engine.duel import cards as D
from saboteur.engine.maze import HALF_TURNS, ShapeTable


def digest(table: ShapeTable) -> str:
    rows = (
        f"{s.name}|{s.card}|{int(s.turned)}|{s.sides}|{','.join(map(str, s.groups))}"
        for s in table.shapes
    )
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()[:16]


CLASSIC_NAMES = [
    "NS",
    "EW",
    "ES",
    "NW",
    "SW",
    "NE",
    "NES",
    "NSW",
    "NEW",
    "ESW",
    "NESW",
    "xS",
    "xN",
    "xW",
    "xE",
    "xNS",
    "xEW",
    "xES",
    "xNW",
    "xSW",
    "xNE",
    "xNES",
    "xNSW",
    "xNEW",
    "xESW",
    "xNESW",
    "start",
    "gold:NESW",
    "stone-ne:NE",
    "stone-ne:SW",
    "stone-nw:NW",
    "stone-nw:ES",
]


def test_classic_shapes_are_pinned():
    assert [shape.name for shape in C.SHAPES.shapes] == CLASSIC_NAMES
    assert digest(C.SHAPES) == "4ae099e2f1c3ee2f"
    assert len(C.PATH_SHAPE_IDS) == 26


@pytest.mark.parametrize(
    ("colour", "expected"), [("green", "c1c3693028610b98"), ("blue", "3c889725412a8a70")]
)
def test_duel_shapes_are_pinned(colour, expected):
    table = D.TABLES[colour]
    assert len(table.shapes) == 82
    assert digest(table) == expected
    assert len(D.PATH_SHAPE_IDS) == 41


@pytest.mark.parametrize("table", [C.SHAPES, D.SHAPES])
def test_classic_and_duel_turn_only_by_half_turns(table):
    assert {shape.rotation for shape in table.shapes} <= set(HALF_TURNS)
    assert all(shape.rotation == (2 if shape.turned else 0) for shape in table.shapes)
