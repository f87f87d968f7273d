"""Resampling a classic OpenSpiel state from one seat's information state (for IS-MCTS).

What a seat cannot see is dealt afresh, uniformly among the deals that agree with
what it knows: the cards it has not seen (other hands, the draw pile, the others'
face-down discards), the other roles and the role put aside (while the round is
played; a finished round's roles are public), the face-down goals it has not
looked at, and the gold it cannot see (public counts kept). The other players'
past choices are not taken as evidence about their cards or roles: the usual
determinization. The result is written through the state notation (validated,
cards conserved), and the other seats' private logs are replaced by a summary of
their new hidden state, so no secret of the real state survives in it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import GOAL_SLOTS, GOLD_PHASE, PLAY
from saboteur.engine.maze import slot_xy
from saboteur.envs.chance import peeks_of, redeal

if TYPE_CHECKING:
    from saboteur.envs.classic.spiel import ClassicSpielCore


def resample(core: ClassicSpielCore, seat: int, rng: random.Random) -> ClassicSpielCore:
    """A copy of ``core`` that ``seat`` cannot tell apart from it, hidden parts drawn afresh."""
    if core.deal is not None:
        raise ValueError("cannot resample while a round is being dealt")
    engine, n = core.engine, core.game.players
    others = [q for q in range(n) if q != seat]
    data = engine.to_json()
    passes = _cards(core, seat, data, rng)
    if engine.phase == PLAY:
        pool = engine.roles[:seat] + engine.roles[seat + 1 :] + engine.role_aside
        rng.shuffle(pool)
        data["roles"] = [*pool[:seat], engine.roles[seat], *pool[seat : n - 1]]
        data["role_aside"] = pool[n - 1 :]
    seen = engine.peeks[seat]
    unknown = [index for index in GOAL_SLOTS if index in engine.maze.hidden and index not in seen]
    cards = [engine.goal_cards[index] for index in unknown]
    rng.shuffle(cards)
    goals = dict(engine.goal_cards) | dict(zip(unknown, cards, strict=True))
    data["goals"] = [[*slot_xy(index), goals[index]] for index in GOAL_SLOTS]
    _gold(core, seat, data, rng)
    other = core.clone()
    other.engine = core.game.state_from_json(data)
    other.passes = passes
    other.log = [(to, text) for to, text in core.log if to < 0 or to == seat]
    other._seen = {}
    for q in others:
        hidden = other.view(q)
        peeks = peeks_of(hidden)
        text = f"resampled role {hidden['role']} hand {sorted(hidden['hand'])}"
        text += f" gold {sorted(hidden['gold'])} discards {sorted(passes[q])} peeks {peeks}"
        other.log.append((q, text))
    return other


def _cards(
    core: ClassicSpielCore, seat: int, data: dict[str, Any], rng: random.Random
) -> list[list[str]]:
    """Deal the unseen path and action cards afresh into ``data``; the new face-down discards."""
    engine = core.engine
    dealt = redeal(seat, engine.hands, core.passes, engine.discard, engine.deck, rng)
    data["hands"], data["deck"], data["discard"] = dealt.hands, dealt.rest, dealt.discard
    return dealt.passes


def _gold(core: ClassicSpielCore, seat: int, data: dict[str, Any], rng: random.Random) -> None:
    """Redistribute the gold ``seat`` cannot see: other holdings, an unseen offer, the pile."""
    engine = core.engine
    chooser = engine.phase == GOLD_PHASE and engine.current == seat
    known = Counter(engine.gold[seat]) + (Counter(engine.gold_offer) if chooser else Counter())
    unseen = list((Counter(C.GOLD_CARDS) - known).elements())
    rng.shuffle(unseen)
    for q in range(core.game.players):
        if q != seat:
            size = len(engine.gold[q])
            data["gold"][q], unseen = unseen[:size], unseen[size:]
    if not chooser:
        size = len(engine.gold_offer)
        data["gold_offer"], unseen = unseen[:size], unseen[size:]
    data["gold_pile"] = unseen
