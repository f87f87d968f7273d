"""RULES.md §1 A turn, 2. Action cards (broken tools, repairs, rockfall, map) and 3. Pass."""

import pytest

from saboteur.engine import NotationError
from saboteur.engine.classic.state import ClassicState
from tests.scenario import (
    Scenario,
    cells,
    goal_view,
    play,
    refuse,
    row,
    snapshot,
    with_turn,
)

TOOLS = ("pickaxe", "lantern", "cart")


def scene(
    *maze: str, hand: tuple[str, ...], broken: dict[int, tuple[str, ...]] | None = None
) -> ClassicState:
    """Seat 0 to play ``hand`` in a 4-player game (seat 3 the saboteur)."""
    scenario = Scenario(4).saboteurs(3).maze(*maze).hand(0, *hand).turn(0)
    for seat, tools in (broken or {}).items():
        scenario.broken(seat, *tools)
    return scenario.build()


# -- a broken tool forbids path cards, nothing else -----------------------------------------------


@pytest.mark.parametrize("tool", TOOLS)
def test_any_broken_tool_forbids_laying_path_cards(tool):
    hand = ("EW", "rockfall", "map", f"repair-{tool}")
    state = scene("NS@0,1", hand=hand, broken={0: (tool,)})
    refuse(state, "EW@1,0", "path.broken-tool")
    assert not [a for a in state.legal_actions() if a.kind == "place"]
    # every other card is still playable
    for action in ("rockfall@0,1", "map@8,0", f"repair-{tool}@0", "pass:EW"):
        play(state.clone(), action)


def test_a_player_without_broken_tools_may_lay_path_cards_while_others_are_blocked():
    state = scene(hand=("EW",), broken={1: ("pickaxe",), 2: ("lantern", "cart")})
    play(state, "EW@1,0")


def test_blocked_player_may_lay_again_once_repaired():
    state = scene(hand=("EW", "repair-cart"), broken={0: ("cart",)})
    refuse(state, "EW@1,0", "path.broken-tool")
    play(state, "repair-cart@0")
    play(with_turn(state, 0), "EW@1,0")


# -- broken tools: one per tool per player --------------------------------------------------------


@pytest.mark.parametrize("tool", TOOLS)
@pytest.mark.parametrize("target", [0, 2])  # self and another player
def test_a_broken_tool_lies_in_front_of_its_target(tool, target):
    state = scene(hand=(f"break-{tool}",))
    play(state, f"break-{tool}@{target}")
    assert state.to_json()["broken"][target] == [tool]
    assert state.discard == []  # it lies in front of the player, not on the discard
    assert state.view(1)["broken"][target] == [tool]  # in the open


@pytest.mark.parametrize("tool", TOOLS)
def test_a_second_broken_card_of_the_same_tool_is_refused(tool):
    others = [t for t in TOOLS if t != tool]
    state = scene(hand=(f"break-{tool}", *(f"break-{t}" for t in others)), broken={2: (tool,)})
    refuse(state, f"break-{tool}@2", "break.already-broken")
    play(state.clone(), f"break-{tool}@1")
    play(state, f"break-{others[0]}@2")  # another tool of the same player may break
    assert sorted(state.to_json()["broken"][2]) == sorted([tool, others[0]])


def test_all_three_tools_may_lie_broken_at_once():
    state = scene(hand=("break-cart",), broken={1: ("pickaxe", "lantern")})
    play(state, "break-cart@1")
    assert sorted(state.to_json()["broken"][1]) == ["cart", "lantern", "pickaxe"]


# -- repairs --------------------------------------------------------------------------------------


@pytest.mark.parametrize("tool", TOOLS)
@pytest.mark.parametrize("target", [0, 2])
def test_repair_onto_a_matching_broken_card(tool, target):
    state = scene(hand=(f"repair-{tool}",), broken={target: (tool,)})
    discard = list(state.discard)
    play(state, f"repair-{tool}@{target}")
    assert state.to_json()["broken"][target] == []
    # the repaired card and the repair card go to the discard
    assert sorted(state.discard) == sorted([*discard, f"break-{tool}", f"repair-{tool}"])
    assert f"repair-{tool}" not in state.hands[0][:-1]


@pytest.mark.parametrize("tool", TOOLS)
def test_repair_without_a_matching_broken_card_is_refused(tool):
    others = [t for t in TOOLS if t != tool]
    state = scene(hand=(f"repair-{tool}",), broken={1: tuple(others)})
    refuse(state, f"repair-{tool}@1", "repair.nothing-broken")  # other tools broken only
    refuse(state, f"repair-{tool}@2", "repair.nothing-broken")  # nothing broken
    refuse(state, f"repair-{tool}@0", "repair.nothing-broken")  # self, nothing broken
    assert not [a for a in state.legal_actions() if a.kind == "repair"]


DOUBLES = [("pickaxe", "lantern"), ("pickaxe", "cart"), ("lantern", "cart")]


@pytest.mark.parametrize("first, second", DOUBLES)
def test_a_double_repair_mends_exactly_one_of_its_tools(first, second):
    card = f"repair-{first}-{second}"
    state = scene(hand=(card,), broken={1: (first, second)})
    legal = {str(a) for a in state.legal_actions()}
    assert {f"{card}/{first}@1", f"{card}/{second}@1"} <= legal
    play(state, f"{card}/{second}@1")
    assert state.to_json()["broken"][1] == [first]
    assert sorted(state.discard) == sorted([f"break-{second}", card])


@pytest.mark.parametrize("first, second", DOUBLES)
def test_a_double_repair_needs_the_named_tool_broken(first, second):
    card = f"repair-{first}-{second}"
    state = scene(hand=(card,), broken={1: (first,)})
    refuse(state, f"{card}/{second}@1", "repair.nothing-broken")
    play(state, f"{card}/{first}@1")


@pytest.mark.parametrize(
    "text",
    [
        "repair-pickaxe-lantern/cart@1",  # a tool the card does not show
        "repair-pickaxe-lantern@1",  # which of the two?
        "repair-cart/cart@1",  # a single repair names no tool
    ],
)
def test_repair_notation_must_name_one_of_the_cards_tools(text):
    state = scene(hand=("repair-pickaxe-lantern", "repair-cart"), broken={1: TOOLS})
    before = snapshot(state)
    with pytest.raises(NotationError):
        state.apply(text)
    assert snapshot(state) == before


@pytest.mark.parametrize("action", ["break-cart@4", "break-cart@9", "repair-cart@7"])
def test_action_cards_target_existing_seats_only(action):
    state = scene(hand=("break-cart", "repair-cart"), broken={1: ("cart",)})
    refuse(state, action, "seat")


# -- rockfall -------------------------------------------------------------------------------------


def test_rockfall_removes_a_path_card():
    state = scene("EW@1,0", "NESW@2,0", hand=("rockfall",))
    play(state, "rockfall@2,0")
    assert (2, 0) not in cells(state) and (1, 0) in cells(state)
    assert sorted(state.discard) == ["NESW", "rockfall"]
    event = [e for e in state.events if e.kind == "rockfall"][-1]
    assert (event.seat, event.data["x"], event.data["y"]) == (0, 2, 0)


def test_rockfall_removes_a_dead_end_and_the_gap_may_be_refilled():
    state = scene("xEW@1,0", hand=("rockfall", "EW"))
    play(state, "rockfall@1,0")
    state = with_turn(state, 0)
    play(state, "EW@1,0")
    assert cells(state)[1, 0] == "EW"


@pytest.mark.parametrize(
    "action, rule",
    [
        ("rockfall@0,0", "rockfall.start"),
        ("rockfall@8,-2", "rockfall.goal"),  # face down
        ("rockfall@8,2", "rockfall.goal"),  # face down
        ("rockfall@8,0", "rockfall.goal"),  # revealed
        ("rockfall@3,1", "rockfall.empty"),
        ("rockfall@-40,40", "rockfall.empty"),
    ],
)
def test_rockfall_never_removes_start_or_goals_nor_empty_slots(action, rule):
    state = (
        Scenario(4)
        .goals(stone_ne=(8, 0))
        .maze(*row(0, 1, 7), "stone-ne:SW@8,0")
        .hand(0, "rockfall")
        .turn(0)
        .build()
    )
    refuse(state, action, rule)
    play(state, "rockfall@7,0")


def test_rockfall_far_away_does_not_hit_a_card_near_the_start():
    state = scene("NS@0,1", hand=("rockfall",))
    before = snapshot(state)
    with pytest.raises((NotationError, ValueError)):
        state.apply("rockfall@-1,257")  # far away, not (0,1)
    assert snapshot(state) == before


def test_rockfall_may_cut_a_tunnel_off_the_start():
    state = scene("EW@1,0", "NESW@2,0", hand=("rockfall", "EW", "EW", "NS"))
    play(state.clone(), "EW@3,0")  # joined before the rockfall
    play(state.clone(), "NS@2,1")
    play(state, "rockfall@1,0")
    state = with_turn(state, 0)
    assert cells(state)[2, 0] == "NESW"  # still there, cut off
    refuse(state, "EW@3,0", "path.join-start")
    refuse(state, "NS@2,1", "path.join-start")
    play(state, "EW@1,0")  # refilling the gap joins it again
    play(with_turn(state, 0), "EW@3,0")


def test_rockfall_is_playable_with_a_broken_tool():
    state = scene("EW@1,0", hand=("rockfall",), broken={0: TOOLS})
    play(state, "rockfall@1,0")


# -- map ------------------------------------------------------------------------------------------


def test_map_shows_one_face_down_goal_to_its_player_only():
    state = Scenario(4).goals(gold=(8, 2)).hand(0, "map", "EW").turn(0).build()
    mark = len(state.events)
    play(state, "map@8,2")
    assert "map" in state.discard and state.hands[0].count("map") == 0
    # the peeker's view and private event show the card
    assert goal_view(state, 0, 8, 2)["card"] == "gold"
    assert goal_view(state, 0, 8, 2)["peeked"]
    assert not goal_view(state, 0, 8, 2)["revealed"]
    assert goal_view(state, 0, 8, 0)["card"] is None  # only the one looked at
    private = [e for e in state.events_for(0, mark) if e.kind == "peek"]
    assert [(e.data["x"], e.data["y"], e.data["card"]) for e in private] == [(8, 2, "gold")]
    # nobody else learns it: not their views, not the public map event
    for other in (None, 1, 2, 3):
        assert goal_view(state, other, 8, 2)["card"] is None
        seen = state.events_for(other, mark)
        assert [e.kind for e in seen if e.kind in ("map", "peek")] == ["map"]
        assert all("gold" not in str(e.to_json()) for e in seen)
    public = next(e for e in state.events[mark:] if e.kind == "map")
    assert public.to is None and "card" not in public.data
    assert (public.data["x"], public.data["y"]) == (8, 2)


@pytest.mark.parametrize("action", ["map@8,0", "map@0,0", "map@1,0", "map@3,0", "map@8,1"])
def test_map_only_on_a_face_down_goal(action):
    state = (
        Scenario(4)
        .goals(stone_ne=(8, 0))
        .maze(*row(0, 1, 7), "stone-ne:SW@8,0")
        .hand(0, "map")
        .turn(0)
        .build()
    )
    refuse(state, action, "map.target")
    play(state, "map@8,-2")


def test_peeks_are_forgotten_at_the_next_round():
    state = Scenario(4).deck().empty_hands(1, 2, 3).hand(0, "map").peek(0, 8, 0).turn(0).build()
    assert goal_view(state, 0, 8, 0)["card"] is not None
    play(state, "map@8,2")
    assert state.round == 2
    assert all(g["card"] is None for g in state.view(0)["goals"])


# -- pass -----------------------------------------------------------------------------------------


def test_pass_discards_one_card_face_down():
    state = Scenario(4).hand(0, "rockfall", "EW", "map").draw_next("NS").turn(0).build()
    mark = len(state.events)
    play(state, "pass:rockfall")
    assert state.discard[-1] == "rockfall"
    assert state.hands[0] == ["EW", "map", "NS"]
    for other in (None, 1, 2, 3):
        seen = state.events_for(other, mark)
        assert "pass" in [e.kind for e in seen]
        assert all("rockfall" not in str(e.to_json()) for e in seen)
        assert state.view(other)["discard_size"] == len(state.discard)
    mine = [e for e in state.events_for(0, mark) if e.kind == "discard"]
    assert [e.data["card"] for e in mine] == ["rockfall"]


def test_pass_is_always_possible_even_when_blocked():
    state = scene(hand=("EW", "repair-cart"), broken={0: TOOLS})
    legal = {str(a) for a in state.legal_actions()}
    assert {"pass:EW", "pass:repair-cart"} <= legal
    play(state, "pass:EW")


def test_pass_needs_the_card_in_hand():
    state = scene(hand=("EW",))
    refuse(state, "pass:NS", "hand")
