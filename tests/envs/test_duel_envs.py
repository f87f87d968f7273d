"""The Duel in PettingZoo, Gymnasium and OpenSpiel, under each library's own tests."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import saboteur.envs.openspiel  # noqa: E402, F401  (registers python_saboteur)
from saboteur.envs.duel import action_space, observer  # noqa: E402
from saboteur.envs.gymnasium import SaboteurEnv  # noqa: E402
from saboteur.envs.opponents import BotOpponent, UniformOpponent, bots_available  # noqa: E402
from saboteur.envs.pettingzoo import env, raw_env  # noqa: E402
from tests.envs.playthrough import ismcts_game, pettingzoo_game, resampling_game  # noqa: E402

DUEL: dict[str, Any] = {"ruleset": "duel", "players": 2}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test_and_seed_test_pass() -> None:
    pettingzoo_test.api_test(env(**DUEL), num_cycles=300)
    pettingzoo_test.seed_test(lambda: env(**DUEL, rounds=1), num_cycles=200)


def test_pettingzoo_observations_are_the_observer_and_the_mask() -> None:
    pettingzoo_game(raw_env(**DUEL, rounds=1), observer(), action_space(), seed=3)


def test_gymnasium_check_env_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SaboteurEnv(**DUEL, seat=1, options={"rounds": 1}))


@pytest.mark.parametrize("opponent", ["random", "heuristic", "uniform"])
def test_a_gymnasium_duel_runs_to_the_end(opponent: str) -> None:
    if opponent != "uniform" and not bots_available():
        pytest.skip("saboteur.bots is not importable")
    duel = SaboteurEnv(**DUEL, seat=0, opponents=opponent, options={"rounds": 1})
    obs, _ = duel.reset(seed=4)
    kind = UniformOpponent if opponent == "uniform" else BotOpponent
    assert isinstance(duel.opponents[1], kind)
    rng, total, terminated = np.random.default_rng(4), 0.0, False
    while not terminated:
        assert duel.state_now.current_player == 0
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, _, _ = duel.step(action)
        total += reward
    assert total == (1.0 if 0 in duel.state_now.winners else -1.0)


def test_openspiel_loads_the_duel_and_random_sim_test_passes() -> None:
    game = pyspiel.load_game("python_saboteur", DUEL)
    assert (game.num_players(), game.num_distinct_actions()) == (2, 17230)
    assert game.max_chance_outcomes() == 38 and game.max_game_length() == 3 * 61
    assert game.observation_tensor_size() == 25060
    assert game.information_state_tensor_size() == 25060 + 2 * 10
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="takes no 'preset'"):
        pyspiel.load_game("python_saboteur", {**DUEL, "preset": "online-3"})


def test_resampled_duel_states_look_the_same_to_the_player() -> None:
    redealt = 0

    def visit(state: Any, other: Any, player: int) -> None:
        nonlocal redealt
        hands = (state.core.engine.hands[1 - player], other.core.engine.hands[1 - player])
        redealt += sorted(hands[0]) != sorted(hands[1])

    decisions = resampling_game({**DUEL, "rounds": 2}, every=4, visit=visit)
    assert decisions > 20 and redealt > decisions // 4  # the other hand is dealt afresh


def test_openspiel_strings_hide_the_other_hand() -> None:
    game = pyspiel.load_game("python_saboteur", DUEL)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    strings = [state.information_state_string(p) for p in (0, 1)]
    assert strings[0] != strings[1] and all("deal" in s for s in strings)
    assert state.observation_tensor(0) != state.observation_tensor(1)


def test_openspiels_ismcts_bot_plays_a_complete_duel() -> None:
    returns = ismcts_game({**DUEL, "rounds": 1}, simulations=4, seed=0)
    assert len(returns) == 2 and set(returns) <= {-1.0, 1.0} and 1.0 in returns
