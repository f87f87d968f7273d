"""The fixed action space: one number per action, and back; masks match the legal actions."""

from __future__ import annotations

import pytest

from saboteur.envs.classic import action_space
from saboteur.envs.classic.actions import CELLS, REPAIR_VARIANTS, cell_of, cell_xy
from tests.envs.helpers import play


@pytest.mark.parametrize("players", [3, 10])
def test_every_number_decodes_to_an_action_that_encodes_back(players: int) -> None:
    space = action_space(players)
    texts = set()
    for index in range(space.size):
        action = space.decode(index)
        assert space.encode(action) == index
        texts.add(str(action))
    assert len(texts) == space.size


def test_blocks_tile_the_space_as_documented() -> None:
    space = action_space(5)
    blocks = space.blocks()
    sizes = {name: size for name, (_, size) in blocks.items()}
    assert sizes == {
        "place": 26 * CELLS,
        "break": 3 * 5,
        "repair": len(REPAIR_VARIANTS) * 5,
        "rockfall": CELLS,
        "map": 3,
        "pass": 27,
        "gold": 3,
    }
    assert CELLS == 19 * 17 and len(REPAIR_VARIANTS) == 9
    assert sum(sizes.values()) == space.size == 8814
    starts = [start for start, _ in blocks.values()]
    assert starts == sorted(starts) and starts[0] == 0


def test_the_window_holds_start_goals_and_their_surroundings() -> None:
    for x, y in [(0, 0), (8, -2), (8, 0), (8, 2), (-6, -8), (12, 8), (9, 3)]:
        cell = cell_of(x, y)
        assert cell is not None and cell_xy(cell) == (x, y)
    assert cell_of(13, 0) is None and cell_of(0, -9) is None


def test_out_of_range_numbers_are_refused() -> None:
    space = action_space(4)
    for bad in (-1, space.size):
        with pytest.raises(ValueError, match="outside the action space"):
            space.decode(bad)


@pytest.mark.parametrize("players", [3, 6, 10])
def test_masks_match_the_legal_actions_through_whole_games(players: int) -> None:
    space = action_space(players)
    kinds, outside, total = set(), 0, 0
    for seed in range(3):
        for state in play(players, seed):
            if state.is_over:
                assert not space.mask(state).any()
                continue
            legal = state.legal_actions()
            ids = [space.encode(action) for action in legal]
            inside = [(i, a) for i, a in zip(ids, legal, strict=True) if i is not None]
            outside += len(legal) - len(inside)
            total += len(legal)
            assert len({i for i, _ in inside}) == len(inside)
            for index, action in inside:
                assert space.decode(index) == action
                kinds.add(action.kind)
            mask = space.mask(state)
            assert mask.dtype.name == "int8" and int(mask.sum()) == len(inside) > 0
            assert space.legal_ids(state) == sorted(i for i, _ in inside)
            assert state.current_player is not None
            other = (state.current_player + 1) % players
            assert not space.mask(state, other).any()
    assert {"place", "pass", "break", "gold"} <= kinds
    assert outside <= total // 100
