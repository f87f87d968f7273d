"""Zwergengold's heuristic bot: legal at every table size, and its rules of thumb at work."""

from __future__ import annotations

import random

import pytest

from saboteur.bots.base import choose
from saboteur.bots.pool import Job, play_one
from saboteur.bots.zwergengold.bot import ZwergengoldHeuristicBot
from saboteur.bots.zwergengold.sight import Sight
from saboteur.engine import new_game
from saboteur.engine.zwergengold.state import ZwergengoldState
from tests.zwergengold_scenario import card_with, dealt, scene


def _bot(state: ZwergengoldState, seat: int) -> ZwergengoldHeuristicBot:
    return ZwergengoldHeuristicBot(state.game, seat, random.Random(seat))


@pytest.mark.parametrize("players", range(2, 8))
def test_heuristic_bots_play_whole_games(players: int) -> None:
    """Every seat the descriptor's heuristic, 12 rounds; ``apply`` refuses anything illegal."""
    options = {"rounds": 12} | ({"summit": True} if players == 4 else {})
    options |= {"no_plan": True} if players == 5 else {}
    game = new_game("zwergengold", players, options)
    played = play_one(game, Job(0, ("heuristic",) * players, players, "0"))
    assert len(played.outcomes) == players
    assert sum(decisions for decisions, _, _ in played.thinking) > players


def test_it_sees_the_labyrinth_as_the_state_has_it() -> None:
    state = dealt(3, seed=4)
    bots = [_bot(state, seat) for seat in range(3)]
    for _ in range(60):
        seat = state.current_player
        assert seat is not None
        state.apply(choose(bots[seat], state, seat))
    sight = Sight(state.game, state.view(0))
    assert sight.lab.maze.cells == state.lab.maze.cells
    assert sight.lab.levels == state.lab.levels
    assert sight.mages == [state.mage_slot(s) for s in range(3)]


def _first_card(state: ZwergengoldState) -> str:
    """Let seat 0 decide until it lays a card; that action's text."""
    bot = _bot(state, 0)
    for _ in range(10):
        action = choose(bot, state, 0)
        if action.kind in ("play", "read"):
            return action.text
        state.apply(action)
    raise AssertionError("the bot laid no card")


def test_it_lays_stairs_downwards() -> None:
    hand = ["S", card_with("I", None), card_with("D", None)]
    state = scene(cards=[(0, 1, card_with("I", None), 0, 1, True)], hands=[hand, []])
    assert _first_card(state) == "play:S@0,2:0"  # the arrow end (one level deeper) away


def test_it_lays_stairs_upwards_when_it_went_too_deep() -> None:
    cards = [(0, 2, card_with("I", None), 0, 4, True)]
    state = scene(cards=cards, mages=((0, 2), (0, 0)), hands=[["S", card_with("D", None)], []])
    assert _first_card(state) == "play:S@0,3:2"  # level 4 is one too deep: stairs lead up


def _dragon_ahead(seen: bool) -> ZwergengoldState:
    """Seat 0 on a crossroads at (1,3), stairs down with a dragon face down east of it."""
    dragon = card_with("S", "dragon")
    cards = [(1, 3, card_with("X", None), 0, 1, True), (2, 3, dragon, 3, 1, False)]
    looked = [[[2, 3, dragon]], []] if seen else [[], []]
    return scene(cards=cards, mages=((1, 3), (0, 0)), ap=[5, 7], seen=looked)


def test_it_does_not_walk_onto_a_dragon_it_knows_and_cannot_pay() -> None:
    assert choose(_bot(_dragon_ahead(True), 0), _dragon_ahead(True), 0).text == "end"
    state = _dragon_ahead(False)
    assert choose(_bot(state, 0), state, 0).text == "step@2,3"  # unseen: worth the risk


def _rival_on_my_card(level: int) -> ZwergengoldState:
    """Both mages on a T-junction at (1,1) whose N exit leads to the place beside the start."""
    cards = [(1, 1, card_with("T", None), 2, level, True)]
    return scene(cards=cards, mages=((1, 1), (1, 1)), ap=[3, 5])


def test_it_duels_a_rival_next_to_the_gold() -> None:
    state = _rival_on_my_card(3)
    assert choose(_bot(state, 0), state, 0).text == "duel@1:3"
    state = _rival_on_my_card(1)  # two levels still to go: not worth the AP
    assert choose(_bot(state, 0), state, 0).text == "end"
