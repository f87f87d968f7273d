"""Classic Saboteur with explicit chance (the part of the OpenSpiel game that needs no pyspiel)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from saboteur.engine import new_game
from saboteur.engine.classic import cards as C
from saboteur.envs.chance import CHANCE, TERMINAL
from saboteur.envs.classic import action_space, observer
from saboteur.envs.classic.actions import CARD_KINDS
from saboteur.envs.classic.spiel import ClassicSpielCore, history_fields
from tests.envs.helpers import eastward


def run(
    players: int, seed: int, options: dict[str, Any] | None = None, check: Any = None
) -> ClassicSpielCore:
    """Play one game through the core: chance by its odds, seats digging east or at random."""
    game = new_game("classic", players, options)
    core, rng = ClassicSpielCore.initial(game), random.Random(seed)
    space = action_space(players)
    while not core.is_terminal():
        if check is not None:
            check(core, rng)
        if core.current() == CHANCE:
            outcomes, probs = zip(*core.chance_outcomes(), strict=True)
            core.apply(rng.choices(outcomes, probs)[0])
            continue
        seat, ids = core.current(), core.legal_ids()
        legal = [space.decode(i) for i in ids]
        action = rng.choice(legal) if seat == 1 else eastward(legal, seat, rng)
        core.apply(space.encode(action) or 0)
    return core


def test_chance_nodes_are_well_formed_and_the_engine_stays_valid() -> None:
    kinds: Counter[str] = Counter()

    def check(core: ClassicSpielCore, rng: random.Random) -> None:
        if core.current() == CHANCE:
            kinds[core.tasks[0][0]] += 1
            outcomes = core.chance_outcomes()
            ids = [o for o, _ in outcomes]
            assert ids == sorted(set(ids)) and all(0 <= o < 27 for o in ids)
            assert all(p > 0 for _, p in outcomes) and sum(p for _, p in outcomes) == pytest.approx(
                1
            )
            assert core.legal_ids() == ids
        else:
            ids = core.legal_ids()
            assert ids and ids == sorted(ids)
        if rng.random() < 0.05:  # cards and gold conserved, notation valid
            core.game.state_from_json(core.engine.to_json())

    core = run(5, seed=1, check=check)
    assert core.current() == TERMINAL
    assert kinds["gold"] == len(C.GOLD_CARDS) and kinds["first"] == 1
    assert kinds["role"] == 3 * 5 and kinds["goal-gold"] == kinds["goal-ne"] == 3
    assert kinds["card"] == 3 * 5 * 6 and kinds["draw"] > 50
    winners = set(core.engine.winners)
    assert core.returns() == [1.0 if s in winners else -1.0 for s in range(5)]


def test_the_first_draw_follows_the_deck() -> None:
    core, rng = ClassicSpielCore.initial(new_game("classic", 4, {"first": 0})), random.Random(3)
    while core.current() == CHANCE:
        core.apply(rng.choice(core.legal_ids()))
    core.apply(core.legal_ids()[0])
    assert core.tasks == [("draw", 0)]
    deck = Counter(core.engine.deck)
    expected = {CARD_KINDS.index(c): k / sum(deck.values()) for c, k in deck.items()}
    assert dict(core.chance_outcomes()) == pytest.approx(expected)
    hand = Counter(core.engine.hands[0])
    core.apply(CARD_KINDS.index("map") if deck["map"] else core.legal_ids()[0])
    assert sum((Counter(core.engine.hands[0]) - hand).values()) == 1


@pytest.mark.parametrize(
    ("players", "options"), [(3, {"preset": "online-3"}), (4, {"demo": True}), (10, {"rounds": 2})]
)
def test_presets_and_options_play_to_the_end(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        core = run(players, seed, options)
        assert core.is_terminal() and len(core.engine.results) == core.game.opts.rounds
        assert sum(core.engine.scores) + sum(core.engine.gold_pile) == sum(C.GOLD_CARDS)


def test_copies_and_pickles_are_the_same_state() -> None:
    def check(core: ClassicSpielCore, rng: random.Random) -> None:
        if rng.random() < 0.03:
            for other in (copy.deepcopy(core), pickle.loads(pickle.dumps(core))):
                assert str(other) == str(core)
                assert other.info_string(0) == core.info_string(0)
                assert other.legal_ids() == core.legal_ids()

    run(4, seed=2, check=check)


def test_resampling_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    obs = observer(4)
    moved = 0

    def check(core: ClassicSpielCore, rng: random.Random) -> None:
        nonlocal moved
        if core.current() < 0 or rng.random() > 0.1:
            return
        for seat in range(4):
            other = core.resample(seat, rng)
            assert other.info_string(seat) == core.info_string(seat)
            a, b = np.zeros(obs.size, np.float32), np.zeros(obs.size, np.float32)
            core.observation_tensor(seat, a)
            other.observation_tensor(seat, b)
            assert np.array_equal(a, b)
            assert other.stats == core.stats and other.current() == core.current()
            assert other.legal_ids() == core.legal_ids() or other.current() != seat
            moved += other.engine.to_json() != core.engine.to_json()
            # no secret of another seat survives in the resampled state's logs
            for to, text in other.log:
                assert to in (-1, seat) or text.startswith("resampled")

    run(4, seed=4, check=check)
    assert moved > 5


def test_nobody_sees_a_card_before_it_is_dealt() -> None:
    core, rng = ClassicSpielCore.initial(new_game("classic", 3)), random.Random(0)
    while core.tasks and core.tasks[0][0] != "card":
        core.apply(rng.choice(core.legal_ids()))
    for seat in range(3):
        view = core.view(seat)
        assert view["hand"] == [] and view["current"] is None and view["deck_size"] == 67
    assert "deal" not in core.info_string(0)
    core.apply(core.legal_ids()[0])
    assert "deal" in core.info_string(0) and "deal" not in core.info_string(1)


def test_history_tensor_counts_public_actions_of_the_round() -> None:
    (field,) = history_fields(4)
    assert field.shape == (4, 3 + 8 + 3)
    core = run(4, seed=6, options={"rounds": 1})
    stats = np.array(core.stats).reshape(field.shape)
    lays = sum(1 for to, text in core.log if to == -1 and "@" in text and text.startswith("s"))
    assert stats[:, 0].sum() == lays
