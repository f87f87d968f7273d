"""The Duel's and solo's action notation, state notation (validation) and views."""

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from saboteur.engine import NotationError, new_game
from saboteur.engine.base import JSON
from saboteur.engine.duel.actions import parse_action
from tests.test_duel_scenario import DuelScenario, play

GAME = new_game("duel", 2)


@pytest.mark.parametrize(
    ("text", "kind", "card", "slot", "seat", "choice"),
    [
        ("troll-NSW@3,1", "place", "troll-NES", (3, 1), None, "troll-NSW"),
        ("green-EsW@2,-1", "place", "green-nEW", (2, -1), None, "green-EsW"),
        ("ladder-blue@0,3", "place", "ladder-blue", (0, 3), None, "ladder-blue"),
        ("goal-2-green:NeSW@6,0", "reveal", "goal-2-green", (6, 0), None, "goal-2-green:NeSW"),
        ("break-cart@1", "break", "break-cart", None, 1, None),
        ("repair-lantern-cart/cart@0", "repair", "repair-lantern-cart", None, 0, "cart"),
        ("key@4,1", "key", "key", (4, 1), None, None),
        ("bribe@3,1", "bribe", None, (3, 1), None, None),
        ("clear-cart:NS+map", "clear", "NS", None, None, "cart"),
        ("pass:NS+map", "pass", "NS", None, None, None),
        ("pass:key", "pass", "key", None, None, None),
    ],
)
def test_action_texts_parse_and_format_both_ways(text, kind, card, slot, seat, choice):
    action = GAME.parse_action(text)
    assert (action.kind, action.card, action.slot, action.seat, action.choice) == (
        kind,
        card,
        slot,
        seat,
        choice,
    )
    assert str(action) == text and GAME.parse_action(text) is action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pass:",
        "pass:map+NS",  # not in sorted order
        "pass:NS+map+key",
        "clear-cart:NS",
        "clear-shovel:NS+map",
        "troll-NSW@3",
        "green-new@1,0",
        "goal-2-green:NESW@6,0",  # that goal has a door
        "troll-EW+open@1,0",
        "break-cart/cart@1",
        "repair-lantern-cart@0",
        "start-green@0,0",
        "key@1",
        "NS@1,0 ",
        "NS@01,0",
    ],
)
def test_malformed_texts_are_notation_errors(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_every_legal_action_reads_back_as_itself():
    state = GAME.new_state(seed=5)
    for _ in range(40):
        for action in state.legal_actions():
            assert parse_action(action.text) is action
        state.apply(state.legal_actions()[-1])


# -- the state notation ----------------------------------------------------------------------------


def test_the_notation_lists_its_fields():
    assert list(GAME.new_state(seed=1).to_json()) == [
        "format",
        "ruleset",
        "players",
        "options",
        "seed",
        "round",
        "phase",
        "current",
        "turns",
        "hands",
        "deck",
        "discard",
        "aside",
        "broken",
        "maze",
        "goals",
        "goal_pile",
        "peeks",
        "markers",
        "keys",
        "gold",
        "box",
        "pending",
        "results",
    ]


def _broken(change: Callable[[JSON], Any]) -> str:
    data = json.loads(json.dumps(GAME.new_state(seed=1).to_json()))
    change(data)
    with pytest.raises(NotationError) as info:
        GAME.state_from_json(data)
    return str(info.value)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d["deck"].pop(), "cards are not conserved"),
        (lambda d: d["goal_pile"].pop(), "goal cards are not conserved"),
        (lambda d: d.update(ruleset="classic"), "ruleset"),
        (lambda d: d.update(phase="gold"), "phase"),
        (lambda d: d["maze"].pop(), "start card"),
        (lambda d: d["maze"].append([1, 0, "NS+open"]), "unknown maze shape"),
        (lambda d: d["maze"].append([5, 1, "NESW"]), "goal slot"),
        (lambda d: d["markers"].append([0, 0, 0]), "no gold or troll"),
        (lambda d: d["keys"].append([0, 0, 1]), "no door"),
        (lambda d: d["goals"].reverse(), "six goal slots"),
        (lambda d: d.update(pending={"x": 5, "y": 1, "draws": 1}), "reveal phase"),
        (lambda d: d.update(current=2), "seat"),
        (lambda d: d.update(round=4), "round"),
        (lambda d: d["results"].append({}), "result"),
    ],
)
def test_bad_state_notation_is_refused_naming_the_problem(change, says):
    assert says in _broken(change)


def test_a_state_in_the_reveal_phase_round_trips():
    state = (
        DuelScenario()
        .maze("EW@1,0", "EW@2,0", "SW@3,0", "NE@3,1")
        .goal(5, 1, "goal-1-blue")
        .hand(0, "NESW")
        .turn(0)
        .build()
    )
    play(state, "NESW@4,1")  # green reaches a blue door goal
    assert state.phase == "reveal"
    data = json.loads(json.dumps(state.to_json()))
    assert data["pending"] == {"x": 5, "y": 1, "draws": 1}
    again = GAME.state_from_json(data)
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()


# -- views -----------------------------------------------------------------------------------------


def test_a_view_shows_the_own_hand_and_keeps_the_others_secrets():
    state = GAME.new_state(seed=3)
    view = state.view(1)
    text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "legal")})
    assert view["hand"] == state.hands[1] and view["legal"] == []
    assert view["hand_sizes"] == [6, 6] and view["deck_size"] == 40
    assert all(goal["card"] is None for goal in view["goals"])
    assert not {"deck", "goal_pile", "hands", "seed", "aside"} & set(view)
    for card in state.goal_cards.values():
        assert card not in text
    assert state.view(0)["legal"] == [a.text for a in state.legal_actions()]
    assert "hand" not in state.view(None)
    with pytest.raises(ValueError):
        state.view(2)


def test_a_view_shows_markers_keys_and_gold_which_lie_openly():
    state = (
        DuelScenario()
        .maze("gold-EW@1,0", "blue-Ew@2,0")
        .marker(1, 0, 0)
        .key(2, 0, 0)
        .gold(1, "goal-2")
        .build()
    )
    view = state.view(None)
    board = view["board"]
    up = {(c["x"], c["y"]): c["card"] for c in board["cells"] if c["face"] == "up"}
    assert up[1, 0] == "gold-EW" and up[2, 0] == "blue-Ew"
    pieces = {(p["kind"], p["x"], p["y"], p["owner"]) for p in board["pieces"]}
    assert pieces == {("gold-marker", 1, 0, 0), ("key", 2, 0, 0)}
    assert view["gold"] == [[], ["goal-2"]] and view["scores"] == [0, 2]
    assert view["markers_left"] == 7 and view["keys_left"] == 1


@pytest.mark.parametrize(("ruleset", "players"), [("duel", 2), ("solo", 1)])
def test_every_event_has_words(ruleset, players):
    game = new_game(ruleset, players)
    seen: set[str] = set()
    for seed in range(15):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            eager = [a for a in legal if a.kind in ("bribe", "key", "place", "reveal")]
            state.apply(rng.choice(eager or legal))
        for event in state.events:
            text = game.describe(event, ["Ann", "Ben"])
            assert text and not text.endswith(f": {event.kind}"), event
            seen.add(event.kind)
    assert {"place", "mark", "bribe", "round-end", "pay", "game-over"} <= seen
    assert ("reveal" if ruleset == "duel" else "drawn-sabotage") in seen
