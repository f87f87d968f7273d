"""The solo mode (seed 004, "Solospiel"): one dwarf, 6 markers, 10 cards aside, drawn sabotage and
rockfalls act at once, a rating by points.  The start lies at (0,1), the goals' apex at (8,1)."""

import random
from collections import Counter

import pytest

from saboteur.engine import OptionError, new_game
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.solo import rating
from saboteur.engine.maze import slot_index
from tests.test_duel_scenario import DuelScenario, cells, kinds, play, refuse


def solo(*maze: str, hand: tuple[str, ...] = ("NS", "map", "EW")) -> DuelScenario:
    return DuelScenario("solo").maze(*maze).hand(0, *hand).turn(0)


def test_setup_one_start_six_markers_ten_cards_aside():
    state = new_game("solo", 1).new_state(seed=2)
    view = state.view(0)
    up = [(c["x"], c["y"], c["card"]) for c in view["board"]["cells"] if c["face"] == "up"]
    assert up == [(0, 1, "start-green")]
    assert [(g["x"], g["y"]) for g in view["goals"]] == [
        (8, 1),
        (9, 0),
        (9, 2),
        (10, -1),
        (10, 1),
        (10, 3),
    ]
    assert view["markers_left"] == 6 and view["aside_size"] == 10 and len(view["hand"]) == 6
    assert "aside" not in view and len(state.aside) == 10


def test_the_solo_player_chooses_a_colour_and_is_alone():
    state = new_game("solo", 1, {"colour": "blue"}).new_state(seed=2)
    assert state.colours == ["blue"]
    assert state.view(None)["board"]["cells"][0]["card"] == "start-blue"
    with pytest.raises(OptionError):
        new_game("solo", 2)
    with pytest.raises(OptionError):
        new_game("solo", 1, {"colour": "red"})


def test_a_drawn_sabotage_card_is_laid_at_once_and_replaced():
    state = solo().draw_next("break-cart", "EW").build()
    play(state, "pass:map")
    assert state.broken == [4] and state.hands[0] == ["NS", "EW", "EW"]
    assert kinds(state)[:4] == ["pass", "discard", "drawn-sabotage", "draw"]


def test_a_drawn_sabotage_card_already_lying_is_discarded():
    state = solo().broken(0, "cart").draw_next("break-cart", "NES").build()
    play(state, "pass:map")
    assert state.broken == [4] and state.hands[0][-1] == "NES"
    assert state.discard[-1] == "break-cart"
    event = next(e for e in state.events if e.kind == "drawn-sabotage")
    assert event.data == {"tool": "cart", "laid": False}


def test_a_drawn_rockfall_removes_the_last_laid_card_without_gold_or_troll():
    maze = ("EW@1,1", "NESW@2,1", "gold-EW@3,1", "troll-EW@4,1")
    state = solo(*maze).draw_next("rockfall", "SW").build()
    play(state, "pass:map")
    assert (2, 1) not in cells(state) and (3, 1) in cells(state) and (4, 1) in cells(state)
    assert state.discard[-2:] == ["NESW", "rockfall"] and state.hands[0][-1] == "SW"


def test_a_drawn_rockfall_with_nothing_to_remove_is_just_discarded():
    state = solo("gold-EW@1,1").draw_next("rockfall", "SW").build()
    play(state, "pass:map")
    assert (1, 1) in cells(state) and state.discard[-1] == "rockfall"


def test_sabotage_is_never_held_so_never_played_on_anybody():
    state = solo(hand=("break-cart", "NS")).build()
    refuse(state, "break-cart@0", "break.target")


def test_the_round_ends_when_the_sixth_marker_is_used():
    golds = ("gold-EW@1,-2", "gold-ES@2,-2", "gold-NES@3,-2", "gold-NEW@4,-2", "gold-NESW@5,-2")
    scenario = solo(*golds, "troll-EW@1,1")
    for x in range(1, 6):
        scenario.marker(x, -2, 0)
    state = scenario.build()
    play(state, "bribe@1,1")
    end = next(e for e in state.events if e.kind == "round-end")
    assert end.data["end"] == "markers" and end.data["gold"] == [5] and end.data["paid"] == [1]
    assert state.round == 2 and state.scores == [4]


def test_the_cards_aside_come_back_next_round():
    state = solo().hand(0, "NS").deck().build()
    aside = list(state.aside)
    play(state, "pass:NS")
    assert state.round == 2 and len(state.aside) == 10
    everything = Counter(state.deck) + Counter(state.hands[0]) + Counter(state.aside)
    everything += Counter(state.discard)
    for bit, card in C.BREAK_CARD.items():
        everything[card] += bool(state.broken[0] & bit)
    assert everything == Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS)
    assert aside  # the old aside was mixed back in: nothing is lost


@pytest.mark.parametrize(
    ("score", "name"),
    [
        (0, "nothing"),
        (14, "nothing"),
        (15, "decent"),
        (19, "decent"),
        (20, "nose-for-gold"),
        (24, "nose-for-gold"),
        (25, "boss"),
        (40, "boss"),
    ],
)
def test_the_rating_by_points(score, name):
    assert rating(score) == name


def test_a_finished_solo_game_is_rated():
    state = new_game("solo", 1).new_state(seed=9)
    rng = random.Random(9)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    over = state.events[-1]
    assert over.kind == "game-over" and over.data["rating"] == rating(state.scores[0])
    assert state.view(0)["rating"] == rating(state.scores[0]) and state.winners == [0]


def test_the_solo_apex_lies_seven_columns_away():
    state = solo().build()
    assert slot_index(8, 1) in state.goal_cards and len(state.goal_cards) == 6


def test_the_opening_hand_is_drawn_like_any_card():
    broken = 0
    for seed in range(40):
        state = new_game("solo", 1).new_state(seed)
        assert len(state.hands[0]) == 6
        assert not [card for card in state.hands[0] if card.startswith("break-")]
        assert "rockfall" not in state.hands[0]
        broken += bool(state.broken[0])
    assert broken  # some deals laid a sabotage card at once
