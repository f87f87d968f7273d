"""The Duel, a turn: exactly one of A-D and its draws; action cards (seed 004, "Spielablauf")."""

import pytest

from saboteur.engine.maze import slot_index
from tests.test_duel_scenario import DuelScenario, cells, kinds, play, refuse

HAND = ("NS", "map", "break-lantern", "repair-cart", "repair-pickaxe-lantern", "rockfall")


def scene(*maze: str, hand: tuple[str, ...] = HAND) -> DuelScenario:
    return DuelScenario().maze(*maze).hand(0, *hand).turn(0)


# -- draws -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "kept", "drawn"),
    [
        ("break-lantern@1", 5, 1),  # B
        ("pass:NS", 5, 1),  # D, one card
        ("pass:NS+map", 4, 2),  # D, two cards
    ],
)
def test_each_option_draws_its_cards(action, kept, drawn):
    state = scene().build()
    deck = len(state.deck)
    play(state, action)
    assert len(state.hands[0]) == kept + drawn and len(state.deck) == deck - drawn
    draw = next(e for e in state.events if e.kind == "draw")
    assert draw.data == {"cards": drawn, "deck": deck - drawn}
    assert state.current_player == 1


def test_clearing_a_broken_tool_discards_two_and_draws_one():
    state = scene().broken(0, "pickaxe", "cart").build()
    play(state, "clear-cart:NS+map")
    assert state.broken[0] == 1 and len(state.hands[0]) == 5  # pickaxe still broken
    assert state.discard[-3:] == ["NS", "map", "break-cart"]
    refuse(scene().build(), "clear-cart:NS+map", "clear.nothing-broken")


def test_discarding_two_needs_two_cards_of_the_kind_named():
    state = scene(hand=("NS", "map")).build()
    refuse(state, "pass:NS+NS", "hand")
    refuse(state, "pass:EW", "hand")


def test_with_an_empty_draw_pile_nobody_draws_but_one_option_is_still_taken():
    state = scene().deck().build()
    play(state, "pass:NS+map")
    assert len(state.hands[0]) == 4 and "draw" not in kinds(state)


def test_a_player_without_cards_sits_out():
    state = scene().hand(1).deck("EW", "ES").build()
    play(state, "pass:map")
    assert state.current_player == 0 and state.hands[1] == []


def test_the_other_player_never_plays_on_your_turn():
    state = scene().build()
    refuse(state, "pass:NS", "turn", player=1)


# -- sabotage and repair ---------------------------------------------------------------------------


def test_sabotage_goes_in_front_of_the_other_player_once_per_kind():
    state = scene().build()
    refuse(state, "break-lantern@0", "break.target")
    refuse(state, "break-lantern@2", "seat")
    twice = scene().broken(1, "lantern").build()
    refuse(twice, "break-lantern@1", "break.already-broken")
    play(state, "break-lantern@1")
    assert state.view(None)["broken"] == [[], ["lantern"]]


def test_repairs_mend_ones_own_tools_only():
    state = scene().broken(0, "cart").broken(1, "pickaxe").build()
    refuse(state, "repair-pickaxe-lantern/pickaxe@1", "repair.target")
    refuse(state, "repair-pickaxe-lantern/lantern@0", "repair.nothing-broken")
    play(state, "repair-cart@0")
    assert state.broken == [0, 1] and state.discard[-2:] == ["break-cart", "repair-cart"]


def test_a_double_repair_mends_only_one_tool():
    state = scene().broken(0, "pickaxe", "lantern").build()
    play(state, "repair-pickaxe-lantern/lantern@0")
    assert state.view(None)["broken"][0] == ["pickaxe"]


# -- rockfall --------------------------------------------------------------------------------------


def test_a_rockfall_removes_a_plain_path_card():
    state = scene("EW@1,0", "EW@2,0").build()
    play(state, "rockfall@1,0")
    assert (1, 0) not in cells(state) and state.discard[-2:] == ["EW", "rockfall"]


@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ("0,0", "rockfall.start"),
        ("0,2", "rockfall.start"),
        ("5,1", "rockfall.goal"),
        ("6,0", "rockfall.goal"),
        ("2,0", "rockfall.gold"),
        ("3,0", "rockfall.troll"),
        ("4,4", "rockfall.empty"),
    ],
)
def test_a_rockfall_never_removes_starts_goals_gold_or_trolls(target, rule):
    maze = ("EW@1,0", "gold-EW@2,0", "troll-EW@3,0", "NESW@4,0", "goal-3:NESW@6,0")
    state = scene(*maze).goal(6, 0, "goal-3").build()
    refuse(state, f"rockfall@{target}", rule)


def test_a_key_on_a_door_removed_by_a_rockfall_goes_back_to_the_supply():
    state = scene("blue-Ew@1,0").key(1, 0, 0).build()
    assert state.keys_left == 1
    play(state, "rockfall@1,0")
    assert state.keys == {} and state.keys_left == 2


def test_the_map_targets_face_down_goals_only():
    state = scene("EW@1,0").build()
    refuse(state, "map@1,0", "map.target")
    play(state, "map@7,3")
    assert state.peeks[0] == {slot_index(7, 3): state.goal_cards[slot_index(7, 3)]}


def test_a_rockfall_on_a_ladder_cuts_the_tunnel_it_fed():
    state = DuelScenario().maze("ladder-green@0,3", "EW@1,3").hand(1, "rockfall").turn(1).build()
    green = state.mazes[0]
    assert green.live.get(slot_index(1, 3))  # fed by green's ladder
    play(state, "rockfall@0,3")
    assert slot_index(0, 3) not in green.roots and not green.live.get(slot_index(1, 3))
