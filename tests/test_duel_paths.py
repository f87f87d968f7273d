"""The Duel, laying path cards (seed 004, "A. 1 Wegekarte ausspielen" and "Besondere Wegekarten").

Green (seat 0) starts at (0,0), blue (seat 1) at (0,2).  Shape names list the open sides
N, E, S, W; a door's side is in lower case.
"""

import pytest

from tests.test_duel_scenario import DuelScenario, cells, kinds, play, refuse

HAND = ("EW", "NS", "NESW", "SW", "bridge", "curves")


def scene(*maze: str, hand: tuple[str, ...] = HAND, seat: int = 0) -> DuelScenario:
    return DuelScenario().maze(*maze).hand(seat, *hand).turn(seat)


# -- joined to one's own start ---------------------------------------------------------------------


def test_a_card_next_to_ones_own_start_is_laid_and_one_card_drawn():
    state = scene().build()
    deck = len(state.deck)
    play(state, "EW@1,0")
    assert cells(state)[1, 0] == "EW"
    assert len(state.hands[0]) == 6 and len(state.deck) == deck - 1
    assert state.current_player == 1


def test_a_card_joined_only_to_the_other_players_start_is_refused():
    state = scene().build()
    refuse(state, "EW@1,2", "path.join-start")  # next to blue's start, green to play
    blue = scene(seat=1).build()
    play(blue, "EW@1,2")


def test_tunnels_that_have_met_serve_both_players():
    # green's tunnel runs from its start through (1,0) down to (1,1)
    state = scene("NESW@1,0", "NES@1,1", hand=("EW", "NESW"), seat=1).build()
    refuse(state, "EW@2,1", "path.join-start")  # blue's tunnel does not reach (1,1) yet
    play(state, "NESW@1,2")  # joined to blue's start, and it meets green's tunnel
    joined = scene("NESW@1,0", "NES@1,1", "NESW@1,2", hand=("EW", "NS"), seat=1).build()
    play(joined, "EW@2,1")  # blue builds on from the tunnel green dug


def test_sides_must_match_and_cards_are_never_laid_crosswise():
    state = scene().build()
    refuse(state, "NS@1,0", "path.sides-match")
    refuse(state, "EW@0,0", "path.occupied")
    refuse(state, "EW@4,4", "path.adjacent")


def test_a_bridge_needs_only_one_of_its_tunnels_joined():
    state = scene().build()
    play(state, "bridge@1,0")  # only its W-E tunnel touches the start
    again = scene("bridge@1,0").build()
    play(again, "EW@2,0")  # the W-E tunnel goes on
    again = scene("bridge@1,0").build()
    refuse(again, "NS@1,1", "path.join-start")  # the N-S tunnel is not joined


def test_a_double_curve_needs_only_one_of_its_tunnels_joined():
    state = scene().build()
    play(state, "curves@1,0")  # S-W joined through W, N-E not
    again = scene("curves@1,0").build()
    play(again, "NS@1,1")
    again = scene("curves@1,0").build()
    refuse(again, "EW@2,0", "path.join-start")


def test_a_broken_tool_forbids_path_cards_only():
    state = scene().broken(0, "cart").build()
    refuse(state, "EW@1,0", "path.broken-tool")
    texts = [a.text for a in state.legal_actions()]
    assert not [t for t in texts if "@" in t and t.split("@")[0] in ("EW", "NS", "bridge")]
    assert "pass:EW" in texts and "clear-cart:EW+NS" in texts


# -- ladders ---------------------------------------------------------------------------------------


def test_a_ladder_needs_no_tunnel_and_joins_its_own_colours_start():
    state = scene(hand=("ladder-green", "EW")).build()
    play(state, "ladder-green@0,3")  # under blue's start: touches a card, not joined to green
    assert state.mazes[0].live[state.mazes[0].roots[-1]] == 15
    green = scene("ladder-green@0,3", hand=("EW", "NS")).build()
    play(green, "EW@1,3")  # green builds on from its ladder


def test_a_ladder_of_the_other_colour_joins_the_other_start():
    state = scene(hand=("ladder-blue",)).build()
    play(state, "ladder-blue@0,-1")  # green lays blue's ladder above green's start
    assert state.mazes[1].roots[-1] == state.mazes[0].roots[0] - 1
    blue = scene("ladder-blue@2,0", hand=("NESW",), seat=1).build()
    play(blue, "NESW@3,0")  # blue builds on from its ladder, far from its start


def test_a_ladder_never_lies_next_to_a_goal_or_gold():
    state = scene("EW@1,0", "EW@2,0", "NESW@3,0", "NESW@4,0", hand=("ladder-blue",)).build()
    refuse(state, "ladder-blue@4,1", "path.ladder-next-to-goal")
    play(state, "ladder-blue@3,1")
    gold = scene("gold-NESW@1,0", hand=("ladder-green",)).build()
    refuse(gold, "ladder-green@1,1", "path.ladder-next-to-goal")


def test_a_ladder_must_touch_a_face_up_card_and_match_it():
    state = scene("EW@1,0", hand=("ladder-green",)).build()
    refuse(state, "ladder-green@3,3", "path.adjacent")
    refuse(state, "ladder-green@1,-1", "path.sides-match")  # EW is closed to the North


# -- doors and keys --------------------------------------------------------------------------------


@pytest.mark.parametrize("door", ["blue-Ew", "blue-eW"])
def test_a_door_of_the_other_colour_blocks_the_tunnel(door):
    state = scene(f"{door}@1,0").build()
    refuse(state, "EW@2,0", "path.join-start")


def test_ones_own_door_lets_one_through():
    state = scene("green-Ew@1,0").build()
    play(state, "EW@2,0")


def test_a_key_opens_the_door_for_the_player():
    state = scene("blue-Ew@1,0", hand=("key", "EW")).build()
    play(state, "key@1,0")
    assert state.keys == {state.mazes[0].roots[0] + 256: 0}
    assert state.keys_left == 1 and "key" in kinds(state)
    green = scene("blue-Ew@1,0", hand=("EW",)).key(1, 0, 0).build()
    play(green, "EW@2,0")


def test_a_key_fits_only_a_door_of_the_other_colour():
    state = scene("green-Ew@1,0", "EW@2,0", hand=("key",)).build()
    refuse(state, "key@1,0", "key.target")
    refuse(state, "key@2,0", "key.target")
    keyed = scene("blue-Ew@1,0", hand=("key",)).key(1, 0, 0).build()
    refuse(keyed, "key@1,0", "key.open")


def test_only_two_keys_a_round():
    state = (
        scene("blue-Ew@1,0", "blue-eS@1,-1", "blue-nEW@2,0", hand=("key",))
        .key(1, 0, 0)
        .key(1, -1, 0)
        .build()
    )
    refuse(state, "key@2,0", "key.none-left")


# -- trolls ----------------------------------------------------------------------------------------


def test_a_troll_blocks_until_bribed_and_the_turn_goes_on():
    state = scene("troll-EW@1,0").build()
    refuse(state, "EW@2,0", "path.join-start")
    play(state, "bribe@1,0")
    assert state.current_player == 0 and state.markers == {state.mazes[0].roots[0] + 256: 0}
    assert len(state.hands[0]) == 6 and state.markers_left == 7
    play(state, "EW@2,0")
    assert state.current_player == 1


def test_a_bribed_troll_is_open_for_both():
    closed = scene("NEW@1,2", "troll-NESW@1,1", hand=("EW",), seat=1).build()
    refuse(closed, "EW@2,1", "path.join-start")
    bribed = scene("NEW@1,2", "troll-NESW@1,1", hand=("EW",), seat=1).marker(1, 1, 0).build()
    play(bribed, "EW@2,1")  # green paid the troll; blue passes it too


def test_a_troll_is_bribed_only_where_the_tunnel_reaches_it_and_once():
    state = scene("troll-EW@3,0").build()
    refuse(state, "bribe@3,0", "bribe.unreached")
    refuse(state, "bribe@1,0", "bribe.target")
    bribed = scene("troll-EW@1,0").marker(1, 0, 1).build()
    refuse(bribed, "bribe@1,0", "bribe.bribed")
