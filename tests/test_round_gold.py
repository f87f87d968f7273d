"""Round results in the classic view carry the gold each seat took (issue 23, item 2), and keep
the values secret until the game is over: the card counts are public, the values the seat's own."""

from __future__ import annotations

import random

import pytest

from saboteur.engine import NotationError, new_game
from saboteur.engine.classic.state import ClassicState


def _play(players: int, seed: int, stop_after_rounds: int | None = None) -> ClassicState:
    state = new_game("classic", players).new_state(seed)
    assert isinstance(state, ClassicState)
    rng = random.Random(seed)
    while not state.is_over:
        ended = stop_after_rounds is not None and len(state.results) >= stop_after_rounds
        if ended and state.phase == "play":  # the round's gold is shared
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_finished_games_rounds_add_up_to_the_scores_for_everyone() -> None:
    for seed in (1, 2, 3):
        state = _play(4, seed)
        view = state.view(None)
        results = view["results"]
        assert [r["round"] for r in results] == [1, 2, 3]
        totals = [sum(r["gold"][seat] for r in results) for seat in range(4)]
        assert totals == view["scores"] == state.scores
        cards = [sum(r["gold_cards"][seat] for r in results) for seat in range(4)]
        assert cards == view["gold_cards"]


def test_while_the_game_runs_a_seat_sees_only_its_own_gold_values() -> None:
    found = False
    for seed in range(1, 12):
        state = _play(5, seed, stop_after_rounds=1)
        if state.is_over or not any(state.gold):
            continue
        found = True
        for seat in range(5):
            result = state.view(seat)["results"][0]
            assert result["gold"][seat] == sum(state.gold[seat])
            assert all(v is None for s, v in enumerate(result["gold"]) if s != seat), result
            assert result["gold_cards"] == [len(cards) for cards in state.gold]
        assert state.view(None)["results"][0]["gold"] == [None] * 5
    assert found, "no seed gave gold in round 1"


def test_a_state_read_from_its_notation_keeps_the_gold_per_round() -> None:
    """The state notation carries the gold per round (``round_gold``), so a state read back
    without its events shows the same results, and goes on counting the rounds after."""
    state = _play(3, 4)
    assert state.to_json()["round_gold"], "the game has finished rounds"
    again = state.game.state_from_json(state.to_json())
    for seat in (None, 0, 1, 2):
        assert again.view(seat)["results"] == state.view(seat)["results"]
    assert again.to_json() == state.to_json()


def test_bad_round_gold_in_the_notation_is_refused() -> None:
    state = _play(3, 4)
    for bad, said in (
        ("lots", "round_gold must be a list"),
        ([{"cards": [0, 0, 0], "values": [0, 0, 0]}], "needs its round number"),
        ([{"round": 1, "cards": [0, 0], "values": [0, 0, 0]}], "hold 3 counts each"),
        ([{"round": 1, "cards": [0, -1, 0], "values": [0, 0, 0]}], "hold 3 counts each"),
    ):
        data = {**state.to_json(), "round_gold": bad}
        with pytest.raises(NotationError, match=said):
            state.game.state_from_json(data)
