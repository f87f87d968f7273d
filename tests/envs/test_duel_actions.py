"""The Duel's fixed action space: every number decodes and encodes back, masks are the rules."""

from __future__ import annotations

import random

import numpy as np
import pytest

from saboteur.engine import new_game
from saboteur.engine.duel.actions import parse_action
from saboteur.envs.duel import action_space
from saboteur.envs.duel.actions import BLOCK_NAMES, CELLS, PAIRS, cell_of
from tests.envs.duel_helpers import play


def test_every_number_decodes_to_an_action_that_encodes_back() -> None:
    space = action_space()
    for index in range(space.size):
        action = space.decode(index)
        assert space.encode(action) == index
        assert parse_action(space.text(index)) == action
    with pytest.raises(ValueError, match="outside the action space"):
        space.decode(space.size)


def test_the_blocks_have_the_documented_sizes() -> None:
    blocks = action_space().blocks()
    assert CELLS == 19 * 17 and len(PAIRS) == 716
    assert {name: size for name, (_, size) in blocks.items()} == {
        "place": 41 * CELLS,
        "reveal": 6 * 15,
        "break": 3 * 2,
        "repair": 7 * 2,
        "key": CELLS,
        "bribe": CELLS,
        "rockfall": CELLS,
        "map": 6,
        "clear": 3 * 716,
        "pass": 38 + 716,
    }
    assert sum(size for _, size in blocks.values()) == action_space().size == 17230


@pytest.mark.parametrize("seed", range(12))
def test_legal_actions_round_trip_and_the_mask_is_the_rules(seed: int) -> None:
    space, kinds = action_space(), set()
    for state in play(seed):
        seat = state.current_player
        mask = space.mask(state)
        if seat is None:
            assert not mask.any()
            continue
        legal = state.legal_actions()
        encoded = {space.encode(action): action for action in legal}
        for index, action in encoded.items():
            if index is None:  # only a slot outside the window may be left out
                assert action.slot is not None and cell_of(*action.slot) is None
                continue
            assert space.decode(index) == action
            assert parse_action(space.text(index)) == action
            kinds.add(action.kind)
        assert set(np.flatnonzero(mask)) == {i for i in encoded if i is not None}
        assert mask.any() and not space.mask(state, 1 - seat).any()
    assert {"place", "pass", "break"} <= kinds


def test_the_round_trip_games_offer_every_kind_of_duel_action() -> None:
    kinds = {a.kind for seed in range(12) for state in play(seed) for a in state.legal_actions()}
    assert kinds == set(BLOCK_NAMES)


def test_random_duels_seldom_leave_the_window() -> None:
    space, legal, outside = action_space(), 0, 0
    game = new_game("duel", 2, {"rounds": 1})
    for seed in range(20):
        state, rng = game.new_state(seed), random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            legal += len(actions)
            outside += sum(space.encode(a) is None for a in actions)
            state.apply(rng.choice(actions))
    assert outside <= legal // 1000
