"""The Duel, the end of a round, paying trolls, the next round and the end of the game
(seed 004: "Ende einer Runde", "Eine neue Runde beginnt", "Spielende")."""

import random
from collections import Counter

from saboteur.engine import new_game
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.gold import payment
from saboteur.engine.duel.state import DuelState
from tests.test_duel_scenario import DuelScenario, kinds, play

ROAD = ("EW@1,0", "EW@2,0", "SW@3,0", "NE@3,1")
OTHER_GOALS = ((6, 0), (6, 2), (7, -1), (7, 1), (7, 3))


def round_two(state) -> bool:
    return state.round == 2 and "round-start" in kinds(state)


def test_the_round_ends_when_the_sixth_goal_is_turned_over():
    scenario = DuelScenario().maze(*ROAD).goal(5, 1, "goal-1")
    stones = ["stone-ne", "stone-ne", "stone-nw", "goal-2", "goal-2"]
    for (x, y), card in zip(OTHER_GOALS, stones, strict=True):
        shape = {"stone-ne": "NE", "stone-nw": "NW", "goal-2": "NESW"}[card]
        scenario.maze(f"{card}:{shape}@{x},{y}")
    state = scenario.hand(0, "NESW").turn(0).build()
    play(state, "NESW@4,1")
    end = next(e for e in state.events if e.kind == "round-end")
    assert end.data == {"round": 1, "turns": 1, "end": "goals", "gold": [1, 0], "paid": [0, 0]}
    assert round_two(state) and state.gold == [["goal-1"], []]
    assert "draw" not in kinds(state)[: kinds(state).index("round-end")]


def test_the_round_ends_when_the_eighth_marker_is_used():
    golds = ("gold-EW@1,-2", "gold-ES@2,-2", "gold-NES@3,-2", "gold-NEW@4,-2", "gold-NESW@5,-2")
    scenario = DuelScenario().maze(*golds, "troll-NES@1,4", "troll-NESW@2,4", "troll-EW@1,0")
    for x in range(1, 6):
        scenario.marker(x, -2, 1 if x < 3 else 0)
    scenario.marker(1, 4, 1).marker(2, 4, 0)
    state = scenario.gold(0, "goal-3").hand(0, "NS", "map").turn(0).build()
    assert state.markers_left == 1
    play(state, "bribe@1,0")  # the eighth marker: the round ends at once
    end = next(e for e in state.events if e.kind == "round-end")
    assert end.data["end"] == "markers" and end.data["gold"] == [3, 2]
    # green: 3 path gold won and a 3-gold goal; 2 trolls bribed, paid with the 1-gold cards
    assert end.data["paid"] == [2, 1] and round_two(state)
    assert len(state.gold[0]) == 2 and "goal-3" in state.gold[0]
    assert state.scores == [4, 1]


def test_the_round_ends_when_the_draw_pile_and_both_hands_are_empty():
    state = DuelScenario().hand(0, "NS").hand(1).deck().turn(0).build()
    play(state, "pass:NS")
    end = next(e for e in state.events if e.kind == "round-end")
    assert end.data["end"] == "cards" and round_two(state)


def test_trolls_are_paid_without_change():
    assert payment(["goal-3"], 1) == ["goal-3"]
    assert payment(["goal-2", "gold-EW"], 1) == ["gold-EW"]
    assert payment(["goal-2", "goal-3"], 1) == ["goal-2"]
    assert payment(["goal-1", "goal-1", "goal-3"], 2) == ["goal-1", "goal-1"]
    assert payment([], 2) == []
    assert payment(["gold-EW"], 2) == ["gold-EW"]  # all there is


def _pass_out(scenario: DuelScenario) -> DuelState:
    """Seat 0 discards its last card, nobody holds any and the deck is empty: the round ends."""
    state = scenario.hand(0, "NS").hand(1).deck().turn(0).build()
    play(state, "pass:NS")
    return state


def test_a_player_with_a_three_pays_it_for_one_bribe():
    scenario = DuelScenario().maze("troll-EW@1,0").marker(1, 0, 0).gold(0, "goal-3")
    state = _pass_out(scenario)
    pay = next(e for e in state.events if e.kind == "pay")
    assert pay.seat == 0 and pay.data == {"bribes": 1, "cards": ["goal-3"], "value": 3}
    assert state.gold[0] == [] and "goal-3" in state.box


def test_won_gold_cards_leave_the_game_and_the_rest_is_reshuffled():
    state = _pass_out(DuelScenario().maze("gold-EW@1,0", "EW@2,0").marker(1, 0, 1))
    assert state.gold == [[], ["gold-EW"]]
    in_play = Counter(state.deck) + Counter(state.hands[0]) + Counter(state.hands[1])
    assert in_play == Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS) - Counter(["gold-EW"])
    assert len(state.goal_pile) == 6 and len(state.box) == 6  # round 1's goals are boxed
    assert state.current_player == 0  # green has less gold


def test_on_a_tie_the_blue_dwarf_starts_the_next_round():
    state = DuelScenario().hand(0, "NS").hand(1).deck().gold(0, "goal-1").gold(1, "gold-EW")
    built = state.turn(0).build()
    play(built, "pass:NS")
    assert built.round == 2 and built.current_player == 1


def test_green_starts_the_first_round():
    assert all(new_game("duel", 2).new_state(seed).current_player == 0 for seed in range(5))


def test_three_rounds_use_up_all_eighteen_goals_and_the_richest_wins():
    game = new_game("duel", 2)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert [r["round"] for r in state.results] == [1, 2, 3] and state.goal_pile == []
    used = [c for c in state.box if c in C.GOAL_COUNTS] + [
        c for cards in state.gold for c in cards if c in C.GOAL_COUNTS
    ]
    assert Counter(used) == Counter(C.GOAL_COUNTS)
    best = max(state.scores)
    assert state.winners == [s for s in (0, 1) if state.scores[s] == best]
    assert state.events[-1].kind == "game-over" and state.current_player is None


def test_a_shorter_game():
    state = new_game("duel", 2, {"rounds": 1}).new_state(seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.results) == 1 and len(state.goal_pile) == 12
