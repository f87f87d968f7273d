"""The incremental reachability and frontier always equal a full recomputation."""

import random
from collections.abc import Iterator
from typing import Any

import pytest

from saboteur.engine import State, new_game


def push_east(state: State, rng: random.Random, eagerness: float) -> None:
    """Play a move: with chance ``eagerness`` the easternmost place (to reach the goals), else
    any legal move."""
    legal = state.legal_actions()
    places = [a for a in legal if a.kind == "place" and a.slot is not None]
    if places and rng.random() < eagerness:
        state.apply(max(places, key=lambda a: (a.slot[0] if a.slot else 0, rng.random())))
    else:
        state.apply(rng.choice(legal))


def eastward_games(game: Any, seeds: int, eagerness: float) -> Iterator[Any]:
    """The state before every move of ``seeds`` games played by :func:`push_east` (the move is
    made when the caller asks for the next one)."""
    for seed in range(seeds):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            push_east(state, rng, eagerness)


def mazes_of(state: Any) -> list[Any]:
    """The state's mazes: one per dwarf in the Duel, else the one."""
    return list(state.mazes) if state.game.ruleset == "duel" else [state.maze]


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
            push_east(state, rng, 0.9)
        reveals += sum(event.kind == "reveal" for event in state.events)
    assert reveals > 0  # the eastward games did reach goals


@pytest.mark.parametrize(("ruleset", "players"), [("classic", 5), ("duel", 2), ("darkcave", 4)])
def test_the_frontier_in_order_kept_by_place_is_the_sorted_frontier(ruleset, players):
    """``Maze.place`` keeps the frontier in order up to date, the open maze's growth too (a
    rockfall or a recomputation rebuild it when next asked): after every move of random play it
    equals the frontier sorted and packed afresh, and a copy taken before the move keeps its own."""
    from saboteur.engine.maze import KEY_BITS

    kept = checked = 0
    before: list[tuple[Any, list[int]]] = []  # copies before the last move, with their order
    sizes: dict[int, int] = {}
    for state in eastward_games(new_game(ruleset, players), 6, 0.7):
        for maze in mazes_of(state):  # after the last move
            if len(maze.cells) > sizes.get(id(maze), len(maze.cells)):  # a card was laid
                kept += maze._ordered is not None  # kept up to date by it, not dropped
            expected = sorted(index << KEY_BITS | key for index, key in maze.frontier.items())
            assert maze.frontier_in_order() == expected
            checked += 1
        for copy, order in before:
            assert copy.frontier_in_order() == order
        before = [(maze.copy(), list(maze.frontier_in_order())) for maze in mazes_of(state)]
        sizes = {id(maze): len(maze.cells) for maze in mazes_of(state)}
    assert checked > 500
    assert kept > 100


@pytest.mark.parametrize("ruleset", ["classic", "duel", "darkcave"])
def test_removing_a_card_leaves_what_a_full_recomputation_finds(ruleset):
    """``Maze.remove`` recomputes only where a tunnel ran through the card; a dead end or a card
    no tunnel reaches is taken out locally. Either way the reach and the open slots (with their
    constraint keys) equal those of the same maze recomputed from its roots, for every card but a
    start at every move of eastward games, and a place after it grows the same maze."""
    game = new_game(ruleset, {"classic": 5, "duel": 2}.get(ruleset, 4))
    local = through = 0
    for state in eastward_games(game, 6, 0.8):
        for maze in mazes_of(state):
            for index in list(maze.cells):
                if index in maze.roots:
                    continue
                removed, fresh = maze.copy(), maze.copy()
                sid = removed.remove(index)
                assert sid == fresh.cells.pop(index)
                fresh.recompute()
                assert removed.live == fresh.live
                assert removed.frontier == fresh.frontier
                assert removed.frontier_in_order() == fresh.frontier_in_order()
                if index in maze.live and maze.table.passes[sid]:
                    through += 1
                else:
                    local += 1
                    for slot in list(removed.frontier)[:2]:  # and it grows on alike
                        removed.place(slot, sid)
                        fresh.place(slot, sid)
                        assert removed.live == fresh.live
                        assert removed.frontier == fresh.frontier
    assert local > 100 and through > 100  # both ways were taken


def test_frontier_without_a_card_is_what_removing_it_leaves():
    """``Maze.frontier_without`` (read-only) equals a copy's frontier after ``remove``, for every
    card but the start at every move of eastward games (goals turned over included), and the
    tunnel's ``Reach.after_remove`` (which skips cards no tunnel touches and takes a dead end out
    without a recomputation) agrees with it."""
    from saboteur.bots.tunnel import DEAD_END, FAR, GOAL_SLOTS, Reach, _nearest

    game = new_game("classic", 5)
    checked = skipped = dead_ends = 0
    for state in eastward_games(game, 8, 0.8):
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
            untouched = index not in maze.live and not maze.joined_sides(index)
            skipped += untouched
            dead_ends += not untouched and DEAD_END[maze.cells[index]]
    assert checked > 1000 and skipped > 0 and dead_ends > 0  # every way of after_remove was used


def test_reach_place_effect_is_its_definition():
    """``Reach.place_effect`` (per-slot answers packed in one int) gives, for every legal place at
    every move of eastward games, what its definition says: the smallest distance to a target from
    the other open ends and from the empty slots the card leads on to (0: into a target), and how
    many sides lead on."""
    from saboteur.bots.tunnel import FAR, GOAL_SLOTS, JOINED, Reach, _nearest
    from saboteur.engine.maze import SIDE_STEPS

    game = new_game("classic", 4)
    checked = into_target = 0
    for seed in range(6):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            maze = state.maze
            targets = tuple(i for i in GOAL_SLOTS if i in maze.hidden)[: 1 + seed % 3]
            reach = Reach(maze, targets)
            ends = {slot: _nearest(slot, targets, reach.near) for slot in maze.frontier}
            legal = state.legal_actions()
            for action in legal:
                if action.kind != "place":
                    continue
                index, sid = action.code >> 6, action.code & 63
                facing_live = free = 0
                for side, opposite, step in SIDE_STEPS:
                    if maze.live.get(index + step, 0) & opposite:
                        facing_live |= side
                    if index + step not in maze.cells:
                        free |= side
                onward = JOINED[sid][facing_live] & free
                others = [d for slot, d in ends.items() if slot != index]
                best = min(others, default=FAR)
                for side, _, step in SIDE_STEPS:
                    if onward & side:
                        neighbour = index + step
                        if neighbour in maze.hidden and neighbour in targets:
                            best = 0
                        else:
                            best = min(best, _nearest(neighbour, targets, reach.near))
                expected = (best, bin(onward).count("1"))
                assert reach.place_effect(index, sid) == expected, (seed, action.text)
                assert reach.onward(index, sid) == onward
                checked += 1
                into_target += best == 0
            places = [a for a in legal if a.kind == "place" and a.slot is not None]
            if places and rng.random() < 0.8:
                state.apply(max(places, key=lambda a: (a.slot[0] if a.slot else 0, rng.random())))
            else:
                state.apply(rng.choice(legal))
    assert checked > 5000 and into_target > 0
