"""Duel and solo bots: legal play, choices from the view alone, how the heuristic plays."""

from __future__ import annotations

import random
from typing import Any

import pytest

from saboteur.bots.base import Bot, choose
from saboteur.bots.duel.bot import DuelHeuristicBot
from saboteur.bots.heuristic import HeuristicBot
from saboteur.bots.random_bot import RandomBot
from saboteur.bots.registry import BotSpecError, make_bot, parse_spec
from saboteur.engine import new_game
from saboteur.engine.duel.game import DuelGame
from saboteur.engine.duel.state import REVEAL_PHASE, DuelState


def play(state: DuelState, bots: list[Bot], turns: int | None = None) -> int:
    """Let the bots play (``turns`` actions, or to the end); returns the actions checked."""
    checked = 0
    while not state.is_over and (turns is None or checked < turns):
        seat = state.current_player
        assert seat is not None
        action = choose(bots[seat], state, seat)
        assert action in state.legal_actions()
        state.apply(action)
        checked += 1
    return checked


def duel_state(seed: int, options: dict[str, Any] | None = None) -> DuelState:
    game = new_game("duel", 2, options)
    assert isinstance(game, DuelGame)
    return game.new_state(seed)


@pytest.mark.parametrize("seed", range(8))
def test_duel_bots_play_only_legal_actions(seed: int) -> None:
    state = duel_state(seed)
    kinds = [DuelHeuristicBot, RandomBot] if seed % 2 else [DuelHeuristicBot, DuelHeuristicBot]
    bots: list[Bot] = [kinds[s](state.game, s, random.Random(seed * 2 + s)) for s in range(2)]
    assert play(state, bots) > 20
    assert state.is_over and len(state.results) == 3


@pytest.mark.parametrize(
    ("seed", "options"), [(s, {}) for s in range(6)] + [(7, {"colour": "blue"})]
)
def test_solo_bots_play_only_legal_actions(seed: int, options: dict[str, Any]) -> None:
    game = new_game("solo", 1, options)
    for cls in (DuelHeuristicBot, RandomBot):
        state = game.new_state(seed)
        assert play(state, [cls(game, 0, random.Random(seed))]) > 10
        assert state.is_over and len(state.results) == 3


def test_bots_seated_mid_game_or_on_a_restored_state() -> None:
    state = _midgame(3, 30)
    restored = state.game.state_from_json(state.to_json())
    assert isinstance(restored, DuelState)
    for table in (state, restored):
        bots = [make_bot("heuristic", table.game, seat, seed=seat) for seat in range(2)]
        assert play(table, bots, turns=15) == 15


def test_heuristic_resolves_per_ruleset() -> None:
    spec = parse_spec("heuristic")
    assert isinstance(spec.make(new_game("duel", 2), 1, random.Random(0)), DuelHeuristicBot)
    assert isinstance(spec.make(new_game("solo", 1), 0, random.Random(0)), DuelHeuristicBot)
    assert type(spec.make(new_game("classic", 3), 0, random.Random(0))) is HeuristicBot
    with pytest.raises(BotSpecError, match="bot ismcts does not play solo"):
        make_bot("ismcts:iterations=5", new_game("solo", 1), 0)


# -- a choice depends only on what the seat may know -----------------------------------------------


def _midgame(seed: int, turns: int, solo: bool = False) -> DuelState:
    game = new_game("solo", 1) if solo else new_game("duel", 2)
    state = game.new_state(seed)
    assert isinstance(state, DuelState)
    bots: list[Bot] = [
        RandomBot(game, s, random.Random(seed * 10 + s)) for s in range(game.players)
    ]
    play(state, bots, turns)
    return state


def _hidden_changed(state: DuelState, seat: int, rng: random.Random) -> DuelState:
    """The same state for ``seat``, with everything it cannot see dealt anew."""
    data = state.to_json()
    others = [s for s in range(state.game.players) if s != seat]
    pool = [card for s in others for card in data["hands"][s]] + data["deck"] + data["aside"]
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s], pool = pool[:size], pool[size:]
    data["aside"], data["deck"] = pool[: len(data["aside"])], pool[len(data["aside"]) :]
    known = {tuple(xy) for xy in data["peeks"][seat]}
    revealed = {(x, y) for x, y, shape in data["maze"] if ":" in shape}
    free = [g for g in data["goals"] if (g[0], g[1]) not in known | revealed]
    cards = [g[2] for g in free] + data["goal_pile"]
    rng.shuffle(cards)
    for goal, card in zip(free, cards, strict=False):
        goal[2] = card
    data["goal_pile"] = cards[len(free) :]
    data["seed"] += 1
    changed = state.game.state_from_json(data)
    assert isinstance(changed, DuelState)
    changed.events = state.events_for(seat)
    return changed


def _same_view(one: dict[str, Any], other: dict[str, Any]) -> bool:
    return {**one, "legal": sorted(one["legal"])} == {**other, "legal": sorted(other["legal"])}


@pytest.mark.parametrize("spec", ["random", "heuristic"])
@pytest.mark.parametrize("solo", [False, True])
def test_choice_depends_only_on_the_view(spec: str, solo: bool) -> None:
    differences = 0
    for seed, turns in [(1, 5), (2, 12), (3, 21), (4, 30), (5, 9)]:
        state = _midgame(seed, turns, solo)
        seat = state.current_player
        assert seat is not None
        changed = _hidden_changed(state, seat, random.Random(seed))
        assert _same_view(changed.view(seat), state.view(seat))
        differences += (changed.hands, changed.deck, changed.goal_cards) != (
            state.hands,
            state.deck,
            state.goal_cards,
        )
        first = make_bot(spec, state.game, seat, seed=99)
        second = make_bot(spec, changed.game, seat, seed=99)
        assert choose(first, state, seat) == choose(second, changed, seat)
    assert differences >= 4  # the hidden part really changed


def test_heuristic_choice_follows_its_own_hand() -> None:
    """The same table with another hand for the bot: its choice changes (it reads its view)."""
    state = duel_state(7)
    data = state.to_json()
    bot_hand, other_hand = data["hands"]
    data["hands"] = [other_hand, bot_hand]
    swapped = state.game.state_from_json(data)
    chosen = [choose(DuelHeuristicBot(s.game, 0, random.Random(0)), s, 0) for s in (state, swapped)]
    assert chosen[0] != chosen[1]


# -- how the heuristic plays -----------------------------------------------------------------------


def _with(state: DuelState, seat: int, hand: list[str], **fields: Any) -> DuelState:
    """``state`` with ``seat`` holding ``hand`` and other ``fields`` (cards come from the deck
    and the hands; broken tools take their sabotage cards out of them)."""
    data = state.to_json()
    pool = data["deck"] + [card for cards in data["hands"] for card in cards]
    for card in hand + [f"break-{tool}" for tools in fields.get("broken", []) for tool in tools]:
        pool.remove(card)
    for other, cards in enumerate(data["hands"]):
        if other != seat:
            data["hands"][other], pool = pool[: len(cards)], pool[len(cards) :]
    data["hands"][seat], data["deck"] = list(hand), pool
    data.update(fields)
    changed = state.game.state_from_json(data)
    assert isinstance(changed, DuelState)
    return changed


def _choice(state: DuelState, seat: int = 0) -> str:
    return choose(DuelHeuristicBot(state.game, seat, random.Random(1)), state, seat).text


def test_marks_gold_it_can_reach() -> None:
    state = _with(duel_state(7), 0, ["gold-EW", "EW", "NESW", "xNS", "map", "key"])
    action = _choice(state)
    assert action.startswith("gold-")
    state.apply(action)
    assert list(state.markers.values()) == [0]


def test_sabotages_a_digging_opponent_rather_than_pass() -> None:
    hand = ["break-cart", "troll-EW", "blue-Ew", "ladder-blue", "xNS", "xEW"]
    state = _with(duel_state(7), 0, hand, broken=[["pickaxe"], []])
    assert _choice(state) == "break-cart@1"


def test_mends_its_tool_with_a_repair_or_two_junk_cards() -> None:
    hand = ["repair-lantern", "NESW", "EW", "ES", "NES", "gold-EW"]
    assert _choice(_with(duel_state(7), 0, hand, broken=[["lantern"], []])) == "repair-lantern@0"
    hand = ["troll-EW", "NESW", "EW", "ES", "blue-Ew", "gold-EW"]
    state = _with(duel_state(7), 0, hand, broken=[["lantern"], []])
    assert _choice(state) == "clear-lantern:blue-Ew+troll-EW"


def test_discards_its_least_useful_cards() -> None:
    hand = ["troll-EW", "blue-Ew", "break-cart", "repair-cart", "map", "key"]
    state = _with(duel_state(7), 0, hand, broken=[[], ["pickaxe", "lantern", "cart"]])
    assert _choice(state) == "pass:blue-Ew+troll-EW"


def test_turns_a_reached_goal_towards_the_most_gold() -> None:
    """Whenever the heuristic chooses how a goal lies, no other way would mark more for it."""
    seen = 0
    for seed in range(40):
        state = duel_state(seed)
        bots = [DuelHeuristicBot(state.game, s, random.Random(s)) for s in range(2)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            action = choose(bots[seat], state, seat)
            if state.phase == REVEAL_PHASE and len(legal) > 1:
                seen += 1
                assert _margin(state, seat, action.text) == max(
                    _margin(state, seat, other.text) for other in legal
                )
            state.apply(action)
        if seen >= 5:
            break
    assert seen >= 5


def _margin(state: DuelState, seat: int, text: str) -> int:
    """Markers ``seat`` has minus the other's after ``text`` (gold markers only)."""
    after = state.clone()
    after.apply(text)
    return sum(1 if s == seat else -1 for i, s in after.markers.items() if i in after.goal_cards)
