"""RULES.md §1 Components and Setup; §2 the online-3 preset and the demo opening.

The expected figures are written out here from RULES.md, not read from the engine's tables.
"""

from collections import Counter

import pytest

from saboteur.engine import IllegalAction, OptionError, new_game
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.maze import Shape, sides_mask, sides_text, slot_xy, turn_half
from tests.scenario import Scenario, cells, play, refuse, row

# RULES.md §1 Components, in the engine's card names (open sides N,E,S,W; x = dead end)
CONNECTED = {"NS": 4, "EW": 3, "ES": 4, "SW": 5, "NES": 5, "NEW": 5, "NESW": 5}
DEAD_ENDS = ["xS", "xW", "xNS", "xEW", "xES", "xSW", "xNES", "xNEW", "xNESW"]
ACTIONS = {
    "break-pickaxe": 3,
    "break-lantern": 3,
    "break-cart": 3,
    "repair-pickaxe": 2,
    "repair-lantern": 2,
    "repair-cart": 2,
    "repair-pickaxe-lantern": 1,
    "repair-pickaxe-cart": 1,
    "repair-lantern-cart": 1,
    "rockfall": 3,
    "map": 6,
}
ROLES = {3: (1, 3), 4: (1, 4), 5: (2, 4), 6: (2, 5), 7: (3, 5), 8: (3, 6), 9: (3, 7), 10: (4, 7)}
HAND = {3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}
GOALS = [(8, -2), (8, 0), (8, 2)]


def every_path_and_action_card() -> Counter[str]:
    return Counter(CONNECTED) + Counter(DEAD_ENDS) + Counter(ACTIONS)


def shape_named(name: str) -> Shape:
    return C.SHAPES.shapes[C.SHAPES.by_name[name]]


# -- the deck -------------------------------------------------------------------------------------


def test_forty_path_cards_with_their_shapes_and_counts():
    assert sum(CONNECTED.values()) == 31 and len(DEAD_ENDS) == 9
    assert dict(C.PATH_COUNTS) == {**CONNECTED, **dict.fromkeys(DEAD_ENDS, 1)}
    for card in CONNECTED:  # one tunnel joins all open sides
        shape = shape_named(card)
        assert sides_text(shape.sides) == card
        assert shape.groups == (sides_mask(card),)
    for card in DEAD_ENDS:  # open sides, no connection between them or through the centre
        shape = shape_named(card)
        assert sides_text(shape.sides) == card[1:]
        assert shape.links == []
        assert all(bin(group).count("1") == 1 for group in shape.groups)


def test_twenty_seven_action_cards_and_twenty_eight_gold_cards():
    assert dict(C.ACTION_COUNTS) == ACTIONS
    assert sum(ACTIONS.values()) == 27
    assert Counter(C.GOLD_CARDS) == Counter({1: 16, 2: 8, 3: 4})
    assert sum(C.GOLD_CARDS) == 44


@pytest.mark.parametrize("players", range(3, 11))
def test_a_dealt_state_holds_the_whole_deck_and_gold(players):
    data = new_game("classic", players).new_state(seed=players).to_json()
    dealt = Counter(data["deck"]) + sum((Counter(hand) for hand in data["hands"]), Counter())
    assert dealt == every_path_and_action_card()
    assert Counter(data["gold_pile"]) == Counter({1: 16, 2: 8, 3: 4})
    assert data["discard"] == [] and data["gold"] == [[]] * players


def test_start_is_a_crossroads_gold_goal_a_crossroads_stones_curves_of_opposite_handedness():
    assert shape_named("start").sides == sides_mask("NESW")
    assert shape_named("start").groups == (sides_mask("NESW"),)
    lies = {
        goal: {sides_text(s.sides) for s in C.SHAPES.shapes if s.card == goal}
        for goal in ("gold", "stone-ne", "stone-nw")
    }
    assert lies == {"gold": {"NESW"}, "stone-ne": {"NE", "SW"}, "stone-nw": {"NW", "ES"}}
    for goal in lies:  # a goal's open sides are joined through it (curves and crossroads)
        for shape in C.SHAPES.shapes:
            if shape.card == goal:
                assert shape.groups == (shape.sides,)


def test_cards_turn_only_by_180_degrees():
    """Each path card lies as printed or turned 180°; a 90° turn has no shape at all."""
    for card in C.PATH_COUNTS:
        printed = sides_mask(card.lstrip("x"))
        lies = {s.sides for s in C.SHAPES.shapes if s.card == card}
        assert lies == {printed, turn_half(printed)}, card
    turned_90 = {"NS": "EW", "ES": "SW", "NES": "NEW"}
    for card, rotated in turned_90.items():
        assert all(s.sides != sides_mask(rotated) for s in C.SHAPES.shapes if s.card == card)


# -- roles, hands, layout -------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 11))
def test_roles_by_player_count_with_one_card_left_aside(players):
    saboteurs, diggers = ROLES[players]
    for seed in range(12):
        state = new_game("classic", players).new_state(seed=seed)
        assert len(state.roles) == players and len(state.role_aside) == 1
        pool = Counter(state.roles) + Counter(state.role_aside)
        assert pool == Counter({"saboteur": saboteurs, "digger": diggers})


def test_three_players_may_have_no_saboteur():
    counts = Counter(
        new_game("classic", 3).new_state(seed=seed).roles.count("saboteur") for seed in range(60)
    )
    assert counts[0] > 0 and counts[1] > 0 and set(counts) == {0, 1}


def test_the_same_role_cards_are_redealt_each_round():
    state = Scenario(players=5).deck().empty_hands(1, 2, 3, 4).hand(0, "NS").turn(0).build()
    before = Counter(state.roles) + Counter(state.role_aside)
    play(state, "pass:NS")
    assert state.round == 2
    assert Counter(state.roles) + Counter(state.role_aside) == before


@pytest.mark.parametrize("players", range(3, 11))
def test_hand_sizes_six_five_four(players):
    state = new_game("classic", players).new_state(seed=3)
    assert [len(hand) for hand in state.hands] == [HAND[players]] * players
    assert len(state.deck) == 67 - players * HAND[players]


def test_layout_start_at_origin_goals_face_down_seven_cards_away():
    data = new_game("classic", 4).new_state(seed=2).to_json()
    assert data["maze"] == [[0, 0, "start"]]
    assert sorted((x, y) for x, y, _ in data["goals"]) == GOALS
    assert sorted(card for _, _, card in data["goals"]) == ["gold", "stone-ne", "stone-nw"]
    view = new_game("classic", 4).new_state(seed=2).view(0)
    assert all(not g["revealed"] and g["card"] is None for g in view["goals"])


def test_goal_cards_are_shuffled():
    where = set()
    for seed in range(20):
        goals = new_game("classic", 4).new_state(seed=seed).to_json()["goals"]
        where.add(next((x, y) for x, y, card in goals if card == "gold"))
    assert where == set(GOALS)


def test_first_player_is_a_random_seat_or_the_chosen_one():
    firsts = {new_game("classic", 5).new_state(seed=s).current_player for s in range(40)}
    assert len(firsts) > 1 and firsts <= set(range(5))
    assert ClassicGame(5, {"first": 3}).new_state(seed=1).current_player == 3


@pytest.mark.parametrize("players", [2, 11])
def test_player_count_is_three_to_ten(players):
    with pytest.raises(OptionError):
        ClassicGame(players)


# -- the online-3 preset --------------------------------------------------------------------------

ONLINE3 = {"preset": "online-3"}


def test_online3_is_for_three_players_only():
    with pytest.raises(OptionError):
        ClassicGame(4, ONLINE3)


def test_online3_always_two_diggers_and_one_saboteur():
    for seed in range(30):
        state = ClassicGame(3, ONLINE3).new_state(seed=seed)
        assert sorted(state.roles) == ["digger", "digger", "saboteur"]
        assert state.role_aside == []
        assert [len(hand) for hand in state.hands] == [6, 6, 6]


def test_online3_maze_is_bounded_ten_by_nine():
    state = ClassicGame(3, ONLINE3).new_state(seed=1)
    assert state.view(0)["bounds"] == [0, 9, -4, 4]
    # x stops at 0: West of the start lies outside; East of it is fine
    state = Scenario(3, ONLINE3).hand(0, "EW", "NS").turn(0).build()
    refuse(state, "EW@-1,0", "path.bounds")
    play(state.clone(), "EW@1,0")
    # y runs -4..4: a tunnel may reach row -4 but not row -5
    north = ["NS@0,-1", "NESW@0,-2", "NESW@0,-3"]
    state = Scenario(3, ONLINE3).maze(*north).hand(0, "NS").turn(0).build()
    play(state, "NS@0,-4")
    state = Scenario(3, ONLINE3).maze(*north, "NS@0,-4").hand(0, "NS").turn(0).build()
    refuse(state, "NS@0,-5", "path.bounds")
    # x runs 0..9: the bottom row (y = 4) may reach x = 9 but not x = 10
    south = ["NS@0,1", "NS@0,2", "NS@0,3", "NE@0,4"]
    state = Scenario(3, ONLINE3).maze(*south, *row(4, 1, 8)).hand(0, "EW").turn(0).build()
    play(state, "EW@9,4")
    state = Scenario(3, ONLINE3).maze(*south, *row(4, 1, 9)).hand(0, "EW").turn(0).build()
    refuse(state, "EW@10,4", "path.bounds")


def test_the_standard_maze_is_unbounded():
    state = Scenario(4).hand(0, "EW").turn(0).build()
    play(state, "EW@-1,0")
    assert state.view(0)["bounds"] is None


def test_online3_gold_is_dealt_at_random_without_gold_actions():
    received = set()
    for seed in range(8):
        state = (
            Scenario(3, ONLINE3, seed=seed)
            .roles("digger", "saboteur", "digger")
            .goals(gold=(8, 0))
            .maze(*row(0, 1, 6))
            .hand(0, "EW")
            .gold_next(3, 1)
            .turn(0)
            .build()
        )
        pile = len(state.gold_pile)
        play(state, "EW@7,0")
        assert state.results[-1]["winner"] == "diggers"
        assert state.phase == "play" and state.round == 2  # no gold phase, no gold:N actions
        assert not any(text.startswith("gold:") for text in state.history)
        assert sorted(state.gold[0] + state.gold[2]) == [1, 3]
        assert len(state.gold[0]) == len(state.gold[2]) == 1 and state.gold[1] == []
        assert len(state.gold_pile) == pile - 2
        received.add(state.gold[0][0])
    assert received == {1, 3}  # at random: seat 0 sometimes gets the 3, sometimes the 1


def test_online3_gold_actions_are_never_legal():
    state = Scenario(3, ONLINE3).turn(0).build()
    refuse(state, "gold:1", "gold.phase")


def test_online3_saboteur_gets_four_when_the_gold_is_not_reached():
    state = (
        Scenario(3, ONLINE3)
        .roles("digger", "saboteur", "digger")
        .deck()
        .empty_hands(1, 2)
        .hand(0, "NS")
        .turn(0)
        .build()
    )
    play(state, "pass:NS")
    assert state.results[-1]["winner"] == "saboteurs"
    assert sum(state.gold[1]) == 4 and state.gold[0] == state.gold[2] == []


# -- the demo opening -----------------------------------------------------------------------------

DEMO = {"demo": True}


def test_demo_is_one_round_with_path_cards_already_laid():
    game = ClassicGame(4, DEMO)
    state = game.new_state(seed=5)
    assert game.opts.rounds == 1 and state.view(0)["rounds"] == 1
    laid = {xy: shape for xy, shape in cells(state).items() if shape != "start"}
    assert len(laid) >= 3
    # the laid cards are taken out of the deck: the whole deck is still there exactly once
    in_play = Counter(state.deck) + sum((Counter(hand) for hand in state.hands), Counter())
    in_maze = Counter(C.SHAPES.shapes[C.SHAPES.by_name[s]].card for s in laid.values())
    assert in_play + in_maze == every_path_and_action_card()
    assert [len(hand) for hand in state.hands] == [6] * 4
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


def test_demo_opening_is_a_legal_maze_to_build_on():
    state = ClassicGame(4, DEMO).new_state(seed=5)
    maze = state.maze
    for index, sid in maze.cells.items():
        # every laid card is joined to the start and matches every neighbour
        assert maze.live.get(index), f"{slot_xy(index)} is not joined to the start"
        assert maze.mismatched_sides(index, sid) == 0
    assert all(not g["revealed"] for g in state.view(0)["goals"])


def test_demo_build_on_the_opening_and_end_after_one_round():
    state = Scenario(4, DEMO).hand(0, "EW", "NS", "NESW", "ES", "SW", "NES").turn(0).build()
    laid = {xy for xy, shape in cells(state).items() if shape != "start"}
    next_to_start = {(1, 0), (-1, 0), (0, 1), (0, -1)}
    beyond = [
        (x + dx, y + dy)
        for x, y in laid
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if (x + dx, y + dy) not in laid | next_to_start | {(0, 0)}
    ]
    places = [a for a in state.legal_actions() if a.kind == "place" and a.slot in beyond]
    assert places, "nothing can be laid next to the demo opening"
    play(state, str(places[0]))
    assert places[0].slot in cells(state)

    state = Scenario(4, DEMO).deck().empty_hands(1, 2, 3).hand(0, "NS").turn(0).build()
    play(state, "pass:NS")
    assert state.is_over and len(state.results) == 1


def test_demo_refuses_to_build_onto_laid_cards():
    state = Scenario(4, DEMO).hand(0, "EW", "NS", "NESW").turn(0).build()
    x, y = next(xy for xy, shape in cells(state).items() if shape != "start")
    refuse(state, f"NESW@{x},{y}", "path.occupied")


def test_illegal_action_is_a_value_error_naming_the_rule():
    err = IllegalAction("path.occupied", "x")
    assert isinstance(err, ValueError) and err.rule == "path.occupied"
