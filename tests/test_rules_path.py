"""RULES.md §1 A turn, 1. Path card into the maze; and Reaching a goal.

Geometry: x grows East (towards the goals), y grows South.  Shape names list the open
sides in the order N, E, S, W; ``x`` marks a dead end.  ``NSW`` is the card ``NES`` turned.
"""

import pytest

from saboteur.engine import IllegalAction, NotationError
from saboteur.engine.classic.state import ClassicState
from tests.scenario import Scenario, cells, goal_view, play, refuse, row, snapshot

HAND = ("EW", "NS", "NES", "SW", "ES", "NESW")


def scene(*maze: str, hand: tuple[str, ...] = HAND, **goals: tuple[int, int]) -> ClassicState:
    """Seat 0 to play, seat 3 the saboteur, ``maze`` laid, goals where named."""
    return Scenario(4).saboteurs(3).goals(**goals).maze(*maze).hand(0, *hand).turn(0).build()


def reveals(state: ClassicState, since: int) -> list[tuple[int, int, str]]:
    return [
        (e.data["x"], e.data["y"], e.data["shape"])
        for e in state.events[since:]
        if e.kind == "reveal"
    ]


# -- adjacent -------------------------------------------------------------------------------------


def test_a_path_card_next_to_the_start_is_laid():
    state = scene()
    play(state, "EW@1,0")
    assert cells(state)[1, 0] == "EW"
    assert state.hands[0][:-1] == [card for card in HAND if card != "EW"]  # then one drawn
    place = [e for e in state.events if e.kind == "place"][-1]
    assert (place.seat, place.data["shape"], place.data["x"], place.data["y"]) == (0, "EW", 1, 0)
    assert state.current_player == 1


@pytest.mark.parametrize("action", ["EW@3,0", "NESW@1,1", "NS@0,-2", "EW@-5,7"])
def test_a_path_card_must_touch_a_card_orthogonally(action):
    refuse(scene(), action, "path.adjacent")


@pytest.mark.parametrize(
    "action", ["NS@-1,255", "NS@1,-256", "NS@0,-255", "EW@300,0", "NESW@999,-999"]
)
def test_a_far_away_slot_is_never_next_to_a_card(action):
    """Coordinates far outside the table must not land on a slot near the start."""
    state = scene()
    before = snapshot(state)
    with pytest.raises((IllegalAction, NotationError)) as info:
        state.apply(action)
    if isinstance(info.value, IllegalAction):
        assert info.value.rule in ("path.adjacent", "path.bounds")
    assert snapshot(state) == before


# -- occupied -------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["NESW@0,0", "NESW@1,0", "NESW@8,0", "NESW@8,2"])
def test_a_path_card_goes_only_into_an_empty_slot(action):
    """The start, a path card, a face-down goal (8,0) and a revealed goal (8,2)."""
    state = scene("EW@1,0", "stone-ne:NE@8,2", stone_ne=(8, 2))
    refuse(state, action, "path.occupied")


# -- every touching side matches ------------------------------------------------------------------


def test_open_must_meet_open():
    state = scene()
    refuse(state, "NS@1,0", "path.sides-match")  # its W wall would face the start's open E
    play(state, "SW@1,0")


def test_every_touching_side_must_match_wall_meets_wall():
    # (1,-1) touches the open E of (0,-1) and the wall N of (1,0)
    state = scene("ES@0,-1", "EW@1,0")
    refuse(state, "SW@1,-1", "path.sides-match")  # W matches, but S is open against a wall
    refuse(state, "NESW@1,-1", "path.sides-match")
    play(state.clone(), "NW@1,-1")  # the card ES turned: open W, wall S
    play(state, "EW@1,-1")
    assert cells(state)[1, -1] == "EW"


def test_sides_must_match_a_card_that_is_cut_off_too():
    # (2,0) is left over from an older tunnel (a rockfall cut it off); its W is open
    state = scene("EW@2,0")
    # (1,0) touches the start (open) and the leftover EW at (2,0) (open W)
    refuse(state, "SW@1,0", "path.sides-match")  # E wall against the leftover's open W
    play(state, "EW@1,0")


# -- turned 180°, never 90° -----------------------------------------------------------------------


def test_a_card_may_be_turned_180_degrees():
    state = scene(hand=("NES", "NS"))
    refuse(state, "NES@1,0", "path.sides-match")  # as printed its W is a wall
    legal = {str(a) for a in state.legal_actions()}
    assert {"NES@0,1", "NSW@0,1", "NSW@1,0", "NES@-1,0"} <= legal
    play(state, "NSW@1,0")
    assert cells(state)[1, 0] == "NSW"
    assert "NES" not in state.hands[0]
    place = [e for e in state.events if e.kind == "place"][-1]
    assert place.data["card"] == "NES" and place.data["shape"] == "NSW"


@pytest.mark.parametrize(
    "card, turned_90",
    [
        ("NS", "EW@1,0"),
        ("ES", "SW@1,0"),
        ("ES", "NE@-1,0"),
        ("NES", "NEW@1,0"),
        ("NES", "ESW@1,0"),
        ("xS", "xW@1,0"),
        ("xES", "xSW@1,0"),
    ],
)
def test_a_card_is_never_turned_90_degrees(card, turned_90):
    """A 90° turn lies as a shape of another card: the player does not hold that card."""
    state = scene(hand=(card,))
    refuse(state, turned_90, "hand")
    shape = turned_90.split("@")[0]
    assert not any(str(a).startswith(shape + "@") for a in state.legal_actions())


# -- joined to the start through connected tunnels ------------------------------------------------


def test_a_dead_end_may_be_laid_but_joins_nothing_beyond_it():
    state = scene(hand=("xEW", "EW"))
    play(state, "xEW@1,0")
    state = scene("xEW@1,0")
    refuse(state, "EW@2,0", "path.join-start")  # next to the dead end's far side
    state = scene("EW@1,0")
    play(state, "EW@2,0")


@pytest.mark.parametrize("action", ["NS@1,-1", "NS@1,1", "EW@2,0"])
def test_a_dead_end_crossroads_joins_none_of_its_sides(action):
    refuse(scene("xNESW@1,0"), action, "path.join-start")


def test_a_tunnel_beyond_a_dead_end_is_not_joined():
    state = scene("EW@1,0", "xEW@2,0", "NESW@3,0")
    for action in ("EW@4,0", "NS@3,-1", "NS@3,1"):
        refuse(state, action, "path.join-start")
    state = scene("EW@1,0", "NESW@2,0", "NESW@3,0")
    play(state, "EW@4,0")


def test_touching_only_a_face_down_goal_joins_nothing():
    refuse(scene(), "EW@9,0", "path.join-start")
    refuse(scene(), "NS@8,1", "path.join-start")


def test_touching_only_a_wall_joins_nothing():
    # the curve at (1,0) turns South: its East is a wall
    state = scene("SW@1,0")
    refuse(state, "NS@2,0", "path.join-start")
    play(state.clone(), "NS@1,1")
    state = scene("SW@1,0", "NE@1,1")  # through two curves
    play(state, "EW@2,1")


# -- goals: face down no constraint, revealed ones constrain --------------------------------------

NORTH_ROW = ("ES@0,-1", *row(-1, 1, 7))  # a tunnel along y = -1 up to (7,-1)


def test_a_face_down_goal_imposes_no_side_constraint():
    state = scene(*NORTH_ROW, gold=(8, -2), stone_nw=(8, 0))
    # (8,-1) lies between two face-down goals: walls towards them are fine
    play(state, "EW@8,-1")
    assert reveals(state, 0) == []
    assert not goal_view(state, 1, 8, -2)["revealed"] and not goal_view(state, 1, 8, 0)["revealed"]


def test_a_revealed_goal_constrains_like_any_card():
    state = scene(*NORTH_ROW, "stone-nw:NW@8,0", gold=(8, -2), stone_nw=(8, 0))
    refuse(state, "EW@8,-1", "path.sides-match")  # S wall against the stone's open N
    play(state, "SW@8,-1")
    assert cells(state)[8, -1] == "SW"


# -- reaching goals -------------------------------------------------------------------------------

APPROACH = {
    # from the West along y = 0: lay (7,0)
    "W": ((*row(0, 1, 6),), "EW@7,0"),
    # from the North: a tunnel along y = -1, then a curve W-S at (8,-1)
    "N": (NORTH_ROW, "SW@8,-1"),
    # from the South: a tunnel along y = 1, then a curve W-N at (8,1) (the card ES turned)
    "S": (("NE@0,1", *row(1, 1, 7)), "NW@8,1"),
}


@pytest.mark.parametrize(
    "goal, side, shape",
    [
        ("stone-ne", "W", "stone-ne:SW"),
        ("stone-nw", "W", "stone-nw:NW"),
        ("stone-ne", "N", "stone-ne:NE"),
        ("stone-nw", "N", "stone-nw:NW"),
        ("stone-ne", "S", "stone-ne:SW"),
        ("stone-nw", "S", "stone-nw:ES"),
    ],
)
def test_a_reached_stone_goal_turns_over_joined_to_the_tunnel(goal, side, shape):
    maze, action = APPROACH[side]
    where = {goal.replace("-", "_"): (8, 0)}
    state = Scenario(4).saboteurs(3).goals(**where).maze(*maze).hand(0, *HAND).turn(0).build()
    mark = len(state.events)
    play(state, action)
    assert reveals(state, mark) == [(8, 0, shape)]
    assert cells(state)[8, 0] == shape
    for seat in (None, 0, 1, 2, 3):
        entry = goal_view(state, seat, 8, 0)
        assert entry["revealed"] and entry["card"] == goal
    # a stone: the round goes on
    assert state.phase == "play" and state.round == 1 and state.current_player == 1
    assert state.results == []


def test_the_tunnel_goes_on_through_a_revealed_stone():
    state = scene(*row(0, 1, 7), "stone-ne:SW@8,0", stone_ne=(8, 0), stone_nw=(8, 2))
    # the stone opens S: (8,1) is joined through it; its S faces the face-down goal (8,2)
    refuse(state, "EW@8,1", "path.sides-match")
    refuse(state, "EW@9,0", "path.sides-match")  # the stone's E is a wall
    mark = len(state.events)
    play(state, "NS@8,1")
    assert reveals(state, mark) == [(8, 2, "stone-nw:NW")]


def test_a_stone_goal_may_mismatch_its_other_neighbours():
    # (8,-1) is what a rockfall left of an older tunnel: its S is a wall
    state = scene(*row(0, 1, 6), "EW@8,-1", stone_nw=(8, 0))
    mark = len(state.events)
    play(state, "EW@7,0")
    # turned to join the tunnel from the West, the stone's N is open against that wall
    assert reveals(state, mark) == [(8, 0, "stone-nw:NW")]
    assert cells(state)[8, 0] == "stone-nw:NW" and cells(state)[8, -1] == "EW"


def test_one_card_may_reach_several_goals():
    state = scene(*NORTH_ROW, stone_ne=(8, -2), stone_nw=(8, 0), gold=(8, 2))
    mark = len(state.events)
    play(state, "NESW@8,-1")
    assert sorted(reveals(state, mark)) == [(8, -2, "stone-ne:SW"), (8, 0, "stone-nw:NW")]
    assert state.phase == "play" and not goal_view(state, 1, 8, 2)["revealed"]


def test_several_goals_at_once_and_gold_decides():
    state = scene(*NORTH_ROW, stone_ne=(8, -2), gold=(8, 0), stone_nw=(8, 2))
    mark = len(state.events)
    play(state, "NESW@8,-1")
    assert sorted(reveals(state, mark)) == [(8, -2, "stone-ne:SW"), (8, 0, "gold:NESW")]
    assert state.results[-1]["winner"] == "diggers" and state.results[-1]["finder"] == 0


def test_reaching_the_gold_ends_the_round_at_once():
    state = (
        Scenario(4)
        .saboteurs(3)
        .goals(gold=(8, 0))
        .maze(*row(0, 1, 6))
        .hand(0, "EW")
        .gold_next(3, 2, 1)
        .turn(0)
        .build()
    )
    deck = len(state.deck)
    mark = len(state.events)
    play(state, "EW@7,0")
    assert reveals(state, mark) == [(8, 0, "gold:NESW")]
    result = state.results[-1]
    assert (result["round"], result["winner"], result["finder"]) == (1, "diggers", 0)
    assert result["roles"] == ["digger", "digger", "digger", "saboteur"]
    # no card is drawn: the round is over, the diggers share the gold
    assert len(state.deck) == deck and state.hands[0] == []
    assert state.phase == "gold" and state.current_player == 0


def test_a_dead_end_next_to_a_goal_does_not_reach_it():
    state = scene(*row(0, 1, 6), hand=("xEW",), gold=(8, 0))
    play(state, "xEW@7,0")
    assert reveals(state, 0) == [] and not goal_view(state, 1, 8, 0)["revealed"]
    assert state.phase == "play"


def test_a_wall_towards_a_goal_does_not_reach_it():
    state = scene(*row(0, 1, 6), gold=(8, 0))
    play(state, "SW@7,0")  # joined from the West, turns South: its E is a wall
    assert not goal_view(state, 1, 8, 0)["revealed"] and state.phase == "play"


def test_rejoining_a_cut_off_tunnel_reveals_the_goal_it_leads_into():
    state = scene(*row(0, 2, 7), stone_ne=(8, 0))  # (1,0) was removed by a rockfall
    assert not goal_view(state, 1, 8, 0)["revealed"]
    mark = len(state.events)
    play(state, "EW@1,0")
    assert reveals(state, mark) == [(8, 0, "stone-ne:SW")]
