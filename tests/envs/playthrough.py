"""Whole games through the frameworks' own APIs, shared by the classic and Duel tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from saboteur.envs.base import ActionSpace, Observer


def pettingzoo_game(game: Any, observer: Observer, space: ActionSpace, seed: int) -> None:
    """Play a PettingZoo game at random, checking every observation against our observer and
    mask (and that only the agent to act has legal actions); the rewards must add up to +1
    for each winner and -1 for everyone else."""
    game.reset(seed=seed)
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
        assert np.array_equal(obs["observation"], observer.encode(state, seat))
        assert np.array_equal(obs["action_mask"], space.mask(state))
        others = [a for a in game.possible_agents if a != agent]
        assert not game.observe(others[0])["action_mask"].any()
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = {f"player_{seat}" for seat in game.state_now.winners}
    assert totals == {a: 1.0 if a in winners else -1.0 for a in game.possible_agents}


def ismcts_game(params: dict[str, Any], simulations: int, seed: int) -> list[float]:
    """One game of ``python_saboteur``: OpenSpiel's IS-MCTS bot in seat 0, random play in the
    others; the returns."""
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_saboteur", params)
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return returns


def resampling_game(
    params: dict[str, Any], every: int, visit: Callable[[Any, Any, int], None] | None = None
) -> int:
    """OpenSpiel's ResampleInfostateTest, run through the Python API: one ``python_saboteur``
    game at random; at every ``every``-th decision the state is resampled from each player's
    information state, which the player must not tell apart (``visit`` sees each state, its
    resampled twin and the player). The number of decisions."""
    import pyspiel

    game = pyspiel.load_game("python_saboteur", params)
    rng = np.random.RandomState(3)
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        decisions += 1
        if decisions % every == 1:
            for player in range(game.num_players()):
                sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == state.information_state_string(
                    player
                )
                assert other.information_state_tensor(player) == state.information_state_tensor(
                    player
                )
                assert other.observation_tensor(player) == state.observation_tensor(player)
                assert other.current_player() == state.current_player()
                if visit is not None:
                    visit(state, other, player)
        state.apply_action(int(rng.choice(state.legal_actions())))
    return decisions
