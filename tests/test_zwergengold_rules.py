"""Zwergengold's rules, one scenario each, built from the state notation (docs/rules.md)."""

from __future__ import annotations

import pytest

from saboteur.engine import new_game
from saboteur.engine.base import IllegalAction, NotationError
from saboteur.engine.grid import slot_index, slot_xy
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold.labyrinth import Misfit
from saboteur.engine.zwergengold.state import ZwergengoldState
from tests.zwergengold_scenario import card_with, dealt, kinds, row, scene, texts


def slot(x: int, y: int) -> int:
    return slot_index(x, y)


# -- the seed's first example: the walk of Zarborax ---------------------------------------------

# Two levels.  From the start: a rotten floor already turned (3 AP), stairs down to level 2, two
# goblins (1 AP each), the rats; beyond the rats a straight at level 1 whose arches lead on to the
# card with the lock pick ("Dietrich"), face down: a dragon.
ZARBORAX = [
    (0, 1, "I-cloak-rot", 0, 1, True),
    (0, 2, "S", 0, 1, True),
    (0, 3, "I-pick-goblin", 0, 2, True),
    (0, 4, "T-pick-goblin", 1, 2, True),  # exits N, S, W
    (-1, 4, "I-duster-rats", 1, 2, True),  # exits E, W
    (-2, 4, "I-cloak", 0, 1, False),  # N-S at level 1: its arches E and W lie under it
    (-3, 4, "I-pick-dragon", 1, 2, False),  # the "Dietrich", face down
]


def test_zarborax_walks_pays_and_cannot_defeat_the_dragon() -> None:
    state = scene(ZARBORAX, mages=[(0, 0), (0, 0)], options={"levels": 2})
    spent = []
    for move in ("step@0,1", "step@0,2", "step@0,3", "step@0,4", "step@-1,4"):
        state.apply(move)
        spent.append(state.ap[0])
    assert spent == [4, 4, 3, 2, 2]  # rotten floor 3, stairs free, goblins 1 each, rats free
    assert "under@-3,4" in texts(state) and "step@-2,4" not in texts(state)
    before = len(state.events)
    state.apply("under@-3,4")  # announced: the card with the lock pick; turned over: a dragon
    assert state.events[before].data["card"] == "I-pick-dragon"
    assert state.phase == "shown" and texts(state) == {"retreat"}  # 6 AP needed, 2 held
    state.apply("retreat")
    assert slot(-3, 4) not in state.lab.face_up  # the dragon card is face down again
    assert state.mage_slot(0) == slot(-1, 4) and state.stuck
    assert not any(a.kind in ("step", "under") for a in state.legal_actions())
    state.apply("end")
    assert state.ap[0] == 2  # on the rats: no AP back at the end of the turn
    assert kinds(state, before) == ["turn-over", "turned-back", "end-turn"]


def test_a_dragon_defeated_stays_open_and_is_free_afterwards() -> None:
    state = scene(ZARBORAX, mages=[(-1, 4), (-1, 4)], ap=[7, 2], options={"levels": 2})
    state.apply("under@-3,4")
    assert texts(state) == {"enter"}
    state.apply("enter")
    assert state.ap[0] == 1 and slot(-3, 4) in state.lab.face_up
    state.apply("end")
    state.apply("under@-3,4")  # face up now: entering it is free
    assert state.ap[1] == 2 and state.mage_slot(1) == slot(-3, 4)


# -- the seed's second example: where the straight with the foreboding may go --------------------

# Two levels.  Dietrich (lock pick) a crossroads at level 1; Tarnkappe (cloak) a T at level 2 with
# exits N, W and S; a level-2 straight below it lies E-W (arches N and S); Hammer und Pickel a
# level-2 straight N-S; Krafttrank (strength draught) at level 3 opens W; a level-2 corridor opens
# S above the place left of Dietrich.
FOREBODING = [
    (0, 4, "X-pick", 0, 1, False),  # Dietrich
    (-1, 5, "T-cloak", 1, 2, False),  # Tarnkappe: exits N, S, W
    (-1, 7, "I-farsight", 1, 2, False),  # E-W at level 2: arch N faces Tarnkappe's way south
    (-1, 3, "I-cloak", 0, 2, False),  # N-S at level 2, opening S
    (2, 6, "I-hammer", 0, 2, False),  # Hammer und Pickel
    (3, 5, "T-draught", 0, 3, False),  # Krafttrank: exits E, S, W at level 3
]


def test_the_straight_with_the_foreboding_fits_four_ways_and_not_at_the_tarnkappe() -> None:
    state = scene(
        FOREBODING,
        mages=[(0, 0), (0, 0)],
        hands=[["I-foreboding"], []],
        options={"levels": 2, "table": 17},
    )
    legal = texts(state)
    allowed = {
        "play:I-foreboding@0,3:0": 1,  # upright on top of the Dietrich: level 1
        "play:I-foreboding@-1,4:1": 1,  # across, left of the Dietrich: level 1
        "play:I-foreboding@-2,5:1": 2,  # across, left of the Tarnkappe: level 2
        "play:I-foreboding@2,5:0": 2,  # upright on top of Hammer und Pickel: level 2
    }
    assert set(allowed) <= legal
    assert "play:I-foreboding@-1,6:0" not in legal  # upright below the Tarnkappe
    with pytest.raises(IllegalAction, match="may open only into an arch of a card lying higher"):
        state.apply("play:I-foreboding@-1,6:0")
    with pytest.raises(IllegalAction, match="must meet an exit"):
        state.apply("play:I-foreboding@-1,8:1")  # at the other arches: no exit fixes a level
    for action, level in allowed.items():
        trial = state.clone()
        trial.apply(action)
        x, y = (int(v) for v in action.split("@")[1].split(":")[0].split(","))
        assert trial.lab.levels[slot(x, y)] == level


def test_the_weitblick_lies_by_the_start_only_because_two_levels_are_played() -> None:
    # "Es sollen zwei Ebenen gespielt werden, nur deswegen durfte der Weitblick überhaupt gelegt
    # werden": a T at level 2 east of the start, its exit W into the start's arch
    below = [(1, 1, "X-cloak", 0, 2, True)]
    weitblick = C.shape_of("T", 1)  # exits N, S, W
    assert scene(below, options={"levels": 2}).lab.fit(slot(1, 0), weitblick) == 2
    with pytest.raises(Misfit, match="level 3"):
        scene(below, options={"levels": 3}).lab.fit(slot(1, 0), weitblick)


def test_under_the_foreboding_from_the_tarnkappe() -> None:
    state = scene(
        FOREBODING,
        mages=[(-1, 5), (0, 0)],
        hands=[["I-foreboding"], []],
        options={"levels": 2, "table": 17},
    )
    state.lab.face_up.update(state.lab.cards)
    state.apply("play:I-foreboding@-1,4:1")
    chains = state.lab.chains
    assert chains.level[chains.of[slot(-1, 4)]] == 2
    assert "under@-1,3" in texts(state)


def test_on_top_of_hammer_und_pickel_the_passage_lies_at_the_krafttranks_level() -> None:
    state = scene(FOREBODING, hands=[["I-foreboding"], []], options={"levels": 2, "table": 17})
    state.apply("play:I-foreboding@2,5:0")
    chains = state.lab.chains
    assert chains.level[chains.of[slot(2, 5)]] == 3


# -- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 8))
def test_the_deal(players: int) -> None:
    state = dealt(players, seed=players)
    assert state.ap == [7] * players and all(len(hand) == 5 for hand in state.hands)
    assert len(state.pile) == 143 - 5 * players and not state.stairs
    assert {state.mage_slot(seat) for seat in range(players)} == {slot(0, 0)}
    assert list(state.lab.cards.values()) == ["start"] and state.lab.maze.bounds == (-6, 6, -6, 6)
    assert state.current_player == state.first == state.turn
    assert state.game.levels == 3


def test_the_first_player_and_the_table_are_options() -> None:
    firsts = {dealt(5, seed).first for seed in range(20)}
    assert len(firsts) > 1  # random by default, from the seed
    state = dealt(5, seed=4, first=3, table=9)
    assert state.first == 3 and state.lab.maze.bounds == (-4, 4, -4, 4)
    with pytest.raises(ValueError, match="levels must be from 2 to 7"):
        new_game("zwergengold", 3, {"levels": 8})


def test_kein_plan_sets_the_stairs_apart_and_shuffles_the_plans_in() -> None:
    state = dealt(3, seed=2, no_plan=True)
    cards = state.pile + [card for hand in state.hands for card in hand]
    assert len(state.stairs) == 30 and all(C.corridor(card) == "S" for card in state.stairs)
    assert sum(C.symbol(card) == "plan" for card in cards) == 12
    assert not any(C.corridor(card) == "S" for card in cards)


# -- attaching cards -------------------------------------------------------------------------------


def test_the_start_exit_takes_a_straight_first_and_stairs_carry_no_scroll() -> None:
    state = scene(hands=[["T-cloak", "I-pick", "S"], []])
    legal = texts(state)
    assert {a for a in legal if "@0,1" in a} == {"play:I-pick@0,1:0", "read:I-pick@0,1:0"}
    assert "play:T-cloak@pile" in legal and not any(a.startswith("read:S") for a in legal)
    state.apply("play:I-pick@0,1:0")
    assert state.lab.levels[slot(0, 1)] == 1 and state.lab.cards[slot(0, 1)] == "I-pick"
    assert slot(0, 1) not in state.lab.face_up  # attached face down


def test_around_the_start_lie_only_cards_at_the_target_level() -> None:
    cards = [
        (0, 1, "I-pick", 0, 1, True),
        (1, 2, "X-pick", 0, 2, True),
        (2, 0, "X-cloak", 0, 2, True),
    ]
    for levels, fits in ((2, True), (3, False)):
        state = scene(cards, options={"levels": levels})
        for x, y, turns, corridor in ((1, 1, 0, "I"), (1, 1, 0, "S"), (1, 0, 1, "I")):
            sid = C.shape_of(corridor, turns)
            if fits:
                state.lab.fit(slot(x, y), sid)
            else:
                with pytest.raises(Misfit, match="only cards at level 3"):
                    state.lab.fit(slot(x, y), sid)
    state = scene(cards, options={"levels": 2})
    with pytest.raises(Misfit, match="an arch may not meet the start's arches"):
        state.lab.fit(slot(1, 0), C.shape_of("T", 3))  # exits N, E, S; its arch W
    assert state.lab.fit(slot(1, 0), C.shape_of("I", 1)) == 2  # an exit at level 2 into it


def test_no_exit_towards_the_table_edge() -> None:
    state = scene([(3, 3, "X-pick", 0, 1, True)], options={"table": 9})
    assert state.lab.fit(slot(4, 3), C.shape_of("T", 1)) == 1  # exits N, S, W; arch E: fine
    with pytest.raises(Misfit, match="table's edge"):
        state.lab.fit(slot(4, 3), C.shape_of("T", 0))  # exits E, S, W


def test_a_card_that_fits_nowhere_goes_under_the_pile() -> None:
    state = scene(
        [(0, 1, "D-pick", 2, 1, True)], hands=[["I-cloak", "T-pick"], []], pile=["X-pick"]
    )
    assert texts(state) >= {"play:I-cloak@pile", "read:I-cloak@pile", "play:T-pick@pile"}
    with pytest.raises(IllegalAction, match="fits nowhere"):
        state.apply("play:I-cloak@0,2:0")
    state.apply("play:I-cloak@pile")
    assert state.pile == ["I-cloak", "X-pick"] and state.hands[0] == ["T-pick"]


def test_stairs_put_the_far_end_one_level_deeper_and_may_lead_up() -> None:
    state = scene([(0, 1, "I-pick", 0, 1, True)], hands=[["S", "S"], []])
    state.apply("play:S@0,2:0")  # the arrow (deeper end) to the S
    assert state.lab.levels[slot(0, 2)] == 1 and state.lab.exit_level(slot(0, 2), 4) == 2
    state.apply("play:S@0,3:2")  # turned round: its deeper end N meets level 2
    assert state.lab.levels[slot(0, 3)] == 1 and state.lab.exit_level(slot(0, 3), 4) == 1


# -- moving --------------------------------------------------------------------------------------


def test_no_turning_back_but_round_a_loop() -> None:
    loop = [(1, 3, "X-pick", 0, 1, True), (2, 3, "X-cloak", 0, 1, True)]
    loop += [(2, 4, "X-farsight", 0, 1, True), (1, 4, "X-foreboding", 0, 1, True)]
    state = scene(loop, mages=[(1, 3), (0, 0)])
    state.apply("step@2,3")
    assert "step@1,3" not in texts(state)
    with pytest.raises(IllegalAction, match="may not turn back"):
        state.apply("step@1,3")
    for move in ("step@2,4", "step@1,4", "step@1,3", "step@2,3"):
        state.apply(move)
    assert state.ap[0] == 7 and state.mage_slot(0) == slot(2, 3)


def test_moving_needs_an_ap() -> None:
    state = scene(row(None, None), mages=[(1, 3), (0, 0)], ap=[0, 7])
    assert not any(a.kind == "step" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="at least 1 AP"):
        state.apply("step@2,3")


def test_passing_under_two_cards_whose_arches_meet() -> None:
    cards = [(1, 3, "X-pick", 0, 2, True), (2, 3, "I-pick", 0, 1, True)]
    cards += [(3, 3, "I-cloak", 0, 1, True), (4, 3, "X-cloak", 0, 2, True)]
    state = scene(cards, mages=[(1, 3), (0, 0)])
    assert {a for a in texts(state) if a.startswith(("step", "under"))} == {"under@4,3"}
    state.apply("under@4,3")
    assert state.mage_slot(0) == slot(4, 3) and state.ap[0] == 7
    gap = [*cards[:2], (4, 3, "I-cloak", 0, 1, True), (5, 3, "X-cloak", 0, 2, True)]
    assert not any(a.startswith("under") for a in texts(scene(gap, mages=[(1, 3), (0, 0)])))


# -- symbols ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mark", "cost", "no_plan_cost"),
    [("goblin", 1, 1), ("orc", 2, 3), ("troll", 3, 5), (None, 0, 0), ("rats", 0, 0)],
)
def test_creatures_cost_to_pass(mark: str | None, cost: int, no_plan_cost: int) -> None:
    for options, price in (({}, cost), ({"no_plan": True}, no_plan_cost)):
        for up in (True, False):
            state = scene(row(None, mark, up=up), mages=[(1, 3), (0, 0)], options=options)
            state.apply("step@2,3")
            if state.phase == "shown":
                state.apply("enter")
            assert state.ap[0] == 7 - price and state.mage_slot(0) == slot(2, 3)


def test_a_face_up_symbol_the_mage_cannot_pay_refuses_that_step_only() -> None:
    state = scene(
        [*row(None, "troll", None), (1, 4, "X-hammer", 0, 1, True)],
        mages=[(1, 3), (0, 0)],
        ap=[2, 7],
    )
    assert "step@2,3" not in texts(state) and "step@1,4" in texts(state)
    with pytest.raises(IllegalAction, match="cannot be reached"):
        state.apply("step@2,3")
    assert state.ap[0] == 2 and not state.stuck


def test_the_rotten_floor_is_free_the_first_time_then_costs_3() -> None:
    state = scene(row(None, "rot", None, up=False), mages=[(1, 3), (1, 3)])
    state.apply("step@2,3")  # turned over: free
    assert state.ap[0] == 7 and slot(2, 3) in state.lab.face_up
    state.apply("end")
    state.apply("step@2,3")
    assert state.ap[1] == 4


def test_hammer_and_pick_crosses_a_rotten_floor_or_breaks_a_wall_for_free() -> None:
    cards = [*row(None, "rot", None), (4, 3, card_with("I", "wall"), 1, 1, False)]
    state = scene(cards, mages=[(1, 3), (0, 0)], hands=[["I-hammer", "I-hammer"], []])
    state.apply(_read_somewhere(state, "I-hammer"))
    state.apply("step@2,3")
    assert state.ap[0] == 7 and state.tokens["hammer"] == 0
    state.apply("step@3,3")
    state.apply("step@4,3")  # the wall, turned over: 4 AP, unless ...
    assert state.phase == "shown" and texts(state) >= {
        "enter",
        f"read:I-hammer@{_anywhere(state, 'I')}",
    }
    state.apply(f"read:I-hammer@{_anywhere(state, 'I')}")
    state.apply("enter")
    assert state.ap[0] == 7 and state.mage_slot(0) == slot(4, 3)


def _anywhere(state: ZwergengoldState, corridor: str) -> str:
    place, sid = state.lab.places(corridor)[0]
    x, y = slot_xy(place)
    return f"{x},{y}:{C.SHAPES.shapes[sid].rotation}"


def _read_somewhere(state: ZwergengoldState, back: str) -> str:
    return f"read:{back}@{_anywhere(state, C.corridor(back))}"


def test_the_strength_potion_gives_4_ap_or_2_cards_the_first_time() -> None:
    for choice in ("potion:ap", "potion:cards"):
        state = scene(
            row(None, "potion", up=False),
            mages=[(1, 3), (0, 0)],
            ap=[2, 7],
            pile=["I-pick", "D-pick", "T-pick"],
        )
        state.apply("step@2,3")
        assert texts(state) == {"potion:ap", "potion:cards"}
        state.apply(choice)
        assert (state.ap[0], len(state.hands[0])) == ((6, 0) if choice == "potion:ap" else (2, 2))
    state = scene(row(None, "potion"), mages=[(1, 3), (0, 0)], ap=[5, 7])
    state.apply("step@2,3")  # face up already: nothing
    assert state.phase == "turn" and state.ap[0] == 5


def test_the_trapdoor_leads_down_for_2_and_up_for_4() -> None:
    cards = [(2, 2, "X-pick", 0, 1, True), (2, 3, card_with("I", "trapdoor"), 0, 1, True)]
    cards += [(1, 3, "X-cloak", 0, 2, True), (3, 3, "X-farsight", 0, 2, True)]
    state = scene(cards, mages=[(2, 2), (1, 3)], ap=[7, 7])
    state.apply("step@2,3")
    assert {a for a in texts(state) if a.startswith("trapdoor")} == {"trapdoor@1,3", "trapdoor@3,3"}
    state.apply("trapdoor@3,3")
    assert state.ap[0] == 5 and state.mage_slot(0) == slot(3, 3)
    state.apply("end")
    assert "trapdoor@2,3" in texts(state) and "under@3,3" in texts(state)
    state.apply("trapdoor@2,3")
    assert state.ap[1] == 3 and state.mage_slot(1) == slot(2, 3)


def test_a_grille_opens_only_with_a_helper_who_agrees_or_a_lock_pick() -> None:
    cards = row(None, "grille", None)
    alone = scene(cards, mages=[(1, 3), (0, 0)])
    assert "step@2,3" not in texts(alone)
    state = scene(cards, mages=[(1, 3), (3, 3), (0, 0)])
    state.apply("step@2,3")
    assert (
        state.phase == "grille"
        and state.current_player == 1
        and texts(state) == {"agree", "refuse"}
    )
    state.apply("refuse", player=1)
    assert state.phase == "turn" and state.current_player == 0 and state.mage_slot(0) == slot(1, 3)
    assert "step@2,3" not in texts(state)  # shut for the rest of this turn
    state.apply("end")
    state.apply("end")
    state.apply("end")
    state.apply("step@2,3")
    state.apply("agree")
    assert state.mage_slot(0) == slot(2, 3) and state.current_player == 0
    picked = scene(cards, mages=[(1, 3), (0, 0)], hands=[["I-pick"], []])
    picked.apply(_read_somewhere(picked, "I-pick"))
    picked.apply("step@2,3")
    assert picked.mage_slot(0) == slot(2, 3) and picked.tokens["pick"] == 0


def test_a_grille_turned_over_without_help_is_turned_back() -> None:
    state = scene(row(None, "grille", up=False), mages=[(1, 3), (0, 0)])
    state.apply("step@2,3")
    assert texts(state) == {"retreat"}
    state.apply("retreat")
    assert state.stuck and slot(2, 3) not in state.lab.face_up


def test_a_wall_costs_4_when_turned_and_may_be_walled_up_behind_for_2() -> None:
    state = scene(row(None, "wall", None, up=False), mages=[(1, 3), (1, 3)])
    state.apply("step@2,3")
    state.apply("enter")
    assert state.ap[0] == 3
    assert "wall@2,3" not in texts(state)  # standing on it
    state.apply("step@3,3")
    state.apply("wall@2,3")
    assert state.ap[0] == 1 and slot(2, 3) not in state.lab.face_up
    state.apply("end")
    state.apply("step@2,3")  # face down again: the next mage breaks it anew
    state.apply("enter")
    assert state.ap[1] == 3


def test_a_broken_wall_is_free() -> None:
    state = scene(row(None, "wall"), mages=[(1, 3), (0, 0)])
    state.apply("step@2,3")
    assert state.ap[0] == 7


def test_the_complicated_lock_stops_the_mage_unless_a_lock_pick() -> None:
    state = scene(row(None, "lock", None), mages=[(1, 3), (0, 0)])
    state.apply("step@2,3")
    assert state.stuck and not any(a.kind == "step" for a in state.legal_actions())
    picked = scene(row(None, "lock", None), mages=[(1, 3), (0, 0)], hands=[["I-pick"], []])
    picked.apply(_read_somewhere(picked, "I-pick"))
    picked.apply("step@2,3")
    picked.apply("step@3,3")
    assert picked.mage_slot(0) == slot(3, 3)


@pytest.mark.parametrize(
    ("mark", "before", "after"), [("rats", 3, 3), ("spring", 3, 7), (None, 3, 4), (None, 7, 7)]
)
def test_the_end_of_the_turn_gives_an_ap(mark: str | None, before: int, after: int) -> None:
    state = scene(row(mark), mages=[(1, 3), (0, 0)], ap=[before, 7], pile=["D-pick"])
    state.apply("end")
    assert state.ap[0] == after and len(state.hands[0]) == 1 and state.current_player == 1


def test_passing_under_rats_or_a_spring_does_nothing() -> None:
    cards = [(1, 3, "X-pick", 0, 2, True), (2, 3, card_with("I", "rats"), 0, 1, True)]
    cards += [(3, 3, "X-cloak", 0, 2, True)]
    state = scene(cards, mages=[(1, 3), (0, 0)], ap=[3, 7])
    state.apply("under@3,3")
    state.apply("end")
    assert state.ap[0] == 4


# -- the turn: cards, duels, the end -------------------------------------------------------------


def test_at_most_4_cards_at_the_end_of_the_turn_then_draw_one() -> None:
    hand = ["I-pick", "I-cloak", "I-hammer", "D-pick", "X-pick"]
    state = scene(hands=[hand, []], pile=["S", "T-pick"])
    assert "end" not in texts(state)
    with pytest.raises(IllegalAction, match="at most 4 cards"):
        state.apply("end")
    state.apply("play:X-pick@pile")
    state.apply("end")
    assert state.hands[0] == [*hand[:4], "T-pick"]
    assert state.events[-1].kind == "draw" and state.events[-1].data == {"cards": ["T-pick"]}


def test_a_duel_takes_one_ap_from_each_per_ap_spent() -> None:
    state = scene(mages=[(0, 0), (0, 0), (0, 0)], ap=[5, 3, 7])
    duels = {a for a in texts(state) if a.startswith("duel")}
    assert duels == {f"duel@1:{n}" for n in (1, 2, 3)} | {f"duel@2:{n}" for n in range(1, 6)}
    state.apply("duel@1:3")
    assert state.ap == [2, 0, 7]


# -- scrolls ---------------------------------------------------------------------------------------


def test_the_strength_draught_gives_2_ap_up_to_7() -> None:
    state = scene(ap=[4, 7], hands=[["I-draught", "I-draught"], []])
    state.apply(_read_somewhere(state, "I-draught"))
    assert state.ap[0] == 6
    state.apply(_read_somewhere(state, "I-draught"))
    assert state.ap[0] == 7


def test_the_cloak_passes_a_face_up_creature_but_not_a_face_down_one() -> None:
    state = scene(
        row(None, "troll", "goblin", up=False), mages=[(1, 3), (0, 0)], hands=[["I-cloak"], []]
    )
    state.lab.face_up.add(slot(2, 3))
    state.apply(_read_somewhere(state, "I-cloak"))
    state.apply("step@2,3")
    assert state.ap[0] == 7 and state.tokens["cloak"] == 0
    state.apply("step@3,3")
    state.apply("enter")
    assert state.ap[0] == 6


def test_far_sight_looks_secretly_at_two_face_down_cards() -> None:
    cards = row(None, "dragon", "troll", None, up=False)
    state = scene(cards, hands=[["I-farsight"], []])
    state.apply(_read_somewhere(state, "I-farsight"))
    assert state.phase == "look" and "look@2,3" in texts(state)
    state.apply("look@2,3")
    state.apply("look@3,3")
    assert state.phase == "turn"
    saw = [e for e in state.events if e.kind == "saw"]
    assert [(e.to, e.data["card"]) for e in saw] == [(0, cards[1][2]), (0, cards[2][2])]
    assert state.view(0)["seen"] == [[2, 3, cards[1][2]], [3, 3, cards[2][2]]]
    assert state.view(1)["seen"] == [] and "dragon" not in str(state.view(1))
    assert all(event.kind != "saw" for event in state.events_for(1))


def test_foreboding_shows_the_top_three_to_the_reader_who_orders_them() -> None:
    state = scene(
        hands=[["I-foreboding"], []], pile=["S", "X-pick", "T-pick-goblin", "I-pick-rats"]
    )
    state.apply(_read_somewhere(state, "I-foreboding"))
    foresaw = state.events[-1]
    assert foresaw.to == 0 and foresaw.data["cards"] == ["I-pick-rats", "T-pick-goblin", "X-pick"]
    assert state.view(0)["foreseen"] == foresaw.data["cards"] and "foreseen" not in state.view(1)
    assert len(state.legal_actions()) == 6
    state.apply("order:2,0,1")
    assert state.pile == ["S", "T-pick-goblin", "I-pick-rats", "X-pick"]


def test_the_magic_duster_turns_a_revealed_card_face_down_but_not_under_a_mage() -> None:
    cards = row(None, "dragon", "goblin")
    state = scene(cards, mages=[(1, 3), (3, 3)], hands=[["X-duster"], []])
    state.apply(_read_somewhere(state, "X-duster"))
    assert texts(state) == {"dust@2,3"}
    state.apply("dust@2,3")
    assert slot(2, 3) not in state.lab.face_up and state.phase == "turn"


# -- the end ---------------------------------------------------------------------------------------


def test_the_first_mage_at_the_target_level_by_a_start_arch_wins() -> None:
    cards = [(2, 0, "X-pick", 0, 2, True), (1, 0, "I-pick", 1, 2, False)]
    state = scene(cards, mages=[(2, 0), (0, 0)], options={"levels": 2})
    state.apply("step@1,0")
    assert state.is_over and state.winners == [0] and state.scores == [1, 0]
    assert state.legal_actions() == [] and state.events[-1].kind == "game-over"
    with pytest.raises(IllegalAction, match="over"):
        state.apply("end")


def test_the_round_limit_ends_the_game_without_a_winner() -> None:
    state = scene(options={"rounds": 5})
    for _ in range(10):
        state.apply("end")
    assert state.is_over and state.winners == [0, 1] and state.winner is None


def test_kein_plan_a_plan_card_turned_over_demands_stairs() -> None:
    cards = [(1, 3, "X-pick", 0, 1, True), (2, 3, "X-plan", 0, 1, False)]
    state = scene(cards, mages=[(1, 3), (0, 0)], options={"no_plan": True}, stairs=["S-goblin"])
    state.apply("step@2,3")
    assert state.phase == "plan" and all(a.startswith("stairs@") for a in texts(state))
    state.apply("stairs@3,3:1")
    assert state.lab.cards[slot(3, 3)] == "S-goblin" and state.stairs == []
    assert state.mage_slot(0) == slot(2, 3) and state.phase == "turn"


# -- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "non-empty"),
        ("fly@1,2", "does not name a card's place"),
        ("jump", "not an action"),
        ("play:Q-pick@1,1:0", "not the back"),
        ("play:X-pick@1,1:1", "crossroads lies 0"),
        ("step@500,0", "coordinates"),
        ("order:1,1", "each card seen once"),
    ],
)
def test_bad_action_text_is_refused_by_name(text: str, message: str) -> None:
    game = new_game("zwergengold", 2)
    with pytest.raises(NotationError, match=message):
        game.parse_action(text)


def test_an_illegal_action_changes_nothing() -> None:
    state = scene(row(None, "troll"), mages=[(1, 3), (0, 0)], ap=[1, 7], hands=[["I-pick"], []])
    before = state.to_json()
    for text in ("step@2,3", "play:I-pick@9,9:0", "duel@1:1", "wall@2,3", "play:X-cloak@pile"):
        with pytest.raises(IllegalAction):
            state.apply(text)
    assert state.to_json() == before


# -- "Auf zum Gipfel!" -----------------------------------------------------------------------------

SUMMIT = {"summit": True, "levels": 2}
# the start; a straight at its exit (level 1), stairs leading up to level 2, crossroads there
CLIMB = [
    (0, 1, "I-pick", 0, 1, True),
    (0, 2, "S", 0, 1, True),
    (0, 3, "X-pick", 0, 2, True),
    (1, 1, "X-cloak", 0, 2, True),
]


def test_on_the_summit_stairs_lead_up() -> None:
    state = scene(CLIMB, options=SUMMIT)
    assert state.lab.shown(state.lab.exit_level(slot(0, 2), 4)) == 2
    assert [card["level"] for card in state.view(0)["labyrinth"]] == [1, 1, 1, 2, 2]


def test_on_the_summit_a_free_card_is_covered_by_one_with_arches_on_its_exits() -> None:
    state = scene(CLIMB, mages=[(0, 0), (0, 3)], hands=[["I-cloak", "T-cloak"], []], options=SUMMIT)
    legal = texts(state)
    assert "play:I-cloak@0,1:1" in legal  # across: its arches N and S on the straight's exits
    assert not any(a.startswith("play:T-cloak@0,1") for a in legal)
    with pytest.raises(IllegalAction, match="arches exactly where"):
        state.apply("play:T-cloak@0,1:0")
    state.apply("play:I-cloak@0,1:1")
    lab = state.lab
    assert lab.cards[slot(0, 1)] == "I-cloak" and lab.shown(lab.levels[slot(0, 1)]) == 2
    assert [card for card, *_ in lab.under[slot(0, 1)]] == ["I-pick"]
    assert "under@0,2" in texts(state)  # the old corridor is the passage under the new card
    again = state.game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.view(0) == state.view(0)


def test_on_the_summit_a_card_a_mage_stands_on_is_not_covered() -> None:
    state = scene(CLIMB, mages=[(0, 1), (0, 3)], hands=[["I-cloak"], []], options=SUMMIT)
    assert "play:I-cloak@0,1:1" not in texts(state)


def test_on_the_summit_the_gold_lies_on_the_start_at_the_agreed_level() -> None:
    cards = [(0, 1, "I-pick", 0, 1, True), (1, 0, "X-cloak", 0, 2, True)]
    state = scene(cards, mages=[(1, 0), (1, 0)], hands=[["T-cloak"], []], options=SUMMIT)
    state.apply("play:T-cloak@0,0:2")  # exits N, E, W; its arch S over the start's exit
    assert state.lab.under[slot(0, 0)][0][0] == "start"
    state.apply("step@0,0")
    assert state.is_over and state.winners == [0]


def test_on_the_summit_a_corridor_above_a_card_leads_over_it_not_under() -> None:
    summit, normal = scene(CLIMB, options=SUMMIT), scene(CLIMB, options={"levels": 2})
    over = summit.lab.chains
    assert (slot(1, 1), 8) not in over.ports[over.of[slot(0, 1)]]  # it ends there, for now
    under = normal.lab.chains
    assert (slot(1, 1), 8) in under.ports[under.of[slot(0, 1)]]
    assert under.level[under.of[slot(0, 1)]] == 2


def test_playing_on_for_places() -> None:
    cards = [
        (2, 0, "X-pick", 0, 2, True),
        (1, 0, "I-pick", 1, 2, True),
        (-1, 0, "I-cloak", 1, 2, True),
    ]
    cards += [(-2, 0, "X-cloak", 0, 2, True)]
    state = scene(cards, mages=[(2, 0), (-2, 0), (2, 0)], options={"levels": 2, "places": True})
    state.apply("step@1,0")
    assert not state.is_over and state.places == [0] and state.current_player == 1
    assert kinds(state)[-1] == "gold"
    state.apply("end")
    assert state.current_player == 2  # seat 0 has left the race
    assert "duel@0:1" not in texts(state)
    state.apply("end")
    state.apply("step@-1,0")
    assert state.is_over and state.places == [0, 1, 2] and state.scores == [3, 2, 1]
    assert state.winners == [0]


def test_the_view_of_the_mage_to_move_tells_where_it_can_go_and_what_it_costs() -> None:
    state = scene(row(None, "troll", None), mages=[(2, 3), (0, 0)])
    state.lab.face_up.discard(slot(3, 3))
    reach = {entry["action"]: entry["cost"] for entry in state.view(0)["reach"]}
    assert reach == {"step@1,3": 0, "step@3,3": None}
    state.lab.face_up.add(slot(3, 3))
    state._legal = None
    assert "reach" not in state.view(1)


# -- more on levels and passages -------------------------------------------------------------------


def test_a_passage_lies_at_one_level() -> None:
    # a straight at level 1: a level-2 corridor opens into its W arch, a level-3 one may not
    # open into its E arch (without the level-2 one it could)
    below = [(2, 3, "I-pick", 0, 1, True), (3, 4, "X-cloak", 0, 3, True)]
    fixed = [(1, 3, "X-pick", 0, 2, True), *below]
    assert scene(below).lab.fit(slot(3, 3), C.shape_of("X", 0)) == 3
    with pytest.raises(Misfit, match="two levels"):
        scene(fixed).lab.fit(slot(3, 3), C.shape_of("X", 0))


def test_arches_meeting_in_pairs_join_their_passages() -> None:
    cards = [
        (1, 3, "X-pick", 0, 2, True),
        (2, 3, "I-pick", 0, 1, True),
        (3, 2, "X-cloak", 0, 1, True),
    ]
    state = scene(cards, mages=[(1, 3), (0, 0)], hands=[["I-cloak"], []])
    state.apply("play:I-cloak@3,3:0")  # N-S under the crossroads above: its W arch meets (2,3)'s E
    chains = state.lab.chains
    assert (
        chains.of[slot(3, 3)] == chains.of[slot(2, 3)] and chains.level[chains.of[slot(2, 3)]] == 2
    )
    assert "under@3,3" not in texts(state)  # no corridor opens beyond it yet


def test_a_passage_under_stairs_lies_deeper_than_their_deeper_end() -> None:
    # stairs E-W at (2,3), their arrow W at level 2; above their N arch a corridor comes from (2,1)
    stairs = [(1, 3, "X-pick", 0, 2, True), (2, 3, "S", 1, 1, True)]
    assert scene(stairs).lab.depth(slot(2, 3)) == 2
    for level, fits in ((2, False), (3, True)):
        state = scene([*stairs, (2, 1, "X-cloak", 0, level, True)])
        if fits:
            assert state.lab.fit(slot(2, 2), C.shape_of("I", 0)) == 3
        else:
            with pytest.raises(Misfit, match="lying higher"):
                state.lab.fit(slot(2, 2), C.shape_of("I", 0))


def test_a_trapdoor_face_down_is_no_way_down() -> None:
    cards = [(2, 2, "X-pick", 0, 1, True), (2, 3, card_with("I", "trapdoor"), 0, 1, False)]
    cards += [(1, 3, "X-cloak", 0, 2, True)]
    state = scene(cards, mages=[(1, 3), (0, 0)])
    assert "trapdoor@2,3" not in texts(state) and "under@2,3" not in texts(state)


def test_a_wall_is_not_walled_up_on_a_mage() -> None:
    state = scene(row(None, "wall", None), mages=[(1, 3), (2, 3)])
    state.apply("step@2,3")
    state.apply("step@3,3")
    assert "wall@2,3" not in texts(state)  # seat 1's mage stands on it


def test_a_helper_one_step_from_the_grille_and_one_farther_off() -> None:
    cards = row(None, "grille", None, None)
    near = scene(cards, mages=[(1, 3), (3, 3)])
    far = scene(cards, mages=[(1, 3), (4, 3)])
    assert "step@2,3" in texts(near) and "step@2,3" not in texts(far)


def test_the_duster_turns_a_potion_back_and_the_next_entry_gives_again() -> None:
    state = scene(
        row(None, "potion", None), mages=[(3, 3), (0, 0)], hands=[["X-duster"], []], ap=[3, 7]
    )
    state.apply(_read_somewhere(state, "X-duster"))
    state.apply("dust@2,3")
    state.apply("step@2,3")
    state.apply("potion:ap")
    assert state.ap[0] == 7


def test_the_duster_leaves_a_plan_card_alone() -> None:
    cards = [
        (1, 3, "X-pick", 0, 1, True),
        (2, 3, "X-plan", 0, 1, True),
        (3, 3, "X-cloak-troll", 0, 1, True),
    ]
    state = scene(cards, hands=[["X-duster"], []], options={"no_plan": True})
    state.apply(_read_somewhere(state, "X-duster"))
    assert texts(state) == {"dust@1,3", "dust@3,3"}


def test_a_plan_card_when_no_stairs_are_left() -> None:
    cards = [(1, 3, "X-pick", 0, 1, True), (2, 3, "I-plan", 1, 1, False)]
    state = scene(cards, mages=[(1, 3), (0, 0)], options={"no_plan": True}, stairs=[])
    state.apply("step@2,3")
    assert kinds(state)[-2:] == ["no-stairs", "move"] and state.mage_slot(0) == slot(2, 3)


def test_rounds_count_from_the_first_player() -> None:
    state = scene(mages=[(0, 0)] * 3, turn=2, first=2, options={"rounds": 5})
    assert state.round == 1
    state.apply("end")
    state.apply("end")
    assert state.round == 1 and state.current_player == 1
    state.apply("end")
    assert state.round == 2 and state.current_player == 2


def test_the_board_marks_arches_and_the_arrow_ends_of_stairs() -> None:
    state = scene([(0, 1, "I-pick", 0, 1, True), (0, 2, "S", 0, 1, False)])
    markers = {(m["x"], m["y"], m["side"], m["kind"]) for m in state.view(None)["board"]["markers"]}
    assert markers == {
        (0, 0, "N", "arch"),
        (0, 0, "E", "arch"),
        (0, 0, "W", "arch"),
        (0, 1, "E", "arch"),
        (0, 1, "W", "arch"),
        (0, 2, "E", "arch"),
        (0, 2, "W", "arch"),
        (0, 2, "S", "arrow"),
    }
    cells = state.view(None)["board"]["cells"]
    assert [(c["kind"], c["card"]) for c in cells] == [
        ("start", "start"),
        ("open", "I-pick"),
        ("covered", "S"),
    ]
