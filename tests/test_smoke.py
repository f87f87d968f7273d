import random

from saboteur.engine import new_game


def test_random_game_finishes_with_scores():
    state = new_game("classic", 5).new_state(seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == 3
    assert len(state.results) == 3
    assert sum(state.scores) > 0
    assert state.winners
