"""The board's cells: how a face-up card lies, shared between views, and read back by consumers."""

from __future__ import annotations

import random

import pytest

from saboteur.engine import board as B
from saboteur.engine import new_game
from saboteur.engine.board import face_down, face_up, laid, pieces_of
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import ClassicState
from saboteur.engine.duel import cards as D
from saboteur.engine.duel.state import DuelState
from saboteur.engine.maze import E, N, S, Shape, W, slot_index

SLOT = slot_index(3, -1)


def test_a_face_up_cell_says_its_turn_sides_and_tunnel_groups() -> None:
    turned = C.SHAPES.shapes[C.shape_id("NES", True)]
    assert face_up(SLOT, turned, "path") == {
        "x": 3,
        "y": -1,
        "card": "NES",
        "kind": "path",
        "face": "up",
        "turn": 2,
        "sides": "NSW",
    }  # links left out: one tunnel joins all its sides


def test_a_cell_leaves_out_what_goes_without_saying() -> None:
    """No ``turn`` when the card lies as printed, no ``links`` when one tunnel joins all sides."""
    upright = face_up(SLOT, C.SHAPES.shapes[C.shape_id("ES", False)], "path")
    assert upright == {"x": 3, "y": -1, "card": "ES", "kind": "path", "face": "up", "sides": "ES"}
    dead_end = face_up(SLOT, C.SHAPES.shapes[C.shape_id("xES", False)], "path")
    assert "turn" not in dead_end and dead_end["links"] == ["E", "S"]
    dead_end = face_up(SLOT, C.SHAPES.shapes[C.shape_id("xNS", False)], "path")
    assert dead_end["links"] == ["N", "S"]  # each side alone: no tunnel through
    bridge = face_up(SLOT, D.SHAPES.shapes[D.shape_id("bridge", False)], "path")
    assert bridge["sides"] == "NESW" and bridge["links"] == ["NS", "EW"]
    assert "fields" not in bridge


def test_fields_are_listed_only_where_they_are_not_the_groups() -> None:
    cross = Shape("cross", False, N | E | S | W, (N | E | S | W,), "cross", fields=(N, E, S, W))
    cell = face_up(SLOT, cross, "path")
    assert "links" not in cell and cell["fields"] == ["N", "E", "S", "W"]


def test_a_face_down_cell_says_no_more_than_what_the_viewer_knows() -> None:
    assert face_down(8, 0, "goal") == {"x": 8, "y": 0, "card": None, "kind": "goal", "face": "down"}
    assert face_down(8, 0, "goal", "gold")["card"] == "gold"


def test_face_up_cells_are_made_once_and_shared_by_every_view() -> None:
    state = new_game("classic", 4).new_state(seed=2)
    state.apply(next(a for a in state.legal_actions() if a.kind == "place"))
    views = [state.view(seat) for seat in [None, 0, 1, 2, 3]]
    first = [c for c in views[0]["board"]["cells"] if c["face"] == "up"]
    for view in views[1:]:
        up = [c for c in view["board"]["cells"] if c["face"] == "up"]
        assert all(a is b for a, b in zip(up, first, strict=True))
    shape = C.SHAPES.shapes[0]
    twin = Shape(shape.card, shape.turned, shape.sides, shape.groups, shape.name)
    assert face_up(SLOT, shape, "path") is face_up(SLOT, shape, "path")
    assert face_up(SLOT, twin, "path") is not face_up(SLOT, shape, "path")  # another shape object
    assert face_up(SLOT, shape, "path", "other")["card"] == "other"


def test_the_cache_is_forgotten_when_it_grows_past_its_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(B, "CACHE_LIMIT", 3)
    shape = C.SHAPES.shapes[0]
    for x in range(10):
        face_up(slot_index(x, 40), shape, "path")
        assert len(B._CELLS) <= 3


@pytest.mark.parametrize(("ruleset", "players"), [("classic", 5), ("duel", 2), ("solo", 1)])
def test_consumers_read_the_cards_back_as_they_lie(ruleset: str, players: int) -> None:
    """``laid`` gives each face-up card's shape (the Duel's doors as if shut) in the maze's order;
    the Duel's markers and keys are the board's pieces."""
    game, rng = new_game(ruleset, players), random.Random(4)
    for seed in range(3):
        state = game.new_state(seed)
        while not state.is_over:
            view = state.view(None)
            if isinstance(state, ClassicState):
                assert laid(view["board"]["cells"], C.SHAPES) == list(state.maze.cells.items())
            else:
                assert isinstance(state, DuelState)
                cells = state.mazes[0].cells.items()
                expected = [(index, D.CLOSED.get(sid, sid)) for index, sid in cells]
                assert laid(view["board"]["cells"], D.SHAPES) == expected
                pieces = view["board"]["pieces"]
                assert pieces_of(pieces, "gold-marker") == state.markers
                assert pieces_of(pieces, "key") == state.keys
            state.apply(rng.choice(state.legal_actions()))
