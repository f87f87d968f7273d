"""Zwergengold for the research environments: PettingZoo's own API test, the action space (every
number round-trips; the mask is the rules) and the observation (within its bounds, and blind to
face-down symbols and the pile's order)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from saboteur.engine.base import NotationError  # noqa: E402
from saboteur.engine.zwergengold import cards as C  # noqa: E402
from saboteur.engine.zwergengold.actions import parse_action  # noqa: E402
from saboteur.engine.zwergengold.state import FOREBODING, ZwergengoldState  # noqa: E402
from saboteur.envs.pettingzoo import env, raw_env  # noqa: E402
from saboteur.envs.registry import env_rulesets  # noqa: E402
from saboteur.envs.zwergengold import action_space, observer  # noqa: E402
from saboteur.envs.zwergengold.actions import WINDOW  # noqa: E402
from tests.envs.playthrough import pettingzoo_game  # noqa: E402
from tests.test_zwergengold_properties import play  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict spaces


def test_zwergengold_has_research_environments() -> None:
    assert "zwergengold" in env_rulesets()


@pytest.mark.parametrize("players", [2, 4, 7])
def test_pettingzoo_api_test_passes(players: int) -> None:
    pettingzoo_test.api_test(env(ruleset="zwergengold", players=players, rounds=5), num_cycles=300)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 2)])
def test_pettingzoo_observations_are_the_observer_and_the_mask(players: int, seed: int) -> None:
    game = raw_env(ruleset="zwergengold", players=players, rounds=5)
    pettingzoo_game(game, observer(players), action_space(players), seed=seed)


def test_every_number_decodes_to_an_action_that_encodes_back() -> None:
    space, parsed = action_space(3), 0
    for index in range(space.size):
        action = space.decode(index)
        assert space.encode(action) == index
        try:
            again = parse_action(space.text(index))
        except NotationError:  # a corridor turned as it never lies: never legal
            turns = C.TURNS[C.corridor(action.card or "")]
            assert action.slot is not None and int(action.choice or 0) not in turns
            continue
        assert again is action
        parsed += 1
    assert parsed > space.size // 2
    with pytest.raises(ValueError, match="outside the action space"):
        space.decode(space.size)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (6, 4)])
def test_legal_actions_round_trip_and_the_mask_is_the_rules(players: int, seed: int) -> None:
    space, kinds = action_space(players), set()

    def visit(state: ZwergengoldState) -> None:
        mask = space.mask(state)
        if state.is_over:
            assert not mask.any()
            return
        encoded = {space.encode(action): action for action in state.legal_actions()}
        assert None not in encoded  # the window covers the largest table
        for index, action in encoded.items():
            assert index is not None and space.decode(index) is action
            kinds.add(action.kind)
        assert set(np.flatnonzero(mask)) == set(encoded)

    play(players, seed, False, visit)
    assert {"step", "play", "end"} <= kinds


def _disguised(state: ZwergengoldState, rng: random.Random) -> ZwergengoldState:
    """The same table with the pile shuffled and face-down cards of one back swapped (those no
    seat has looked at)."""
    twin = state.clone()
    rng.shuffle(twin.pile)
    lab, looked = twin.lab, {slot for seen in twin.seen for slot in seen}
    down = [s for s in sorted(lab.cards) if s not in lab.face_up and s not in looked]
    for a in down:
        for b in down:
            if a < b and C.back(lab.cards[a]) == C.back(lab.cards[b]):
                lab.cards[a], lab.cards[b] = lab.cards[b], lab.cards[a]
    return twin


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2)])
def test_observations_stay_within_bounds_and_blind_to_the_secrets(players: int, seed: int) -> None:
    rng, obs, checked = random.Random(seed), observer(players), 0
    high = obs.high()

    def visit(state: ZwergengoldState) -> None:
        nonlocal checked
        if len(state.history) % 7 and not state.is_over:
            return
        twin = _disguised(state, rng)
        for seat in range(players):
            flat = obs.encode(state, seat)
            assert flat.dtype == np.float32 and (flat >= 0).all() and (flat <= high).all()
            if state.phase != FOREBODING:
                assert np.array_equal(flat, obs.encode(twin, seat))
                checked += 1

    play(players, seed, False, visit)
    assert checked > 20


def test_a_card_turned_over_changes_the_observation() -> None:
    """The observation is not blind to everything: a symbol shows once its card is face up."""
    state = play(2, 1, False)
    face_up = [s for s in state.lab.face_up if C.symbol(state.lab.cards[s])]
    assert face_up
    twin = state.clone()
    twin.lab.face_up.discard(face_up[0])
    assert not np.array_equal(observer(2).encode(state, 0), observer(2).encode(twin, 0))
    assert WINDOW.cells == 21 * 21


def test_gymnasium_check_env_passes() -> None:
    from gymnasium.utils.env_checker import check_env

    from saboteur.envs.gymnasium import SaboteurEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SaboteurEnv(ruleset="zwergengold", players=3, seat=1, opponents="uniform"))
