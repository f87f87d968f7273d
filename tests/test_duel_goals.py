"""The Duel, turning goals over and securing gold (seed 004: "Stellt ein Spieler eine
ununterbrochene Verbindung ... her", "Goldstücke sichern", keys on doors).

Green's road to the goal at (5,1): (1,0), (2,0), a curve down at (3,0), a curve East at (3,1),
and the card laid at (4,1) reaches the goal.
"""

from saboteur.engine.maze import slot_index
from tests.test_duel_scenario import DuelScenario, cells, kinds, play, refuse

ROAD = ("EW@1,0", "EW@2,0", "SW@3,0", "NE@3,1")
APEX = slot_index(5, 1)


def reaching(goal: str, *maze: str, seat: int = 0) -> DuelScenario:
    """Green's road to (5,1) lies; ``seat`` holds NESW and NES for (4,1)."""
    return DuelScenario().maze(*ROAD, *maze).goal(5, 1, goal).hand(seat, "NESW", "NES", "map")


def test_reaching_a_goal_turns_it_over_and_its_gold_gets_the_reachers_marker():
    state = reaching("goal-2").turn(0).build()
    start = len(state.events)
    play(state, "NESW@4,1")
    assert cells(state)[5, 1] == "goal-2:NESW"
    assert kinds(state, start)[:3] == ["place", "reveal", "mark"]
    assert state.markers == {APEX: 0} and state.markers_left == 7
    assert state.current_player == 1 and state.view(None)["goals"][0]["revealed"]


def test_a_stone_goal_is_turned_to_open_towards_the_tunnel():
    state = reaching("stone-ne").turn(0).build()
    play(state, "NESW@4,1")
    assert cells(state)[5, 1] == "stone-ne:SW" and state.markers == {}


def test_with_two_fitting_orientations_the_reacher_chooses():
    state = reaching("goal-2-blue").turn(0).build()
    play(state, "NESW@4,1")
    assert state.phase == "reveal" and state.current_player == 0
    assert [a.text for a in state.legal_actions()] == [
        "goal-2-blue:NESw@5,1",
        "goal-2-blue:NeSW@5,1",
    ]
    assert state.view(1)["pending"]["card"] == "goal-2-blue"  # turned over: public
    refuse(state, "pass:NES", "reveal.choose")
    refuse(state, "goal-2-blue:NeSW@6,0", "reveal.shape")
    refuse(state, "goal-2-green:NeSW@5,1", "reveal.shape")
    hand = len(state.hands[0])
    play(state, "goal-2-blue:NeSW@5,1")  # the blue door faces away: green reaches the gold
    assert state.markers == {APEX: 0} and state.phase == "play"
    assert len(state.hands[0]) == hand + 1 and state.current_player == 1  # then the draw


def test_a_door_turned_towards_the_reacher_keeps_the_gold_from_them():
    state = reaching("goal-2-blue").turn(0).build()
    play(state, "NESW@4,1")
    play(state, "goal-2-blue:NESw@5,1")
    assert state.markers == {} and cells(state)[5, 1] == "goal-2-blue:NESw"


def test_a_goal_that_fits_nowhere_may_lie_misfitting():
    # (5,0) above the goal is a W-E dead end: its closed S side fits no crossroads
    state = reaching("goal-1", "xEW@5,0").turn(0).build()
    play(state, "NESW@4,1")
    assert cells(state)[5, 1] == "goal-1:NESW" and state.markers == {APEX: 0}


def test_a_key_on_a_goals_door_secures_its_gold():
    state = (
        DuelScenario()
        .maze(*ROAD, "NESW@4,1", "goal-1-blue:NESw@5,1")
        .goal(5, 1, "goal-1-blue")
        .hand(0, "key", "NS")
        .turn(0)
        .build()
    )
    assert state.markers == {}
    play(state, "key@5,1")
    assert state.markers == {APEX: 0} and "mark" in kinds(state)


def test_gold_on_a_path_card_is_marked_by_the_player_whose_start_it_joins():
    state = DuelScenario().maze("EW@1,0").hand(0, "gold-EW", "NS").turn(0).build()
    play(state, "gold-EW@2,0")
    assert state.markers == {slot_index(2, 0): 0}


def test_gold_joined_to_the_other_players_start_is_marked_for_them():
    # green's bridge joins only its N-S tunnel to green; its W-E tunnel leads blue to the gold
    state = (
        DuelScenario()
        .maze("NESW@1,0", "NS@1,1", "gold-EW@2,2")
        .hand(0, "bridge", "map")
        .turn(0)
        .build()
    )
    play(state, "bridge@1,2")
    assert state.markers == {slot_index(2, 2): 1}
    mark = next(e for e in state.events if e.kind == "mark")
    assert mark.seat == 1 and mark.data["value"] == 1


def test_marked_gold_stays_marked_when_the_tunnel_breaks():
    state = (
        DuelScenario()
        .maze("EW@1,0", "gold-EW@2,0")
        .marker(2, 0, 0)
        .hand(1, "rockfall")
        .turn(1)
        .build()
    )
    play(state, "rockfall@1,0")
    assert state.markers == {slot_index(2, 0): 0}


def test_the_map_shows_a_face_down_goal_to_its_player_only():
    state = reaching("goal-3").turn(0).build()
    play(state, "map@5,1")
    assert state.view(0)["goals"][0] == {
        "x": 5,
        "y": 1,
        "revealed": False,
        "card": "goal-3",
        "peeked": True,
    }
    assert state.view(1)["goals"][0]["card"] is None
    assert state.view(None)["goals"][0]["card"] is None
    peek = next(e for e in state.events if e.kind == "peek")
    assert peek.to == 0 and not peek.visible_to(1)
