"""The observation: its layout, its values, and that it shows nothing a seat may not know."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from saboteur.engine import new_game
from saboteur.envs.classic import observer
from saboteur.envs.classic.actions import cell_of
from saboteur.envs.classic.observation import CHANNELS, FACE_DOWN, KNOWN_GOLD, KNOWN_STONE
from tests.envs.helpers import play, scramble

NAMES = [
    "maze", "goals", "hand", "role", "seat", "current", "round", "phase", "turns", "hand_sizes",
    "broken", "piles", "gold_cards", "my_gold", "my_score", "gold_offer", "gold_offer_size",
    "results", "scores",
]  # fmt: skip


def test_layout_is_contiguous_and_named_as_documented() -> None:
    obs = observer(5)
    assert [field.name for field in obs.fields] == NAMES
    offset = 0
    for field in obs.fields:
        assert field.offset == offset
        offset += field.size
    assert offset == obs.size
    parts = obs.as_dict(np.arange(obs.size, dtype=np.float32))
    assert parts["maze"].shape == (17, 19, CHANNELS) and parts["broken"].shape == (5, 3)
    assert parts["results"].shape == (3, 8)
    assert [entry["name"] for entry in obs.layout()] == NAMES


@pytest.mark.parametrize("players", [4, 7])
def test_values_stay_within_the_declared_bounds_and_agree_with_the_view(players: int) -> None:
    obs = observer(players)
    high = obs.high()
    for state in play(players, seed=1):
        for seat in range(players):
            flat = obs.encode(state, seat)
            assert flat.dtype == np.float32 and flat.shape == (obs.size,)
            assert (flat >= 0).all() and (flat <= high).all()
            view, parts = state.view(seat), obs.as_dict(flat)
            assert parts["hand"].sum() == len(view["hand"])
            assert parts["seat"].argmax() == seat and parts["role"].sum() == 1
            assert parts["piles"].tolist() == [
                view["deck_size"],
                view["discard_size"],
                view["gold_pile_size"],
            ]
            assert parts["my_score"][0] == sum(view["gold"])
            assert parts["broken"].sum() == sum(len(tools) for tools in view["broken"])
            up = [c for c in view["board"]["cells"] if c["face"] == "up"]
            inside = [c for c in up if cell_of(c["x"], c["y"]) is not None]
            assert parts["maze"][..., :32].sum() == len(inside)


@pytest.mark.parametrize(("players", "options"), [(4, {}), (7, {}), (3, {"preset": "online-3"})])
def test_hidden_information_never_changes_the_observation(
    players: int, options: dict[str, Any]
) -> None:
    """Deal everything a seat cannot see afresh: its observation must not move."""
    obs, rng = observer(players), random.Random(5)
    changed = 0
    for step, state in enumerate(play(players, seed=3, options=options)):
        if step % 7:
            continue
        for seat in range(players):
            other = scramble(state, seat, rng)
            changed += other.to_json() != state.to_json()
            assert np.array_equal(obs.encode(state, seat), obs.encode(other, seat))
    assert changed > 10  # the scrambling really moved hidden cards


def test_the_test_would_notice_a_leak() -> None:
    """Scrambled for seat 0, the state looks different to the seats whose secrets moved."""
    state = new_game("classic", 5).new_state(seed=2)
    other = scramble(state, 0, random.Random(1))
    differs = [not np.array_equal(observer(5).encode(state, s), observer(5).encode(other, s))
               for s in range(1, 5)]  # fmt: skip
    assert any(differs)


def test_a_map_shows_the_goal_to_the_peeker_only() -> None:
    game = new_game("classic", 4)
    for seed in range(40):
        state = game.new_state(seed)
        seat = state.current_player
        maps = [a for a in state.legal_actions() if a.kind == "map"]
        if maps:
            break
    else:
        pytest.skip("no opening hand with a map")
    state.apply(maps[0])
    assert maps[0].slot is not None
    x, y = maps[0].slot
    cell = (y + 8) * 19 + (x + 6)
    for viewer in range(4):
        maze = observer(4).as_dict(observer(4).encode(state, viewer))["maze"].reshape(-1, CHANNELS)
        assert maze[cell, FACE_DOWN] == 1
        known = maze[cell, KNOWN_GOLD] + maze[cell, KNOWN_STONE]
        assert known == (1 if viewer == seat else 0)
