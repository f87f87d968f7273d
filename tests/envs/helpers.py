"""Policies and state surgery shared by the environment tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from saboteur.engine import Action, new_game
from saboteur.engine.classic.state import GOAL_SLOTS, ClassicState
from saboteur.engine.maze import slot_xy


def eastward(legal: list[Action], seat: int, rng: random.Random) -> Action:
    """Dig towards the goals (so that rounds are won and gold is shared out), else pass."""
    places = [a for a in legal if a.kind == "place" and not str(a.card).startswith("x")]
    if places:

        def score(action: Action) -> float:
            assert action.slot is not None
            return action.slot[0] - abs(action.slot[1]) / 2

        best = max(score(a) for a in places)
        return rng.choice([a for a in places if score(a) == best])
    mend = [a for a in legal if a.kind == "repair" and a.seat == seat]
    passes = [a for a in legal if a.kind == "pass"]
    return (mend or [rng.choice(passes or legal)])[0]


def play(
    players: int, seed: int, options: dict[str, object] | None = None
) -> Iterator[ClassicState]:
    """Every state of one game, seat 1 playing at random, the others digging eastward."""
    state = new_game("classic", players, options).new_state(seed)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = rng.choice(legal) if seat == 1 else eastward(legal, seat, rng)
        state.apply(action)
    yield state


def scramble(state: ClassicState, seat: int, rng: random.Random) -> ClassicState:
    """The same state with everything hidden from ``seat`` dealt afresh (through the notation)."""
    data = state.to_json()
    n = state.game.players
    others = [q for q in range(n) if q != seat]
    unseen = list(state.deck)
    for q in others:
        unseen += state.hands[q]
    rng.shuffle(unseen)
    for q in others:
        size = len(state.hands[q])
        data["hands"][q], unseen = unseen[:size], unseen[size:]
    data["deck"] = unseen
    if state.phase == "play":
        roles = [state.roles[q] for q in others] + state.role_aside
        rng.shuffle(roles)
        for q in others:
            data["roles"][q] = roles.pop()
        data["role_aside"] = roles
    hidden = [i for i in GOAL_SLOTS if i in state.maze.hidden and i not in state.peeks[seat]]
    cards = [state.goal_cards[i] for i in hidden]
    rng.shuffle(cards)
    goals = dict(state.goal_cards) | dict(zip(hidden, cards, strict=True))
    data["goals"] = [[*slot_xy(i), goals[i]] for i in GOAL_SLOTS]
    chooser = state.phase == "gold" and state.current == seat
    gold = [v for q in others for v in state.gold[q]] + state.gold_pile
    if not chooser:
        gold += state.gold_offer
    rng.shuffle(gold)
    for q in others:
        size = len(state.gold[q])
        data["gold"][q], gold = gold[:size], gold[size:]
    if not chooser:
        size = len(state.gold_offer)
        data["gold_offer"], gold = gold[:size], gold[size:]
    data["gold_pile"] = gold
    return state.game.state_from_json(data)
