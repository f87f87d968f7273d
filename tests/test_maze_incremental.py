"""The incremental reachability and frontier always equal a full recomputation."""

import random

import pytest

from saboteur.engine import new_game


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (5, {}), (10, {}), (3, {"preset": "online-3"}), (4, {"demo": "true"})],
)
def test_incremental_maze_matches_recompute(players, options):
    game = new_game("classic", players, options)
    reveals = 0
    for seed in range(10):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            maze = state.maze
            fresh = maze.copy()
            fresh.recompute()
            assert fresh.live == maze.live
            assert fresh.frontier == maze.frontier
            legal = state.legal_actions()
            places = [a for a in legal if a.kind == "place" and a.slot is not None]
            if places and rng.random() < 0.9:  # push east to reach the goals
                state.apply(max(places, key=lambda a: (a.slot[0] if a.slot else 0, rng.random())))
            else:
                state.apply(rng.choice(legal))
        reveals += sum(event.kind == "reveal" for event in state.events)
    assert reveals > 0  # the eastward games did reach goals
