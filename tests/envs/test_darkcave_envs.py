"""The Dark Cave for the research environments: PettingZoo's and Gymnasium's own tests, the
action space (every number round-trips; the mask is the rules) and the observation (within its
bounds, and blind to what the seat may not know)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from saboteur.engine.darkcave.actions import parse_action  # noqa: E402
from saboteur.engine.darkcave.state import DarkCaveState  # noqa: E402
from saboteur.envs.darkcave import action_space, observer  # noqa: E402
from saboteur.envs.darkcave.actions import KINDS, PAIRS, WINDOW  # noqa: E402
from saboteur.envs.gymnasium import SaboteurEnv  # noqa: E402
from saboteur.envs.pettingzoo import env, raw_env  # noqa: E402
from tests.darkcave_play import Table, play  # noqa: E402
from tests.envs.playthrough import pettingzoo_game  # noqa: E402
from tests.test_darkcave_properties import disguise  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict spaces


@pytest.mark.parametrize("players", [2, 5, 8])
def test_pettingzoo_api_test_passes(players: int) -> None:
    pettingzoo_test.api_test(env(ruleset="darkcave", players=players), num_cycles=300)


def test_pettingzoo_seed_test_passes() -> None:
    pettingzoo_test.seed_test(lambda: env(ruleset="darkcave", players=3), num_cycles=200)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (7, 3)])
def test_pettingzoo_observations_are_the_observer_and_the_mask(players: int, seed: int) -> None:
    game = raw_env(ruleset="darkcave", players=players, agreed_end=False)
    pettingzoo_game(game, observer(players), action_space(players), seed=seed)


def test_gymnasium_check_env_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SaboteurEnv(ruleset="darkcave", players=3, seat=1, opponents="uniform"))


# -- the action space ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 8])
def test_every_number_decodes_to_an_action_that_encodes_back(players: int) -> None:
    space = action_space(players)
    for index in range(space.size):
        action = space.decode(index)
        assert space.encode(action) == index
        assert parse_action(space.text(index)) is action
    with pytest.raises(ValueError, match="outside the action space"):
        space.decode(space.size)


def test_the_blocks_have_the_documented_sizes() -> None:
    cells, fields = WINDOW.cells, 8 * WINDOW.cells
    assert cells == 15 * 15 and len(KINDS) == 43
    sizes = {name: size for name, (_, size) in action_space(6).blocks().items()}
    assert sizes == {
        "place": 53 * cells,
        "reveal": 4 * 11,
        "info-goal": 4,
        "info-seat": 6,
        "rockfall": cells,
        "swap": 6,
        "boots": 6,
        "axe": 6,
        "web": 2 * cells,
        "axe-web": 2 * cells,
        "lure": 3 * (1 + fields),
        "step": fields,
        "words": 6,
        "pass": 43 + len(PAIRS),
    }
    assert sum(sizes.values()) == action_space(6).size


@pytest.mark.parametrize("players", range(2, 9))
def test_legal_actions_round_trip_and_the_mask_is_the_rules(players: int) -> None:
    space, kinds, legal, outside = action_space(players), set(), 0, 0

    def visit(state: DarkCaveState) -> None:
        nonlocal legal, outside
        mask = space.mask(state)
        if state.is_over:
            assert not mask.any()
            return
        actions = state.legal_actions()
        encoded = {space.encode(action): action for action in actions}
        for index, action in encoded.items():
            if index is None:  # only a slot outside the window may be left out
                assert action.slot is not None and WINDOW.cell_of(*action.slot) is None
                outside += 1
                continue
            assert space.decode(index) is action
            kinds.add(action.kind)
        legal += len(actions)
        assert set(np.flatnonzero(mask)) == {i for i in encoded if i is not None}
        seat = state.current_player
        assert seat is not None and not space.mask(state, (seat + 1) % players).any()

    for seed in range(3):
        play(Table(players, True, seed, seed, 0.9), visit)
    assert {"place", "pass", "step", "stop", "lure"} <= kinds
    assert outside <= legal // 100


# -- the observation -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 8])
def test_observations_stay_within_the_space(players: int) -> None:
    obs = observer(players)
    high = obs.high()
    assert obs.size == sum(field.size for field in obs.fields)

    def visit(state: DarkCaveState) -> None:
        if len(state.history) % 5 == 0 or state.is_over:
            for seat in range(players):
                flat = obs.encode(state, seat)
                assert flat.dtype == np.float32 and (flat >= 0).all() and (flat <= high).all()

    play(Table(players, True, players, players, 0.9), visit)


@pytest.mark.parametrize("players", [3, 6])
def test_what_a_seat_may_not_know_does_not_change_its_observation(players: int) -> None:
    """The others' hands, the deck, clan cards and goals it has not seen, dealt afresh under the
    same public history, give the same observation; its own hand does change it."""
    rng, obs, checked, told = random.Random(0), observer(players), 0, 0

    def visit(state: DarkCaveState) -> None:
        nonlocal checked, told
        if len(state.history) % 9 or state.is_over:
            return
        for seat in range(players):
            twin = disguise(state, seat, rng)
            assert np.array_equal(obs.encode(state, seat), obs.encode(twin, seat))
            checked += 1
            other = disguise(state, (seat + 1) % players, rng)  # seat's hand dealt afresh
            if sorted(other.hands[seat]) != sorted(state.hands[seat]):
                assert not np.array_equal(obs.encode(state, seat), obs.encode(other, seat))
                told += 1

    play(Table(players, True, 5, 5, 0.9), visit)
    assert checked > 25 and told > 5
