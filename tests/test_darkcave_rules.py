"""The Dark Cave's rules, one scenario each, built from the state notation."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from saboteur.engine.base import IllegalAction, NotationError
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave import walking as W
from saboteur.engine.darkcave.actions import field_text, parse_action
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.grid import field_id, slot_index
from tests.darkcave_scenario import (
    creature_before_dwarf,
    dealt,
    fresh,
    give,
    lay,
    legal,
    load,
    set_hand,
    take,
)

START = field_id(slot_index(0, 0), 0)


def _pass(state: DarkCaveState, card: str | None = None) -> None:
    """The seat to play passes (discarding ``card`` or its first card): on to its move."""
    seat = state.current_player
    assert seat is not None
    state.apply(f"pass:{card or state.hands[seat][0]}")


# -- setup -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 9))
def test_the_deal_follows_the_player_count(players: int) -> None:
    state = fresh(players, players)
    cards = sorted(state.clan_cards + state.aside)
    if players == 2:
        assert cards == ["blue-loyal", "yellow-loyal"]
    elif players <= 4:
        assert len(set(state.clans)) == 1 and len(cards) == 4
        assert Counter(c.split("-")[1] for c in cards) == {"loyal": 2, "saboteur": 2}
    else:
        assert Counter(cards) == Counter(
            {"yellow-loyal": 3, "blue-loyal": 3, "yellow-saboteur": 1, "blue-saboteur": 1}
        )
    assert len(state.box) == 15 and all(len(hand) == 5 for hand in state.hands)
    assert state.gold == [3] * players and state.supply == 46 - 3 * players
    assert all(state.dwarf_field(seat) == START for seat in range(players))
    far = 4 if players <= 5 else 3
    assert {(x, y) for x, y, _ in state.to_json()["goals"]} == {
        (-far, -far),
        (far, -far),
        (-far, far),
        (far, far),
    }
    decks = [C.card_deck(card) for hand in state.hands for card in hand]
    assert decks.count("II") <= players * (0 if players <= 4 else 1 if players <= 6 else 2)
    assert "III" not in decks


def test_the_draw_pile_has_deck_iii_at_the_bottom_and_i_on_top() -> None:
    state = fresh(4, 5)
    decks = [C.card_deck(card) for card in state.deck]
    known = [deck for deck in decks if deck is not None]
    assert known == sorted(known, key=["III", "II", "I"].index)
    assert known[-1] == "I" and known[0] == "III"


# -- laying cards ----------------------------------------------------------------------------------


def test_a_card_need_not_join_the_start_but_must_extend_a_tunnel() -> None:
    data = dealt()
    lay(data, 2, 0, "I-NESW")  # cut off from the start (as after a rockfall)
    set_hand(data, 0, "I-EW", "I-NS")
    state = load(data)
    texts = legal(state)
    assert "I-EW@3,0" in texts and "I-EW@1,0" in texts  # beside the lone card, and between
    assert "I-NS@2,1" in texts and "I-NS@1,0" not in texts  # sides must match
    assert not any(t.startswith("I-") and t.endswith("@5,5") for t in texts)


def test_path_cards_turn_half_way_only_goals_any_way() -> None:
    assert [C.SHAPES.shapes[s].name for s in C.SHAPE_IDS["I-NS"]] == ["I-NS"]
    assert [C.SHAPES.shapes[s].name for s in C.SHAPE_IDS["I-NE"]] == ["I-NE", "I-SW"]
    assert len(C.SHAPE_IDS[C.HOLE_GOAL]) == 4 and len(C.SHAPE_IDS[C.EAGLE_GOAL]) == 2


def test_an_eagle_card_gets_gold_and_the_dwarf_ending_there_takes_it() -> None:
    data = dealt()
    set_hand(data, 0, "I-eagle-ESW", "rat")
    state = load(data)
    supply = state.supply
    state.apply("I-eagle-ESW@1,0")
    assert state.supply == supply - 1 and "1,0.0" in state.to_json()["eagle_gold"]
    state.apply("step@1,0.0")
    state.apply("stop")
    assert state.gold[0] == 4 and state.revealed[0]
    assert state.to_json()["eagle_gold"] == []


# -- walking ---------------------------------------------------------------------------------------


def test_crossing_group_i_ii_iii_cards_takes_1_2_3_steps() -> None:
    data = dealt()
    lay(data, 1, 0, "I-NESW")
    lay(data, 2, 0, "II-EW")
    lay(data, 3, 0, "III-EW")
    lay(data, 4, 0, "I-NESW")
    state = load(data)
    costs = W.dwarf_reach(state.maze, START, 9)
    at = {field_text(f): cost for f, cost in costs.items()}
    assert at["1,0.0"] == 1
    assert (at["2,0.1"], at["2,0.0"]) == (2, 3)  # II: W field, E field
    assert (at["3,0.1"], at["3,0.2"], at["3,0.0"]) == (4, 5, 6)  # III: W, middle, E
    assert at["4,0.0"] == 7


def test_a_move_is_three_steps_or_four_with_boots() -> None:
    data = dealt()
    for x, card in enumerate(("I-NESW", "I-NESW", "I-NESW", "I-EW", "II-NESW"), start=1):
        lay(data, x, 0, card)
    state = load(data)
    _pass(state)
    for x in (1, 2, 3):
        state.apply(f"step@{x},0.0")
    assert state.phase == "play" and state.current_player == 1
    data = state.to_json()
    data["boots"][1] = True
    take(data, "boots")
    data["dwarfs"][1] = "0,0.0"
    state = load(data)
    _pass(state)
    for x in (1, 2, 3):
        state.apply(f"step@{x},0.0")
    assert state.phase == "move" and state.steps_left == 1
    state.apply("step@4,0.0")
    assert state.current_player == 0


def test_onto_the_bridge_costs_a_card_beneath_it_is_free() -> None:
    data = dealt()
    lay(data, 1, 0, "II-bridge")  # fields N, E, S, W; the N-S tunnel is the bridge
    lay(data, 1, -1, "I-NS")
    data["dwarfs"][0] = "1,-1.0"
    state = load(data)
    _pass(state)
    cards = len(state.hands[0])
    state.apply("step@1,0.0")
    assert len(state.hands[0]) == cards - 1
    assert state.events[-2].kind == "card-lost" and state.events[-2].data["why"] == "bridge"
    state.apply("step@1,0.2")  # along the bridge: paid once
    assert len(state.hands[0]) == cards - 1
    data = dealt()
    lay(data, 1, 0, "II-bridge")
    state = load(data)
    _pass(state)
    cards = len(state.hands[0])
    state.apply("step@1,0.3")
    state.apply("step@1,0.1")  # the E-W tunnel under the bridge
    assert len(state.hands[0]) == cards
    assert "step@1,0.0" not in legal(state)  # not joined to the bridge


def test_the_tunnel_costs_a_gold_if_the_dwarf_has_any() -> None:
    data = dealt()
    lay(data, 1, 0, "III-tunnel")  # N E S W, middle NE, middle SW, tunnel
    data["gold"][0], data["supply"] = 1, data["supply"] + 2
    state = load(data)
    _pass(state)
    for step in ("1,0.3", "1,0.5", "1,0.6"):
        state.apply(f"step@{step}")
    assert state.gold[0] == 0 and state.current_player == 1
    assert any(event.kind == "tunnel-gold" for event in state.events)


def test_a_ladder_leads_to_any_other_ladder_in_one_step() -> None:
    data = dealt()
    lay(data, 1, 0, "I-EW")
    lay(data, 2, 0, "I-ladder-NS")  # not joined by a tunnel, but a ladder
    state = load(data)
    _pass(state)
    assert "step@2,0.0" in legal(state)
    state.apply("step@2,0.0")
    assert state.dwarf_field(0) == field_id(slot_index(2, 0), 0)


def test_a_web_blocks_its_edge_for_two_turns_of_its_owner() -> None:
    data = dealt()
    lay(data, 1, 0, "I-EW")
    take(data, "web")
    data["webs"] = [{"edge": "0,0:E", "owner": 0, "shows": 2}]
    state = load(data)
    assert state.phase == "play"
    _pass(state)
    assert "step@1,0.0" not in legal(state)
    state.apply("stop")
    _pass(state)
    state.apply("stop")
    assert state.webs and list(state.webs.values()) == [1]  # turned at seat 0's turn start
    _pass(state)
    assert "step@1,0.0" not in legal(state)
    state.apply("stop")
    _pass(state)
    state.apply("stop")
    assert not state.webs and "web" in state.discard
    _pass(state)
    assert "step@1,0.0" in legal(state)


def test_a_battle_axe_weakens_a_web_next_to_the_dwarf() -> None:
    data = dealt()
    lay(data, 1, 0, "I-EW")
    take(data, "web")
    take(data, "axe")
    data["axes"][0] = 1
    data["webs"] = [{"edge": "0,0:E", "owner": 1, "shows": 1}]
    state = load(data)
    assert "axe-web@0,0:E" in legal(state)
    state.apply("axe-web@0,0:E")
    assert not state.webs and state.axes[0] == 0 and state.phase == "play"


# -- goals and the exit ----------------------------------------------------------------------------


def _next_to_goal(goal: str) -> dict:  # type: ignore[type-arg]
    data = dealt()
    here = next(entry for entry in data["goals"] if entry[:2] == [4, -4])
    there = next(entry for entry in data["goals"] if entry[2] == goal)
    here[2], there[2] = goal, here[2]
    lay(data, 4, -3, "I-NS")
    data["dwarfs"][0] = "4,-3.0"
    return data


def test_a_dwarf_turns_a_goal_over_and_lays_it_open_towards_itself() -> None:
    state = load(_next_to_goal(C.HOLE_GOAL))
    _pass(state)
    state.apply("step@4,-4.0")
    assert state.phase == "reveal" and state.current_player == 0
    choices = legal(state)
    assert choices and all(
        c.startswith("goal-hole-") and "S" in c.split("@")[0][10:] for c in choices
    )
    state.apply(choices[0])
    assert state.dwarf_field(0) == field_id(slot_index(4, -4), 0)
    assert state.current_player == 1  # the move ended on the goal


def test_leaving_by_the_exit_ends_the_game_when_a_side_is_all_out() -> None:
    state = load(_next_to_goal(C.EXIT_GOAL))
    _pass(state)
    state.apply("step@4,-4.0")
    state.apply(legal(state)[0])
    _pass(state)
    state.apply("stop")
    _pass(state)
    state.apply("step@4,-4.1")  # the exit field
    assert state.is_over and state.out == [0] and state.revealed[0]
    assert state.scores == [3, 0] and state.winners == [0]
    end = state.events[-1]
    assert end.kind == "game-end" and end.data["why"] == "out"


def _last_card(out: list[int], gold: list[int]) -> DarkCaveState:
    """Four yellow dwarfs (seats 2 and 3 saboteurs); only seat 0 holds a card, the last one."""
    data = dealt(4)
    data["clan_cards"] = ["yellow-loyal", "yellow-loyal", "yellow-saboteur", "yellow-saboteur"]
    data["aside"] = []
    data["discard"] += data["deck"] + [card for hand in data["hands"] for card in hand]
    data["deck"], data["hands"] = [], [[], [], [], []]
    give(data, 0, "rat")
    data["supply"] += sum(data["gold"]) - sum(gold)
    data["gold"], data["out"] = gold, out
    for seat in out:
        data["dwarfs"][seat], data["revealed"][seat] = None, True
    return load(data)


def test_the_score_is_gold_out_times_the_other_sides_dwarfs_and_a_tie_goes_to_the_first_out() -> (
    None
):
    state = _last_card(out=[2, 0], gold=[3, 5, 3, 1])
    state.apply("pass:rat")  # the last card: the game ends at once
    assert state.is_over and state.events[-1].data["why"] == "cards"
    assert state.scores == [6, 6, 6, 6]  # 3 gold x 2 dwarfs each; seats 1 and 3 stayed in
    assert state.winners == [2, 3]  # blue's saboteurs: seat 2 left first
    state = _last_card(out=[2, 0], gold=[4, 0, 3, 0])
    state.apply("pass:rat")
    assert state.scores == [8, 8, 6, 6] and state.winners == [0, 1]
    state = _last_card(out=[], gold=[3, 3, 3, 3])
    state.apply("pass:rat")
    assert state.winners == [0, 1, 2, 3] and state.events[-1].data["winner"] is None


# -- creatures -------------------------------------------------------------------------------------


def _rat_ready(axe: bool) -> DarkCaveState:
    return creature_before_dwarf("rat", "I-NS", axe)


def test_a_rat_bites_the_dwarf_it_reaches_a_hand_card_is_lost() -> None:
    state = _rat_ready(axe=False)
    assert "rat@1,0.0" in legal(state)
    state.apply("rat@1,0.0")
    assert state.phase == "creature"
    cards = len(state.hands[1])
    state.apply("step@2,0.0")
    assert len(state.hands[1]) == cards - 1 and state.phase == "move"
    assert state.creature_owner("rat") == 0
    state.apply("stop")
    _pass(state)
    state.apply("stop")
    assert "rat" not in state.creatures  # gone when its player's turn comes again


def test_a_battle_axe_drives_the_creature_off_before_it_attacks() -> None:
    state = _rat_ready(axe=True)
    state.apply("rat@1,0.0")
    cards = len(state.hands[1])
    state.apply("step@2,0.0")
    assert state.phase == "defend" and state.current_player == 1
    assert legal(state) == ["drive-off", "endure"]
    with pytest.raises(IllegalAction):
        state.apply("drive-off", player=0)
    state.apply("drive-off")
    assert len(state.hands[1]) == cards and "rat" not in state.creatures
    assert state.axes[1] == 0 and state.current_player == 0 and state.phase == "move"


def test_a_wyrm_knocks_the_dwarf_down_for_its_next_turn() -> None:
    data = dealt()
    lay(data, 1, 0, "I-hole-EW")
    lay(data, 2, 0, "I-NESW")
    data["dwarfs"][1] = "1,0.0"
    set_hand(data, 0, "wyrm", "I-NS")
    state = load(data)
    state.apply("wyrm@1,0.0")  # set onto a dwarf: no attack yet
    assert not state.lying[1]
    state.apply("step@2,0.0")
    state.apply("step@1,0.0")  # entering its field again
    assert state.lying[1]
    state.apply("stop")
    _pass(state)  # seat 1 stands up and does not move
    assert state.current_player == 0 and not state.lying[1]


# -- action cards ----------------------------------------------------------------------------------


def test_rockfall_spares_cards_with_dwarfs_and_returns_eagle_gold() -> None:
    data = dealt()
    lay(data, 1, 0, "I-eagle-ESW")
    lay(data, 2, 0, "I-EW")
    data["dwarfs"][1] = "2,0.0"
    data["eagle_gold"] = ["1,0.0"]
    data["supply"] -= 1
    set_hand(data, 0, "rockfall")
    state = load(data)
    assert "rockfall@1,0" in legal(state) and "rockfall@2,0" not in legal(state)
    assert "rockfall@0,0" not in legal(state)
    supply = state.supply
    state.apply("rockfall@1,0")
    assert slot_index(1, 0) not in state.maze.cells and state.supply == supply + 1
    assert "I-eagle-ESW" in state.discard


def test_after_a_card_swap_the_other_player_draws() -> None:
    data = dealt()
    set_hand(data, 0, "swap", "I-NS")
    state = load(data)
    theirs = list(state.hands[1])
    state.apply("swap@1")
    assert state.hands[0] == theirs and state.hands[1] == ["I-NS"]
    state.apply("stop")
    assert len(state.hands[1]) == 2 and len(state.hands[0]) == len(theirs)


def test_secret_information_is_seen_by_its_player_only() -> None:
    data = dealt(4)
    set_hand(data, 0, "info", "I-NS")
    state = load(data)
    state.apply("info@2")
    private = state.events[-1]
    assert private.kind == "saw-clan-card" and private.to == 0
    assert state.view(0)["known"] == {"2": state.clan_cards[2]}
    assert state.view(1)["characters"][2] is None and "known" not in state.view(None)


def test_a_player_without_cards_sits_out() -> None:
    data = dealt()
    data["deck"][:0] = data["hands"][1]
    data["hands"][1] = []
    state = load(data)
    _pass(state)
    state.apply("stop")
    assert state.current_player == 0
    assert any(event.kind == "sit-out" and event.seat == 1 for event in state.events)


def test_an_agreed_end_needs_everyone() -> None:
    state = fresh(3, 4)
    state.apply("propose-end")
    assert state.phase == "vote" and state.current_player == 1
    state.apply("agree")
    state.apply("refuse")
    assert state.phase == "play" and "propose-end" not in legal(state)
    state = fresh(3, 4)
    for action in ("propose-end", "agree", "agree"):
        state.apply(action)
    assert state.is_over and state.events[-1].data["why"] == "agreed"


# -- notation, views, determinism ------------------------------------------------------------------


def test_random_games_replay_and_reload_exactly() -> None:
    for seed in range(6):
        players = 2 + seed
        state, again = fresh(players, seed), fresh(players, seed)
        game = state.game
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            again.apply(action.text)
            if len(state.history) % 40 == 0:
                data = state.to_json()
                loaded = game.state_from_json(data)
                assert loaded.to_json() == data
                assert [a.text for a in loaded.legal_actions()] == legal(state)
        assert again.to_json() == state.to_json()


def test_views_keep_characters_hands_and_goals_secret() -> None:
    state = fresh(6, 9)
    for seat in [None, *range(6)]:
        view = state.view(seat)
        shown = [card for card in view["characters"] if card is not None]
        assert shown == ([] if seat is None else [state.clan_cards[seat]])
        assert "aside" not in view and "deck" not in view
        assert all(
            cell["card"] is None for cell in view["board"]["cells"] if cell["face"] == "down"
        )
        if seat is None:
            assert "hand" not in view
        else:
            assert view["hand"] == state.hands[seat]


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "dance"},
        {"maze": [[0, 0, "nonsense"]]},
        {"gold": [3]},
        {"dwarfs": ["x"]},
        {"deck": ["I-NS"] * 99},
        {"webs": [{"edge": 5, "owner": 0, "shows": 2}]},
    ],
)
def test_bad_state_notation_is_refused_with_a_reason(change: dict) -> None:  # type: ignore[type-arg]
    data = {**dealt(), **change}
    with pytest.raises(NotationError):
        load(data)


def test_actions_are_parsed_strictly() -> None:
    assert parse_action("pass:I-NS+rat").text == "pass:I-NS+rat"
    for bad in ("pass:rat+I-NS", "step@1,0", "web@1,0.0", "dance", "I-NS@1", "swap@1,0"):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_setup_helpers() -> None:
    assert S.works_for("yellow-saboteur") == "blue" and S.works_for("blue-loyal") == "blue"
    state = load(dealt())
    give_data = state.to_json()
    give(give_data, 1, "boots")
    assert "boots" in load(give_data).hands[1]


# -- found by the property tests (tests/test_darkcave_properties.py) -------------------------------


def test_gold_of_dwarfs_left_in_the_cave_goes_back_to_the_supply_once() -> None:
    state = _last_card(out=[2], gold=[3, 5, 3, 1])
    state.apply("pass:rat")
    assert state.is_over and state.gold == [0, 0, 3, 0]
    assert sum(state.gold) + state.supply == S.GOLD_PIECES


@pytest.mark.parametrize("seed", range(1, 5))
def test_a_lost_card_is_the_same_after_reloading_the_state(seed: int) -> None:
    data = dealt(seed=seed)
    lay(data, 1, 0, "II-bridge")
    lay(data, 1, -1, "I-NS")
    data["dwarfs"][0] = "1,-1.0"
    state = load(data)
    _pass(state)
    again = load(state.to_json())
    state.apply("step@1,0.0")
    again.apply("step@1,0.0")
    assert again.to_json() == state.to_json()


def test_an_action_that_is_not_text_is_a_notation_error() -> None:
    for value in (["stop"], {"stop": 1}, None):
        with pytest.raises(NotationError):
            parse_action(value)


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "defend"},  # no attack waiting
        {"phase": "move", "steps_left": 0},
        {"phase": "creature"},  # no creature moving
        {"phase": "vote"},  # nobody to answer
        {"current": 1},  # seat 0's turn
        {"supply": 41},  # the gold does not add up to 46
        {"dwarfs": ["0,0.0", "0,0.3"]},  # the start card has one field
        {"maze": [[1, 0, "start"]]},
        {"goals": [[4, 4, "goal-exit"]]},
        {"draws": [0, 7]},
        {"eagle_gold": ["0,0.0"]},
        {"webs": [{"edge": "0,0:E", "owner": 0, "shows": 5}]},
    ],
)
def test_state_notation_that_cannot_be_played_on_is_refused(change: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(NotationError):
        load({**dealt(), **change})


@pytest.mark.parametrize("key", ["attack", "pending", "moving", "final", "current", "round"])
def test_state_notation_without_a_null_entry_is_refused(key: str) -> None:
    data = dealt()
    del data[key]
    with pytest.raises(NotationError, match=key):
        load(data)


# -- the view's targets and walk map ---------------------------------------------------------------


def test_targets_name_the_field_of_a_step_or_creature_and_the_side_of_a_web() -> None:
    state = creature_before_dwarf("rat", "web")
    targets = {t["action"]: t for t in state.view(0)["board"]["targets"]}
    assert targets["rat@1,0.0"] == {
        "action": "rat@1,0.0",
        "kind": "lure",
        "hand_card": "rat",
        "x": 1,
        "y": 0,
        "field": 0,
    }
    assert targets["web@0,0:E"]["side"] == "E" and targets["web@0,0:E"]["x"] == 0
    state.apply("rat@1,0.0")
    view = state.view(0)
    steps = [t for t in view["board"]["targets"] if t["kind"] == "step"]
    assert steps and all(isinstance(t["field"], int) for t in steps)
    walk = view["walk"]
    assert walk["mover"] == "rat" and walk["start"] == "1,0.0" and walk["steps_left"] == 3
    onto_dwarf = next(f for f in walk["fields"] if f["field"] == "2,0.0")
    assert onto_dwarf["enter"] == ["attack"] and onto_dwarf["steps"] == 1
    assert all(f["via"] != "2,0.0" for f in walk["fields"])  # it stops at the dwarf
    assert "walk" not in state.view(1) and "walk" not in state.view(None)


def test_the_walk_map_lists_the_reachable_fields_and_follows_legal_steps() -> None:
    data = dealt()
    for x, shape in ((1, "I-EW"), (2, "I-NESW"), (3, "I-NESW")):
        lay(data, x, 0, shape)
    state = load(data)
    _pass(state)
    view = state.view(0)
    walk = view["walk"]
    assert walk["mover"] == "dwarf" and walk["steps_left"] == 3
    reach = {f["field"]: f["steps"] for f in walk["fields"]}
    assert reach["3,0.0"] == 3 and "4,0.0" not in reach
    expected = W.dwarf_reach(state.maze, START, 3)
    assert set(reach) == {field_text(f) for f in expected if f != START}
    first = {f["field"] for f in walk["fields"] if f["steps"] == 1}
    assert first == {a.removeprefix("step@") for a in view["legal"] if a.startswith("step@")}
    by_field = {f["field"]: f for f in walk["fields"]}
    path = ["3,0.0"]
    while by_field[path[-1]]["via"] != walk["start"]:
        path.append(by_field[path[-1]]["via"])
    for field in reversed(path):  # the client sends the way's steps one by one
        assert f"step@{field}" in legal(state)
        state.apply(f"step@{field}")
    assert state.dwarf_field(0) == field_id(slot_index(3, 0), 0)
    assert state.current == 1 and "walk" not in state.view(0)  # the move is over


def test_the_walk_map_marks_tolls_goals_and_the_tunnel_without_showing_a_goal() -> None:
    data = dealt()
    lay(data, 4, 2, "I-NS")
    lay(data, 4, 3, "I-NESW")
    data["dwarfs"][0] = "4,2.0"
    state = load(data)
    _pass(state)
    walk = state.view(0)["walk"]
    goal = next(f for f in walk["fields"] if f["field"] == "4,4.0")
    assert goal["enter"] == ["goal"] and goal["steps"] == 2 and goal["via"] == "4,3.0"
    assert all(f["via"] != "4,4.0" for f in walk["fields"])  # turning it over ends the move
    assert "goal-" not in str(walk)  # nothing of the face-down card
    data = dealt()
    lay(data, 1, 0, "III-tunnel")
    state = load(data)
    _pass(state)
    tunnel = next(f for f in state.view(0)["walk"]["fields"] if f["n"] == 6)
    assert tunnel["enter"] == ["gold"] and tunnel["gold"] == 1 and tunnel["steps"] == 3


# -- more card effects and ends -------------------------------------------------------------------


def test_a_goblin_takes_a_gold_back_to_the_supply() -> None:
    state = creature_before_dwarf("goblin", "I-NS")
    supply = state.supply
    state.apply("goblin@1,0.0")
    assert state.creature_steps == 5
    state.apply("step@2,0.0")
    assert state.gold[1] == 2 and state.supply == supply + 1 and state.phase == "move"


def test_a_creature_played_again_moves_on_from_where_it_stands() -> None:
    data = dealt()
    lay(data, 1, 0, "I-hole-EW")
    lay(data, 2, 0, "I-NESW")
    lay(data, 3, 0, "I-NESW")
    take(data, "rat")
    data["creatures"] = [["rat", "3,0.0", 1]]  # seat 1's rat, out since seat 1's last turn
    set_hand(data, 0, "rat", "I-NS")
    state = load(data)
    assert "rat" in legal(state) and "rat@1,0.0" not in legal(state)
    discard = len(state.discard)
    state.apply("rat")
    assert state.creature_owner("rat") == 0 and len(state.discard) == discard + 1
    assert state.creature_field("rat") == field_id(slot_index(3, 0), 0)
    assert state.phase == "creature" and "step@2,0.0" in legal(state)


def test_the_dwarf_that_reveals_the_eagle_goal_takes_its_gold() -> None:
    state = load(_next_to_goal(C.EAGLE_GOAL))
    _pass(state)
    state.apply("step@4,-4.0")
    supply = state.supply
    choice = legal(state)[0]
    assert choice.startswith("goal-eagle-")
    state.apply(choice)
    assert state.gold[0] == 4 and state.revealed[0] and state.supply == supply - 1
    assert state.current_player == 1


def test_the_first_dwarf_out_sees_the_clan_cards_set_aside() -> None:
    data = dealt(5)
    here = next(entry for entry in data["goals"] if entry[:2] == [4, -4])
    there = next(entry for entry in data["goals"] if entry[2] == C.EXIT_GOAL)
    here[2], there[2] = C.EXIT_GOAL, here[2]
    lay(data, 4, -3, "I-NS")
    data["maze"].append([4, -4, "goal-exit"])
    data["hidden"] = [h for h in data["hidden"] if h != [4, -4]]
    data["dwarfs"][0] = "4,-4.0"
    state = load(data)
    assert len(state.aside) == 3
    _pass(state)
    state.apply("step@4,-4.1")
    seen = [e for e in state.events if e.kind == "saw-aside"]
    assert len(seen) == 1 and seen[0].to == 0 and seen[0].data["clan_cards"] == state.aside
    assert state.view(0)["aside"] == state.aside and "aside" not in state.view(1)


def test_when_nobody_holds_a_card_but_cards_are_left_the_game_ends_stuck() -> None:
    data = dealt()
    data["deck"][:0] = data["hands"][1]
    data["hands"][1] = []
    data["deck"][:0] = data["hands"][0][1:]
    data["hands"][0] = data["hands"][0][:1]
    state = load(data)
    state.apply(f"pass:{state.hands[0][0]}")  # seat 0 draws at the end of its turn...
    state.apply("stop")
    assert state.hands[0]  # ...so the game goes on
    data = state.to_json()
    data["deck"][:0] = data["hands"][0]
    data["hands"][0] = []
    data["phase"], data["current"], data["turn"] = "move", 0, 0
    data["steps_left"], data["draws"] = 1, [0, 0]
    state = load(data)
    state.apply("stop")  # nobody has a card and nobody draws: nobody can play
    assert state.is_over and state.events[-1].data["why"] == "stuck"
