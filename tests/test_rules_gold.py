"""RULES.md §1 End of a round and gold; Next round and game end."""

from collections import Counter

import pytest

from saboteur.engine.classic.state import ClassicState
from tests.scenario import Scenario, play, refuse, row

GOLD_ROW = row(0, 1, 6)  # a tunnel from the start to (6,0); (7,0) reaches the goal at (8,0)


def reach_gold(
    finder: int,
    players: int = 5,
    saboteurs: tuple[int, ...] = (1, 3),
    gold: tuple[int, ...] = (3, 2, 1),
    scenario: Scenario | None = None,
) -> ClassicState:
    """``finder`` lays the card that reaches the gold; ``gold`` are the next gold cards."""
    scenario = scenario or Scenario(players)
    state = (
        scenario.saboteurs(*saboteurs)
        .goals(gold=(8, 0))
        .maze(*GOLD_ROW)
        .hand(finder, "EW")
        .gold_next(*gold)
        .turn(finder)
        .build()
    )
    play(state, "EW@7,0")
    return state


def run_out(
    players: int, saboteurs: tuple[int, ...], scenario: Scenario | None = None, last: int = 0
) -> ClassicState:
    """Seat ``last`` passes the last card of the round: nobody reached the gold."""
    scenario = scenario or Scenario(players)
    others = [seat for seat in range(players) if seat != last]
    state = (
        scenario.saboteurs(*saboteurs)
        .deck()
        .empty_hands(*others)
        .hand(last, "NS")
        .turn(last)
        .build()
    )
    play(state, "pass:NS")
    return state


# -- diggers win --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, saboteurs, diggers",
    [(3, (), 3), (4, (3,), 3), (5, (1, 3), 3), (7, (0, 4), 5), (10, (0, 1, 2), 7)],
)
def test_diggers_draw_as_many_gold_cards_as_there_are_diggers(players, saboteurs, diggers):
    finder = next(seat for seat in range(players) if seat not in saboteurs)
    gold = (3, 2, 1, 1, 1, 1, 1)[:diggers]
    state = reach_gold(finder, players, saboteurs, gold)
    assert state.phase == "gold"
    assert sorted(state.gold_offer) == sorted(gold)
    assert len(state.gold_pile) == 28 - diggers


def test_the_finder_chooses_first_then_counter_clockwise_skipping_saboteurs():
    state = reach_gold(finder=2)  # 5 players: seats 1 and 3 are saboteurs
    assert state.current_player == 2
    assert {str(a) for a in state.legal_actions()} == {"gold:3", "gold:2", "gold:1"}
    assert state.view(2)["gold_offer"] == [3, 2, 1]
    assert all(state.view(seat).get("gold_offer") is None for seat in (None, 0, 1, 3, 4))
    refuse(state, "gold:3", "turn", player=0)
    play(state, "gold:2")
    assert state.current_player == 0  # seat 1 (a saboteur) is skipped
    assert {str(a) for a in state.legal_actions()} == {"gold:3", "gold:1"}
    play(state, "gold:1")
    # the last card is no choice: seat 4 gets it without acting
    assert state.gold == [[1], [], [2], [], [3]]
    assert state.round == 2 and state.phase == "play"
    assert [t for t in state.history if t.startswith("gold:")] == ["gold:2", "gold:1"]


def test_a_gold_card_that_is_not_offered_is_refused():
    state = reach_gold(finder=2)
    play(state, "gold:3")
    refuse(state, "gold:3", "gold.value")
    play(state, "gold:2")


@pytest.mark.parametrize(
    "finder, first, order",
    [(1, 0, [0, 4, 2]), (3, 2, [2, 0, 4])],  # seats 1 and 3 are the saboteurs
)
def test_if_a_saboteur_reaches_the_gold_the_nearest_digger_counter_clockwise_chooses_first(
    finder, first, order
):
    state = reach_gold(finder=finder, gold=(3, 2, 1))
    assert state.results[-1]["winner"] == "diggers"
    assert state.results[-1]["finder"] == finder
    assert state.current_player == first
    chosen = []
    while state.phase == "gold":
        chosen.append(state.current_player)
        play(state, str(state.legal_actions()[0]))
    assert chosen == order[:2]
    assert state.gold[1] == state.gold[3] == []
    assert sorted(v for seat in order for v in state.gold[seat]) == [1, 2, 3]


def test_forced_choices_are_handed_out_automatically():
    state = reach_gold(finder=2, gold=(1, 1, 1))
    assert state.phase == "play" and state.round == 2
    assert state.gold == [[1], [], [1], [], [1]]
    assert not [t for t in state.history if t.startswith("gold:")]
    state = reach_gold(finder=2, gold=(3, 2, 2))
    play(state, "gold:3")  # what is left is alike: seats 0 and 4 get a 2 each
    assert state.gold == [[2], [], [3], [], [2]] and state.round == 2


def test_the_gold_wins_even_when_the_last_card_of_the_round_reaches_it():
    scenario = Scenario(5).deck().empty_hands(0, 1, 3, 4)
    state = reach_gold(finder=2, gold=(1, 1, 1), scenario=scenario)
    assert state.results[0]["winner"] == "diggers"
    assert state.gold == [[1], [], [1], [], [1]]


def test_blocked_diggers_share_the_gold_like_any_digger():
    state = reach_gold(finder=2, gold=(1, 1, 1), scenario=Scenario(5).broken(4, "pickaxe"))
    assert state.gold[4] == [1]


def test_gold_values_stay_secret_until_the_end():
    state = reach_gold(finder=2)
    mark = len(state.events)
    play(state, "gold:3")
    play(state, "gold:2")
    for other in (None, 1, 3):
        for event in state.events_for(other, mark):
            assert "values" not in event.data, event
    assert "gold" not in state.view(None)
    assert state.view(1)["gold"] == []  # a player sees only their own gold
    assert state.view(0)["gold"] == [2] and state.view(2)["gold"] == [3]
    assert state.view(1)["gold_cards"] == [1, 0, 1, 0, 1]
    assert state.view(1)["scores"] is None


# -- saboteurs win --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, saboteurs, each",
    [
        (3, (1,), 4),
        (4, (3,), 4),
        (5, (1, 3), 3),
        (6, (0, 5), 3),
        (7, (1, 3, 5), 3),
        (8, (0, 4, 7), 3),
        (9, (2, 5, 8), 3),
        (10, (0, 1, 2, 3), 2),
    ],
)
def test_saboteurs_are_paid_4_3_3_2_with_the_fewest_cards(players, saboteurs, each):
    state = run_out(players, saboteurs)
    assert state.results[0]["winner"] == "saboteurs"
    fewest = {4: 2, 3: 1, 2: 1}[each]  # 3+1, 3, 2: the pile holds every value
    for seat in range(players):
        if seat in saboteurs:
            assert sum(state.gold[seat]) == each and len(state.gold[seat]) == fewest
        else:
            assert state.gold[seat] == []
    assert sum(len(cards) for cards in state.gold) + len(state.gold_pile) == 28


def test_saboteur_pay_with_the_fewest_cards_from_what_the_pile_holds():
    state = run_out(4, (3,), Scenario(4).gold_pile(1, 2, 1, 2, 1, rest_to=0))
    assert sorted(state.gold[3]) == [2, 2]
    state = run_out(4, (3,), Scenario(4).gold_pile(1, 1, 1, 1, 1, rest_to=0))
    assert state.gold[3] == [1, 1, 1, 1]


def test_a_short_gold_pile_pays_as_close_below_as_possible_and_says_so():
    state = run_out(4, (3,), Scenario(4).gold_pile(1, 1, rest_to=0))
    assert state.gold[3] == [1, 1] and state.gold_pile == []
    assert any(e.kind == "gold-short" for e in state.events)


def test_no_saboteur_and_no_gold_reached_pays_nobody():
    state = run_out(3, ())
    assert state.results[0]["roles"] == ["digger"] * 3  # the saboteur card was left aside
    assert state.results[0]["winner"] == "nobody"
    assert state.gold == [[], [], []] and len(state.gold_pile) == 28
    assert state.round == 2


# -- next round and game end ----------------------------------------------------------------------


@pytest.mark.parametrize("last, first", [(0, 1), (2, 3), (3, 0)])
def test_next_round_starts_with_the_seat_after_the_last_card(last, first):
    state = run_out(4, (1,), last=last)
    assert state.round == 2 and state.current_player == first


def test_after_the_gold_the_seat_after_the_finder_starts():
    state = reach_gold(finder=2)
    play(state, "gold:1")
    play(state, "gold:2")  # gold choices are not cards played
    assert state.round == 2 and state.current_player == 3


def test_a_new_round_resets_the_table_but_not_the_gold():
    scenario = Scenario(5).broken(0, "cart").peek(2, 8, 0).discard("map", "map")
    state = reach_gold(finder=2, gold=(1, 1, 1), scenario=scenario)
    data = state.to_json()
    assert data["round"] == 2 and data["phase"] == "play"
    assert data["maze"] == [[0, 0, "start"]]
    assert sorted(card for _, _, card in data["goals"]) == ["gold", "stone-ne", "stone-nw"]
    assert all(not g["revealed"] and g["card"] is None for g in state.view(2)["goals"])
    assert data["broken"] == [[]] * 5 and data["peeks"] == [[]] * 5
    assert data["discard"] == [] and [len(hand) for hand in data["hands"]] == [6] * 5
    assert len(data["deck"]) == 67 - 30
    assert data["gold"] == [[1], [], [1], [], [1]] and len(data["gold_pile"]) == 25
    assert Counter(data["roles"]) + Counter(data["role_aside"]) == Counter(
        {"saboteur": 2, "digger": 4}
    )


def test_round_two_ends_into_round_three():
    state = run_out(3, (), Scenario(3).set(round=2))
    assert state.round == 3 and not state.is_over and state.winners == []


def test_after_round_three_most_gold_wins():
    scenario = Scenario(3).set(round=3).gold(0, 3, 3).gold(1, 2, 2, 1).gold(2, 1)
    state = run_out(3, (), scenario)
    assert state.is_over and state.current_player is None
    assert state.scores == [6, 5, 1] and state.winners == [0]
    assert state.legal_actions() == []
    over = [e for e in state.events if e.kind == "game-over"]
    assert over[-1].data == {"scores": [6, 5, 1], "winners": [0]}
    assert state.view(1)["scores"] == [6, 5, 1] and state.view(1)["winners"] == [0]
    refuse(state, "pass:NS", "game.over")


def test_ties_share_the_win():
    scenario = Scenario(3).set(round=3).gold(0, 3, 2).gold(1, 2, 3).gold(2, 1)
    state = run_out(3, (), scenario)
    assert state.winners == [0, 1]


def test_the_game_ends_once_the_last_rounds_gold_is_shared():
    state = reach_gold(finder=2, scenario=Scenario(5).set(round=3))
    assert state.phase == "gold" and not state.is_over
    play(state, "gold:3")
    play(state, "gold:2")
    assert state.is_over and state.round == 3 and state.winners == [2]


def test_saboteurs_win_the_last_round_and_the_game():
    state = run_out(4, (1,), Scenario(4).set(round=3).gold(0, 2).gold(2, 1, 1))
    assert state.is_over and state.scores[1] == 4 and state.winners == [1]
