"""The Dark Cave's heuristic bot: legal at every table size, and its rules of thumb at work."""

from __future__ import annotations

import random

import pytest

from saboteur.bots.base import choose
from saboteur.bots.darkcave.bot import DarkCaveHeuristicBot
from saboteur.bots.darkcave.sight import Sight
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave.state import DarkCaveState
from tests.darkcave_scenario import creature_before_dwarf, dealt, fresh, lay, load


def _bot(state: DarkCaveState, seat: int) -> DarkCaveHeuristicBot:
    return DarkCaveHeuristicBot(state.game, seat, random.Random(seat))


@pytest.mark.parametrize("players", range(2, 9))
def test_heuristic_bots_play_whole_games(players: int) -> None:
    state = fresh(players, seed=players)
    bots = [_bot(state, seat) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(choose(bots[seat], state, seat))  # apply refuses anything illegal
    assert state.events[-1].kind == "game-end"


def test_it_sees_the_cave_as_the_state_has_it() -> None:
    state = fresh(5, seed=4)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    sight = Sight(state.view(state.current_player))
    assert sight.maze.cells == state.maze.cells
    assert set(sight.maze.hidden) == set(state.maze.hidden)
    assert sight.dwarfs == [state.dwarf_field(s) for s in range(5)]


def test_it_walks_towards_the_exit_it_can_see() -> None:
    data = dealt()
    for x in (1, 2, 3):
        lay(data, x, 0, "I-NESW")
    lay(data, 4, 0, "I-NW")
    lay(data, 4, -1, "I-NS")
    lay(data, 4, -2, "I-NS")
    lay(data, 4, -3, "II-NS")
    data["maze"].append([4, -4, "goal-exit"])
    data["hidden"] = [h for h in data["hidden"] if h != [4, -4]]
    exit_goal = next(g for g in data["goals"] if g[2] == C.EXIT_GOAL)
    here = next(g for g in data["goals"] if g[:2] == [4, -4])
    exit_goal[2], here[2] = here[2], C.EXIT_GOAL
    data["dwarfs"][0] = "4,-3.1"
    state = load(data)
    bot = _bot(state, 0)
    state.apply(choose(bot, state, 0))  # plays or passes
    for _ in range(3):
        if state.current_player != 0 or state.phase != "move":
            break
        state.apply(choose(bot, state, 0))
    assert 0 in state.out


def test_it_sets_a_creature_on_a_dwarf_it_knows_to_be_an_enemy() -> None:
    state = creature_before_dwarf("goblin", "swap")  # two players: the other is an enemy
    bot = _bot(state, 0)
    action = choose(bot, state, 0)
    assert action.text == "goblin@1,0.0"
    state.apply(action)
    state.apply(choose(bot, state, 0))
    assert state.gold[1] == 2


def test_it_drives_a_creature_off_with_its_axe() -> None:
    state = creature_before_dwarf("rat", "I-NS", axe=True)
    state.apply("rat@1,0.0")
    state.apply("step@2,0.0")
    assert state.current_player == 1
    assert choose(_bot(state, 1), state, 1).text == "drive-off"
