"""The Dark Cave in OpenSpiel (``python_saboteur``): its own random simulation test, chance as
the rules deal, and resampling that the seat cannot tell apart."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import saboteur.envs.openspiel  # noqa: E402, F401  (registers python_saboteur)
from saboteur.envs.darkcave import action_space  # noqa: E402
from tests.envs.playthrough import ismcts_game, resampling_game  # noqa: E402

CAVE: dict[str, Any] = {"ruleset": "darkcave", "players": 4}


@pytest.mark.parametrize("players", [2, 3, 6])
def test_openspiel_loads_the_dark_cave_and_random_sim_test_passes(players: int) -> None:
    game = pyspiel.load_game("python_saboteur", {**CAVE, "players": players})
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_space(players).size
    assert game.max_chance_outcomes() == 43
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="takes no 'rounds'"):
        pyspiel.load_game("python_saboteur", {**CAVE, "rounds": 2})


def test_the_deal_is_clan_cards_goals_box_and_hands() -> None:
    state = pyspiel.load_game("python_saboteur", CAVE).new_initial_state()
    counts = []
    while state.is_chance_node():
        counts.append(len(state.chance_outcomes()))
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(counts) == 1 + 4 + 4 + 15 + 4 * 5 and counts[0] == 2  # the clan first
    engine = state.core.engine
    assert len(set(engine.clans)) == 1 and len(engine.box) == 15
    assert [len(hand) for hand in engine.hands] == [5] * 4 and state.current_player() == 0


def test_resampled_states_look_the_same_to_the_player() -> None:
    redealt = 0

    def visit(state: Any, other: Any, player: int) -> None:
        nonlocal redealt
        if player == state.current_player():
            assert other.legal_actions() == state.legal_actions()
        theirs = (player + 1) % 5
        hands = (state.core.engine.hands[theirs], other.core.engine.hands[theirs])
        redealt += sorted(hands[0]) != sorted(hands[1])

    decisions = resampling_game({**CAVE, "players": 5}, every=9, visit=visit)
    assert decisions > 50 and redealt > decisions // 9  # the other hands are dealt afresh


def test_openspiel_strings_hide_the_other_hands_and_clan_cards() -> None:
    state = pyspiel.load_game("python_saboteur", CAVE).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    strings = [state.information_state_string(p) for p in range(4)]
    engine = state.core.engine
    for seat, text in enumerate(strings):
        lines = set(text.splitlines())
        assert f"clan card {engine.clan_cards[seat]}" in lines
        assert sum(line.startswith("clan card") for line in lines) == 1
        own = {f"deal {card}" for card in engine.hands[seat]}
        others = {f"deal {card}" for s in range(4) if s != seat for card in engine.hands[s]}
        assert own <= lines and not (others - own) & lines


def test_openspiels_ismcts_bot_plays_a_complete_game() -> None:
    returns = ismcts_game({**CAVE, "players": 2}, simulations=2, seed=0)
    assert len(returns) == 2 and set(returns) <= {-1.0, 1.0} and 1.0 in returns
