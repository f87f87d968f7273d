"""The Duel's observation: its layout, and that it holds nothing the seat may not know."""

from __future__ import annotations

import random

import numpy as np

from saboteur.engine import new_game
from saboteur.engine.duel.state import DuelState
from saboteur.envs.duel import observer
from saboteur.envs.duel.observation import CHANNELS, SHAPE_IDS
from tests.envs.duel_helpers import play, scramble


def test_the_layout_adds_up_and_the_dict_views_the_flat_vector() -> None:
    obs = observer()
    assert obs.size == sum(f.size for f in obs.fields) == 25060
    assert CHANNELS == 77
    state = new_game("duel", 2).new_state(seed=3)
    flat = obs.encode(state, 0)
    parts = obs.as_dict(flat)
    parts["hand"][0] = 99.0
    assert flat[obs.fields[2].offset] == 99.0
    assert [f["name"] for f in obs.layout()][:3] == ["maze", "goals", "hand"]


def test_observations_stay_within_the_space_and_show_the_public_maze() -> None:
    obs, high = observer(), observer().high()
    for state in play(seed=5):
        for seat in (0, 1):
            flat = obs.encode(state, seat)
            assert flat.dtype == np.float32
            assert (flat >= 0).all() and (flat <= high).all()
        maze = obs.as_dict(obs.encode(state, 0))["maze"]
        for x, y, shape in state.to_json()["maze"]:  # the face-up cards, doors as if shut
            row, col = y + 7, x + 6
            if 0 <= row < 17 and 0 <= col < 19:
                assert maze[row, col, SHAPE_IDS[shape]] == 1.0


def test_hidden_information_does_not_change_the_observation() -> None:
    """The other hand, the deck order and unseen face-down goals, dealt afresh under the same
    public history, give the same observation; one's own hand does change it."""
    obs, rng, checked = observer(), random.Random(0), 0
    for seed in range(4):
        for number, state in enumerate(play(seed)):
            if number % 7 or state.is_over:
                continue
            for seat in (0, 1):
                other = scramble(state, seat, rng)
                assert np.array_equal(obs.encode(state, seat), obs.encode(other, seat))
                checked += 1
            mine = scramble(state, 1, rng)  # seat 0's hand is hidden from seat 1: redealt
            if sorted(mine.hands[0]) != sorted(state.hands[0]):
                assert not np.array_equal(obs.encode(state, 0), obs.encode(mine, 0))
    assert checked > 20


def test_a_peeked_goal_is_known_to_the_peeker_only() -> None:
    for state in play(seed=2):
        if any(state.peeks):
            break
    else:
        raise AssertionError("no map was played")
    assert isinstance(state, DuelState)
    seat = 0 if state.peeks[0] else 1
    mine = observer().as_dict(observer().encode(state, seat))["goals"]
    theirs = observer().as_dict(observer().encode(state, 1 - seat))["goals"]
    assert mine[:, 3].any() and mine[:, 4:].sum() > theirs[:, 4:].sum()
