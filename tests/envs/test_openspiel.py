"""``python_saboteur`` under OpenSpiel's own tests, and OpenSpiel's IS-MCTS bot playing it."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

import saboteur.envs.openspiel  # noqa: E402, F401  (registers python_saboteur)
from tests.envs.playthrough import ismcts_game, resampling_game  # noqa: E402


def test_the_game_is_registered_with_the_right_type() -> None:
    game = pyspiel.load_game("python_saboteur")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert game.num_players() == 4 and game.max_chance_outcomes() == 27
    assert game.max_game_length() == 3 * 74
    assert game.observation_tensor_size() == 14327
    assert game.information_state_tensor_size() == 14327 + 4 * 14


@pytest.mark.parametrize("players", [3, 5, 10])
def test_random_sim_test_passes(players: int) -> None:
    game = pyspiel.load_game("python_saboteur", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_passes_with_options() -> None:
    for params in ({"players": 3, "preset": "online-3"}, {"players": 6, "demo": True, "rounds": 1}):
        game = pyspiel.load_game("python_saboteur", params)
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_resampled_states_look_the_same_to_the_player() -> None:
    """OpenSpiel's ResampleInfostateTest, run through the Python API."""
    assert resampling_game({"players": 4, "rounds": 1}, every=5) > 10


def test_strings_and_tensors_differ_between_seats_and_hide_hands() -> None:
    game = pyspiel.load_game("python_saboteur", {"players": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    strings = [state.information_state_string(p) for p in range(3)]
    assert len(set(strings)) == 3
    assert all(line.startswith(f"seat {p} of 3") for p, line in enumerate(strings))
    assert "deal" in strings[0] and "role" in strings[0]
    assert len({tuple(state.observation_tensor(p)) for p in range(3)}) == 3
    assert "hand" in state.observation_string(0)


def test_openspiels_ismcts_bot_plays_complete_games() -> None:
    for seed, players in ((0, 3), (1, 4)):
        returns = ismcts_game({"players": players, "rounds": 1}, simulations=8, seed=seed)
        assert len(returns) == players and set(returns) <= {-1.0, 1.0} and 1.0 in returns
