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


def test_frontier_without_a_card_is_what_removing_it_leaves():
    """``Maze.frontier_without`` (read-only) equals a copy's frontier after ``remove``, for every
    card but the start at every move of eastward games (goals turned over included), and the
    tunnel's ``Reach.after_remove`` (which skips cards no tunnel touches) agrees with it."""
    from saboteur.bots.tunnel import FAR, GOAL_SLOTS, Reach, _nearest

    game = new_game("classic", 5)
    checked = skipped = 0
    for seed in range(8):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            maze = state.maze
            reach = Reach(maze, GOAL_SLOTS)
            for index in list(maze.cells):
                if index in maze.roots:
                    continue
                removed = maze.copy()
                removed.remove(index)
                assert sorted(maze.frontier_without(index)) == sorted(removed.frontier)
                ends = [_nearest(slot, reach.targets, reach.near) for slot in removed.frontier]
                assert reach.after_remove(index) == min(ends, default=FAR)
                checked += 1
                skipped += index not in maze.live and not maze.joined_sides(index)
            legal = state.legal_actions()
            places = [a for a in legal if a.kind == "place" and a.slot is not None]
            if places and rng.random() < 0.8:
                state.apply(max(places, key=lambda a: (a.slot[0] if a.slot else 0, rng.random())))
            else:
                state.apply(rng.choice(legal))
    assert checked > 1000 and skipped > 0  # both ways of after_remove were exercised
