"""The PettingZoo AEC environment under PettingZoo's own tests, and what it reports."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from saboteur.envs.classic import action_space, observer  # noqa: E402
from saboteur.envs.pettingzoo import env, raw_env  # noqa: E402
from tests.envs.playthrough import pettingzoo_game  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict spaces


@pytest.mark.parametrize("players", [3, 6])
def test_api_test_passes(players: int) -> None:
    pettingzoo_test.api_test(env(players=players), num_cycles=300)


def test_seed_test_passes() -> None:
    pettingzoo_test.seed_test(lambda: env(players=4, rounds=1), num_cycles=200)


def test_api_test_passes_on_the_raw_environment_with_options() -> None:
    pettingzoo_test.api_test(raw_env(players=3, preset="online-3"), num_cycles=200)


def test_a_game_ends_with_plus_one_for_the_winners_and_minus_one_for_the_others() -> None:
    pettingzoo_game(raw_env(players=4, rounds=1), observer(4), action_space(4), seed=11)


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
