"""Duel games and state surgery shared by the duel environment tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from saboteur.engine import Action, new_game
from saboteur.engine.duel.state import DuelState
from saboteur.engine.maze import slot_xy
from saboteur.envs.duel.actions import GOAL_SLOTS


def eastward(legal: list[Action], rng: random.Random) -> Action:
    """Dig towards the goals (so that goals are turned over and gold is marked), else at random."""
    places = [a for a in legal if a.kind == "place" and a.slot is not None]
    if places and rng.random() < 0.8:
        best = max(a.slot[0] for a in places if a.slot is not None)
        return rng.choice([a for a in places if a.slot is not None and a.slot[0] == best])
    return rng.choice(legal)


def play(seed: int, rounds: int = 3) -> Iterator[DuelState]:
    """Every state of one Duel, seat 0 playing at random, seat 1 digging eastward."""
    state = new_game("duel", 2, {"rounds": rounds}).new_state(seed)
    assert isinstance(state, DuelState)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        action = rng.choice(legal) if state.current == 0 else eastward(legal, rng)
        state.apply(action)
    yield state


def scramble(state: DuelState, seat: int, rng: random.Random) -> DuelState:
    """The same state with everything hidden from ``seat`` dealt afresh (through the notation):
    the other hand, the deck and its order, and the face-down goals ``seat`` has not seen."""
    data = state.to_json()
    other = 1 - seat
    unseen = list(state.deck) + list(state.hands[other])
    rng.shuffle(unseen)
    size = len(state.hands[other])
    data["hands"][other], data["deck"] = unseen[:size], unseen[size:]
    hidden = [
        i
        for i in GOAL_SLOTS
        if i in state.mazes[0].hidden and i not in state.peeks[seat] and i != state.pending
    ]
    goals = [state.goal_cards[i] for i in hidden] + list(state.goal_pile)
    rng.shuffle(goals)
    cards = dict(state.goal_cards)
    for i in hidden:
        cards[i] = goals.pop()
    data["goals"] = [[*slot_xy(i), cards[i]] for i in GOAL_SLOTS]
    data["goal_pile"] = goals
    scrambled = state.game.state_from_json(data)
    assert isinstance(scrambled, DuelState)
    return scrambled
