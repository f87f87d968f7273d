"""RULES.md §1 A turn (drawing, empty pile, skipping), End of a round, and turn/phase errors."""

import pytest

from saboteur.engine import NotationError
from tests.scenario import Scenario, play, refuse, snapshot

# -- drawing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["EW@1,0", "map@8,0", "break-cart@1", "pass:map"])
def test_every_play_is_followed_by_drawing_the_top_card(action):
    state = (
        Scenario(4).hand(0, "EW", "map", "break-cart").draw_next("rockfall", "NS").turn(0).build()
    )
    deck = len(state.deck)
    mark = len(state.events)
    played = {"EW@1,0": "EW", "map@8,0": "map", "break-cart@1": "break-cart", "pass:map": "map"}
    play(state, action)
    kept = ["EW", "map", "break-cart"]
    kept.remove(played[action])
    assert state.hands[0] == [*kept, "rockfall"]
    assert len(state.deck) == deck - 1 and state.deck[-1] == "NS"
    assert state.current_player == 1
    draws = [e for e in state.events_for(2, mark) if e.kind in ("draw", "drew")]
    assert [(e.kind, e.seat) for e in draws] == [("draw", 0)]
    assert "card" not in draws[0].data  # the others do not see what was drawn
    drew = [e for e in state.events_for(0, mark) if e.kind == "drew"]
    assert [e.data["card"] for e in drew] == ["rockfall"]


def test_with_an_empty_draw_pile_play_goes_on_without_drawing():
    state = Scenario(4).deck().hand(0, "EW", "map").turn(0).build()
    mark = len(state.events)
    play(state, "EW@1,0")
    assert state.hands[0] == ["map"]
    assert not [e for e in state.events[mark:] if e.kind in ("draw", "drew")]
    assert state.current_player == 1 and state.round == 1


def test_players_without_cards_are_skipped():
    state = Scenario(4).deck().hand(0, "EW").empty_hands(1, 2).turn(0).build()
    play(state, "EW@1,0")
    assert state.current_player == 3
    # ...also round the table, and the player who just emptied their hand
    state = Scenario(4).deck().hand(3, "EW").empty_hands(0).hand(1, "NS").turn(3).build()
    play(state, "EW@1,0")
    assert state.current_player == 1


def test_the_only_player_with_cards_plays_on():
    state = Scenario(4).deck().hand(0, "EW", "NS").empty_hands(1, 2, 3).turn(0).build()
    play(state, "EW@1,0")
    assert state.current_player == 0 and state.round == 1


def test_a_player_who_holds_a_card_is_not_skipped():
    state = Scenario(4).deck().hand(0, "EW").hand(1, "NS").empty_hands(2, 3).turn(0).build()
    play(state, "EW@1,0")
    assert state.current_player == 1 and state.round == 1


# -- round end when no cards are left -------------------------------------------------------------


def test_the_round_ends_when_nobody_holds_a_card():
    state = Scenario(4).saboteurs(3).deck().hand(0, "EW").empty_hands(1, 2, 3).turn(0).build()
    mark = len(state.events)
    play(state, "EW@1,0")
    result = state.results[0]
    assert (result["round"], result["winner"], result["finder"]) == (1, "saboteurs", None)
    # all role cards are revealed in public
    end = next(e for e in state.events[mark:] if e.kind == "round-end")
    assert end.to is None and end.data["roles"] == ["digger", "digger", "digger", "saboteur"]
    assert state.round == 2


def test_the_round_does_not_end_while_the_pile_holds_cards():
    state = Scenario(4).draw_next("NS").hand(0, "EW").empty_hands(1, 2, 3).turn(0).build()
    play(state, "EW@1,0")
    assert state.round == 1 and state.results == []


# -- turn and phase errors ------------------------------------------------------------------------


def test_only_the_current_player_may_act():
    state = Scenario(4).hand(0, "EW").hand(1, "EW").turn(0).build()
    refuse(state, "EW@1,0", "turn", player=1)
    play(state, "EW@1,0", player=0)


@pytest.mark.parametrize("player", [4, -1, 99])
def test_a_nonexistent_player_may_not_act(player):
    state = Scenario(4).hand(0, "EW").turn(0).build()
    refuse(state, "EW@1,0", "turn", player=player)


def test_nothing_is_legal_once_the_game_is_over():
    state = Scenario(4).set(round=3, phase="over").hand(0, "EW").build()
    assert state.is_over and state.current_player is None
    assert state.legal_actions() == []
    for action in ("EW@1,0", "pass:EW", "gold:1"):
        refuse(state, action, "game.over")
        refuse(state, action, "game.over", player=0)


def test_gold_actions_only_while_gold_is_shared_out():
    state = Scenario(4).hand(0, "EW").turn(0).build()
    for value in (1, 2, 3):
        refuse(state, f"gold:{value}", "gold.phase")
    assert not [a for a in state.legal_actions() if a.kind == "gold"]


def test_card_actions_are_refused_while_gold_is_shared_out():
    state = (
        Scenario(4)
        .saboteurs(3)
        .hand(0, "EW", "map")
        .hand(1, "break-cart")
        .gold_phase([3, 2], order=[0, 1])
        .build()
    )
    for action in ("EW@1,0", "map@8,0", "pass:EW"):
        refuse(state, action, "gold.choose")
    refuse(state, "break-cart@0", "turn", player=1)
    assert {str(a) for a in state.legal_actions()} == {"gold:3", "gold:2"}


@pytest.mark.parametrize(
    "action",
    ["EW@2,0", "NS@0,1", "break-cart@1", "repair-cart@1", "rockfall@1,0", "map@8,0", "pass:EW"],
)
def test_a_card_must_be_in_the_players_hand(action):
    state = (
        Scenario(4)
        .maze("EW@1,0")
        .hand(0, "xNS", "repair-lantern")
        .hand(1, "NS", "EW")
        .broken(1, "cart")
        .turn(0)
        .build()
    )
    refuse(state, action, "hand")


@pytest.mark.parametrize(
    "text", ["", "hello", "EW@", "EW@1", "gold:4", "gold:0", "pass:gold", "EW@1,0,0", "QQ@1,0"]
)
def test_text_that_is_no_action_is_refused_and_changes_nothing(text):
    state = Scenario(4).hand(0, "EW").turn(0).build()
    before = snapshot(state)
    with pytest.raises(NotationError):
        state.apply(text)
    assert snapshot(state) == before
