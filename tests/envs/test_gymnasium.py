"""The single-seat Gymnasium environment under Gymnasium's checker, with pluggable opponents."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from saboteur.engine import Action, State  # noqa: E402
from saboteur.envs.gymnasium import SaboteurEnv  # noqa: E402
from saboteur.envs.opponents import BotOpponent, UniformOpponent, bots_available  # noqa: E402


def test_check_env_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SaboteurEnv(players=4, seat=2, options={"rounds": 1}))
        made = gymnasium.make("saboteur/Saboteur-v0", players=3, opponents="uniform")
        check_env(made.unwrapped)


def play_episode(env: SaboteurEnv, seed: int) -> tuple[float, int, list[int]]:
    obs, info = env.reset(seed=seed)
    rng, total, steps, actions = np.random.default_rng(seed), 0.0, 0, []
    terminated = False
    while not terminated:
        assert env.state_now.current_player == env.seat
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        total += reward
        steps += 1
    return total, steps, actions


def test_an_episode_runs_to_the_end_with_a_win_or_loss_reward() -> None:
    env = SaboteurEnv(players=5, seat=3, opponents="random", options={"rounds": 1})
    total, steps, _ = play_episode(env, seed=4)
    assert total == (1.0 if 3 in env.state_now.winners else -1.0)
    assert env.state_now.is_over and steps > 3


def test_seeded_episodes_repeat() -> None:
    env = SaboteurEnv(players=4, seat=0, opponents="random", options={"rounds": 1})
    assert play_episode(env, seed=9) == play_episode(env, seed=9)


def test_default_opponents_come_from_saboteur_bots_when_importable() -> None:
    env = SaboteurEnv(players=3)
    env.reset(seed=0)
    kinds = {type(opponent) for opponent in env.opponents.values()}
    assert kinds == ({BotOpponent} if bots_available() else {UniformOpponent})


def test_opponents_are_pluggable() -> None:
    calls: list[int] = []

    class FirstLegal:
        def act(self, state: State, seat: int) -> Action:
            calls.append(seat)
            return sorted(state.legal_actions(), key=str)[0]

    env = SaboteurEnv(
        players=3, seat=0, opponents=lambda game, seat, seed: FirstLegal(), options={"rounds": 1}
    )
    play_episode(env, seed=2)
    assert set(calls) == {1, 2}
    mixed = SaboteurEnv(players=3, seat=1, opponents=["uniform", FirstLegal()])
    mixed.reset(seed=1)
    assert isinstance(mixed.opponents[0], UniformOpponent)
    with pytest.raises(ValueError, match="one opponent per other seat"):
        SaboteurEnv(players=4, opponents=["uniform"])


def test_illegal_actions_end_the_episode_or_raise() -> None:
    env = SaboteurEnv(players=3, opponents="uniform")
    obs, _ = env.reset(seed=5)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = SaboteurEnv(players=3, opponents="uniform", illegal="raise")
    strict.reset(seed=5)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


@pytest.mark.parametrize(("ruleset", "players"), [("classic", 4), ("duel", 2)])
def test_the_view_is_the_learners_seat_view_only(ruleset: str, players: int) -> None:
    env = SaboteurEnv(ruleset=ruleset, players=players, seat=1, opponents="uniform")
    obs, _ = env.reset(seed=11)
    for _ in range(6):
        view = env.view()
        assert view == env.state_now.view(1)
        assert view["seat"] == 1 and "hands" not in view and "deck" not in view
        obs, _, done, _, _ = env.step(int(obs["action_mask"].nonzero()[0][0]))
        if done:
            break
