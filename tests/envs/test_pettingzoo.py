"""The PettingZoo AEC environment under PettingZoo's own tests, and what it reports."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from saboteur.envs.classic import action_space, observer  # noqa: E402
from saboteur.envs.pettingzoo import env, raw_env  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict spaces


@pytest.mark.parametrize("players", [3, 6])
def test_api_test_passes(players: int) -> None:
    pettingzoo_test.api_test(env(players=players), num_cycles=300)


def test_seed_test_passes() -> None:
    pettingzoo_test.seed_test(lambda: env(players=4, rounds=1), num_cycles=200)


def test_api_test_passes_on_the_raw_environment_with_options() -> None:
    pettingzoo_test.api_test(raw_env(players=3, preset="online-3"), num_cycles=200)


def test_a_game_ends_with_plus_one_for_the_winners_and_minus_one_for_the_others() -> None:
    game = raw_env(players=4, rounds=1)
    game.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        seat = game.possible_agents.index(agent)
        state = game.state_now
        assert state.current_player == seat
        assert np.array_equal(obs["observation"], observer(4).encode(state, seat))
        assert np.array_equal(obs["action_mask"], action_space(4).mask(state))
        others = [a for a in game.possible_agents if a != agent]
        assert not game.observe(others[0])["action_mask"].any()
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = {f"player_{seat}" for seat in game.state_now.winners}
    assert totals == {a: 1.0 if a in winners else -1.0 for a in game.possible_agents}


def test_an_illegal_action_ends_the_game_for_the_wrapped_env() -> None:
    wrapped = env(players=3)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    obs, *_ = wrapped.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1


def test_render_shows_the_public_maze() -> None:
    game = raw_env(players=3, render_mode="ansi")
    game.reset(seed=2)
    text = game.render()
    assert isinstance(text, str) and "S" in text and "?" in text and "to act" in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
